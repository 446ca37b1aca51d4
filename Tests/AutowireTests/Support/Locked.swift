import Foundation

/// A value behind an `NSLock`, for test bookkeeping across threads.
///
/// Not `Synchronization.Mutex`: on Linux it waits on a futex that ThreadSanitizer does not model,
/// so TSan reports the values it guards as races. `NSLock` is a pthread mutex, which TSan knows.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
