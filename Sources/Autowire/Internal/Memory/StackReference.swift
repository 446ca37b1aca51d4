/// A value on the stack of a call that is still running, reached by the calls it makes: the record
/// of a program's run (`ProgramRun`), the state of its regions (`ScopedRun`), and the state of
/// a resolution that closures are called in (`ResolutionState`, as a `Resolution`).
///
/// Passing the address keeps the value in one place (the calls update it) and out of registers the
/// program loop needs. Access through one is safe under its maker's invariant: it is made by
/// `with(_:_:)` for the call that holds the value (or, by the two `@unsafe` initializers, for
/// memory such a call set aside and for a running call's address kept as a number), and does not
/// outlive that call; where a copy is stored (`ProgramRun.scoped` and `calledResolution`,
/// `ActiveResolutions`' cell, a run's `outer`), the storing code clears it before that call
/// returns. The suite's AddressSanitizer run checks every access.
@safe struct StackReference<Value> {
    private let pointer: UnsafeMutablePointer<Value>

    /// A reference to the value at `pointer`, for `with`.
    @inline(__always)
    private init(pointer: UnsafeMutablePointer<Value>) { unsafe self.pointer = pointer }

    /// Runs `body` with a reference to `value`, valid for the call.
    @inline(__always)
    static func with<Result, Failure>(
        _ value: inout Value, _ body: (StackReference<Value>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        // Without the stack protector's canary (see `ProgramFrame`): the value is only accessed as
        // a `Value`.
        try unsafe _withUnprotectedUnsafeMutablePointer(to: &value) { pointer throws(Failure) in
            try unsafe body(StackReference(pointer: pointer))
        }
    }

    /// The reference whose `address` is `address`: for a record that keeps a running call's
    /// reference as a number while that call runs (see `init(runAt:)`), and reads it back.
    @unsafe @inline(__always)
    init(address: UInt) { unsafe pointer = UnsafeMutablePointer(bitPattern: address).unsafelyUnwrapped }

    /// A reference to the initialized value at `pointer`, in memory its caller set aside on its
    /// own stack for as long as it uses the reference (see `ResolutionSpace`).
    @unsafe @inline(__always)
    init(_ pointer: UnsafeMutablePointer<Value>) { unsafe self.pointer = pointer }

    /// Ends the value's lifetime, for a value `init(_:)` reached in memory its caller set aside:
    /// the memory is uninitialized afterwards, and the reference is not used again.
    @unsafe @inline(__always)
    func deinitialize() { unsafe pointer.deinitialize(count: 1) }

    /// The value, read and written in place.
    var pointee: Value {
        @inline(__always) unsafeAddress { unsafe UnsafePointer(pointer) }
        @inline(__always) nonmutating unsafeMutableAddress { unsafe pointer }
    }

    /// The value's address, as a number: what identifies a run on its thread (see
    /// `ActiveResolutions`), never read through.
    var address: UInt { UInt(bitPattern: unsafe pointer) }
}
