/// Something created inside a creation that is not finished yet, made visible only when it is.
protocol PendingPublication: AnyObject {
    func publish()
    func discard()
}

extension SingletonCreation where Self: PendingPublication {
    /// Publishes what a program staged (see `ProgramScope.stage`), then lets waiting threads in.
    func publishStaged() {
        publish()
        creationLock.unlock()
    }

    /// Drops what a resolve program staged, then lets waiting threads in.
    func discardStaged() {
        discard()
        creationLock.unlock()
    }
}
