/// What calling a closure factory needs: `ClosureFactory` and `ObjectClosureFactory`, called by
/// `Resolution.callClosureFactory(_:)`.
protocol ClosureFactorySite: AnyObject {
    /// What the closure returns.
    associatedtype Made
    /// The user's closure.
    var call: @Sendable (Resolver) throws -> Made { get }
    /// The binding's key, named by its errors.
    var key: BindingKey { get }
    /// Where the binding was written, named by its errors.
    var location: SourceLocation { get }
    /// The container whose resolver the closure gets, held unretained (see `ClosureFactory.registry`)
    /// and lent to the call (`withRegistryLent`).
    var registry: Registry { get }
}
