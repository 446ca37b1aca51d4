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
