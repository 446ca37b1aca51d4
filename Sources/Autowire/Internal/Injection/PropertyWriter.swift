import Synchronization

/// Writes one declared property. Built in the library from what the `@inlinable` `Dependency`
/// constructors pass, so a class-typed property compiles nothing else in the user's module. A key-path
/// write costs hundreds of instructions, so for a plain stored property of a final class the first
/// injection learns the offset and later ones store there (a plain `weak` one: see `WeakField`).
struct PropertyWriter<Object: AnyObject, Value>: Sendable {
    /// Writes through the key path: always correct, used until (or unless) the offset is known.
    let assign: @Sendable (Object, Value) -> Void
    /// The property's offset in the object, measured by projecting its address.
    let locate: @Sendable (Object) -> Int
    /// Stores a `ValueBox<Value>`'s value at the property's address; nil for a class reference.
    let storeBoxed: BoxedValueStore<Value>.Store?
    let propertyIsOptional: Bool

    init(optional keyPath: ReferenceWritableKeyPath<Object, Value?>, storeBoxed: BoxedValueStore<Value>.Store?) {
        let keyPath = SharedKeyPath(keyPath)
        assign = { keyPath.write($1, into: $0) }
        locate = { keyPath.offset(in: $0) }
        self.storeBoxed = storeBoxed
        propertyIsOptional = true
    }

    init(plain keyPath: ReferenceWritableKeyPath<Object, Value>, storeBoxed: BoxedValueStore<Value>.Store?) {
        let keyPath = SharedKeyPath(keyPath)
        assign = { keyPath.write($1, into: $0) }
        locate = { keyPath.offset(in: $0) }
        self.storeBoxed = storeBoxed
        propertyIsOptional = false
    }
}

/// How a property stores a non-reference value at its learned offset: unboxed by code compiled in the
/// user's module, where `Value` is known (generic code would look up metadata on every store). Nil for
/// a class `Value`, so a class-typed property adds no closure to the user's build.
@usableFromInline
enum BoxedValueStore<Value> {
    /// Stores the value a `ValueBox<Value>` holds at a property's address.
    /// Safe: called only at the property's learned offset, with what `Value`'s producer recorded: a
    /// `ValueBox<Value>` for a non-reference `Value`.
    @usableFromInline
    typealias Store = @Sendable (FieldAddress, AnyObject) -> Void

    @inlinable @inline(__always)
    static func intoOptional() -> Store? {
        if Value.self is AnyClass { return nil }
        return { address, recorded in address.assign(boxedValue(recorded, as: Value.self) as Value?) }
    }

    @inlinable @inline(__always)
    static func intoPlain() -> Store? {
        if Value.self is AnyClass { return nil }
        return { address, recorded in address.assign(boxedValue(recorded, as: Value.self)) }
    }
}

/// The learned offset of one property: 0 while unknown, -1 when direct stores are not safe, the
/// offset of a plain stored property, or minus the offset of a plain `weak` one (see `WeakField`).
final class LearnedOffset: Sendable {
    private let offset = Atomic<Int>(0)

    @inline(__always)
    var current: Int { offset.load(ordering: .relaxed) }

    /// Measures the offset on `object` after a key-path write (`written`: the class reference written
    /// into an optional property, if any), if the key path is one plain stored class property (not
    /// observed, wrapped, lazy, `weak`, `unowned` or overridable, as `KeyPathLayout` or else its
    /// printed `\Type.name` tells) whose own offset agrees; a plain `weak` one goes to `WeakField`.
    func learn<Object: AnyObject>(
        on object: Object, requirement: Requirement, locate: (Object) -> Int, written: AnyObject?
    ) {
        let declared = requirement.anyKeyPath.map(KeyPathLayout.component(of:)) ?? .unreadable
        let isPlain =
            switch declared {
            case .storedClassProperty: true
            case .other: false
            case .unreadable: Self.isPlainStoredProperty(requirement.printedKeyPath.text)
            }
        guard isPlain else {
            let weakOffset = written.flatMap { written in
                requirement.anyKeyPath.flatMap { WeakField.offset(of: $0, in: object, holding: written) }
            }
            offset.store(weakOffset.map { -$0 } ?? -1, ordering: .relaxed)
            return
        }
        let measured = locate(object)
        // Inside the object's first 64 KiB, past its header: anything else is not its own storage.
        let isOwnStorage = measured >= 2 * MemoryLayout<Int>.size && measured < 1 << 16
        let agrees = declared == .unreadable || declared == .storedClassProperty(offset: measured)
        offset.store(isOwnStorage && agrees ? measured : -1, ordering: .relaxed)
    }

    /// `\Type.name` with no generic arguments, nesting or further components.
    static func isPlainStoredProperty(_ description: String) -> Bool {
        guard description.hasPrefix("\\") else { return false }
        let body = description.dropFirst()
        return body.count(where: { $0 == "." }) == 1 && !body.contains(where: { "<>()[] ".contains($0) })
    }
}

/// How a resolve program writes one declared property: at the learned offset when the value is a
/// class reference (one pointer store), else through the user's key path.
final class ProgramStore: Sendable {
    let requirement: Requirement
    let learned: LearnedOffset
    /// Whether values are class references, stored as one pointer (`T`, `T?`, `T!` share that layout).
    let holdsReferences: Bool
    /// Writes a recorded value into a property (both lent): by key path until the offset is learned.
    let assign: @Sendable (_ owner: AnyObject, _ value: AnyObject) -> Void

    let propertyIsOptional: Bool

    init(
        requirement: Requirement, learned: LearnedOffset, holdsReferences: Bool, propertyIsOptional: Bool,
        assign: @escaping @Sendable (AnyObject, AnyObject) -> Void
    ) {
        self.requirement = requirement
        self.learned = learned
        self.holdsReferences = holdsReferences
        self.propertyIsOptional = propertyIsOptional
        self.assign = assign
    }

    /// The same write from an implementation object, converted by code compiled with its alias's
    /// binding: only at a learned offset and once `conversion` succeeded, as a store cannot throw.
    func converting(_ conversion: ImplementationConversion) -> ProgramStore? {
        let offset = learned.current
        guard offset > 0, conversion.isProven else { return nil }
        return ProgramStore(
            requirement: requirement, learned: learned, holdsReferences: false, propertyIsOptional: propertyIsOptional,
            assign: conversion.makeStore(offset, propertyIsOptional))
    }

    /// The offset a program may store at directly, or nil while it must write through the key path.
    var directOffset: Int? {
        let offset = learned.current
        return holdsReferences && offset > 0 ? offset : nil
    }

    /// Whether a later lowering could store directly: the offset is not measured yet.
    var isLearning: Bool { learned.current == 0 }
}
