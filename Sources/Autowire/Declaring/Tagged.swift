/// A factory parameter that asks for the value a ``Tag`` names.
///
/// Typed factories resolve each parameter by its type; wrap a parameter in `Tagged` to ask for a
/// tagged value instead:
///
/// ```swift
/// enum DatabasePath: Tag { typealias Value = String }
///
/// final class SQLiteDatabase {
///     init(path: Tagged<DatabasePath>, log: EventLog) { … path.value … }
/// }
/// binder.bind(Database.self).to(factory: SQLiteDatabase.init)
/// ```
public struct Tagged<T: Tag> {
    /// The tagged value.
    public let value: T.Value

    /// Wraps a value, for calling such an initializer by hand.
    public init(_ value: T.Value) {
        self.value = value
    }
}

extension Tagged: Sendable where T.Value: Sendable {}
