/// One `binder.bind(…)…to(…)` statement, kept until the container compiles it.
///
/// Declarations are only read while compiling, under the registry's lock.
struct BindingDeclaration {
    /// What the binding provides: the bound type and tag (for contributions, the element's).
    let key: BindingKey
    /// The `[Element]` key this declaration contributes to, for `intoCollection()`.
    let collectionKey: BindingKey?
    let explicitScope: Scope?
    let location: SourceLocation
    /// Compiles the producer; registers it under the key first when `register` is true, so that
    /// cycles reaching it during compilation find it.
    let compile: (PlanCompiler, _ register: Bool) -> AnyProducer
    /// For contributions: makes the empty `[Element]` producer that gathers them.
    let makeCollection: ((BindingKey, [SourceLocation], Registry) -> AnyProducer)?
    /// For contributions: appends a compiled element to the collection producer.
    let appendToCollection: ((AnyProducer, AnyProducer) -> Bool)?
}
