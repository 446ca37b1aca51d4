import Dispatch
import Foundation

/// Whether the caller runs where the main actor runs: on the main thread, or on the main queue,
/// which after `dispatch_main()` (as under `swift test` on Linux) is drained by a worker thread, so
/// that `Thread.isMainThread` alone is false inside a `@MainActor` test there.
///
/// The tests' own check, so that a test of the library's main-actor handling does not ask the
/// library where it runs.
func runsOnMainActor() -> Bool {
    Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) != nil
}

/// Marks the main queue once, so that `DispatchQueue.getSpecific` tells whether code runs on it.
private let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
}()
