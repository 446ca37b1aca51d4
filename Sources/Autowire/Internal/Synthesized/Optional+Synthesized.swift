/// How the container makes an unbound `Wrapped?` (an optional factory parameter, a `String!`
/// parameter, `resolve(Dog?.self)`): `Wrapped` when the container can provide it, else `nil`.
///
/// Only absence becomes `nil`: a `Wrapped` that can be provided but is broken (a missing
/// dependency further down, a cycle) is still an error. A binding of `Wrapped?` itself wins.
extension Optional: SynthesizedDependency {
    static var underlyingKey: BindingKey { BindingKey(Wrapped.self, tag: nil) }

    static func synthesize(_ key: BindingKey, in compiler: PlanCompiler) -> AnyProducer? {
        guard compiler.registry.canProvide(Wrapped.self) else {
            return OptionalProducer<Wrapped>(key: key, registry: compiler.registry, source: nil)
        }
        guard let source = compiler.producer(for: underlyingKey)?.typed(Wrapped.self) else { return nil }
        return OptionalProducer<Wrapped>(key: key, registry: compiler.registry, source: source)
    }
}
