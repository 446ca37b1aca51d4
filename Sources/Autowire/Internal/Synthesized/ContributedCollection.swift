/// `[Element]` and `[Key: Element]`, which `intoCollection()` and `intoDictionary(key:)` make
/// resolvable: empty when nothing contributes (as in Guice and Knit), so a plugin list with no plugins
/// yet resolves, and a child contributing the first element adds to its parent's empty one.
protocol ContributedCollection {
    /// The producer of the empty collection for `key` (untagged or tagged).
    static func emptyProducer(key: BindingKey, registry: Registry) -> AnyProducer
}

extension Array: ContributedCollection {
    static func emptyProducer(key: BindingKey, registry: Registry) -> AnyProducer {
        CollectionProducer<Element>(key: key, locations: [], registry: registry)
    }
}

extension Dictionary: ContributedCollection {
    static func emptyProducer(key: BindingKey, registry: Registry) -> AnyProducer {
        DictionaryProducer<Key, Value>(key: key, locations: [], registry: registry)
    }
}
