import Synchronization

/// The state behind one ``Container``: bindings fixed when it is built, producers compiled on first use.
///
/// Sendable: declarations' closures are called only while compiling, under `table`'s write lock, which also
/// guards `sharing`, `programs` and `variants`; `compilations` is atomic; `table`, `roots` and `scopes` lock
/// for themselves; the rest is `let`.
final class Registry: @unchecked Sendable {
    let parent: Registry?
    /// For the copy `validate` makes: the container it copies, whose offered instances it sees.
    let original: Registry?
    /// Every binding statement, in the order written: what `validate` copies and walks.
    let declarations: [BindingDeclaration]
    let bindings: [BindingKey: BindingDeclaration]
    /// `intoCollection()` contributions by the `[Element]` key they make resolvable.
    let contributions: [BindingKey: [BindingDeclaration]]
    /// The keys this container binds or contributes to itself: a parent's producer that reaches
    /// none of them is shared with this container rather than compiled again.
    let ownKeys: Set<BindingKey>
    /// Whether this child uses its parent's producers for what it does not bind (see
    /// `sharedProducer`); false for a child whose autowired singletons must all be its own.
    var sharesParentPlans: Bool { original?.sharesParentPlans ?? settings.sharesParentPlans }
    /// What this registry found when a child asked to share a producer, by key.
    var sharing: [BindingKey: Sharing] = [:]
    /// Written only while compiling.
    let table: ReadWriteLocked<[BindingKey: AnyProducer]>
    /// Producers already checked as roots: what every top-level resolve looks up first, lock-free.
    private let roots = RootCache()
    /// How many times a plan compiler ran for this registry, for tests.
    let compilations = Atomic<Int>(0)
    /// Every resolve program lowered for this registry's producers, kept for the registry's life:
    /// a program replaced by a faster one may still be running on another thread.
    private var programs: [ResolveProgram] = []
    /// The variants of programs lowered so far, nil where a program has none (see `variant`).
    private var variants: [VariantKey: ResolveProgram?] = [:]
    let settings: ContainerSettings
    let scopes = ScopeStorages()
    /// `ActiveResolutions.key`, read once here: each read of the lazy global costs a `swift_once`
    /// check on every closure root's resolve and every closure factory's nested resolve.
    let activeResolutionsKey = ActiveResolutions.key

    /// An empty registry: everything is autowired.
    init(parent: Registry? = nil) {
        self.parent = parent
        self.original = nil
        self.declarations = []
        self.bindings = [:]
        self.contributions = [:]
        self.ownKeys = []
        self.table = ReadWriteLocked([:])
        self.settings = ContainerSettings()
    }

    /// Checks and compiles `declarations`, adding problems to `problems` rather than throwing (`validate`
    /// reports them with the rest); commits the compiled producers only when there are none. With
    /// `compilingLazily`, a binding `CleanGraphProof` proves clean compiles on its first resolve instead: it
    /// cannot fail then, and building costs about what registering it does.
    init(
        parent: Registry?, declarations: [BindingDeclaration], problems: inout [Diagnostic],
        copying original: Registry? = nil, settings: ContainerSettings = ContainerSettings(),
        compilingLazily: Bool = false
    ) {
        // Sized up front: each doubling of a table rehashes every key it holds.
        var bindings: [BindingKey: BindingDeclaration] = [:]
        bindings.reserveCapacity(declarations.count)
        var contributions: [BindingKey: [BindingDeclaration]] = [:]
        for declaration in declarations {
            if declaration.isContribution {
                contributions[declaration.providedKey, default: []].append(declaration)
            } else if let first = bindings.updateValue(declaration, forKey: declaration.key) {
                // The first one stays: put back (one lookup per binding, two for a duplicate).
                bindings[declaration.key] = first
                problems.append(.duplicateBinding(declaration.key, first: first.location, second: declaration.location))
            }
            let key = declaration.providedKey
            let inherited = parent?.declaration(providing: key)
            if declaration.isOverride, inherited == nil {
                problems.append(.overrideOfNothing(key, location: declaration.location))
            } else if !declaration.isOverride, !declaration.isContribution, let inherited {
                problems.append(
                    .accidentalShadowing(key, location: declaration.location, parentLocation: inherited.location))
            }
        }
        for (key, declaration) in bindings {
            if let contribution = contributions[key]?.first {
                problems.append(.duplicateBinding(key, first: declaration.location, second: contribution.location))
            }
        }
        self.parent = parent
        self.original = original
        self.declarations = declarations
        self.bindings = bindings
        self.contributions = contributions
        // Read only by this registry's own compilations when it is a child (see `sharedProducer`).
        self.ownKeys = parent == nil ? [] : Set(bindings.keys).union(contributions.keys)
        self.table = ReadWriteLocked([:])
        self.settings = settings

        // Compile every binding not proven clean now: a broken one then fails the build, not a later resolve.
        var unproven: [BindingKey] = []
        var seen: Set<BindingKey> = []
        seen.reserveCapacity(declarations.count)
        var proof = CleanGraphProof(registry: self, bindingCount: bindings.count)
        for declaration in declarations where seen.insert(declaration.providedKey).inserted {
            if compilingLazily, proof.isClean(declaration.providedKey) { continue }
            unproven.append(declaration.providedKey)
        }
        guard !unproven.isEmpty else { return }
        do {
            problems += try table.write { table in
                let compiler = PlanCompiler(registry: self, table: table, reservingRoomFor: unproven.count)
                // A binding is a possible entry, not one a resolve is known to take.
                compiler.defersEntryDependentCycles = true
                compiler.whileCompiling {
                    for key in unproven {
                        if let producer = compiler.producer(for: key) {
                            compiler.checkRoot(producer)
                        }
                    }
                    compiler.finish()
                }
                if compiler.problems.isEmpty { compiler.commit(into: &table) }
                return compiler.problems
            }
        } catch {
            problems.append(.lockFailed(error.call, status: error.status))
        }
    }

    /// The nearest ancestor-or-self declaration that makes `key` resolvable.
    func declaration(providing key: BindingKey) -> BindingDeclaration? {
        bindings[key] ?? contributions[key]?.first ?? parent?.declaration(providing: key)
    }

    /// The keys, with where each was contributed, of the `[Key: Element]` collection `key` as
    /// this container provides it (its ancestors' entries included).
    func dictionaryKeys(of key: BindingKey) -> [AnyHashable: SourceLocation] {
        if bindings[key] != nil { return [:] }
        let own = contributions[key] ?? []
        var keys = own.contains(where: \.isOverride) ? [:] : parent?.dictionaryKeys(of: key) ?? [:]
        for declaration in own {
            if let dictionaryKey = declaration.contribution?.dictionaryKey, keys[dictionaryKey] == nil {
                keys[dictionaryKey] = declaration.location
            }
        }
        return keys
    }

    /// Whether this registry or an ancestor has an explicit binding for `key`.
    func provides(_ key: BindingKey) -> Bool {
        bindings[key] != nil || contributions[key] != nil || (parent?.provides(key) ?? false)
    }

    /// Whether this container could provide `type`: a binding, an `Injectable` class, a
    /// `ConstructorInjectable` type, or a `Provider`/`Lazy`/`Tagged` of something it could provide.
    func canProvide(_ type: Any.Type) -> Bool {
        if provides(BindingKey(type: type, tag: nil)) { return true }
        switch UnboundKind.of(type) {
        case .injectable, .constructed, .collection: return true
        case .none: return false
        case .synthesized(let synthesized):
            let underlying = synthesized.underlyingKey
            return underlying.tag == nil ? canProvide(underlying.type) : provides(underlying)
        }
    }

    /// How many producers a compilation of a key not compiled yet makes room for up front.
    private static let roomForNewGraph = 16

    func producer(for key: BindingKey) throws(ResolutionError) -> AnyProducer {
        try compiled(key, asRoot: false) { $0.producer(for: key) }
    }

    /// The producer for `key` as the start of a top-level resolve: compiled and cycle-checked.
    @inline(__always)
    func rootProducer(for key: BindingKey) throws(ResolutionError) -> AnyProducer {
        if let known = roots.producer(for: key) { return known }
        return try compileRoot(for: key)
    }

    /// Calls `body` with `key`'s root producer, compiling it first if needed; errors `body` throws become
    /// resolution errors. Unretained when already compiled (see `RootCache.withProducer`).
    @inline(__always)
    func withRootProducer<R>(for key: BindingKey, _ body: (AnyProducer) throws -> R) throws(ResolutionError) -> R {
        try ResolutionError.catching { try roots.withProducer(for: key, body) { try body(compileRoot(for: key)) } }
    }

    /// `rootProducer(for:)` for a key of `T`, whose root producer is a `Producer<T>`.
    @inline(__always)
    func rootProducer<T>(of _: T.Type, for key: BindingKey) throws(ResolutionError) -> Producer<T> {
        try rootProducer(for: key).asProducer(of: T.self)
    }

    @inline(__always)
    func withRootProducer<T, R>(
        of _: T.Type, for key: BindingKey, _ body: (Producer<T>) throws -> R
    ) throws(ResolutionError) -> R {
        try withRootProducer(for: key) { try body($0.asProducer(of: T.self)) }
    }

    /// The result of resolving `key` when it needs no compiling or lowering first (a cached
    /// singleton, a published program); nil when the slow path must run.
    @inline(__always)
    func readyResult(for key: BindingKey) throws(ResolutionError) -> RecordedResult? {
        try ResolutionError.catching {
            try roots.withProducer(for: key, { try $0.readyTopLevelResult() }, otherwise: { nil })
        }
    }

    /// What a new top-level resolve of `key` records, owned, compiling or lowering first if it must.
    func readyTopLevelRecord(for key: BindingKey) throws(ResolutionError) -> AnyObject? {
        try withRootProducer(for: key) { try $0.readyTopLevelResult() }?.takeRecord()
    }

    @inline(never)
    private func compileRoot(for key: BindingKey) throws(ResolutionError) -> AnyProducer {
        let producer = try compiled(key, asRoot: true) { $0.producer(for: key) }
        roots.insert(producer, for: key)
        return producer
    }

    /// The plan that fills existing objects of `type`.
    func injectionTarget<X: PropertyInjectable>(for type: X.Type) throws(ResolutionError) -> InjectionTargetProducer {
        let key = BindingKey(type: type, tag: PropertyInjectionTarget.self)
        let producer = try compiled(key, asRoot: true) { $0.injectionTarget(type) }
        guard let target = producer as? InjectionTargetProducer else {
            throw ResolutionError(.internalInconsistency("the injection plan for \(key.typeName) is missing"))
        }
        return target
    }

    /// Runs `body` with a compiler that never commits, for graph export and validation (which must not change
    /// the container). Throws when this thread is compiling this registry (from a `dependencies` or `scope`
    /// getter) or when the lock fails.
    func withScratchCompiler<R>(_ body: (PlanCompiler) -> R) throws(ResolutionError) -> R {
        if let outer = PlanCompiler.compiling(self) { throw ResolutionError(outer.reentered()) }
        return try writingTable { table in
            let compiler = PlanCompiler(registry: self, table: table)
            return compiler.whileCompiling { body(compiler) }
        }
    }

    /// The program to run for `root` (`kind` says which, see `ProgramKind`): lowered now if it never was,
    /// again if the published one can be faster (stores learned offsets, first fills were checked since),
    /// else the published one. Nil when `root` has no program: a nested program's root is then called or read
    /// as it is (a closure's, a constant), a top-level resolve fails with `internal-inconsistency`. Throws
    /// `internal-inconsistency` when the registry's lock fails.
    func program(for root: AnyProducer, kind: ProgramKind = .root) throws(ResolutionError) -> ResolveProgram? {
        let word = root.programWord(of: kind)
        if word == ProgramWord.unlowered { return try lowerProgram(for: root, replacing: word, kind: kind) }
        guard ProgramWord.isProgram(word) else { return nil }
        let current = ResolveProgram.published(word)
        guard current.canImprove else { return current }
        return try lowerProgram(for: root, replacing: word, kind: kind) ?? current
    }

    /// Lowers and publishes `root`'s resolve program, unless its program word is no longer `old` (then
    /// returns the program published meanwhile, if any). Nil when `root` has no program, or when a
    /// `dependencies` or `scope` getter resolves while this thread compiles (then not now).
    private func lowerProgram(for root: AnyProducer, replacing old: UInt, kind: ProgramKind)
        throws(ResolutionError) -> ResolveProgram?
    {
        if PlanCompiler.compiling(self) != nil { return nil }
        return try writingTable { _ -> ResolveProgram? in
            let word = root.programWord(of: kind)
            guard word == old else { return ProgramWord.isProgram(word) ? ResolveProgram.published(word) : nil }
            let generation = ProgramWord.isProgram(old) ? ResolveProgram.published(old).generation + 1 : 1
            switch ProgramLowering.lower(root, generation: generation, kind: kind) {
            case .success(let program):
                // `programs` keeps it (see `PublishedProgram.swift`); a closure root's lives for the process.
                if !program.callsRootClosure { programs.append(program) }
                root.publishProgramWord(ResolveProgram.word(publishing: program), of: kind)
                return program
            case .failure(.unsupported), .failure(.joinsFromStart):
                root.publishProgramWord(ProgramWord.none, of: kind)
                return nil
            }
        }
    }

    /// The `variant` of `program` (a program of `root`) for what is being made around its resolve (see
    /// `ProgramVariant`), lowered once per program and variant. Nil when it has none: what is made around it
    /// is met where the variant cannot wait or fail, and the resolve fails with `internal-inconsistency`.
    /// Throws `internal-inconsistency` when the registry's lock fails.
    func variant(of program: ResolveProgram, for root: AnyProducer, _ variant: ProgramVariant)
        throws(ResolutionError) -> ResolveProgram?
    {
        if PlanCompiler.compiling(self) != nil { return nil }
        let key = VariantKey(program: ObjectIdentifier(program), variant: variant)
        return try writingTable { _ -> ResolveProgram? in
            if let known = variants[key] { return known }
            switch ProgramLowering.lower(root, generation: program.generation, kind: program.kind, variant: variant) {
            case .success(let lowered):
                variants[key] = lowered
                return lowered
            case .failure(.unsupported), .failure(.joinsFromStart):
                variants[key] = .some(nil)
                return nil
            }
        }
    }

    /// Runs `body` on the table under its write lock; a lock that fails is `internal-inconsistency`.
    private func writingTable<R>(_ body: (inout [BindingKey: AnyProducer]) -> R) throws(ResolutionError) -> R {
        do {
            return try table.write(body)
        } catch {
            throw ResolutionError(.lockFailed(error.call, status: error.status))
        }
    }

    private func compiled(_ key: BindingKey, asRoot: Bool, _ compile: (PlanCompiler) -> AnyProducer?)
        throws(ResolutionError) -> AnyProducer
    {
        // Re-entered from a `dependencies` or `scope` getter while this thread compiles: taking the
        // lock again would fail (EDEADLK) or deadlock, and the getter would see a half-built table.
        if let outer = PlanCompiler.compiling(self) {
            let diagnostic = outer.reentered(key)
            outer.report(diagnostic)
            throw ResolutionError(diagnostic)
        }
        return try writingTable { table -> Result<AnyProducer, ResolutionError> in
            if let existing = table[key], !asRoot || existing.rootCheck != nil { return .success(existing) }
            // A new key adds at least one producer: room for a small graph up front spares
            // growing (rehashing) the compiler's table; a compiled key may add nothing.
            let compiler = PlanCompiler(
                registry: self, table: table, reservingRoomFor: table[key] == nil ? Self.roomForNewGraph : 0)
            let producer = compiler.whileCompiling { () -> AnyProducer? in
                guard let producer = compile(compiler) else { return nil }
                if asRoot { compiler.checkRoot(producer) }
                compiler.finish()
                return producer
            }
            guard let producer else {
                // Compiling reported why it made nothing (it ran out of stack): that, not a
                // missing binding, is the error.
                guard compiler.problems.isEmpty else { return .failure(ResolutionError(compiler.problems)) }
                return .failure(
                    ResolutionError(.missingBinding(key, location: nil, path: [key.description], propertyHint: nil))
                )
            }
            guard compiler.problems.isEmpty else { return .failure(ResolutionError(compiler.problems)) }
            compiler.commit(into: &table)
            return .success(producer)
        }.get()
    }
}

private struct VariantKey: Hashable {
    let program: ObjectIdentifier
    let variant: ProgramVariant
}
