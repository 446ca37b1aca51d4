/// A program region's staged object, published by a creation of the resolution the program joined (see
/// `ResolveProgram.ScopeRegion.framed`); the scope's `publish` and `discard` release its creation lock.
final class ScopePublication: PendingPublication {
    private let scope: ProgramScope

    init(_ scope: ProgramScope) { self.scope = scope }

    func publish() { scope.publish() }

    func discard() { scope.discard() }
}
