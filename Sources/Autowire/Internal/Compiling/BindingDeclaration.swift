/// One `binder.bind(…)…to(…)` statement, kept until the container compiles it; read only while compiling,
/// under the registry's lock. A class: several tables read it, and copying a struct this size would retain
/// each reference it holds.
final class BindingDeclaration {
    /// The bound type and tag; for a contribution, the element's.
    let key: BindingKey
    let contribution: Contribution?
    /// Own key, or its collection's; stored, as is `isContribution`, since reading `contribution` copies it.
    let providedKey: BindingKey
    let isContribution: Bool
    let explicitScope: Scope?
    let location: SourceLocation
    /// `binder.override(_:)`: replaces an ancestor container's binding.
    let isOverride: Bool
    /// Registers the producer first when `register`, so that cycles back to it while compiling find it.
    let compile: (PlanCompiler, _ register: Bool) -> AnyProducer
    /// Nil: compiled when the container is built (see `StaticReach`, `CleanGraphProof`).
    let reach: StaticReach?

    init(
        key: BindingKey, contribution: Contribution?, explicitScope: Scope?, location: SourceLocation,
        isOverride: Bool, reach: StaticReach? = nil, compile: @escaping (PlanCompiler, _ register: Bool) -> AnyProducer
    ) {
        self.key = key
        self.contribution = contribution
        self.providedKey = contribution?.collectionKey ?? key
        self.isContribution = contribution != nil
        self.explicitScope = explicitScope
        self.location = location
        self.isOverride = isOverride
        self.compile = compile
        // A contribution is compiled into its collection, which the proof does not follow.
        self.reach = contribution == nil ? reach : nil
    }
}

/// How a contribution joins its collection: `[Element]` in binding order, or `[Key: Element]`. A class:
/// every declaration holds an optional one, and copying a five-field struct, even nil, is an outlined copy.
final class Contribution {
    let collectionKey: BindingKey
    let dictionaryKey: AnyHashable?
    let makeCollection: (BindingKey, [SourceLocation], Registry) -> AnyProducer
    let append: (AnyProducer, AnyProducer, AnyHashable?) -> Bool
    /// Makes the collection producer (first) add to a parent container's collection (second).
    let inherit: (AnyProducer, AnyProducer) -> Bool

    init(
        collectionKey: BindingKey, dictionaryKey: AnyHashable?,
        makeCollection: @escaping (BindingKey, [SourceLocation], Registry) -> AnyProducer,
        append: @escaping (AnyProducer, AnyProducer, AnyHashable?) -> Bool,
        inherit: @escaping (AnyProducer, AnyProducer) -> Bool
    ) {
        self.collectionKey = collectionKey
        self.dictionaryKey = dictionaryKey
        self.makeCollection = makeCollection
        self.append = append
        self.inherit = inherit
    }

    static func list<Element>(of element: Element.Type, tag: Any.Type?) -> Contribution {
        Contribution(
            collectionKey: BindingKey([Element].self, tag: tag), dictionaryKey: nil,
            makeCollection: { key, locations, registry in
                CollectionProducer<Element>(key: key, locations: locations, registry: registry)
            },
            append: { collection, element, _ in
                guard let collection = collection as? CollectionProducer<Element>,
                    let element = element.typed(Element.self)
                else { return false }
                collection.elements.append(element)
                return true
            },
            inherit: { collection, inherited in
                guard let collection = collection as? CollectionProducer<Element>,
                    let inherited = inherited.typed([Element].self)
                else { return false }
                collection.inherited = inherited
                return true
            })
    }

    static func dictionary<Key: Hashable, Element>(key: Key, of element: Element.Type, tag: Any.Type?) -> Contribution {
        Contribution(
            collectionKey: BindingKey([Key: Element].self, tag: tag), dictionaryKey: AnyHashable(key),
            makeCollection: { key, locations, registry in
                DictionaryProducer<Key, Element>(key: key, locations: locations, registry: registry)
            },
            append: { collection, element, dictionaryKey in
                guard let collection = collection as? DictionaryProducer<Key, Element>,
                    let element = element.typed(Element.self),
                    let key = dictionaryKey?.base as? Key
                else { return false }
                collection.entries.append((key, element))
                return true
            },
            inherit: { collection, inherited in
                guard let collection = collection as? DictionaryProducer<Key, Element>,
                    let inherited = inherited.typed([Key: Element].self)
                else { return false }
                collection.inherited = inherited
                return true
            })
    }
}

extension BindingDeclaration {
    /// Without `override`, for a container with no ancestor to override (see `Registry.flattenedDeclarations`).
    var asPlainBinding: BindingDeclaration {
        guard isOverride else { return self }
        return BindingDeclaration(
            key: key, contribution: contribution, explicitScope: explicitScope, location: location, isOverride: false,
            reach: reach, compile: compile)
    }
}
