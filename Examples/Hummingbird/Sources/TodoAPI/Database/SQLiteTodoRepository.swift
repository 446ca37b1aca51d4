public import Autowire
public import Foundation
import GRDB

/// Todos in the app's SQLite database.
///
/// Constructor-injected: its dependency is an `init` parameter (`let`), so the class is `Sendable`
/// as it is. One for the app (a singleton); `AppContainer` binds the ``TodoRepository`` protocol
/// to it.
public final class SQLiteTodoRepository: TodoRepository, ConstructorInjectable {
    private let database: AppDatabase

    /// A repository over `database`.
    public init(database: AppDatabase) {
        self.database = database
    }

    /// How the container makes it: through ``init(database:)``, its parameter named in graphs.
    public static let construction = Construction(SQLiteTodoRepository.init, labels: "database")

    /// One for the whole app.
    public static var scope: Scope { .singleton }

    public func all() async throws -> [Todo] {
        try await database.pool.read { db in try Todo.order(Column("id")).fetchAll(db) }
    }

    public func find(id: Int64) async throws -> Todo? {
        try await database.pool.read { db in try Todo.fetchOne(db, key: id) }
    }

    public func insert(title: String, done: Bool, createdAt: Date) async throws -> Todo {
        try await database.pool.write { db in
            try db.execute(
                sql: "INSERT INTO todo (title, done, createdAt) VALUES (?, ?, ?)",
                arguments: [title, done, createdAt])
            return Todo(id: db.lastInsertedRowID, title: title, done: done, createdAt: createdAt)
        }
    }
}

/// Rows of the `todo` table decode into ``Todo`` by its `Codable` keys.
extension Todo: FetchableRecord, TableRecord {
    public static let databaseTableName = "todo"
}
