/// Where code compiled in a binding's module writes a value of a type the library's generic code
/// does not know, which the engine then reads as that type: the product of a specialized factory
/// call (see ``SpecializedFactoryCall``), into the program's frame slot for a class; or an
/// implementation object converted to the type it is bound as (see `ImplementationConversion`).
///
/// Safe to hand to that code because only `SpecializedProgramFactory` (through the frame slot and
/// `object(_:)`) and `written(as:by:orThrow:)` make one, and they keep the invariant the writers
/// rely on: the memory is uninitialized, sized and aligned for the type the writer writes (the
/// product type of the binding whose overload built the call; the bound type of the conversion,
/// which its callers pick for the type they read), and it is read only after the writer returned
/// saying it wrote it, once.
@usableFromInline
@safe struct FactoryProduct {
    @usableFromInline let memory: UnsafeMutableRawPointer

    @usableFromInline @inline(__always)
    init(_ memory: UnsafeMutableRawPointer) { unsafe self.memory = unsafe memory }

    /// Writes the value. The writer calls this once, with a value of the type the memory was made
    /// for: its binding's product type, or the type its conversion binds.
    @inlinable @inline(__always)
    func initialize<T>(to value: consuming T) {
        _ = unsafe memory.initializeMemory(as: T.self, to: value)
    }
}

extension FactoryProduct {
    /// Runs `write` with memory for one class reference and returns the object it wrote, whose
    /// strong reference it takes over: for a factory whose product type is a class (what
    /// `SpecializedProgramFactory` is made for), which writes it once unless it throws.
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
    /// Runs `write` with memory for one `T` and returns the `T` it wrote when it returns true; when
    /// it returns false, having written nothing, throws `failure` (not an optional result, whose
    /// metadata generic code would look up each time).
    @inlinable @inline(__always)
    static func written<T>(
        as _: T.Type, by write: (FactoryProduct) -> Bool, orThrow failure: @autoclosure () -> ResolutionError
    ) throws -> T {
        // Safe: `write` initializes the buffer's one `T` exactly when it returns true (see
        // `ImplementationConversion.convert`), and only then is it moved out; the buffer outlives
        // the call.
        try unsafe withUnsafeTemporaryAllocation(of: T.self, capacity: 1) { buffer in
            // A buffer of capacity 1 has an address.
            let value = unsafe buffer.baseAddress.unsafelyUnwrapped
            guard write(unsafe FactoryProduct(UnsafeMutableRawPointer(value))) else { throw failure() }
            return unsafe value.move()
        }
    }
}
