/// One object's identity per thread, remembered and compared but never followed; none until a thread marks
/// one. Without a free system key, nothing is ever marked.
/// Safe: only the integer an `ObjectIdentifier` is kept, which keeps nothing alive and is never turned back
/// into a reference (an identity outliving its object may equal a later one's; users clear the mark around
/// the call they probe, see `InjectionHook`).
struct ThreadLocalIdentity: Sendable {
    private let key = unsafe ThreadLocalKey()

    /// Remembers `object` as this thread's mark, replacing any other.
    func mark(_ object: AnyObject) { store(UInt(bitPattern: ObjectIdentifier(object))) }

    func clear() { store(0) }

    func isMarked(_ object: AnyObject) -> Bool {
        guard let key else { return false }
        return UInt(bitPattern: unsafe key.value) == UInt(bitPattern: ObjectIdentifier(object))
    }

    private func store(_ identity: UInt) {
        // Fails only for an invalid key or when the thread's table is out of memory: then nothing is marked.
        guard let key else { return }
        unsafe key.set(UnsafeMutableRawPointer(bitPattern: identity))
    }
}
