/// What a variant of a root's program is lowered for: what is being made around the resolve it runs
/// in, which the program itself would make again. The variant meets each such producer where the
/// program would make it, and waits for it or fails there (see `Registry.variant(of:for:_:)`, which
/// lowers each once).
struct ProgramVariant: Hashable {
    /// For a nested program: the factories it calls that are running in the resolution it is asked
    /// from, because a closure one of them called while making its arguments asked for the root.
    /// A property that asks for one waits for its product (see `WaitForRunningFactory`).
    var waitsFor: [ObjectIdentifier] = []
    /// For a top-level program started from user code inside another resolve on its thread: the
    /// objects and factories the program makes that a resolve around it is still making. Making
    /// one again fails as a cycle (see `BuiltOutside`).
    var builtOutside: [ObjectIdentifier] = []

    /// Whether it is the program itself.
    var isEmpty: Bool { waitsFor.isEmpty && builtOutside.isEmpty }
}
