import Synchronization

/// The check of the first instance of a type the container fills: after injection, its `Mirror` (superclasses
/// too) is walked once for strong stored optionals still nil, undeclared, of a type the container can provide
/// (`weak` and `unowned` ones are delegates and back-references other code sets): a forgotten `.inject`,
/// which would crash at first use (`Unexpectedly found nil while implicitly unwrapping`).
///
/// The verdict is kept per plan (one per type and container): later fills read one atomic word and never
/// build a `Mirror`; a type found wrong makes every later fill throw the same error. Without reflection
/// metadata nothing is reported. `InjectionPlan` inherits this class: one object per class compiled, not two.
///
/// Sendable: `verdict` is an atomic; `problems` is written once, before `verdict`'s releasing store, and read
/// after an acquiring load saw `failed`; `subject` is set while compiling, under `registry.table`'s write
/// lock, before the plan's producer is published, and only read after.
class FirstFillCheck: @unchecked Sendable {
    private enum Verdict: Int {
        /// `deciding`: one thread is writing `problems`; others check for themselves meanwhile.
        case unknown, deciding, passed, failed
    }

    /// What is checked: nil until the plan compiler read the type's `dependencies`.
    private var subject: Subject?
    private let verdict = Atomic<Int>(Verdict.unknown.rawValue)
    /// Written once, by the thread that moved `verdict` to `deciding`; read only after `failed`.
    private var problems: [Diagnostic] = []

    private struct Subject {
        let type: AnyObject.Type
        /// Every declared dependency of `type`, `.notInjected` ones included: the list the plan
        /// compiler reads, shared rather than mapped to its requirements (read only when checking).
        let dependencies: [DeclaredDependency]
        /// Unowned: the plan is this check, and belongs to a producer the registry owns; it runs
        /// only inside a resolve or injection of that registry, which keeps the registry alive.
        let registryReference: Unowned<Registry>
        var registry: Registry { registryReference.object }
    }

    /// While compiling: check `type`'s first filled instance for undeclared properties `registry` provides.
    final func prepare(type: AnyObject.Type, dependencies: [DeclaredDependency], registry: Registry) {
        subject = Subject(type: type, dependencies: dependencies, registryReference: Unowned(registry))
    }

    final var isPrepared: Bool { subject != nil }

    /// Whether an instance was checked and found right: later fills need no check at all.
    final var hasPassed: Bool { verdict.load(ordering: .acquiring) == Verdict.passed.rawValue }

    /// Whether a verdict is kept, right or wrong.
    final var isSettled: Bool { verdict.load(ordering: .acquiring) >= Verdict.passed.rawValue }

    /// Checks `object` if no instance was checked yet, else repeats the verdict.
    @inline(__always)
    final func check(_ object: AnyObject) throws {
        let known = verdict.load(ordering: .acquiring)
        if known == Verdict.passed.rawValue { return }
        try checkSlowly(object, known: known)
    }

    /// No lock: two threads filling the first instances at once may both check (the `Mirror` walk
    /// itself is kept per class, see `undeclaredNilFields`); the first to finish keeps its verdict.
    @inline(never)
    private final func checkSlowly(_ object: AnyObject, known: Int) throws {
        if known == Verdict.failed.rawValue { throw ResolutionError(problems) }
        guard let subject else { return }
        let found = forgottenProperties(of: object, subject).map { field in
            Diagnostic.forgottenDependency(
                owner: subject.type, property: field.name, valueType: field.wrappedType,
                declaredAt: subject.dependencies.first?.requirement.location,
                path: ["\(typeName(subject.type)).\(field.name)"])
        }
        let decides = verdict.compareExchange(
            expected: Verdict.unknown.rawValue, desired: Verdict.deciding.rawValue, ordering: .relaxed
        ).exchanged
        if decides {
            problems = found
            verdict.store((found.isEmpty ? Verdict.passed : .failed).rawValue, ordering: .releasing)
        }
        if !found.isEmpty { throw ResolutionError(found) }
    }

    private final func forgottenProperties(of object: AnyObject, _ subject: Subject) -> [ProbeLayout.Field] {
        // A lock failure only costs the cache: the next container walks the Mirror again.
        let candidates = FirstFillCheck.undeclaredNilFields.entry(for: ObjectIdentifier(subject.type as Any.Type)) {
            undeclaredNilFields(of: object, declared: subject.dependencies)
        }
        return candidates.filter { subject.registry.canProvide($0.wrappedType) }
    }

    /// Per class, the undeclared stored optionals found nil after its first injection by any container: the
    /// `Mirror` walk is done once per type; each container's plan only asks which of them it could provide.
    private static let undeclaredNilFields = PerTypeCache<[ProbeLayout.Field]>()

    private final func undeclaredNilFields(of object: AnyObject, declared dependencies: [DeclaredDependency])
        -> [ProbeLayout.Field]
    {
        let layout = MirrorAudit.layout(of: object)
        guard layout.isComplete else { return [] }
        let afterInjection = MirrorAudit.nilStates(of: object, in: layout)
        let matches = FieldMatcher(
            layout: layout, afterInit: afterInjection.map { _ in nil }, afterInjection: afterInjection
        ).match(dependencies.map(\.requirement))
        let declared = Set(matches.compactMap(\.field))
        let unmatchedTypes = Set(matches.filter { $0.field == nil }.map { ObjectIdentifier($0.requirement.key.type) })
        return layout.fields.indices.compactMap { index in
            let field = layout.fields[index]
            guard field.isStrong, afterInjection[index] == true, !declared.contains(index),
                !unmatchedTypes.contains(ObjectIdentifier(field.wrappedType))
            else { return nil }
            return field
        }
    }
}
