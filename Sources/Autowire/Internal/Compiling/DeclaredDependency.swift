/// A ``Dependency`` as the plan compiler reads it: what it asks for and how to fill it, without
/// the root type, which only the `Dependency` constructors need (their closures are compiled for
/// it already).
/// (`DeclaredDependency.all(_:)`, in `ProvenCasts`, reads a declared list as one.)
typealias DeclaredDependency = Dependency<AnyObject>
