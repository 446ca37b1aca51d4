import Dispatch

/// Where the main actor runs: the main queue, or the main thread outside any queue.
///
/// Plans with main-actor dependencies fill only there; anywhere else they throw instead of racing
/// or trapping in `MainActor.assumeIsolated`. Asked of the system on every check, not remembered
/// from the thread that compiled the plan, which may be off the main actor (a first resolve from a
/// background task). The main queue counts on its own: after `dispatch_main()` (as under
/// `swift test` on Linux) a worker thread drains it, not the main thread.
struct MainActorThread: Sendable {
    init() {}

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
