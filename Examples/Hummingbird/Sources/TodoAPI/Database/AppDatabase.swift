public import Autowire
public import GRDB
public import Logging

/// The app's SQLite database: one `DatabasePool` on a file, its tables created or migrated when
/// it opens. The container makes it once (a singleton) and every repository shares it.
///
/// Constructor-injected, with no binding: the container calls ``init(path:logger:)`` with the
/// tagged path and the app's logger.
public final class AppDatabase: ConstructorInjectable, Sendable {
    /// Reads run concurrently, writes one at a time (SQLite's WAL mode).
    public let pool: DatabasePool

    /// Opens (or creates) the file at `path` and brings its tables up to date.
    public init(path: Tagged<DatabasePath>, logger: Logger) throws {
        pool = try DatabasePool(path: path.value)
        try Self.migrator.migrate(pool)
        logger.info("Database ready", metadata: ["path": "\(path.value)"])
    }

    /// How the container makes it: through ``init(path:logger:)``, whose errors fail the resolve
    /// (and the start-up validation) as `factory-failed`.
    public static let construction = Construction(AppDatabase.init(path:logger:), labels: "path", "logger")

    /// One for the whole app: one pool on the file.
    public static var scope: Scope { .singleton }

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
