/// How the container makes an unbound `Wrapped?` (an optional factory parameter, `String!`,
/// `resolve(Dog?.self)`): `Wrapped` if it can provide it, else `nil`. Only absence is `nil`: a broken
/// `Wrapped` (a missing dependency below, a cycle) still fails; a `Wrapped?` binding wins.
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
