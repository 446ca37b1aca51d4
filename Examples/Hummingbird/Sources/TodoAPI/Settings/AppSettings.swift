public import Hummingbird

/// The values the server reads from its environment, each with a default that works on a laptop.
///
/// | Variable | Default |
/// | --- | --- |
/// | `TODO_HOST` | `127.0.0.1` |
/// | `TODO_PORT` | `8080` |
/// | `TODO_DATABASE` | `todos.sqlite` (in the current directory) |
public struct AppSettings: Sendable, Equatable {
    /// The address the server listens on.
    public var host: String
    /// The port the server listens on; `0` asks the system for a free one.
    public var port: Int
    /// The SQLite file; created, with its tables, when missing.
    public var databasePath: String

    /// Settings given in full, as tests make them.
    public init(host: String = "127.0.0.1", port: Int = 8080, databasePath: String = "todos.sqlite") {
        self.host = host
        self.port = port
        self.databasePath = databasePath
    }

    /// Settings read from `environment`, with the defaults for what it does not set.
    ///
    /// - Throws: ``InvalidSettingError`` when a variable is set but cannot be used.
    public init(environment: Environment) throws(InvalidSettingError) {
        self.init()
        if let host = environment.get("TODO_HOST") { self.host = host }
        if let text = environment.get("TODO_PORT") {
            guard let port = Int(text), (0...65535).contains(port) else {
                throw InvalidSettingError(variable: "TODO_PORT", value: text, expected: "a port number, 0 to 65535")
            }
            self.port = port
        }
        if let path = environment.get("TODO_DATABASE") {
            guard !path.isEmpty else {
                throw InvalidSettingError(variable: "TODO_DATABASE", value: path, expected: "a file path")
            }
            self.databasePath = path
        }
    }
}

/// An environment variable that is set to something the server cannot use.
public struct InvalidSettingError: Error, CustomStringConvertible {
    /// The variable's name.
    public let variable: String
    /// What it was set to.
    public let value: String
    /// What it should be.
    public let expected: String

    /// One line that says which variable is wrong and what it should hold.
    public var description: String { "\(variable) is \"\(value)\"; expected \(expected)." }
}
