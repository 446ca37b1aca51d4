// A producer's static dependencies (`edges`) and the keys it found missing (`absentKeys`), as the
// plan compiler writes them and validation, graph export and the registry read them.
//
// `AnyProducer` stores both unchecked for exclusivity (see its `edges`), so every access is unsafe.
// These members, the accesses made outside the engine, are safe under two invariants:
//
// - **One writer, before publication.** Only a plan compiler writes them, under its registry's
//   `table` write lock, before the producer is committed; others read a producer once it is
//   published (see `AnyProducer`'s `Sendable:` comment). So no write races a read.
// - **Every access is instantaneous.** Each member reads or writes the array and returns: none
//   calls a closure, user code or anything that could reach the same producer during the access
//   (appending an `Edge` releases nothing; reserving moves the edges), and readers get a copy
//   (one retain), not a borrow a caller's loop could hold open. So no two accesses on one thread
//   overlap, which is all the exclusivity check would prove.
extension AnyProducer {
    /// The producer's edges, in the order they were compiled: a copy to iterate or search.
    var compiledEdges: [Edge] { unsafe edges }

    /// How many edges the producer has.
    var edgeCount: Int { unsafe edges.count }

    /// The edge at `index`, which must be below `edgeCount` (like an array's subscript).
    func edge(at index: Int) -> Edge { unsafe edges[index] }

    /// Adds `edge` after the others and returns its index. Called only while compiling.
    @discardableResult
    func appendEdge(_ edge: Edge) -> Int {
        unsafe edges.append(edge)
        return unsafe edges.count - 1
    }

    /// Makes room for `count` edges at once, before a class's fills are compiled.
    func reserveEdgeCapacity(_ count: Int) { unsafe edges.reserveCapacity(count) }

    /// The keys the producer looked for while compiling and found nothing to provide.
    var compiledAbsentKeys: [BindingKey] { unsafe absentKeys }

    /// Adds `keys` to those found missing. Called only while compiling.
    func addAbsentKeys(_ keys: [BindingKey]) { unsafe absentKeys += keys }
}
