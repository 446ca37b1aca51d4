/// A ``Dependency`` without its root type, which only its constructors need (their closures are compiled
/// for it already). `DeclaredDependency.all(_:)`, in `ProvenCasts`, reads a declared list as one.
typealias DeclaredDependency = Dependency<AnyObject>
