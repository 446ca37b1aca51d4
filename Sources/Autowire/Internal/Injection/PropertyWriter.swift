import Synchronization

/// Writes one declared property. Built once per declaration, in the library, from what the
/// `@inlinable` `Dependency` constructors pass: their bodies are one call, so that declaring a
/// class-typed property compiles nothing else in the user's module, and any other a
/// `BoxedValueStore`.
///
/// Writing through a key path costs hundreds of instructions. For a plain stored property of a
/// final class the write is a store at a fixed offset, so the first injection learns that offset
/// from the key path and later ones store directly (a plain `weak` one: see `WeakField`).
struct PropertyWriter<Object: AnyObject, Value>: Sendable {
    /// Writes through the key path: always correct, used until the offset is known and for
    /// properties that are not plain stored ones (observers, wrappers, `unowned`, non-final
    /// classes).
    let assign: @Sendable (Object, Value) -> Void
    /// The property's offset from the start of the object, measured by projecting its address.
    let locate: @Sendable (Object) -> Int
    /// Stores the value a `ValueBox<Value>` holds at the property's address, for a `Value` that is
    /// not a class reference; nil for a class reference, which is stored as one pointer.
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

/// How a property of type `Value` (or `Value?`) receives a value that is not a class reference at
/// its learned offset: unboxed and stored by code compiled in the user's module, where `Value` is
/// known. Generic code in the library would look up the metadata of `Value?` and of the box on
/// every store (`request-scope`, whose request is a struct: 2,891 instructions against 2,597).
///
/// For a class `Value` the answer is nil, which the compiler folds where `Value` is known: a
/// class-typed property, the common case, adds no closure to the user's build (programs store
/// class references themselves).
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
    /// stored property: Swift prints `\Type.name` only for those, and `<computed …>` for observed,
    /// wrapped, lazy, `weak`, `unowned` and overridable properties, whose writes must keep going
    /// through the key path, except a plain `weak` one, which `WeakField` recognizes. `written` is
    /// the class reference the key path just wrote into an optional property, else nil.
    func learn<Object: AnyObject>(
        on object: Object, requirement: Requirement, locate: (Object) -> Int, written: AnyObject?
    ) {
        guard Self.isPlainStoredProperty(requirement.printedKeyPath.text) else {
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
