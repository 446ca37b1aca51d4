/// Collects the bindings of a container while it is built.
///
/// You receive a binder in the closure given to ``Container/init(_:)`` or ``Container/child(_:)``:
///
/// ```swift
/// let container = try Container { binder in
///     binder.bind(OrderRepository.self).to(SQLOrderRepository.self)
///     binder.bind(String.self).tagged(DatabasePath.self).to(value: ":memory:")
/// }
/// ```
public final class Binder {
    var declarations: [BindingDeclaration] = []

    init() {}

    /// Starts a binding for `type`; finish it with one of the `to` methods.
    ///
    /// A binding left without `to` is a compiler warning ("result unused"), never a silent no-op.
    public func bind<T>(_ type: T.Type, fileID: StaticString = #fileID, line: UInt = #line) -> BindingBuilder<T> {
        BindingBuilder(binder: self, location: SourceLocation(fileID, line))
    }

    func add(_ declaration: BindingDeclaration) { declarations.append(declaration) }
}
