/// The top-level resolves running on this thread, innermost first, so that a resolve started from user
/// code (an `init()`, a `didSet`, a factory) inside another can tell when it would build again what an
/// enclosing one is still building. Each run's record lives on its caller's stack and names the one it
/// was started in (`ProgramRun.outer`); the thread's cell names the innermost. A run started inside
/// another checks once, before it runs, that nothing it may build is being built around it: those
/// resolves wait for it, so that stays true.
enum ActiveResolutions {
    /// A thread's cell: the address of its innermost run (see `StackReference(runAt:)`), or 0.
    typealias Cell = ThreadLocalWord
    typealias Key = ThreadLocalKey

    /// A lazy global, each read a `swift_once` check: programs and registries keep a copy, which the
    /// resolves they run pass on (see `enter` and `resolution(at:serial:key:)`).
    static let key = ThreadLocalWord.makeKey()

    /// This thread's cell, made on its first resolve; nil when the system has no key or cannot
    /// store the cell (resolves then run without re-entry checks, which is never unsafe).
    @inline(__always)
    private static func cell(under key: Key?) -> Cell? {
        guard let key else { return nil }
        return ThreadLocalWord.current(under: key)
    }

    @inline(__always)
    static func innermost(under key: Key?) -> StackReference<ProgramRun>? {
        cell(under: key).flatMap { StackReference(runAt: $0.value) }
    }

    /// Makes `run` the innermost resolve on this thread, linked inside the enclosing one; returns the cell,
    /// or nil when a resolve around it builds what the program may make (the caller then runs its variant,
    /// which fails as a cycle: see `builtOutside(by:key:)`). Without a cell, the run goes unrecorded.
    @inline(__always)
    static func enter(_ run: StackReference<ProgramRun>, key: Key?) -> Cell?? {
        guard let cell = cell(under: key) else { return .some(nil) }
        if let innermost = StackReference(runAt: cell.value) {
            guard link(run, inside: innermost) else { return nil }
        }
        cell.value = run.address
        return cell
    }

    /// Links `run` to `enclosing` unless a resolve from there out builds what `run` may build.
    @inline(never)
    private static func link(_ run: StackReference<ProgramRun>, inside enclosing: StackReference<ProgramRun>) -> Bool {
        guard !run.pointee.program.mayBuild(where: { isBuilt($0, from: enclosing) }) else { return false }
        run.pointee.outer = enclosing
        return true
    }

    /// What `program` may build that an enclosing resolve on this thread is still building: where
    /// the variant of a program `enter` refused to link fails (see `ProgramVariant.builtOutside`).
    static func builtOutside(by program: ResolveProgram, key: Key?) -> [ObjectIdentifier] {
        guard let innermost = innermost(under: key) else { return [] }
        return program.built { isBuilt($0, from: innermost) }
    }

    /// Whether `enclosing` or a resolve around it builds an object of `producer` or runs its factory.
    private static func isBuilt(_ producer: ObjectIdentifier, from enclosing: StackReference<ProgramRun>) -> Bool {
        anyEnclosing(from: enclosing) { outer in
            outer.isConstructing(producer)
        } orProgram: { outerRun in
            outerRun.isBuilding(producer)
        }
    }

    @inline(__always)
    static func leave(_ cell: Cell?, restoring outer: StackReference<ProgramRun>?) {
        cell?.value = outer?.address ?? 0
    }

    /// The state of the resolution at `address` numbered `serial`, if a run on this thread calls a closure
    /// in it: only records linked from the thread's cell are read, each in a live frame of this thread.
    @inline(__always)
    static func resolution(at address: UInt, serial: UInt, key: Key?) -> Resolution? {
        var next = innermost(under: key)
        while let run = next {
            if let state = run.pointee.calledResolution, state.address == address {
                return state.pointee.serial == serial ? state : nil
            }
            next = run.pointee.outer
        }
        return nil
    }

    /// Whether a resolve enclosing `state` on this thread runs `producer`'s factory: a factory starting
    /// a fresh resolve (`Provider.get()`, a captured container) that needs it again would start it
    /// forever, as that resolve sees none of the enclosing one's instances. What the run owning `state`
    /// builds around its closure's call is not outside it.
    static func isConstructing(_ producer: AnyProducer, outside state: Resolution) -> Bool {
        // A program's building range of a factory is its call.
        anyEnclosing(from: state.pointee.outer) {
            $0.isConstructing(producer)
        } orProgram: {
            $0.isBuilding(producer)
        }
    }

    /// Whether `first`, or a resolve it was started in, passes `test` (the resolution it is
    /// calling a closure in) or `testProgram` (the run, or a nested run in that resolution).
    private static func anyEnclosing(
        from first: StackReference<ProgramRun>?, _ test: (inout ResolutionState) -> Bool,
        orProgram testProgram: (ProgramRun) -> Bool
    ) -> Bool {
        // Every `outer` record is in a frame of this thread's stack enclosing this one: alive.
        var next = first
        while let run = next {
            if let called = run.pointee.calledResolution {
                if test(&called.pointee) { return true }
                // Its nested runs are on this thread's stack too, in frames the run's enclose.
                var nested = called.pointee.innermostNestedRun
                while let nestedRun = nested {
                    if testProgram(nestedRun.pointee) { return true }
                    nested = nestedRun.pointee.enclosingNestedRun
                }
            }
            if testProgram(run.pointee) { return true }
            next = run.pointee.outer
        }
        return false
    }
}
