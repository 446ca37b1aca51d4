/// What compiling a binding would look up, told without compiling it (see `CleanGraphProof`): only for
/// bindings whose compiling reports nothing but the problems of what they reach.
enum StaticReach {
    /// Reaches nothing: a value, or a closure, which the compiler cannot see into.
    case nothing
    case autowired(any Injectable.Type)
    /// Hands on what the key's producer makes (a protocol's implementation, a tagged binding to a class).
    case alias(BindingKey)
    /// Calls a typed factory whose parameters are resolved by these untagged keys.
    case parameters(any FactoryParameterKeys)
    /// Makes a `ConstructorInjectable` type through its construction; its parameters are untagged keys.
    case constructed(any ConstructorInjectable.Type)
}

/// A typed factory, or a construction, that lists its parameters' keys without compiling. Class-bound, so
/// that a `StaticReach` holding one is two words: declarations are copied and read often while building.
protocol FactoryParameterKeys: AnyObject {
    var parameterKeys: [BindingKey] { get }
}

extension BindingKey {
    /// Each parameter's untagged key, in order: what a typed factory's arguments are resolved by.
    static func untagged<each Parameter>(_ parameters: repeat (each Parameter).Type) -> [BindingKey] {
        var keys: [BindingKey] = []
        for parameter in repeat each parameters { keys.append(BindingKey(type: parameter, tag: nil)) }
        return keys
    }
}
