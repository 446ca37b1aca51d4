/// Resolves dependencies inside a closure factory, as part of the resolve that called it.
///
/// ```swift
/// binder.bind(Database.self).scoped(.singleton).to { resolver in
///     try SQLiteDatabase(path: resolver.resolve(String.self, tag: DatabasePath.self))
/// }
/// ```
///
/// Objects resolved through it share the `.graph` instances of the ongoing resolve, and cycles
/// through the factory are detected. Use it only inside the factory: kept and used later, it
/// starts new, independent resolves.
public final class Resolver {
    let registry: Registry
    /// The ongoing resolve; cleared when it ends.
    var state: UnsafeMutablePointer<ResolutionState>?

    init(registry: Registry, state: UnsafeMutablePointer<ResolutionState>) {
        self.registry = registry
        self.state = state
    }

    /// Returns an instance of `type`, in the ongoing resolve.
    public func resolve<T>(_ type: T.Type = T.self) throws(ResolutionError) -> T {
        try resolve(BindingKey(T.self, tag: nil))
    }

    /// Returns the value `tag` names, in the ongoing resolve.
    public func resolve<T: Tag>(_ type: T.Value.Type = T.Value.self, tag: T.Type) throws(ResolutionError) -> T.Value {
        try resolve(BindingKey(T.Value.self, tag: tag))
    }

    private func resolve<T>(_ key: BindingKey) throws(ResolutionError) -> T {
        guard let state else { return try Container(registry: registry).resolve(key: key) }
        // Checked as a root: closures have no static edges, so the graph this request reaches was
        // never cycle-checked through the factory, and an unclosable cycle would recurse forever.
        let producer = try registry.rootProducer(for: key)
        return try ResolutionError.catching {
            try unsafeDowncast(producer, to: Producer<T>.self).produce(Resolution(state: state))
        }
    }
}

extension Container {
    func resolve<T>(key: BindingKey) throws(ResolutionError) -> T {
        let producer = try registry.rootProducer(for: key)
        return try ResolutionError.catching { try unsafeDowncast(producer, to: Producer<T>.self).resolveTopLevel() }
    }
}
