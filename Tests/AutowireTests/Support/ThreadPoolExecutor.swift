import Dispatch
import Foundation

/// A task executor with threads of its own, for tasks that must run at the same time.
///
/// The cooperative pool runs only as many tasks at once as there are cores, and the tests running
/// alongside hold its threads (a synchronous test blocks one while it waits), so tasks on it may run
/// one after another. Tasks that prefer this executor run `width` at a time, and a task blocked in a
/// deadlock blocks one of these threads rather than one of the pool's.
final class ThreadPoolExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    /// Guarded by `condition`.
    private var jobs: [UnownedJob] = []
    /// Guarded by `condition`.
    private var isShutDown = false

    init(width: Int) {
        for _ in 0..<width {
            Thread { self.work() }.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Runs `operation` as a task on this executor (its child tasks too) and returns its value, or
    /// nil when it has not finished within `timeout`. The task keeps running (a resolve blocked in a
    /// deadlock cannot be cancelled), so a hang fails the test rather than the whole run. Neither the
    /// deadline (a Dispatch timer) nor the task's end needs a thread of the cooperative pool, so a
    /// busy pool cannot make finished work look late.
    func run<T: Sendable>(
        within timeout: DispatchTimeInterval, _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T? {
        let resumed = Locked(false)
        /// Whether the caller is the first to end the wait.
        @Sendable func claim() -> Bool {
            resumed.withLock { isResumed in
                defer { isResumed = true }
                return !isResumed
            }
        }
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T?, any Error>) in
            Task(executorPreference: self) {
                do {
                    let value = try await operation()
                    if claim() { continuation.resume(returning: value) }
                } catch {
                    if claim() { continuation.resume(throwing: error) }
                }
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
                if claim() { continuation.resume(returning: nil) }
            }
        }
    }

    /// Lets the threads end once the jobs enqueued so far have run.
    func shutDown() {
        condition.lock()
        isShutDown = true
        condition.broadcast()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while jobs.isEmpty, !isShutDown { condition.wait() }
            guard !jobs.isEmpty else {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
