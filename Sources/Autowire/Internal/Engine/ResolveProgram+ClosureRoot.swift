// A closure root's run: its program is the closure's call, made in a resolution the run starts on
// its stack; validation's probes run in one the same way.

extension ResolveProgram {
    /// Runs the program of a closure root, `run`: the call of `root`'s closure in a resolution the
    /// run starts at once, where the closure's `Resolver` runs nested programs (one `.graph`
    /// instance across them), checked against the resolves this one was started in. For a kept
    /// object (`ProgramKind.rootForKeptObject`), all it makes holds the container weakly.
    @inline(never)
    func callClosure(of root: AnyProducer?, _ run: StackReference<ProgramRun>)
        throws(ResolutionError) -> ObjectWord
    {
        guard let root else {
            throw ResolutionError(.internalInconsistency("a closure root's program ran without its root"))
        }
        return try inOwnResolution(of: run) { resolution throws(ResolutionError) in
            // The word takes over the reference as the call hands it back: made after the resolve
            // ends, it would cost a retain and a release.
            try ResolutionError.catching { ObjectWord(owning: try root.produceRecorded(resolution)) }
        } discarding: { made in
            made.release()
        }
    }

    /// Runs `body` in a resolution of its own, as a closure root's call runs: validation probes in
    /// one, whose objects `body` reads before the resolution ends.
    static func inResolution<Result>(_ body: (Resolution) throws(ResolutionError) -> Result)
        throws(ResolutionError) -> Result
    {
        let program = rootClosureCall
        var record = ProgramRun(program: program, request: nil)
        return try StackReference.with(&record) { run throws(ResolutionError) in
            // The program builds nothing itself, so the run links inside any resolve around it.
            let cell = ActiveResolutions.enter(run, key: program.activeResolutionsKey) ?? nil
            defer { ActiveResolutions.leave(cell, restoring: run.pointee.outer) }
            return try program.inOwnResolution(of: run, body)
        }
    }

    /// Runs `body` in a resolution that `run` (of `rootClosureCall`, which builds nothing itself)
    /// calls it in throughout: completed when `body` returns (`discard` drops the result if that
    /// fails), abandoned when it throws.
    @inline(__always)
    private func inOwnResolution<Result>(
        of run: StackReference<ProgramRun>, _ body: (Resolution) throws(ResolutionError) -> Result,
        discarding discard: (Result) -> Void = { _ in }
    ) throws(ResolutionError) -> Result {
        try ResolutionSpace.with { space throws(ResolutionError) in
            let resolution = try space.start(for: run)
            run.pointee.calledResolution = resolution
            defer { run.pointee.calledResolution = nil }
            let result: Result
            do throws(ResolutionError) {
                result = try body(resolution)
            } catch {
                resolution.abandon()
                throw error
            }
            do throws(ResolutionError) {
                try resolution.complete()
            } catch {
                discard(result)
                throw error
            }
            return result
        }
    }
}
