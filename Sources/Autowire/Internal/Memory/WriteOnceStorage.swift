/// Memory for one value, written once and then only read, from any thread: a singleton's instance. Raw
/// storage, not a `Value?` property: reading an optional of a generic type costs a metadata lookup a resolve.
///
/// Invariant, kept by its owner (`SingletonProducer`): `initialize` once, under the creation lock, before
/// the releasing store that publishes the value; `value` only after an acquiring load saw that store;
/// `free(initialized:)` once, from the owner's `deinit`, saying whether `initialize` ran.
@safe struct WriteOnceStorage<Value> {
    private let memory = UnsafeMutablePointer<Value>.allocate(capacity: 1)

    // Every member is inlined into the generic producer that holds one: called, each would look up
    // `WriteOnceStorage<T>`'s metadata (about 700 instructions a singleton).
    @inline(__always)
    init() {}

    @inline(__always)
    func initialize(to value: consuming Value) { unsafe memory.initialize(to: value) }

    @inline(__always)
    var value: Value { unsafe memory.pointee }

    @inline(__always)
    func free(initialized: Bool) {
        if initialized { unsafe memory.deinitialize(count: 1) }
        unsafe memory.deallocate()
    }
}
