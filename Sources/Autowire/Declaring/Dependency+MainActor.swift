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

    /// A property of a `@MainActor` class that something other than the container sets; see
    /// ``Dependency/notInjected(_:fileID:line:)-(ReferenceWritableKeyPath<Root,Value?>Sendable,_,_)``.
    @MainActor
    @inlinable
    public static func notInjected<Value>(
        _ keyPath: ReferenceWritableKeyPath<Root, Value?>,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) -> Dependency {
        mainActor(
            keyPath, value: Value.self, tag: NotInjected.self, isOptional: true, location: SourceLocation(fileID, line)
        ) { $0[keyPath: keyPath] = $1 }
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
                // Never stored at an offset (nothing to `locate`): written through `assign` only.
                locate: nil, store: nil, storeBoxed: nil, propertyIsOptional: false))
    }
}
