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
        _ keyPath: ReferenceWritableKeyPath<Root, Value?>,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        isolation: isolated (any Actor)? = #isolation
    ) -> Dependency {
        Dependency(
            optional: keyPath, tag: AssistedSeed.self, isOptional: false, location: SourceLocation(fileID, line),
            isolation: isolation, storeBoxed: BoxedValueStore<Value>.intoOptional())
    }

    /// A property of non-optional type filled with the runtime value passed to
    /// ``AssistedFactory/make(_:)``.
    @inlinable @_disfavoredOverload
    public static func assisted<Value>(
        _ keyPath: ReferenceWritableKeyPath<Root, Value>,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        isolation: isolated (any Actor)? = #isolation
    ) -> Dependency {
        Dependency(
            plain: keyPath, tag: AssistedSeed.self, isOptional: false, location: SourceLocation(fileID, line),
            isolation: isolation, storeBoxed: BoxedValueStore<Value>.intoPlain())
    }
}
