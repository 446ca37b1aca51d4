extension ProgramLowering {
    /// The producer whose identity is `address` (an `ObjectIdentifier`'s bits): one this lowering began.
    /// Safe: the registry's table holds those, under its lock, for the lowering's whole life; what the
    /// lowering hands them to (a call, a region, a program's tables) retains them or is the registry's too.
    static func producer(_ address: UInt) -> AnyProducer {
        unsafe Unmanaged<AnyProducer>.fromOpaque(UnsafeRawPointer(bitPattern: address).unsafelyUnwrapped)
            .takeUnretainedValue()
    }
}
