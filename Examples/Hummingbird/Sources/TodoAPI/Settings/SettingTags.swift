public import Autowire

// Configuration values are bound as tagged values, so a factory or an `Injectable` asks for the one
// value it needs (`Tagged<DatabasePath>`, `.inject(\.path, tag: DatabasePath.self)`) rather than
// for the whole settings struct.

/// The address the HTTP server listens on.
public enum ServerHost: Tag { public typealias Value = String }

/// The port the HTTP server listens on.
public enum ServerPort: Tag { public typealias Value = Int }

/// The path of the SQLite file.
public enum DatabasePath: Tag { public typealias Value = String }
