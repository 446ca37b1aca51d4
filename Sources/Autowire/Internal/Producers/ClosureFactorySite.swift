/// What calling a closure factory needs: `ClosureFactory` and `ObjectClosureFactory`, called by
/// `Resolution.callClosureFactory(_:)`.
protocol ClosureFactorySite: AnyObject {
    associatedtype Made
    var call: @Sendable (Resolver) throws -> Made { get }
    var key: BindingKey { get }
    var location: SourceLocation { get }
    /// The container whose resolver the closure gets, unretained (see `ClosureFactory.registry`) and
    /// lent to the call (`withRegistryLent`).
    var registry: Registry { get }
}
