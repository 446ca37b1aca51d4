/// The object a program's region staged in its scope, as a creation of the resolution the program
/// joined publishes it (see `ResolveProgram.ScopeRegion.framed`): the scope's `publish` and
/// `discard` release its creation lock themselves.
final class ScopePublication: PendingPublication {
    private let scope: ProgramScope

    init(_ scope: ProgramScope) { self.scope = scope }

    func publish() { scope.publish() }

    func discard() { scope.discard() }
}
