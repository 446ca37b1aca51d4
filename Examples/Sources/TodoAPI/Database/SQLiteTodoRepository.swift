public import Foundation
import GRDB

/// Todos in the app's SQLite database.
///
/// Its dependency is a constructor parameter (`let`), so the class is `Sendable` as it is; the
/// container calls `init(database:)` as a typed factory.
public final class SQLiteTodoRepository: TodoRepository {
    private let database: AppDatabase

    /// A repository over `database`.
    public init(database: AppDatabase) {
        self.database = database
    }

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
