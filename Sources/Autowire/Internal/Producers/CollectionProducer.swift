/// `[Element]` gathered from `intoCollection()` contributions, in binding order: a parent
/// container's collection first, then this container's own contributions.
final class CollectionProducer<Element>: Producer<[Element]>, @unchecked Sendable {
    /// The parent container's collection, which this one adds to. Unowned: it belongs to the
    /// parent's registry, which this producer's registry holds strongly, so it outlives this one.
    unowned(unsafe) var inherited: Producer<[Element]>?
    /// The contributions; owned here because they are not reachable by key.
    var elements: [Producer<Element>] = []

    init(key: BindingKey, locations: [SourceLocation], registry: Registry) {
        super.init(
            key: key, scope: .transient, origin: .collection(locations), registry: registry, registersEarly: false,
            isFactory: false)
    }

    override func produce(_ resolution: Resolution) throws -> [Element] {
        var values: [Element] = try inherited?.produce(resolution) ?? []
        values.reserveCapacity(values.count + elements.count)
        for element in elements { values.append(try element.produce(resolution)) }
        return values
    }
}

/// `[Key: Element]` gathered from `intoDictionary(key:)` contributions, a parent container's
/// entries included.
final class DictionaryProducer<Key: Hashable, Element>: Producer<[Key: Element]>, @unchecked Sendable {
    /// The parent container's dictionary, which this one adds to. Unowned: it belongs to the
    /// parent's registry, which this producer's registry holds strongly, so it outlives this one.
    unowned(unsafe) var inherited: Producer<[Key: Element]>?
    /// The contributions with their keys; owned here because they are not reachable by key.
    var entries: [(Key, Producer<Element>)] = []

    init(key: BindingKey, locations: [SourceLocation], registry: Registry) {
        super.init(
            key: key, scope: .transient, origin: .collection(locations), registry: registry, registersEarly: false,
            isFactory: false)
    }

    override func produce(_ resolution: Resolution) throws -> [Key: Element] {
        var values: [Key: Element] = try inherited?.produce(resolution) ?? [:]
        values.reserveCapacity(values.count + entries.count)
        for (key, element) in entries { values[key] = try element.produce(resolution) }
        return values
    }
}
