/// The state a plan compiler reads and writes several times a class: producer tables, resolution path,
/// stack of fills to compile. `PlanCompiler` inherits it, so it costs no allocation of its own.
///
/// Unchecked for exclusivity (the run-time check cost ~70 instructions an access). Invariant, kept here,
/// not by callers: no two accesses overlap.
/// - Each member accesses the private storage and returns: none yields it (no `inout`, `_modify` or
///   closure over it), calls code that could come back (hashing a `BindingKey`, growing an array are leaf
///   code; what `nextFill(above:)` returns runs after the access), or frees an object whose `deinit` could
///   run (a replaced producer stays in the compiler's `registered`; a dropped table is the registry's too).
/// - One thread: not `Sendable`; a compiler lives for one compilation, under the `table` write lock.
class CompilerStorage {
    /// The producers at the start. Never added to: it would copy the whole table per new root (quadratic).
    @exclusivity(unchecked) private var committed: [BindingKey: AnyProducer]
    /// The producers compiled now, by key: what the registry commits if nothing failed.
    @exclusivity(unchecked) private var compiled: [BindingKey: AnyProducer] = [:]
    @exclusivity(unchecked) private var path: PathComponent?
    /// The classes met whose property fills are not compiled yet.
    @exclusivity(unchecked) private var pendingFills = PendingFills()

    init(committed: [BindingKey: AnyProducer], reservingRoomFor count: Int) {
        unsafe self.committed = committed
        if count > 0 {
            // One allocation, rather than one per doubling.
            unsafe compiled = Dictionary(minimumCapacity: count)
        }
    }

    final func producer(registeredFor key: BindingKey) -> AnyProducer? { unsafe compiled[key] ?? committed[key] }

    final func insertCompiled(_ producer: AnyProducer) { unsafe compiled[producer.key] = producer }

    final var table: [BindingKey: AnyProducer] { unsafe committed.merging(compiled) { _, new in new } }

    final var committedTable: [BindingKey: AnyProducer] { unsafe committed }

    /// Adds the compiled producers to the registry's `table`, spending this storage. Drops `committed` first:
    /// it shares the table's storage and would make the merge copy it.
    final func commit(into table: inout [BindingKey: AnyProducer]) {
        unsafe committed = [:]
        guard unsafe table.count < compiled.count else {
            // A loop, not `merge`, which goes through a lazy map of the pairs.
            for (key, producer) in unsafe compiled { table[key] = producer }
            return
        }
        // Fewer before than now (a fresh container's first compilation): insert those into the new ones.
        var merged = unsafe compiled
        unsafe compiled = [:]
        for (key, producer) in table where merged[key] == nil { merged[key] = producer }
        table = merged
    }

    /// The path being compiled, as `Type.property` components. Lazy: naming costs microseconds, and only a
    /// reported problem reads it. A linked list: a class whose fills compile later keeps its path uncopied.
    final var lazyPath: PathComponent? {
        get { unsafe path }
        set { unsafe path = newValue }
    }

    final var pendingFillsDepth: Int { unsafe pendingFills.depth }

    final func pushFills(_ entry: PendingFills.Entry) { unsafe pendingFills.push(entry) }

    /// What to do next with the classes above the first `base` (see `PendingFills.next(above:)`).
    final func nextFill(above base: Int) -> PendingFills.Step? { unsafe pendingFills.next(above: base) }
}
