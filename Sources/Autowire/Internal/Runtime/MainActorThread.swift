import Dispatch

/// Where the main actor runs: the main queue, or the main thread outside any queue. Plans with main-actor
/// dependencies fill only there; elsewhere they throw, not race or trap in `MainActor.assumeIsolated`.
/// Asked of the system each check, not remembered from the compiling thread (maybe off the main actor).
/// The main queue counts on its own: after `dispatch_main()` (`swift test` on Linux) a worker drains it.
struct MainActorThread: Sendable {
    var isCurrent: Bool {
        if DispatchQueue.getSpecific(key: mainQueueMarker.key) != nil { return true }
        return CurrentThread.isMain
    }
}

/// Marks the main queue once, so that `DispatchQueue.getSpecific` tells whether code runs on it.
private let mainQueueMarker: MainQueueMarker = {
    let marker = MainQueueMarker()
    DispatchQueue.main.setSpecific(key: marker.key, value: true)
    return marker
}()

private final class MainQueueMarker: Sendable {
    let key = DispatchSpecificKey<Bool>()
}
