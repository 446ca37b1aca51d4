import Synchronization

/// Resolves dependencies inside a closure factory, as part of the resolve that called it.
///
/// ```swift
/// binder.bind(Database.self).scoped(.singleton).to { resolver in
///     try SQLiteDatabase(path: resolver.resolve(String.self, tag: DatabasePath.self))
/// }
/// ```
///
/// Objects resolved through it on the factory's own thread, while the factory runs, share the
/// `.graph` instances of the ongoing resolve, and cycles through the factory are detected. Used on
/// another thread, or kept and used after the factory returned, it starts new, independent
/// resolves: it is `Sendable`, and safe to use from anywhere at any time.
public final class Resolver: Sendable {
    let registry: Registry
    /// The thread running the resolve this resolver belongs to: the only thread that may use its
    /// state, which lives on that thread's stack.
    private let owner: ThreadID
    /// The address of the ongoing resolve's state; zero once it ended. Written and read only on
    /// `owner` (atomic so that a later thread reusing the same identity reads it without a race).
    private let state: Atomic<UInt>

    init(registry: Registry, state: UnsafeMutablePointer<ResolutionState>) {
        self.registry = registry
        self.owner = .current
        self.state = Atomic(UInt(bitPattern: state))
    }

    /// Called by the owning thread when its resolve ends: later uses start resolves of their own.
    func detach() { state.store(0, ordering: .relaxed) }

    /// The ongoing resolve, when called on its thread before it ended.
    private var ongoingState: UnsafeMutablePointer<ResolutionState>? {
        guard ThreadID.current == owner else { return nil }
        return UnsafeMutablePointer(bitPattern: state.load(ordering: .relaxed))
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
        guard let state = ongoingState else { return try Container(registry: registry).resolveSlowly(key) }
        // Checked as a root: closures have no static edges, so the graph this request reaches was
        // never cycle-checked through the factory, and an unclosable cycle would recurse forever.
        let producer = try registry.rootProducer(for: key)
        return try ResolutionError.catching {
            try unsafeDowncast(producer, to: Producer<T>.self).produce(Resolution(state: state))
        }
    }
}
