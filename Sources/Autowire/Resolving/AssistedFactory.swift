/// Makes a `T` that needs a runtime value (the seed) as well as dependencies from the container.
///
/// Declare an `AssistedFactory<Seed, T>` dependency and call ``make(_:)`` with the seed.
///
/// For an `Injectable` class, the seed fills its ``Dependency/assisted(_:fileID:line:isolation:)-(ReferenceWritableKeyPath<Root,Value?>,_,_,_)``
/// property and no binding is needed:
///
/// ```swift
/// final class OrderList: Injectable {
///     var makeDetail: AssistedFactory<OrderID, OrderViewModel>!
///     static let dependencies: [Dependency<OrderList>] = [.inject(\.makeDetail)]
/// }
/// let detail = try list.makeDetail.make(selectedID)
/// ```
///
/// For any other type, bind the factory; the seed is the first parameter and the rest are
/// resolved:
///
/// ```swift
/// binder.bind(AssistedFactory<String, Mailer>.self).to(assisted: SMTPMailer.init)   // init(host:logger:)
/// ```
///
/// Every `make` is a new top-level resolve: `T` is new each time. A factory holds its container as a
/// ``Provider`` does: weakly when an object the container keeps holds it, and ``make(_:)`` then throws
/// `container-released` once the container is released.
///
/// To test a class that holds a factory without a container, make one with ``init(fileID:line:_:)``.
public struct AssistedFactory<Seed, T>: Sendable {
    /// Chosen once, when the factory is made.
    private let source: HandleSource<@Sendable (Seed) throws -> T>

    init(handle: ContainerHandle) { source = .container(handle) }

    /// A factory that calls `make` with each seed: for unit tests and hand wiring.
    ///
    /// ```swift
    /// list.makeDetail = AssistedFactory { id in OrderViewModel(id: id) }
    /// ```
    ///
    /// An error `make` throws reaches the caller of ``make(_:)`` as a `factory-failed`
    /// ``ResolutionError`` located here (a ``ResolutionError`` passes through unchanged).
    public init(
        fileID: StaticString = #fileID, line: UInt = #line, _ make: @escaping @Sendable (Seed) throws -> T
    ) {
        source = .closure(make, SourceLocation(fileID, line))
    }

    /// Creates a `T` for `seed`, with its other dependencies resolved.
    public func make(_ seed: Seed) throws(ResolutionError) -> T {
        switch source {
        case .container(let handle):
            try BorrowedValue.lending(seed) { seed throws(ResolutionError) in
                try handle.withTarget(
                    calling: "AssistedFactory<\(typeName(Seed.self)), \(typeName(T.self))>.make(_:)"
                ) { (target: Producer<T>) in
                    // What it makes for an object the container keeps is kept too (see
                    // `Producer.resolveTopLevelForKeptObject(seed:)`).
                    handle.isForKeptObject
                        ? try target.resolveTopLevelForKeptObject(seed: seed)
                        : try target.resolveTopLevel(request: nil, seed: seed)
                }
            }
        case .closure(let make, let location):
            try ResolutionError.wrappingHandMade(T.self, at: location) { try make(seed) }
        }
    }
}
