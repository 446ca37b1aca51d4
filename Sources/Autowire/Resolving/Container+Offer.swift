/// Objects with a lifecycle of their own, offered to the graph.
extension Container {
    /// Offers an object created elsewhere to everything resolved later, held weakly.
    ///
    /// `type` must be bound with ``BindingBuilder/toOfferedInstance()`` in this container or an
    /// ancestor. Offering again replaces the previous object.
    public func offer<T>(_ instance: T, as type: T.Type = T.self) throws(ResolutionError) {
        let key = BindingKey(T.self, tag: nil)
        guard let producer = try? registry.producer(for: key) as? OfferedProducer<T> else {
            throw ResolutionError(.notOfferable(key))
        }
        guard Swift.type(of: instance as Any) is AnyClass else { throw ResolutionError(.offeredValueIsNotObject(key)) }
        try ResolutionError.catching { try producer.offer(instance as AnyObject) }
    }
}
