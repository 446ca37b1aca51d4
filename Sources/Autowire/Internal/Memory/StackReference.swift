/// A value on the stack of a still-running call, reached by the calls it makes: a program run's record
/// (`ProgramRun`), its regions' state (`ScopedRun`), a resolution closures are called in (`ResolutionState`,
/// as a `Resolution`). Passing the address keeps the value in one place (the calls update it) and out of the
/// registers the program loop needs.
///
/// Invariant: made by `with(_:_:)` for the call holding the value (or by the `@unsafe` initializers, for
/// memory such a call set aside and for a running call's address kept as a number), it does not outlive
/// that call; code storing a copy (`ProgramRun.scoped` and `calledResolution`, `ActiveResolutions`' cell, a
/// run's `outer`) clears it before that call returns. The AddressSanitizer run checks every access.
@safe struct StackReference<Value> {
    private let pointer: UnsafeMutablePointer<Value>

    @inline(__always)
    private init(pointer: UnsafeMutablePointer<Value>) { unsafe self.pointer = pointer }

    @inline(__always)
    static func with<Result, Failure>(
        _ value: inout Value, _ body: (StackReference<Value>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        // No stack protector canary (see `ProgramFrame`): the value is only accessed as a `Value`.
        try unsafe _withUnprotectedUnsafeMutablePointer(to: &value) { pointer throws(Failure) in
            try unsafe body(StackReference(pointer: pointer))
        }
    }

    /// For a record that keeps a running call's reference as a number while that call runs (`init(runAt:)`).
    @unsafe @inline(__always)
    init(address: UInt) { unsafe pointer = UnsafeMutablePointer(bitPattern: address).unsafelyUnwrapped }

    /// A reference to the initialized value at `pointer`, in memory its caller set aside on its
    /// own stack for as long as it uses the reference (see `ResolutionSpace`).
    @unsafe @inline(__always)
    init(_ pointer: UnsafeMutablePointer<Value>) { unsafe self.pointer = pointer }

    /// Ends the value's lifetime in memory `init(_:)` reached; the reference is not used again.
    @unsafe @inline(__always)
    func deinitialize() { unsafe pointer.deinitialize(count: 1) }

    var pointee: Value {
        @inline(__always) unsafeAddress { unsafe UnsafePointer(pointer) }
        @inline(__always) nonmutating unsafeMutableAddress { unsafe pointer }
    }

    /// Identifies a run on its thread (see `ActiveResolutions`); never read through.
    var address: UInt { UInt(bitPattern: unsafe pointer) }
}
