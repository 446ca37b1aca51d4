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
/// The constructors compile in the Swift 5 and 6 language modes, under Xcode's default `MainActor`
/// isolation, and where key paths are `Sendable` (as importing Vapor or Fluent makes them). Each
/// records the `file:line` it was written at, so errors point there, and the isolation it was written
/// in (`#isolation`): a list declared on the main actor, such as a `@MainActor` class's, makes its
/// class's plan run only on the main thread, and refuse to run anywhere else.
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

    /// A dependency on the `Value?` (or `Value!`) property at `keyPath`, declared where `isolation`
    /// is; `storeBoxed` is `BoxedValueStore.intoOptional()`, compiled in the caller's module.
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
        // Per declaration, not per compiled step: the offset is the class's, so every container
        // shares it and a new container's first resolve need not measure the property again.
        let learned = LearnedOffset()
        let holdsReferences = Value.self is AnyClass
        // The plan compiler checked that every object reaching this store is an `Object` (see
        // `ProvenCasts`).
        @Sendable func asObject(_ object: AnyObject) -> Object { planObject(object, as: Object.self) }
        // Per declaration too, shared by every container's plans. It captures no producer:
        // producers own their plans, so that would be a reference cycle.
        let store = ProgramStore(
            requirement: requirement, learned: learned, holdsReferences: holdsReferences,
            propertyIsOptional: writer.propertyIsOptional
        ) { owner, recorded in
            // Lowering checked that `recorded` is what a producer of `Value` records (a class
            // reference itself, else a box); the caller holds both. A value that is not a class
            // reference is stored here at the learned offset; programs store references themselves.
            let offset = learned.current
            if offset > 0, !holdsReferences, let storeBoxed = writer.storeBoxed {
                storeBoxed(FieldAddress(in: owner, at: offset), recorded)
                return
            }
            if offset < -1 {
                // A plain `weak` property at minus `offset`, learned by `WeakField` (class references only).
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
    /// A required dependency on a `T?` or `T!` property: when nothing can provide `Value`,
    /// resolution fails with an error that names this line.
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

    // Disfavored, as every non-optional form is: a `T?` property matches it too (`Value` = `T?`) and
    // the optional form must win; marked, the type checker skips ranking both (~1/7 of its time).
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

    /// A required dependency on the value named by `tag`, for a `T?` or `T!` property. The tag's
    /// `Value` must be the property's type; anything else does not compile.
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
    /// An error raised while creating an available value is still thrown.
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
