import Autowire
import Foundation
import Logging
import TodoAPI

/// A SQLite file of its own for each test, in the system's temporary folder, and the app's
/// container over it.
struct TemporaryDatabase {
    let path: String

    /// Warnings and errors only: a passing run prints no log lines.
    static let logger: Logger = {
        var logger = Logger(label: "TodoAPITests")
        logger.logLevel = .warning
        return logger
    }()

    /// A new file name; the app creates the file when it first opens the database.
    init() {
        path =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("todo-api-tests-\(UUID().uuidString).sqlite").path
    }

    /// The file at `path`.
    init(path: String) {
        self.path = path
    }

    /// The app's settings on this file, listening on a port the system chooses.
    var settings: AppSettings { AppSettings(host: "127.0.0.1", port: 0, databasePath: path) }

    /// The app's container, as `TodoServer` builds it, on this file.
    func appContainer() throws -> Container {
        try AppContainer.make(settings: settings, logger: Self.logger)
    }

    /// Removes the file and SQLite's companions (`-wal`, `-shm`).
    func remove() {
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: path + suffix)
        }
    }
}
