/// What compiling a binding would look up, told without compiling it (see `CleanGraphProof`).
/// Only bindings whose compiling can report nothing but the problems of what they reach have one;
/// the others (`nil` in `BindingDeclaration.reach`) are compiled when the container is built.
enum StaticReach {
    /// Reaches nothing: a value, or a closure, which the compiler cannot see into.
    case nothing
    /// Autowires an `Injectable` class: its `init()`, then its declared dependencies.
    case autowired(any Injectable.Type)
    /// Hands on what the producer of the key makes (an implementation of a protocol, a tagged
    /// binding to a class).
    case alias(BindingKey)
    /// Calls a typed factory whose parameters are resolved by these untagged keys.
    case parameters(any FactoryParameterKeys)
    /// Makes a `ConstructorInjectable` type through its construction, whose parameters are
    /// resolved by their untagged keys.
    case constructed(any ConstructorInjectable.Type)
}

/// A typed factory, or a construction, that can list its parameters' keys without compiling.
///
/// Class-bound, so that a `StaticReach` holding one is two words: a declaration is copied and
/// read many times while a container is built.
protocol FactoryParameterKeys: AnyObject {
    /// The key each parameter is resolved by, in order.
    var parameterKeys: [BindingKey] { get }
}

extension BindingKey {
    /// The untagged key of each of `parameters`, in order: what a typed factory's arguments are
    /// resolved by.
    static func untagged<each Parameter>(_ parameters: repeat (each Parameter).Type) -> [BindingKey] {
        var keys: [BindingKey] = []
        for parameter in repeat each parameters { keys.append(BindingKey(type: parameter, tag: nil)) }
        return keys
    }
}
