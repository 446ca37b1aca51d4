// The creation frames of a resolve, and the publications and hooks that wait for its end.

extension ResolutionState {
    /// Starts a singleton creation, or an object whose hook waits until what it reads is complete.
    mutating func beginCreation() {
        creationFrames.append(CreationFrame(start: registrations))
    }

    /// Whether what is made now is an object the container keeps or made inside its creation.
    var isMakingKeptObject: Bool { keptCreations > 0 }

    /// Ends the innermost frame, which staged `creation`'s object (a singleton's or custom scope's) or ran
    /// a nested program. If it read nothing still under construction outside itself, its hooks run (objects
    /// reached first, first), then its objects are published; else both wait for the enclosing frame or the
    /// resolve's end. A hook's error discards the frame's objects.
    mutating func endCreation(_ creation: ProgramScope?) throws(ResolutionError) {
        guard var frame = creationFrames.popLast() else {
            creation?.publish()
            return
        }
        if let creation { frame.deferred.append(creation) }
        if frame.earliestRead >= frame.start {
            do {
                for pending in frame.hooks { try pending.run() }
            } catch {
                for deferred in frame.deferred.reversed() { deferred.discard() }
                throw error
            }
            for finished in frame.deferred { finished.publish() }
        } else if creationFrames.isEmpty {
            let pendingWork = pending()
            pendingWork.creationsDeferredToEnd += frame.deferred
            pendingWork.hooksDeferredToEnd += frame.hooks
        } else {
            let outer = creationFrames.count - 1
            creationFrames[outer].deferred += frame.deferred
            creationFrames[outer].hooks += frame.hooks
            creationFrames[outer].earliestRead = min(creationFrames[outer].earliestRead, frame.earliestRead)
        }
    }

    /// Adds `hook` to the innermost frame (see `ResolveProgram.deferHook`).
    mutating func deferHook(_ hook: PendingHook) {
        guard !creationFrames.isEmpty else { return }
        creationFrames[creationFrames.count - 1].hooks.append(hook)
    }

    /// Ends the innermost frame, which failed: its singletons and what was deferred to it (which
    /// read into it) are discarded, its hooks never run.
    mutating func abandonCreation() {
        guard let frame = creationFrames.popLast() else { return }
        for deferred in frame.deferred.reversed() { deferred.discard() }
    }

    /// Notes that the innermost frame read an outside object, maybe unfinished (see `ScopeRegion.framed`).
    mutating func noteReadOutside() { noteWaitingFill() }

    /// Ends the frames above the first `count`, which failed (see `abandonCreation`).
    mutating func abandonCreations(downTo count: Int) {
        while creationFrames.count > count { abandonCreation() }
    }

    /// Notes, for the innermost frame, that an object it made still waits for a running factory:
    /// its hooks and singletons wait until the end of the resolve.
    mutating func noteWaitingFill() {
        guard !creationFrames.isEmpty else { return }
        creationFrames[creationFrames.count - 1].earliestRead = -1
    }

    /// Mutating, not a getter, so that it reads the state by address (see `ResolutionState`).
    mutating func hasWorkDeferredToEnd() -> Bool {
        guard let pendingWork else { return false }
        return !pendingWork.creationsDeferredToEnd.isEmpty || !pendingWork.hooksDeferredToEnd.isEmpty
    }

    /// Runs the hooks deferred to the end of this successful resolve, then publishes the deferred
    /// singletons, releasing their locks. A hook's error discards everything deferred.
    mutating func completeDeferred() throws(ResolutionError) {
        guard let pendingWork else { return }
        let hooks = pendingWork.hooksDeferredToEnd
        pendingWork.hooksDeferredToEnd = []
        do {
            for pending in hooks { try pending.run() }
        } catch {
            discardDeferred()
            throw error
        }
        let finished = pendingWork.creationsDeferredToEnd
        pendingWork.creationsDeferredToEnd = []
        for creation in finished { creation.publish() }
    }

    /// Discards what a failed resolve deferred, releasing the locks it kept; runs no hook.
    mutating func discardDeferred() {
        while let frame = creationFrames.popLast() {
            for deferred in frame.deferred.reversed() { deferred.discard() }
        }
        guard let pendingWork else { return }
        pendingWork.hooksDeferredToEnd = []
        let finished = pendingWork.creationsDeferredToEnd
        pendingWork.creationsDeferredToEnd = []
        for creation in finished { creation.discard() }
    }
}
