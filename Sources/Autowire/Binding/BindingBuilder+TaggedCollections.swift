/// Tagged collections: contributions to a `[Value]` or `[Key: Value]` that a tag names.
extension BindingBuilder {
    /// Contributes to the `[Value]` collection that `tag` names, rather than the untagged one;
    /// finish with ``TaggedCollectionBuilder/intoCollection()``.
    ///
    /// The tag's `Value` is the array, resolved and injected like any tagged value:
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

    /// Contributes to the `[Key: Value]` dictionary that `tag` names, rather than the untagged one;
    /// finish with ``TaggedDictionaryBuilder/intoDictionary(key:)``.
    ///
    /// ```swift
    /// enum Formats: Tag { typealias Value = [String: Exporter] }
    ///
    /// binder.bind(Exporter.self).tagged(Formats.self).intoDictionary(key: "pdf").to(PDFExporter.self)
    /// let formats = try container.resolve([String: Exporter].self, tag: Formats.self)
    /// ```
    public func tagged<T: Tag, Key: Hashable & Sendable>(_ tag: T.Type) -> TaggedDictionaryBuilder<Key, Value>
    where T.Value == [Key: Value] {
        var copy = self
        copy.tag = tag
        return TaggedDictionaryBuilder(builder: copy)
    }
}

/// A contribution to a tagged collection being written: finish with ``intoCollection()``, then a
/// `to` method. A tag whose `Value` is `[Value]` names a collection, so only contributions use it.
public struct TaggedCollectionBuilder<Value> {
    let builder: BindingBuilder<Value>

    /// Adds this binding to the `[Value]` collection the tag names.
    public func intoCollection() -> BindingBuilder<Value> { builder.intoCollection() }

    /// Sets the lifetime of the instances this contribution makes; see ``BindingBuilder/scoped(_:)``.
    public func scoped(_ scope: Scope) -> TaggedCollectionBuilder {
        TaggedCollectionBuilder(builder: builder.scoped(scope))
    }
}

/// A contribution to a tagged dictionary being written: finish with ``intoDictionary(key:)``, then
/// a `to` method. A tag whose `Value` is `[Key: Value]` names a dictionary, so only keyed
/// contributions use it.
public struct TaggedDictionaryBuilder<Key: Hashable & Sendable, Value> {
    let builder: BindingBuilder<Value>

    /// Adds this binding to the `[Key: Value]` dictionary the tag names, under `key`.
    public func intoDictionary(key: Key) -> BindingBuilder<Value> { builder.intoDictionary(key: key) }

    /// Sets the lifetime of the instances this contribution makes; see ``BindingBuilder/scoped(_:)``.
    public func scoped(_ scope: Scope) -> TaggedDictionaryBuilder {
        TaggedDictionaryBuilder(builder: builder.scoped(scope))
    }
}
