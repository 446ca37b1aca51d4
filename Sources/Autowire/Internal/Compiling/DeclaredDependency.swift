/// A ``Dependency`` as the plan compiler reads it: what it asks for and how to fill it, without
/// the root type, which only the `Dependency` constructors need (their closures are compiled for
/// it already).
typealias DeclaredDependency = Dependency<AnyObject>

extension Dependency where Root == AnyObject {
    /// `dependencies` without their root type: the same array, read as `[DeclaredDependency]`.
    /// (Copied element by element, in code compiled for no particular root, it cost a lookup of
    /// `Dependency<Root>`'s metadata and an allocation: about 800 instructions a class.)
    static func all<Declared>(_ dependencies: [Dependency<Declared>]) -> [DeclaredDependency] {
        // Safe: no stored property of `Dependency` mentions `Root` (a requirement and a closure
        // that takes a producer), so `Dependency<Declared>` and `Dependency<AnyObject>` have one
        // layout, and an array's elements are read without its element type's metadata. The
        // array is only read: a copy made from it (`withoutRepeats`) is a new array of its own.
        unsafe unsafeBitCast(dependencies, to: [DeclaredDependency].self)
    }
}
