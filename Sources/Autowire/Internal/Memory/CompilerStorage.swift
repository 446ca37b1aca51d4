/// The state a plan compiler reads and writes several times for every class it compiles: its
/// producer tables, the resolution path and the stack of fills still to compile. `PlanCompiler`
/// inherits it, so that it costs no allocation of its own.
///
/// Unchecked for exclusivity (the run-time check cost about 70 instructions an access): no two
/// accesses can overlap, for two reasons this type guarantees, not its callers:
///
/// - **Private storage, instantaneous accesses.** Each member reads or writes a table, the path or
///   the stack and returns: none yields the storage (no `inout`, `_modify` or closure over it), and
///   none calls code that could come back here during the access (hashing a `BindingKey` and
///   growing an array are the library's leaf code; what `nextFill(above:)` returns runs after the
///   access). No access frees an object, which could run a `deinit`: a replaced producer is still
///   held by the compiler's `registered`, and a table let go of is shared with the registry's.
/// - **One thread.** Not `Sendable`: a compiler lives for one compilation, on the thread holding
///   its registry's `table` write lock.
class CompilerStorage {
    /// The registry's producers when the compilation started: read, never added to (adding would
    /// copy the whole table for every new root, making n roots' compilation quadratic).
    @exclusivity(unchecked) private var committed: [BindingKey: AnyProducer]
    /// The producers compiled now, by key: what the registry commits if nothing failed.
    @exclusivity(unchecked) private var compiled: [BindingKey: AnyProducer] = [:]
    /// The resolution path of the dependency being compiled (see `lazyPath`).
    @exclusivity(unchecked) private var path: PathComponent?
    /// The classes met whose property fills are not compiled yet.
    @exclusivity(unchecked) private var pendingFills = PendingFills()

    /// Storage adding to `committed`, with room for `count` compiled producers when more than 0.
    init(committed: [BindingKey: AnyProducer], reservingRoomFor count: Int) {
        unsafe self.committed = committed
        if count > 0 {
            // One allocation, rather than one per doubling.
            unsafe compiled = Dictionary(minimumCapacity: count)
        }
    }

    /// The producer registered for `key`, now or before this compilation.
    final func producer(registeredFor key: BindingKey) -> AnyProducer? { unsafe compiled[key] ?? committed[key] }

    /// Registers `producer`, compiled now, under its key.
    final func insertCompiled(_ producer: AnyProducer) { unsafe compiled[producer.key] = producer }

    /// Every producer: those registered before this compilation and those compiled now.
    final var table: [BindingKey: AnyProducer] { unsafe committed.merging(compiled) { _, new in new } }

    /// The producers registered before this compilation.
    final var committedTable: [BindingKey: AnyProducer] { unsafe committed }

    /// Adds the producers compiled now to `table`, the registry's (never this storage's own); the
    /// storage is spent. It lets go of `committed` first, which shares the table's storage and
    /// would make the merge copy it.
    final func commit(into table: inout [BindingKey: AnyProducer]) {
        unsafe committed = [:]
        guard unsafe table.count < compiled.count else {
            // A loop, not `merge`, which goes through a lazy map of the pairs.
            for (key, producer) in unsafe compiled { table[key] = producer }
            return
        }
        // Fewer before than now (a fresh container's first compilation): those are inserted
        // into the new ones instead, which are then the table.
        var merged = unsafe compiled
        unsafe compiled = [:]
        for (key, producer) in table where merged[key] == nil { merged[key] = producer }
        table = merged
    }

    /// The resolution path of the dependency being compiled, as `Type.property` components. Built
    /// lazily: naming costs microseconds (`String(describing:)`), and a path is read only when a
    /// problem is reported. A linked list, so that a class whose fills are compiled later keeps the
    /// path it was met on without a copy.
    final var lazyPath: PathComponent? {
        get { unsafe path }
        set { unsafe path = newValue }
    }

    /// How many classes have fills left on the stack.
    final var pendingFillsDepth: Int { unsafe pendingFills.depth }

    /// Puts the fills of a class met on top of the stack, to compile next.
    final func pushFills(_ entry: PendingFills.Entry) { unsafe pendingFills.push(entry) }

    /// What to do next with the classes above the first `base` (see `PendingFills.next(above:)`).
    final func nextFill(above base: Int) -> PendingFills.Step? { unsafe pendingFills.next(above: base) }
}
