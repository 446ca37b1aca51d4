/// `[Element]` gathered from `intoCollection()` contributions, in binding order: a parent
/// container's collection first, then this container's own contributions.
///
/// Sendable: `inherited` and `elements` are set only while compiling, under `registry.table`'s
/// write lock, before the producer is published, and only read after; the rest is `AnyProducer`'s.
final class CollectionProducer<Element>: Producer<[Element]>, @unchecked Sendable {
    /// The parent container's collection, which this one adds to. Owned here: when it is the
    /// parent's contributions compiled in this container's view, no table holds it.
    var inherited: Producer<[Element]>?
    /// The contributions; owned here because they are not reachable by key.
    var elements: [Producer<Element>] = []

    init(key: BindingKey, locations: [SourceLocation], registry: Registry) {
        super.init(
            key: key, scope: .transient, origin: .collection(locations), registry: registry, registersEarly: false,
            isFactory: false)
    }

    /// A call with the parent's collection (boxed) and then each element as arguments, in
    /// binding order.
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

/// `[Key: Element]` gathered from `intoDictionary(key:)` contributions, a parent container's
/// entries included.
///
/// Sendable: `inherited` and `entries` are set only while compiling, under `registry.table`'s write
/// lock, before the producer is published, and only read after; the rest is `AnyProducer`'s.
final class DictionaryProducer<Key: Hashable, Element>: Producer<[Key: Element]>, @unchecked Sendable {
    /// The parent container's dictionary, which this one adds to; owned here, as in
    /// `CollectionProducer`.
    var inherited: Producer<[Key: Element]>?
    /// The contributions with their keys; owned here because they are not reachable by key.
    var entries: [(Key, Producer<Element>)] = []

    init(key: BindingKey, locations: [SourceLocation], registry: Registry) {
        super.init(
            key: key, scope: .transient, origin: .collection(locations), registry: registry, registersEarly: false,
            isFactory: false)
    }

    /// A call with the parent's dictionary (boxed) and then each entry's value as arguments, in
    /// binding order.
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

/// The arguments of a program's call that gathers a collection or dictionary: the parent's
/// (boxed) first, then each element, with the bits of those that are class references among the
/// first 64 (past them, `FactoryArguments.lent` tells by type).
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
