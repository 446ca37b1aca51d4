/// How a `.graph` producer's values are recorded in a resolution and read back (see
/// `Resolution.graphValue`): a `Producer<T>` boxes what is not a class reference; a class's
/// objects made as objects (`RecordedObjects`) are recorded as they are.
///
/// A protocol rather than two closures, which would retain and release the producer they capture
/// on every object made.
protocol GraphValueRecording {
    associatedtype Value
    /// A recorded instance as a value.
    func value(from recorded: AnyObject) throws -> Value
    /// A value as the resolution records it.
    func reference(for value: Value) -> AnyObject
}

extension Producer: GraphValueRecording {}

/// Objects recorded as they are: what an `ObjectClosureProducer` makes.
struct RecordedObjects: GraphValueRecording {
    @inline(__always)
    func value(from recorded: AnyObject) -> AnyObject { recorded }

    @inline(__always)
    func reference(for value: AnyObject) -> AnyObject { value }
}
