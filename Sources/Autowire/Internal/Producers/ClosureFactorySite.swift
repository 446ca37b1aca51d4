/// What calling a closure factory needs besides its closure: `ClosureFactory` and
/// `ObjectClosureFactory`.
protocol ClosureFactorySite: AnyObject {
    /// The binding's key, named by its errors.
    var key: BindingKey { get }
    /// Where the binding was written, named by its errors.
    var location: SourceLocation { get }
    /// The container whose resolver the closure gets, held unretained (see `ClosureFactory.registry`)
    /// and lent to the call (`withRegistryLent`).
    var registry: Registry { get }
}
