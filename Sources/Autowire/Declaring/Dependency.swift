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
/// Each constructor records the `file:line` it was written at, so errors point there. The
/// constructors are `@inlinable`: the setter closure is formed in your module around the key-path
/// literal, which the optimizer turns into a direct store.
public struct Dependency<Root: AnyObject>: Sendable {
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

    @usableFromInline
    init<Object: AnyObject, Value>(
        object: Object.Type,
        value: Value.Type,
        tag: Any.Type?,
        isOptional: Bool,
        keyPath: any Sendable,
        location: SourceLocation,
        requiresMainActor: Bool = false,
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
        self.makeStep = { producer in
            guard let typed = producer as? Producer<Value> else { return nil }
            let learned = LearnedOffset()
            return InjectionStep(requirement: requirement, target: producer) { [unowned(unsafe) typed] object, resolution in
                let value: Value
                do {
                    value = try typed.produce(resolution)
                } catch let error as ResolutionError where requirement.isOptional && error.isUnavailableInstance {
                    return  // an offered instance that is gone: optional dependencies stay nil
                } catch {
                    throw ResolutionError.passing(through: object, requirement: requirement, error)
                }
                let offset = learned.current
                if offset > 0, let store = writer.store {
                    store(UnsafeMutableRawPointer(Unmanaged.passUnretained(object).toOpaque()) + offset, value)
                    return
                }
                // The plan compiler checked that every object reaching this step is an `Object`.
                let root = unsafeDowncast(object, to: Object.self)
                writer.assign(root, value)
                if offset == 0 {
                    learned.learn(on: root, description: String(describing: requirement.keyPath), locate: writer.locate)
                }
            }
        }
    }
}

extension Dependency {
    /// A required dependency on a `T?` or `T!` property.
    ///
    /// Resolution fails with an error that names this line when nothing can provide `Value`.
    @inlinable
    public static func inject<Value>(
        _ keyPath: ReferenceWritableKeyPath<Root, Value?> & Sendable,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) -> Dependency {
        Dependency(
            object: Root.self, value: Value.self, tag: nil, isOptional: false, keyPath: keyPath,
            location: SourceLocation(fileID, line), writer: PropertyWriter(optional: keyPath))
    }

    /// A required dependency on a property of non-optional type, which `init()` gave a
    /// placeholder value.
    @inlinable
    public static func inject<Value>(
        _ keyPath: ReferenceWritableKeyPath<Root, Value> & Sendable,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) -> Dependency {
        Dependency(
            object: Root.self, value: Value.self, tag: nil, isOptional: false, keyPath: keyPath,
            location: SourceLocation(fileID, line), writer: PropertyWriter(plain: keyPath))
    }

    /// A required dependency on the value named by `tag`, for a `T?` or `T!` property.
    ///
    /// The tag's `Value` must be the property's type; anything else does not compile.
    @inlinable
    public static func inject<T: Tag>(
        _ keyPath: ReferenceWritableKeyPath<Root, T.Value?> & Sendable,
        tag: T.Type,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) -> Dependency {
        Dependency(
            object: Root.self, value: T.Value.self, tag: tag, isOptional: false, keyPath: keyPath,
            location: SourceLocation(fileID, line), writer: PropertyWriter(optional: keyPath))
    }

    /// A required dependency on the value named by `tag`, for a property of non-optional type.
    @inlinable
    public static func inject<T: Tag>(
        _ keyPath: ReferenceWritableKeyPath<Root, T.Value> & Sendable,
        tag: T.Type,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) -> Dependency {
        Dependency(
            object: Root.self, value: T.Value.self, tag: tag, isOptional: false, keyPath: keyPath,
            location: SourceLocation(fileID, line), writer: PropertyWriter(plain: keyPath))
    }

    /// An optional dependency: filled when the container can provide `Value`, left `nil` when it
    /// cannot.
    ///
    /// An error raised while creating an available value is still thrown; only absence is
    /// tolerated.
    @inlinable
    public static func optional<Value>(
        _ keyPath: ReferenceWritableKeyPath<Root, Value?> & Sendable,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) -> Dependency {
        Dependency(
            object: Root.self, value: Value.self, tag: nil, isOptional: true, keyPath: keyPath,
            location: SourceLocation(fileID, line), writer: PropertyWriter(optional: keyPath))
    }

    /// An optional dependency on the value named by `tag`.
    @inlinable
    public static func optional<T: Tag>(
        _ keyPath: ReferenceWritableKeyPath<Root, T.Value?> & Sendable,
        tag: T.Type,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) -> Dependency {
        Dependency(
            object: Root.self, value: T.Value.self, tag: tag, isOptional: true, keyPath: keyPath,
            location: SourceLocation(fileID, line), writer: PropertyWriter(optional: keyPath))
    }
}

extension Dependency {
    /// A property filled with the runtime value passed to ``AssistedFactory/make(_:)``, for a
    /// `T?` or `T!` property.
    ///
    /// A class with an assisted property is created through an `AssistedFactory<Value, Self>`
    /// dependency; resolving it directly is reported as `assisted-outside-factory`.
    ///
    /// ```swift
    /// final class OrderViewModel: Injectable {
    ///     var orderID: OrderID!
    ///     var orders: OrderService!
    ///     static let dependencies: [Dependency<OrderViewModel>] = [.assisted(\.orderID), .inject(\.orders)]
    /// }
    /// ```
    @inlinable
    public static func assisted<Value>(
        _ keyPath: ReferenceWritableKeyPath<Root, Value?> & Sendable,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) -> Dependency {
        Dependency(
            object: Root.self, value: Value.self, tag: AssistedSeed.self, isOptional: false, keyPath: keyPath,
            location: SourceLocation(fileID, line), writer: PropertyWriter(optional: keyPath))
    }

    /// A property of non-optional type filled with the runtime value passed to
    /// ``AssistedFactory/make(_:)``.
    @inlinable
    public static func assisted<Value>(
        _ keyPath: ReferenceWritableKeyPath<Root, Value> & Sendable,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) -> Dependency {
        Dependency(
            object: Root.self, value: Value.self, tag: AssistedSeed.self, isOptional: false, keyPath: keyPath,
            location: SourceLocation(fileID, line), writer: PropertyWriter(plain: keyPath))
    }
}

extension Dependency {
    /// A subclass's own dependencies, for the list its base class declares.
    ///
    /// A non-final base class declares `class var dependencies: [Dependency<Base>]`; a subclass
    /// overrides it, keeps the base's list and appends its own, written against the subclass:
    ///
    /// ```swift
    /// class Screen: PropertyInjectable {
    ///     var logger: Logger!
    ///     class var dependencies: [Dependency<Screen>] { [.inject(\.logger)] }
    /// }
    ///
    /// final class LoginScreen: Screen {
    ///     var session: Session!
    ///     override class var dependencies: [Dependency<Screen>] {
    ///         super.dependencies + Dependency.subclass(LoginScreen.self, [.inject(\.session)])
    ///     }
    /// }
    /// ```
    ///
    /// A list that names a class which is not the injected class or one of its superclasses is
    /// reported as `misdeclared-dependency`.
    public static func subclass<Subclass: AnyObject>(
        _ type: Subclass.Type, _ dependencies: [Dependency<Subclass>]
    ) -> [Dependency] {
        dependencies.map { Dependency(requirement: $0.requirement, makeStep: $0.makeStep) }
    }
}

// Dependencies of `@MainActor` classes. Key paths to main-actor-isolated properties are not
// `Sendable`, so these overloads, chosen in a main-actor context, take plain key paths. The plan
// they compile into remembers it must run on the main thread and throws anywhere else.
extension Dependency {
    /// A required dependency of a `@MainActor` class on a `T?` or `T!` property.
    ///
    /// Chosen automatically in a main-actor context, such as the `dependencies` of a class
    /// declared `@MainActor final class Screen: @MainActor PropertyInjectable`.
    @MainActor
    @inlinable
    public static func inject<Value>(
        _ keyPath: ReferenceWritableKeyPath<Root, Value?>,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) -> Dependency {
        mainActor(keyPath, value: Value.self, tag: nil, isOptional: false, location: SourceLocation(fileID, line)) {
            $0[keyPath: keyPath] = $1
        }
    }

    /// A required dependency of a `@MainActor` class on the value named by `tag`.
    @MainActor
    @inlinable
    public static func inject<T: Tag>(
        _ keyPath: ReferenceWritableKeyPath<Root, T.Value?>,
        tag: T.Type,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) -> Dependency {
        mainActor(keyPath, value: T.Value.self, tag: tag, isOptional: false, location: SourceLocation(fileID, line)) {
            $0[keyPath: keyPath] = $1
        }
    }

    /// An optional dependency of a `@MainActor` class.
    @MainActor
    @inlinable
    public static func optional<Value>(
        _ keyPath: ReferenceWritableKeyPath<Root, Value?>,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) -> Dependency {
        mainActor(keyPath, value: Value.self, tag: nil, isOptional: true, location: SourceLocation(fileID, line)) {
            $0[keyPath: keyPath] = $1
        }
    }

    @usableFromInline
    static func mainActor<Value>(
        _ keyPath: AnyKeyPath, value: Value.Type, tag: Any.Type?, isOptional: Bool, location: SourceLocation,
        assign: @escaping @MainActor (Root, Value) -> Void
    ) -> Dependency {
        // Both are only used on the main thread: the compiled plan checks it before every fill.
        nonisolated(unsafe) let keyPath = keyPath
        return Dependency(
            object: Root.self, value: Value.self, tag: tag, isOptional: isOptional, keyPath: UncheckedKeyPath(keyPath),
            location: location, requiresMainActor: true,
            writer: PropertyWriter(
                assign: { object, value in
                    nonisolated(unsafe) let object = object
                    nonisolated(unsafe) let value = value
                    MainActor.assumeIsolated { assign(object, value) }
                },
                locate: nil, store: nil))
    }
}
