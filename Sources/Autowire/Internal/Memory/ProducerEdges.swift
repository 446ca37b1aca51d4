// A producer's static dependencies (`edges`) and keys found missing (`absentKeys`): written by the plan
// compiler, read by validation, graph export and the registry.
//
// `AnyProducer` stores both unchecked for exclusivity (see its `edges`), so every access is unsafe. These
// members are safe under two invariants:
// - One writer, before publication: only a plan compiler writes, under its registry's `table` write lock,
//   before the producer is committed; others read it once published (see `AnyProducer`'s `Sendable:`).
// - Instantaneous accesses: each member reads or writes the array and returns, calling nothing that could
//   reach the producer (appending or reserving releases nothing), and readers get a copy, not a borrow a
//   caller's loop could hold open. So no two accesses on one thread overlap.
extension AnyProducer {
    /// The producer's edges, in the order they were compiled: a copy to iterate or search.
    var compiledEdges: [Edge] { unsafe edges }

    var edgeCount: Int { unsafe edges.count }

    func edge(at index: Int) -> Edge { unsafe edges[index] }

    /// Returns `edge`'s index. Only while compiling.
    @discardableResult
    func appendEdge(_ edge: Edge) -> Int {
        unsafe edges.append(edge)
        return unsafe edges.count - 1
    }

    func reserveEdgeCapacity(_ count: Int) { unsafe edges.reserveCapacity(count) }

    var compiledAbsentKeys: [BindingKey] { unsafe absentKeys }

    /// Only while compiling.
    func addAbsentKeys(_ keys: [BindingKey]) { unsafe absentKeys += keys }
}
