/// The state a plan compiler reads and writes several times for every class it compiles: its
/// producer tables, the resolution path and the stack of fills still to compile. `PlanCompiler`
/// inherits it, so that it costs no allocation of its own.
///
/// Stored unchecked for exclusivity: the run-time check cost about 70 instructions an access. The
/// check can only find overlapping accesses, and none can happen, for two reasons this type
/// guarantees rather than its callers:
///
/// - **The storage is private, and every access to it is instantaneous.** The members below read
///   or write a table, the path or the stack and return: none yields the storage to its caller
///   (no `inout`, no `_modify`, no closure over it), and none calls code that could come back here
///   while the access lasts (hashing a `BindingKey` and growing an array are the library's own
///   leaf code; what `nextFill(above:)` hands back is run by the caller after the access ended).
///   No access frees an object either, which could run a `deinit`: a replaced producer is still
///   held by the compiler's `registered`, and a table let go of is shared with the registry's.
/// - **One thread.** The type is not `Sendable`: a compiler lives for one compilation, on the
///   thread that holds its registry's `table` write lock.
class CompilerStorage {
    /// The registry's producers when the compilation started: read, never added to. (Copied and
    /// added to, as it was, a table was copied whole for every new root, which made compiling n
    /// roots one after another quadratic.)
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
            // One allocation, where growing from empty made one per doubling (a fresh container's
            // first resolve: about 2,000 instructions and 4 allocations more).
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
    /// storage is spent. It lets go of `committed` first: sharing the table's storage, it would
    /// make the merge copy it.
    final func commit(into table: inout [BindingKey: AnyProducer]) {
        unsafe committed = [:]
        guard unsafe table.count < compiled.count else {
            // A loop: `merge` went through a lazy map of the pairs, about 400 instructions more.
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

    /// The resolution path of the dependency being compiled, as `Type.property` components.
    /// Built lazily: naming a property or type costs microseconds (`String(describing:)`), and a
    /// path is only read when a problem is reported. A linked list, so that a class whose fills
    /// are compiled later keeps the path it was met on without copying it.
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
