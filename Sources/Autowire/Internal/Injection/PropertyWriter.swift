import Synchronization

/// Writes one declared property. Built by the `@inlinable` `Dependency` constructors, so its
/// closures are compiled in the user's module, specialized for the concrete types.
///
/// Writing through a key path costs hundreds of instructions. For a plain stored property of a
/// final class the write is a store at a fixed offset, so the first injection learns that offset
/// from the key path and later ones store directly (a plain `weak` one: see `WeakField`).
@usableFromInline
struct PropertyWriter<Object: AnyObject, Value>: Sendable {
    /// Writes through the key path: always correct, used until the offset is known and for
    /// properties that are not plain stored ones (observers, wrappers, `unowned`, non-final
    /// classes).
    let assign: @Sendable (Object, Value) -> Void
    /// The property's offset from the start of the object, measured by projecting its address.
    let locate: (@Sendable (Object) -> Int)?
    /// Stores a value at the property's address.
    let store: (@Sendable (FieldAddress, Value) -> Void)?
    /// Stores the value a `ValueBox<Value>` holds at the property's address: unboxed here, where
    /// `Value` is known, rather than by generic code that looks up the box's metadata each time.
    /// Safe: called (by `Dependency`'s program store) only at this property's learned offset, with
    /// a value the producer of `Value` recorded, which for a `Value` that is not a class reference
    /// is a `ValueBox<Value>`.
    let storeBoxed: (@Sendable (FieldAddress, AnyObject) -> Void)?
    /// Whether the property is a `Value?` (or `Value!`) rather than a `Value`.
    let propertyIsOptional: Bool

    @usableFromInline
    init(
        assign: @escaping @Sendable (Object, Value) -> Void,
        locate: (@Sendable (Object) -> Int)?,
        store: (@Sendable (FieldAddress, Value) -> Void)?,
        storeBoxed: (@Sendable (FieldAddress, AnyObject) -> Void)?,
        propertyIsOptional: Bool
    ) {
        self.assign = assign
        self.locate = locate
        self.store = store
        self.storeBoxed = storeBoxed
        self.propertyIsOptional = propertyIsOptional
    }

    /// For a `Value?` (or `Value!`) property.
    @inlinable
    init(optional keyPath: ReferenceWritableKeyPath<Object, Value?>) {
        let keyPath = SharedKeyPath(keyPath)
        self.init(
            assign: { keyPath.write($1, into: $0) },
            locate: { keyPath.offset(in: $0) },
            store: { $0.assign($1 as Value?) },
            storeBoxed: { $0.assign(boxedValue($1, as: Value.self) as Value?) },
            propertyIsOptional: true)
    }

    /// For a property of type `Value`.
    @inlinable
    init(plain keyPath: ReferenceWritableKeyPath<Object, Value>) {
        let keyPath = SharedKeyPath(keyPath)
        self.init(
            assign: { keyPath.write($1, into: $0) },
            locate: { keyPath.offset(in: $0) },
            store: { $0.assign($1) },
            storeBoxed: { $0.assign(boxedValue($1, as: Value.self)) },
            propertyIsOptional: false)
    }
}

/// The learned offset of one property: 0 while unknown, -1 when direct stores are not safe, the
/// offset of a plain stored property, or minus the offset of a plain `weak` one (see `WeakField`).
final class LearnedOffset: Sendable {
    private let offset = Atomic<Int>(0)

    @inline(__always)
    var current: Int { offset.load(ordering: .relaxed) }

    /// Measures the offset on `object`, after a key-path write, when the key path is one plain
    /// stored property: Swift prints `\Type.name` only for those, and `<computed …>` for observed,
    /// wrapped, lazy, `weak`, `unowned` and overridable properties, whose writes must keep going
    /// through the key path, except a plain `weak` one, which `WeakField` recognizes. `written` is
    /// the class reference the key path just wrote into an optional property, else nil.
    func learn<Object: AnyObject>(
        on object: Object, requirement: Requirement, locate: ((Object) -> Int)?, written: AnyObject?
    ) {
        guard let locate, Self.isPlainStoredProperty(requirement.printedKeyPath.text) else {
            let weakOffset = written.flatMap { written in
                requirement.anyKeyPath.flatMap { WeakField.offset(of: $0, in: object, holding: written) }
            }
            offset.store(weakOffset.map { -$0 } ?? -1, ordering: .relaxed)
            return
        }
        let measured = locate(object)
        // Inside the object's first 64 KiB, past its header: anything else is not its own storage.
        offset.store(measured >= 2 * MemoryLayout<Int>.size && measured < 1 << 16 ? measured : -1, ordering: .relaxed)
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
    /// Writes a value as a resolution records it (a class reference, or a `ValueBox`) into the
    /// property of an object, both lent (unretained) by the caller, which holds them for the
    /// call: through the key path until the offset is learned (which the first write does), at
    /// the offset after.
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

    /// The same write from an implementation object rather than a boxed value, for a property of
    /// the type an alias binds: the object is converted as it is stored, by code compiled where the
    /// binding was written (no box, no dynamic cast). Only at a learned offset, and once
    /// `conversion` has succeeded, so that the implementation is known to conform: a store cannot
    /// throw the error a failed conversion must.
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
