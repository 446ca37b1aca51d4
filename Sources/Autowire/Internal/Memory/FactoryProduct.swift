/// Where a specialized factory call writes its product (see ``SpecializedFactoryCall``): memory
/// for one value of the binding's product type, the program's frame slot for a class, which the
/// engine then reads as that type.
///
/// Safe to hand to the generated overloads because only `SpecializedProgramFactory` makes one,
/// and it keeps the invariant the overloads rely on: the memory is uninitialized, sized and
/// aligned for the product type of the binding whose overload built the call, and the engine reads
/// it only after the call returned without throwing, once.
@usableFromInline
@safe struct FactoryProduct {
    @usableFromInline let memory: UnsafeMutableRawPointer

    @inline(__always)
    init(_ memory: UnsafeMutableRawPointer) { unsafe self.memory = unsafe memory }

    /// Writes the product. The overload calls this once, with a value of its binding's product
    /// type, which is the type the memory was made for.
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
