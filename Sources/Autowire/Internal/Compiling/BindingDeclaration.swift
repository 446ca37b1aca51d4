/// One `binder.bind(…)…to(…)` statement, kept until the container compiles it.
///
/// Only read while compiling, under the registry's lock. A class, not a struct: a declaration is
/// read from several tables while building, and a struct of its size would be copied (a retain per
/// reference it holds) each time.
final class BindingDeclaration {
    /// What the binding provides: the bound type and tag (for contributions, the element's).
    let key: BindingKey
    /// Set for `intoCollection()` and `intoDictionary(key:)` contributions.
    let contribution: Contribution?
    /// The key this declaration makes resolvable: its own, or its collection's. Stored, as is
    /// `isContribution`, since reading `contribution` copies it whole (an existential and three
    /// closures) through value witnesses.
    let providedKey: BindingKey
    /// Whether `contribution` is set.
    let isContribution: Bool
    let explicitScope: Scope?
    let location: SourceLocation
    /// Written with `binder.override(_:)`: replaces a binding of an ancestor container.
    let isOverride: Bool
    /// Compiles the producer; registers it under the key first when `register` is true, so that
    /// cycles reaching it during compilation find it.
    let compile: (PlanCompiler, _ register: Bool) -> AnyProducer
    /// What compiling it would look up, when that can be told without compiling: nil compiles it
    /// when the container is built (see `CleanGraphProof`).
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

/// How a contribution joins its collection: `[Element]` in binding order, or `[Key: Element]`.
///
/// A class, not a struct: every declaration holds an optional one, and copying a struct of five
/// fields, even a nil one, goes through an outlined copy, twice per binding.
final class Contribution {
    let collectionKey: BindingKey
    /// The dictionary key, for keyed contributions.
    let dictionaryKey: AnyHashable?
    /// Makes the empty collection producer.
    let makeCollection: (BindingKey, [SourceLocation], Registry) -> AnyProducer
    /// Adds a compiled element to the collection producer.
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
    /// The same binding as a plain one, for a container that has no ancestor to override (see
    /// `Registry.flattenedDeclarations`).
    var asPlainBinding: BindingDeclaration {
        guard isOverride else { return self }
        return BindingDeclaration(
            key: key, contribution: contribution, explicitScope: explicitScope, location: location, isOverride: false,
            reach: reach, compile: compile)
    }
}
