extension ProgramLowering {
    /// The producer whose identity is `address` (an `ObjectIdentifier`'s bits, as the lowering's
    /// tables key producers): one this lowering began.
    ///
    /// Safe because the producers a lowering begins are in the registry's table, which holds them
    /// (under its lock, for the lowering's whole life); what the lowering hands them to (a call,
    /// a region, a program's tables) retains them or is owned by the registry too.
    static func producer(_ address: UInt) -> AnyProducer {
        unsafe Unmanaged<AnyProducer>.fromOpaque(UnsafeRawPointer(bitPattern: address).unsafelyUnwrapped)
            .takeUnretainedValue()
    }
}
