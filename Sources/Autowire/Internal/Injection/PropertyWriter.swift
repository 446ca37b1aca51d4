import Synchronization

/// Writes one declared property. Built once per declaration, in the library, from what the
/// `@inlinable` `Dependency` constructors pass: their bodies are one call, so that a class-typed
/// property compiles nothing else in the user's module (any other, a `BoxedValueStore`).
///
/// Writing through a key path costs hundreds of instructions. For a plain stored property of a
/// final class, the first injection learns the offset from the key path and later ones store there
/// directly (a plain `weak` one: see `WeakField`).
struct PropertyWriter<Object: AnyObject, Value>: Sendable {
    /// Writes through the key path: always correct, used until (or unless) the offset is known.
    let assign: @Sendable (Object, Value) -> Void
    /// The property's offset from the start of the object, measured by projecting its address.
    let locate: @Sendable (Object) -> Int
    /// Stores a `ValueBox<Value>`'s value at the property's address; nil for a class reference.
    let storeBoxed: BoxedValueStore<Value>.Store?
    /// Whether the property is a `Value?` (or `Value!`) rather than a `Value`.
    let propertyIsOptional: Bool

    /// For a `Value?` (or `Value!`) property.
    init(optional keyPath: ReferenceWritableKeyPath<Object, Value?>, storeBoxed: BoxedValueStore<Value>.Store?) {
        let keyPath = SharedKeyPath(keyPath)
        assign = { keyPath.write($1, into: $0) }
        locate = { keyPath.offset(in: $0) }
        self.storeBoxed = storeBoxed
        propertyIsOptional = true
    }

    /// For a property of type `Value`.
    init(plain keyPath: ReferenceWritableKeyPath<Object, Value>, storeBoxed: BoxedValueStore<Value>.Store?) {
        let keyPath = SharedKeyPath(keyPath)
        assign = { keyPath.write($1, into: $0) }
        locate = { keyPath.offset(in: $0) }
        self.storeBoxed = storeBoxed
        propertyIsOptional = false
    }
}

/// How a property of type `Value` (or `Value?`) stores, at its learned offset, a value that is not
/// a class reference: unboxed by code compiled in the user's module, where `Value` is known
/// (generic code in the library would look up the metadata of `Value?` and of the box on every
/// store). For a class `Value` the answer is nil, which the compiler folds: a class-typed property,
/// the common case, adds no closure to the user's build.
@usableFromInline
enum BoxedValueStore<Value> {
    /// Stores the value a `ValueBox<Value>` holds at a property's address.
    /// Safe: called (by `Dependency`'s program store) only at the property's learned offset, with
    /// a value the producer of `Value` recorded, which for a `Value` that is not a class reference
    /// is a `ValueBox<Value>`.
    @usableFromInline
    typealias Store = @Sendable (FieldAddress, AnyObject) -> Void

    /// The store into a `Value?` (or `Value!`) property.
    @inlinable @inline(__always)
    static func intoOptional() -> Store? {
        if Value.self is AnyClass { return nil }
        return { address, recorded in address.assign(boxedValue(recorded, as: Value.self) as Value?) }
    }

    /// The store into a `Value` property.
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

    /// Measures the offset on `object`, after a key-path write, when the key path is one plain
    /// stored property of a class (`KeyPathLayout`, or its printing `\Type.name` where the layout
    /// cannot be read): observed, wrapped, lazy, `weak`, `unowned` and overridable ones keep
    /// writing through the key path (a plain `weak` one aside, see `WeakField`). The measure is
    /// kept only where the key path's own offset agrees. `written` is the class reference just
    /// written into an optional property, else nil.
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
    /// Whether the property's value is a class reference, stored as one pointer (`T`, `T?` and
    /// `T!` of a class type share that layout); other values go through `assign`.
    let holdsReferences: Bool
    /// Writes a value as a resolution records it into an object's property, both lent by the
    /// caller: through the key path until the first write learns the offset, then at the offset.
    let assign: @Sendable (_ owner: AnyObject, _ value: AnyObject) -> Void

    /// Whether the property is a `T?` (or `T!`) rather than a `T`.
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

    /// The same write from an implementation object, for a property of the type an alias binds:
    /// converted as it is stored, by code compiled where the binding was written (no box, no
    /// dynamic cast). Only at a learned offset and once `conversion` has succeeded, since a store
    /// cannot throw the error a failed conversion must.
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
