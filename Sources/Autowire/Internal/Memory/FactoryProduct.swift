/// Memory where code compiled in a binding's module writes a value of a type the library's generic code does
/// not know, for the engine to read as that type: a specialized factory call's product (see
/// ``SpecializedFactoryCall``), into a class's frame slot; or an implementation object converted to its
/// bound type (see `ImplementationConversion`).
///
/// Safe to hand to that code because only `SpecializedProgramFactory` (through the frame slot and
/// `object(_:)`) and `written(as:by:orThrow:)` make one, keeping this invariant: the memory is
/// uninitialized, sized and aligned for the type the writer writes (the binding's product type, or the
/// conversion's bound type), and read once, only after the writer returned saying it wrote it.
@usableFromInline
@safe struct FactoryProduct {
    @usableFromInline let memory: UnsafeMutableRawPointer

    @usableFromInline @inline(__always)
    init(_ memory: UnsafeMutableRawPointer) { unsafe self.memory = unsafe memory }

    /// Called once by the writer, with a value of the type the memory was made for (see the invariant).
    @inlinable @inline(__always)
    func initialize<T>(to value: consuming T) {
        _ = unsafe memory.initializeMemory(as: T.self, to: value)
    }
}

extension FactoryProduct {
    /// Runs `write` with room for one class reference, which a factory of class product type
    /// (`SpecializedProgramFactory`) writes once unless it throws; returns it, owning its reference.
    @inline(__always)
    static func object(_ write: (FactoryProduct) throws -> Void) rethrows -> AnyObject {
        var product: UnsafeMutableRawPointer?
        try unsafe withUnsafeMutablePointer(to: &product) { product in
            try unsafe write(FactoryProduct(UnsafeMutableRawPointer(product)))
        }
        return unsafe Unmanaged<AnyObject>.fromOpaque(product.unsafelyUnwrapped).takeRetainedValue()
    }
}

extension FactoryProduct {
    /// Runs `write` with memory for one `T`; returns the `T` written when `write` returns true, else throws
    /// `failure` (not an optional result, whose metadata generic code would look up each time).
    @inlinable @inline(__always)
    static func written<T>(
        as _: T.Type, by write: (FactoryProduct) -> Bool, orThrow failure: @autoclosure () -> ResolutionError
    ) throws -> T {
        // Safe: `write` initializes the one `T` exactly when it returns true (see
        // `ImplementationConversion.convert`), and only then is it moved out; the buffer outlives the call.
        try unsafe withUnsafeTemporaryAllocation(of: T.self, capacity: 1) { buffer in
            // A buffer of capacity 1 has an address.
            let value = unsafe buffer.baseAddress.unsafelyUnwrapped
            guard write(unsafe FactoryProduct(UnsafeMutableRawPointer(value))) else { throw failure() }
            return unsafe value.move()
        }
    }
}
