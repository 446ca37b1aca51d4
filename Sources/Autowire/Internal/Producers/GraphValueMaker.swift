/// What makes a `.graph` producer's value when a resolve needs a new one (see
/// `Resolution.graphValue`).
protocol GraphValueMaker {
    associatedtype Value
    /// Makes one new value in `resolution`; the caller records it.
    func make(in resolution: Resolution) throws -> Value
}
