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
    /// ``scoped(_:)`` the factory runs once per top-level resolve (``Scope/graph``). Graphs and
    /// error paths name the parameters by position (`parameter 2 of Mailer's factory`); use
    /// ``to(factory:labels:)`` to name them.
    public func to<each Parameter, Implementation>(
        factory: @escaping @Sendable (repeat each Parameter) throws -> Implementation
    ) {
        bindFactory(factory, labels: [], specialized: nil)
    }

    /// Binds to a function whose parameters the container resolves, naming each parameter in
    /// graphs and error paths (see ``ParameterLabel``).
    ///
    /// ```swift
    /// binder.bind(Mailer.self).to(factory: SMTPMailer.init, labels: "settings", "log")
    /// ```
    public func to<each Parameter, Implementation>(
        factory: @escaping @Sendable (repeat each Parameter) throws -> Implementation,
        labels: repeat ParameterLabel<each Parameter>
    ) {
        bindFactory(factory, labels: labelNames(repeat each labels), specialized: nil)
    }

    /// Refuses labels that are not one per parameter of the function, with a message saying so; see
    /// ``to(factory:labels:)``. It also lets Swift 6.3 pick the `@MainActor` twin past six parameters
    /// (see `BindingBuilder+MainActorFactories.swift`).
    @available(
        *, unavailable,
        message:
            "to(factory:labels:) takes one label per parameter of the function, in order (\"_\" or \"\" for one named by its position)"
    )
    public func to<Function>(factory: Function, labels: ParameterLabel<Never>...) {}

    /// What every `to(factory:)` comes to; the fixed-arity ones add the call specialized in the
    /// caller's module (see `FactoryArguments`).
    @usableFromInline
    func bindFactory<each Parameter, Implementation>(
        _ factory: @escaping @Sendable (repeat each Parameter) throws -> Implementation, labels: [String?],
        specialized: SpecializedFactoryCall?
    ) {
        let binding = TypedFactoryBinding(
            value: Value.self, key: key, location: location, scope: scope ?? .graph, factory: factory, labels: labels,
            specialized: specialized)
        let conforms = !(Value.self is AnyClass) || Implementation.self is Value.Type
        finish(reach: conforms ? .parameters(binding) : nil, binding.compile)
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
    ///
    /// A `@MainActor` function works too, such as a `@MainActor` type's initializer:
    /// ``AssistedFactory/make(_:)`` then calls it only on the main thread and throws
    /// `main-actor-required` anywhere else.
    public func to<Seed, T, each Parameter, Implementation>(
        assisted factory: @escaping @Sendable (Seed, repeat each Parameter) throws -> Implementation
    ) where Value == AssistedFactory<Seed, T> {
        to(assisted: factory, labels: [])
    }

    /// Binds an ``AssistedFactory`` to a function whose first parameter is the seed, naming each
    /// parameter, the seed's first, in graphs and error paths (see ``ParameterLabel``).
    ///
    /// ```swift
    /// binder.bind(AssistedFactory<String, Mailer>.self).to(assisted: SMTPMailer.init, labels: "host", "log")
    /// ```
    public func to<Seed, T, each Parameter, Implementation>(
        assisted factory: @escaping @Sendable (Seed, repeat each Parameter) throws -> Implementation,
        labels seedLabel: ParameterLabel<Seed>, _ labels: repeat ParameterLabel<each Parameter>
    ) where Value == AssistedFactory<Seed, T> {
        to(assisted: factory, labels: [seedLabel.name] + labelNames(repeat each labels))
    }

    /// What every `to(assisted:)` comes to, the `@MainActor` and fixed-arity ones included.
    func to<Seed, T, each Parameter, Implementation>(
        assisted factory: @escaping @Sendable (Seed, repeat each Parameter) throws -> Implementation,
        labels: [String?]
    ) where Value == AssistedFactory<Seed, T> {
        let key = key
        let location = location
        let target = SeededFactoryBinding<T, Seed, repeat each Parameter, Implementation>(
            location: location, factory: factory, labels: labels)
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

    /// Refuses a function whose first parameter is not the seed, with a message saying so. It also
    /// lets Swift 6.3 pick the `@MainActor` twin (see `BindingBuilder+MainActorFactories.swift`).
    @available(
        *, unavailable,
        message:
            "to(assisted:) takes a function whose first parameter is the seed (the Seed of AssistedFactory<Seed, T>) and whose other parameters the container resolves: reorder the parameters, or pass a closure that takes the seed first"
    )
    public func to<Seed, T, Function>(assisted factory: Function) where Value == AssistedFactory<Seed, T> {}

    /// Refuses a function whose first parameter is not the seed, or labels that are not one per
    /// parameter, saying so; see ``to(assisted:labels:_:)``.
    @available(
        *, unavailable,
        message:
            "to(assisted:labels:) takes a function whose first parameter is the seed (the Seed of AssistedFactory<Seed, T>), and one label per parameter, the seed's first"
    )
    public func to<Seed, T, Function>(
        assisted factory: Function, labels seedLabel: ParameterLabel<Seed>, _ labels: ParameterLabel<Never>...
    ) where Value == AssistedFactory<Seed, T> {}
}
