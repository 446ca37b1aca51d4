/// One object's identity per thread, remembered and compared but never followed: each thread has
/// its own, none until it marks an object.
///
/// Safe because only the identity is kept, as the integer an `ObjectIdentifier` is: it keeps
/// nothing alive and is never turned back into a reference. (An identity outliving its object may
/// equal a later object's; users clear the mark around the call they probe, see `InjectionHook`.)
/// When the system has no key left, nothing is ever marked.
struct ThreadLocalIdentity: Sendable {
    private let key = unsafe ThreadLocalKey()

    init() {}

    /// Remembers `object` as this thread's mark, replacing any other.
    func mark(_ object: AnyObject) { store(UInt(bitPattern: ObjectIdentifier(object))) }

    /// Forgets this thread's mark.
    func clear() { store(0) }

    /// Whether `object` is this thread's mark.
    func isMarked(_ object: AnyObject) -> Bool {
        guard let key else { return false }
        return UInt(bitPattern: unsafe key.value) == UInt(bitPattern: ObjectIdentifier(object))
    }

    private func store(_ identity: UInt) {
        // Setting fails only for an invalid key or out of memory for the thread's table: then
        // nothing is marked.
        guard let key else { return }
        unsafe key.set(UnsafeMutableRawPointer(bitPattern: identity))
    }
}
