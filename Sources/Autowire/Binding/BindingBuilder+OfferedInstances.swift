/// Objects with a lifecycle of their own, offered to the container at run time.
extension BindingBuilder {
    /// Declares that instances come from outside the container (a screen, a connection), offered
    /// at run time with ``Container/offer(_:as:)`` and held weakly.
    ///
    /// ```swift
    /// let container = try Container { binder in
    ///     binder.bind(CheckoutScreen.self).toOfferedInstance()
    /// }
    /// try container.offer(screen)   // later resolves receive it while it lives
    /// ```
    ///
    /// After the object is released, required dependencies on it fail with
    /// `unavailable-instance`; `.optional` ones are left nil.
    public func toOfferedInstance() {
        let key = key
        let location = location
        finish { compiler, register in
            // Validation's copy of a container sees what was offered to the container itself.
            let original = (try? compiler.registry.original?.producer(for: key)) as? OfferedProducer<Value>
            let producer = OfferedProducer<Value>(
                key: key, location: location, registry: compiler.registry, inherited: original)
            if register { compiler.register(producer) }
            return producer
        }
    }
}
