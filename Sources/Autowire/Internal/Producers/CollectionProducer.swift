/// `[Element]` gathered from `intoCollection()` contributions, in binding order.
final class CollectionProducer<Element>: Producer<[Element]>, @unchecked Sendable {
    /// The contributions; owned here because they are not reachable by key.
    var elements: [Producer<Element>] = []

    init(key: BindingKey, locations: [SourceLocation], registry: Registry) {
        super.init(
            key: key, scope: .transient, origin: .collection(locations), registry: registry, registersEarly: false,
            isFactory: false)
    }

    override func produce(_ resolution: Resolution) throws -> [Element] {
        var values: [Element] = []
        values.reserveCapacity(elements.count)
        for element in elements { values.append(try element.produce(resolution)) }
        return values
    }
}

/// `[Key: Element]` gathered from `intoDictionary(key:)` contributions.
final class DictionaryProducer<Key: Hashable, Element>: Producer<[Key: Element]>, @unchecked Sendable {
    /// The contributions with their keys; owned here because they are not reachable by key.
    var entries: [(Key, Producer<Element>)] = []

    init(key: BindingKey, locations: [SourceLocation], registry: Registry) {
        super.init(
            key: key, scope: .transient, origin: .collection(locations), registry: registry, registersEarly: false,
            isFactory: false)
    }

    override func produce(_ resolution: Resolution) throws -> [Key: Element] {
        var values: [Key: Element] = [:]
        values.reserveCapacity(entries.count)
        for (key, element) in entries { values[key] = try element.produce(resolution) }
        return values
    }
}
