/// Typed factories: functions whose parameters the container resolves.
extension BindingBuilder {
    /// Binds to a function, usually an initializer, whose parameters the container resolves.
    ///
    /// ```swift
    /// binder.bind(Mailer.self).to(factory: SMTPMailer.init)   // init(settings:logger:)
    /// ```
    ///
    /// Any number of parameters works. Each is resolved by its type, or by its tag when written
    /// as ``Tagged``, and building the container checks that every one can be provided. Without
    /// ``scoped(_:)`` the factory runs once per top-level resolve (``Scope/graph``).
    public func to<each Parameter, Implementation>(
        factory: @escaping @Sendable (repeat each Parameter) throws -> Implementation
    ) {
        let binding = TypedFactoryBinding(
            value: Value.self, key: key, location: location, scope: scope ?? .graph, factory: factory)
        finish(binding.compile)
    }
}

/// Assisted factories: a runtime seed first, then resolved parameters.
extension BindingBuilder {
    /// Binds an ``AssistedFactory`` to a function whose first parameter is the seed and whose
    /// other parameters the container resolves.
    ///
    /// ```swift
    /// binder.bind(AssistedFactory<String, Mailer>.self).to(assisted: SMTPMailer.init)   // init(host:logger:)
    /// let mailer = try container.resolve(AssistedFactory<String, Mailer>.self).make("smtp.example.com")
    /// ```
    public func to<Seed, T, each Parameter, Implementation>(
        assisted factory: @escaping @Sendable (Seed, repeat each Parameter) throws -> Implementation
    ) where Value == AssistedFactory<Seed, T> {
        let key = key
        let location = location
        let target = SeededFactoryBinding<T, Seed, repeat each Parameter, Implementation>(
            location: location, factory: factory)
        finish { compiler, register in
            let made = target.producer(compiler)
            let producer = DeferredProducer(key: key, registry: compiler.registry, target: made.0) { handle in
                AssistedFactory<Seed, T>(handle: handle)
            }
            if register { compiler.register(producer) }
            target.compileArguments(of: made, compiler)
            compiler.scheduleRootCheck(made.0)
            return producer
        }
    }
}
