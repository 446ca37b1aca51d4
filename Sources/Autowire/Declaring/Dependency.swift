/// One property the container fills on an object of type `Root`.
///
/// Build dependencies with the static constructors, in a class's
/// ``PropertyInjectable/dependencies`` list:
///
/// ```swift
/// static let dependencies: [Dependency<OrderService>] = [
///     .inject(\.repository),                      // required: an error when nothing provides it
///     .optional(\.audit),                         // left nil when nothing provides it
///     .inject(\.baseURL, tag: APIBaseURL.self),   // a tagged value
/// ]
/// ```
///
/// The constructors compile unchanged in the Swift 5 and Swift 6 language modes, with Xcode's
/// default `MainActor` isolation, and in modules that make key paths `Sendable` (as importing Vapor
/// or Fluent does). Each reads the isolation of the code it is written in (`#isolation`): a list
/// declared on the main actor, such as a `@MainActor` class's, makes its class's plan run only on
/// the main thread, and refuse to run anywhere else.
///
/// Each constructor records the `file:line` it was written at, so errors point there. The first
/// injection of a plain stored property of a final class (`weak` ones included) learns the
/// property's offset, and later ones store there directly. The code that does so is the library's:
/// a constructor compiles to one call in your module, plus, for a property whose type is not a
/// class, the store of its value.
public struct Dependency<Root: AnyObject>: Sendable {
    // No stored property may mention `Root`: the plan compiler reads every `Dependency<Root>` as
    // a `Dependency<AnyObject>`, which needs the two to have one layout (see `DeclaredDependency.all(_:)`).

    /// What the property asks for and where it was declared.
    @usableFromInline
    let requirement: Requirement

    /// Builds the closure that fills the property from a compiled producer of its value.
    @usableFromInline
    let makeStep: @Sendable (AnyProducer) -> InjectionStep?

    init(requirement: Requirement, makeStep: @escaping @Sendable (AnyProducer) -> InjectionStep?) {
        self.requirement = requirement
        self.makeStep = makeStep
    }

    /// A dependency on the property at `keyPath`, a `Value?` (or `Value!`), declared where
    /// `isolation` is. `storeBoxed` is `BoxedValueStore.intoOptional()`, compiled in the caller's
    /// module.
    @usableFromInline
    init<Value>(
        optional keyPath: ReferenceWritableKeyPath<Root, Value?>,
        tag: Any.Type?,
        isOptional: Bool,
        location: SourceLocation,
        isolation: (any Actor)?,
        storeBoxed: BoxedValueStore<Value>.Store?
    ) {
        self.init(
            object: Root.self, value: Value.self, tag: tag, isOptional: isOptional, keyPath: UncheckedKeyPath(keyPath),
            location: location, requiresMainActor: isolation === MainActor.shared,
            writer: PropertyWriter(optional: keyPath, storeBoxed: storeBoxed))
    }

    /// A dependency on the property at `keyPath`, a `Value`, declared where `isolation` is.
    /// `storeBoxed` is `BoxedValueStore.intoPlain()`, compiled in the caller's module.
    @usableFromInline
    init<Value>(
        plain keyPath: ReferenceWritableKeyPath<Root, Value>,
        tag: Any.Type?,
        isOptional: Bool,
        location: SourceLocation,
        isolation: (any Actor)?,
        storeBoxed: BoxedValueStore<Value>.Store?
    ) {
        self.init(
            object: Root.self, value: Value.self, tag: tag, isOptional: isOptional, keyPath: UncheckedKeyPath(keyPath),
            location: location, requiresMainActor: isolation === MainActor.shared,
            writer: PropertyWriter(plain: keyPath, storeBoxed: storeBoxed))
    }

    private init<Object: AnyObject, Value>(
        object: Object.Type,
        value: Value.Type,
        tag: Any.Type?,
        isOptional: Bool,
        keyPath: any Sendable,
        location: SourceLocation,
        requiresMainActor: Bool,
        writer: PropertyWriter<Object, Value>
    ) {
        let requirement = Requirement(
            key: BindingKey(Value.self, tag: tag),
            isOptional: isOptional,
            location: location,
            keyPath: keyPath,
            objectType: Object.self,
            requiresMainActor: requiresMainActor
        )
        self.requirement = requirement
        // Learned once per declaration, not per compiled step: the offset belongs to the class, so
        // every container shares it, and a fresh container's first resolve does not read the key
        // path or measure the property again.
        let learned = LearnedOffset()
        // Made once per declaration, like the offset, rather than per compiled step: every
        // container's plans share it. Captures no producer: producers own their plans, so that
        // would be a reference cycle.
        let holdsReferences = Value.self is AnyClass
        // The plan compiler checked that every object reaching a store of this declaration is an
        // `Object` (see `ProvenCasts`).
        @Sendable func asObject(_ object: AnyObject) -> Object { planObject(object, as: Object.self) }
        let store = ProgramStore(
            requirement: requirement, learned: learned, holdsReferences: holdsReferences,
            propertyIsOptional: writer.propertyIsOptional
        ) { owner, recorded in
            // The program lowering checked that every object reaching this store is an
            // `Object`, and that the value is what a producer of `Value` records: the value
            // itself when it is a class reference, else its box. The caller holds both for the call.
            // A value that is not a class reference is stored here at the learned offset (programs
            // store class references themselves).
            let offset = learned.current
            if offset > 0, !holdsReferences, let storeBoxed = writer.storeBoxed {
                storeBoxed(FieldAddress(in: owner, at: offset), recorded)
                return
            }
            if offset < -1 {
                // A plain `weak` property, at minus `offset`: learned only for class references,
                // by `WeakField` on an object of this class, where a weak reference lies there.
                WeakField.store(recorded, at: FieldAddress(in: owner, at: -offset))
                return
            }
            if offset > 0, holdsReferences {
                FieldAddress(in: owner, at: offset).assign(object: recorded)
                return
            }
            let value =
                holdsReferences ? recordedObject(recorded, as: Value.self) : boxedValue(recorded, as: Value.self)
            let root = asObject(owner)
            writer.assign(root, value)
            if offset == 0 {
                learned.learn(
                    on: root, requirement: requirement, locate: writer.locate,
                    written: holdsReferences && writer.propertyIsOptional ? recorded : nil)
            }
        }
        self.makeStep = { producer in
            guard producer.typed(Value.self) != nil else { return nil }
            return InjectionStep(requirement: requirement, target: producer, store: store)
        }
    }
}

extension Dependency {
    /// A required dependency on a `T?` or `T!` property.
    ///
    /// Resolution fails with an error that names this line when nothing can provide `Value`.
    @inlinable
    public static func inject<Value>(
        _ keyPath: ReferenceWritableKeyPath<Root, Value?>,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        isolation: isolated (any Actor)? = #isolation
    ) -> Dependency {
        Dependency(
            optional: keyPath, tag: nil, isOptional: false, location: SourceLocation(fileID, line),
            isolation: isolation, storeBoxed: BoxedValueStore<Value>.intoOptional())
    }

    // Disfavored, as every non-optional form is: a `T?` or `T!` property matches it too (with
    // `Value` = `T?`), and the optional form, which asks for `T`, must win. Marked, the type
    // checker settles on that one without ranking both: about a seventh of the type-checking of
    // 1,200 declarations (Benchmarks/README.md, Users' build times).
    /// A required dependency on a property of non-optional type, which `init()` gave a
    /// placeholder value.
    @inlinable @_disfavoredOverload
    public static func inject<Value>(
        _ keyPath: ReferenceWritableKeyPath<Root, Value>,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        isolation: isolated (any Actor)? = #isolation
    ) -> Dependency {
        Dependency(
            plain: keyPath, tag: nil, isOptional: false, location: SourceLocation(fileID, line),
            isolation: isolation, storeBoxed: BoxedValueStore<Value>.intoPlain())
    }

    /// A required dependency on the value named by `tag`, for a `T?` or `T!` property.
    ///
    /// The tag's `Value` must be the property's type; anything else does not compile.
    @inlinable
    public static func inject<T: Tag>(
        _ keyPath: ReferenceWritableKeyPath<Root, T.Value?>,
        tag: T.Type,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        isolation: isolated (any Actor)? = #isolation
    ) -> Dependency {
        Dependency(
            optional: keyPath, tag: tag, isOptional: false, location: SourceLocation(fileID, line),
            isolation: isolation, storeBoxed: BoxedValueStore<T.Value>.intoOptional())
    }

    /// A required dependency on the value named by `tag`, for a property of non-optional type.
    @inlinable @_disfavoredOverload
    public static func inject<T: Tag>(
        _ keyPath: ReferenceWritableKeyPath<Root, T.Value>,
        tag: T.Type,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        isolation: isolated (any Actor)? = #isolation
    ) -> Dependency {
        Dependency(
            plain: keyPath, tag: tag, isOptional: false, location: SourceLocation(fileID, line),
            isolation: isolation, storeBoxed: BoxedValueStore<T.Value>.intoPlain())
    }

    /// An optional dependency: filled when the container can provide `Value`, left `nil` when it
    /// cannot.
    ///
    /// An error raised while creating an available value is still thrown; only absence is
    /// tolerated.
    @inlinable
    public static func optional<Value>(
        _ keyPath: ReferenceWritableKeyPath<Root, Value?>,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        isolation: isolated (any Actor)? = #isolation
    ) -> Dependency {
        Dependency(
            optional: keyPath, tag: nil, isOptional: true, location: SourceLocation(fileID, line),
            isolation: isolation, storeBoxed: BoxedValueStore<Value>.intoOptional())
    }

    /// An optional dependency on the value named by `tag`.
    @inlinable
    public static func optional<T: Tag>(
        _ keyPath: ReferenceWritableKeyPath<Root, T.Value?>,
        tag: T.Type,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        isolation: isolated (any Actor)? = #isolation
    ) -> Dependency {
        Dependency(
            optional: keyPath, tag: tag, isOptional: true, location: SourceLocation(fileID, line),
            isolation: isolation, storeBoxed: BoxedValueStore<T.Value>.intoOptional())
    }
}

extension Dependency {
    /// A property that something other than the container sets (a delegate, a callback, a value
    /// the owner assigns later): the container never fills it, and the check of a type's first
    /// fill does not report it as forgotten.
    ///
    /// ```swift
    /// final class ChatScreen: Injectable {
    ///     var messages: MessageStore!
    ///     weak var delegate: ChatDelegate?     // set by whoever presents the screen
    ///     static let dependencies: [Dependency<ChatScreen>] = [.inject(\.messages), .notInjected(\.delegate)]
    /// }
    /// ```
    @inlinable
    public static func notInjected<Value>(
        _ keyPath: ReferenceWritableKeyPath<Root, Value?>,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        isolation: isolated (any Actor)? = #isolation
    ) -> Dependency {
        Dependency(
            optional: keyPath, tag: NotInjected.self, isOptional: true, location: SourceLocation(fileID, line),
            isolation: isolation, storeBoxed: BoxedValueStore<Value>.intoOptional())
    }
}

/// Marks, as a tag, a declared property that the container must leave alone.
@usableFromInline
enum NotInjected {}
