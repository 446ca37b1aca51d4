/// `[Element]` from `intoCollection()` contributions in binding order, after the parent container's.
///
/// Sendable: `inherited` and `elements` are set only while compiling (see `AnyProducer`).
final class CollectionProducer<Element>: Producer<[Element]>, @unchecked Sendable {
    /// The parent's collection, which this one extends. Owned here: when it is the parent's
    /// contributions compiled in this container's view, no table holds it.
    var inherited: Producer<[Element]>?
    /// The contributions; owned here because they are not reachable by key.
    var elements: [Producer<Element>] = []

    init(key: BindingKey, locations: [SourceLocation], registry: Registry) {
        super.init(key: key, origin: .collection(locations), registry: registry)
    }

    override func lowering() -> Lowering {
        let (parameters, references) = gatheringArguments(inherited: inherited, elements: elements)
        let first = inherited == nil ? 0 : 1
        let count = elements.count
        let call = ValueCall(key: key, references: references) { arguments in
            var values: [Element] = first == 1 ? arguments.lent([Element].self, 0) : []
            values.reserveCapacity(values.count + count)
            for index in first..<(first + count) { values.append(arguments.lent(Element.self, index)) }
            return values
        }
        return .factory(call, parameters, shared: false)
    }
}

/// `[Key: Element]` from `intoDictionary(key:)` contributions, after the parent container's entries.
///
/// Sendable: `inherited` and `entries` are set only while compiling (see `AnyProducer`).
final class DictionaryProducer<Key: Hashable, Element>: Producer<[Key: Element]>, @unchecked Sendable {
    /// The parent's dictionary, owned here as in `CollectionProducer`.
    var inherited: Producer<[Key: Element]>?
    /// The contributions with their keys; owned here because they are not reachable by key.
    var entries: [(Key, Producer<Element>)] = []

    init(key: BindingKey, locations: [SourceLocation], registry: Registry) {
        super.init(key: key, origin: .collection(locations), registry: registry)
    }

    override func lowering() -> Lowering {
        let (parameters, references) = gatheringArguments(inherited: inherited, elements: entries.map { $0.1 })
        let first = inherited == nil ? 0 : 1
        let keys = entries.map { $0.0 }
        let call = ValueCall(key: key, references: references) { arguments in
            var values: [Key: Element] = first == 1 ? arguments.lent([Key: Element].self, 0) : [:]
            values.reserveCapacity(values.count + keys.count)
            for (offset, key) in keys.enumerated() { values[key] = arguments.lent(Element.self, first + offset) }
            return values
        }
        return .factory(call, parameters, shared: false)
    }
}

/// A gathering call's arguments: the parent's (boxed) first, then each element, with bits for the class
/// references among the first 64 (`FactoryArguments.lent` tells the rest).
private func gatheringArguments<Element>(inherited: AnyProducer?, elements: [Producer<Element>])
    -> (parameters: [AnyProducer], references: UInt64)
{
    var parameters: [AnyProducer] = inherited.map { [$0] } ?? []
    var references: UInt64 = 0
    for element in elements {
        if element.holdsReferences, parameters.count < 64 { references |= 1 << UInt64(parameters.count) }
        parameters.append(element)
    }
    return (parameters, references)
}
