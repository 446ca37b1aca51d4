import Dispatch
import Foundation

/// The stack size of Darwin's secondary threads and of Swift concurrency's threads there: the
/// smallest stack a resolve meets in practice.
let smallStackSize = 512 << 10

/// Runs `body` on a new thread with a stack of `stackSize` bytes and returns its result, or nil
/// when it did not finish within `timeout` (the thread keeps running, so a hang fails the test
/// rather than the whole run).
func onThread<Result: Sendable>(
    stackSize: Int = smallStackSize, timeout: DispatchTimeInterval = .seconds(120),
    _ body: @escaping @Sendable () -> Result
) -> Result? {
    let result = Locked<Result?>(nil)
    let finished = DispatchSemaphore(value: 0)
    let thread = Thread {
        let value = body()
        result.withLock { $0 = value }
        finished.signal()
    }
    thread.stackSize = stackSize
    thread.start()
    guard finished.wait(timeout: .now() + timeout) == .success else { return nil }
    return result.withLock { $0 }
}
