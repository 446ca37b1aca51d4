/// Tagged collections: contributions to a `[Value]` that a tag names.
extension BindingBuilder {
    /// Contributes to the `[Value]` collection that `tag` names, rather than the untagged one;
    /// finish with ``TaggedCollectionBuilder/intoCollection()``.
    ///
    /// The tag names the collection, so its `Value` is the array, and the collection is resolved
    /// and injected like any tagged value:
    ///
    /// ```swift
    /// enum Numbers: Tag { typealias Value = [Int] }
    ///
    /// binder.bind(Int.self).tagged(Numbers.self).intoCollection().to(value: 1)
    /// binder.bind(Int.self).tagged(Numbers.self).intoCollection().to(value: 2)
    /// let numbers = try container.resolve([Int].self, tag: Numbers.self)   // [1, 2]
    /// ```
    public func tagged<T: Tag>(_ tag: T.Type) -> TaggedCollectionBuilder<Value> where T.Value == [Value] {
        var copy = self
        copy.tag = tag
        return TaggedCollectionBuilder(builder: copy)
    }
}

/// A contribution to a tagged collection being written: finish with ``intoCollection()``, then a
/// `to` method.
///
/// Made by `tagged(_:)` with a tag whose `Value` is `[Value]`: such a tag
/// names a collection, never a single `Value`, so nothing but a contribution can be bound with it.
public struct TaggedCollectionBuilder<Value> {
    let builder: BindingBuilder<Value>

    /// Adds this binding to the `[Value]` collection the tag names.
    public func intoCollection() -> BindingBuilder<Value> { builder.intoCollection() }

    /// Sets the lifetime of the instances this contribution makes; see
    /// ``BindingBuilder/scoped(_:)``.
    public func scoped(_ scope: Scope) -> TaggedCollectionBuilder {
        TaggedCollectionBuilder(builder: builder.scoped(scope))
    }
}
