import Dispatch

/// Where the main actor runs: the main queue, or the main thread outside any queue.
///
/// Plans with main-actor dependencies fill only there; anywhere else they are refused with an
/// error instead of racing, or trapping in `MainActor.assumeIsolated`. Asked of the system on
/// every check rather than remembered from the thread that compiled the plan: a plan can be
/// compiled off the main actor (a first resolve from a background task), and remembering that
/// thread let every later fill on it through to the trap. The main queue matters on its own
/// because after `dispatch_main()` (as under `swift test` on Linux) it is drained by a worker
/// thread, not the main thread.
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
