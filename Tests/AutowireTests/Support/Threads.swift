import Dispatch
import Foundation
import Synchronization

/// Runs `body` on `count` new threads that all start it at the same moment (they spin on a gate
/// until every one of them is ready), and waits for them at most `timeout`.
///
/// Returns whether every thread finished in time; threads that did not keep running, so a
/// deadlock fails the test rather than hanging the run.
func runOnThreads(
    _ count: Int, timeout: DispatchTimeInterval = .seconds(60), _ body: @escaping @Sendable (_ thread: Int) -> Void
) -> Bool {
    let gate = Gate(expected: count)
    let finished = DispatchGroup()
    for index in 0..<count {
        finished.enter()
        let thread = Thread {
            gate.arriveAndWait()
            body(index)
            finished.leave()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }
    return finished.wait(timeout: .now() + timeout) == .success
}

/// A one-shot barrier: the last thread to arrive opens it for all.
private final class Gate: Sendable {
    private let expected: Int
    private let arrived = Atomic<Int>(0)
    private let isOpen = Atomic<Bool>(false)

    init(expected: Int) { self.expected = expected }

    func arriveAndWait() {
        if arrived.add(1, ordering: .acquiringAndReleasing).newValue == expected {
            isOpen.store(true, ordering: .releasing)
        }
        while !isOpen.load(ordering: .acquiring) { sched_yield() }
    }
}

/// What `resolve` returns on each of `count` threads started at once (see `runOnThreads`), kept
/// alive together in the array; nil when a thread did not finish in time. A resolve that throws
/// adds nothing, so a test that expects `count` results sees it.
func resolvedOnThreads<T>(_ count: Int, _ resolve: @escaping @Sendable () throws -> T) -> [T]? {
    let results = Locked<[T]>([])
    let finished = runOnThreads(count) { _ in
        guard let value = try? resolve() else { return }
        results.withLock { $0.append(value) }
    }
    return finished ? results.withLock { $0 } : nil
}
