/// What a variant of a root's program is lowered for: what is being made around the resolve it runs in,
/// which the program would make again. It waits for or fails at each such producer where the program would
/// make it (see `Registry.variant(of:for:_:)`, which lowers each variant once).
struct ProgramVariant: Hashable {
    /// For a nested program: its factories running in the asking resolution (a closure one called while
    /// making its arguments asked for the root). A property asking for one waits (see `WaitForRunningFactory`).
    var waitsFor: [ObjectIdentifier] = []
    /// For a top-level program started inside another resolve on its thread: what it makes that the outer
    /// resolve is still making; making one again fails as a cycle (see `BuiltOutside`).
    var builtOutside: [ObjectIdentifier] = []

    /// Whether it is the program itself.
    var isEmpty: Bool { waitsFor.isEmpty && builtOutside.isEmpty }
}
