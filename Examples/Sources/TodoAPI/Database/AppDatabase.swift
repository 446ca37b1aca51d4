public import Autowire
public import GRDB
public import Logging

/// The app's SQLite database: one `DatabasePool` on a file, its tables created or migrated when
/// it opens. The container makes it once (a singleton) and every repository shares it.
public final class AppDatabase: Sendable {
    /// Reads run concurrently, writes one at a time (SQLite's WAL mode).
    public let pool: DatabasePool

    /// Opens (or creates) the file at `path` and brings its tables up to date.
    ///
    /// Its parameters are what the container resolves when it calls this initializer as a typed
    /// factory: the tagged path and the app's logger.
    public init(path: Tagged<DatabasePath>, logger: Logger) throws {
        pool = try DatabasePool(path: path.value)
        try Self.migrator.migrate(pool)
        logger.info("Database ready", metadata: ["path": "\(path.value)"])
    }

    /// The schema, one migration per change.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("create todo") { db in
            try db.create(table: "todo") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("title", .text).notNull()
                table.column("done", .boolean).notNull().defaults(to: false)
                table.column("createdAt", .datetime).notNull()
            }
        }
        return migrator
    }
}
