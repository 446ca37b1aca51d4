public import Dependencies

// The six-object graph written the way swift-dependencies (pointfreeco) users write it:
//
//     DepApp → DepService → DepRepository → DepDatabase → DepConfig
//                                         → DepLogger
//
// Every dependency is a `DependencyKey` whose `liveValue` makes the object, reached through a
// `DependencyValues` property and read with `@Dependency(\.x)`. The root is made by its caller
// (`DepApp()`), as swift-dependencies users make their models.
//
// swift-dependencies resolves on property access, not at construction, and caches each live value
// for the process (it has no per-resolve or transient lifetime): the first read of `\.depService`
// makes the service, later reads return the same one. So `swiftDependenciesGraph()` constructs the
// root and reads each of the five dependencies once: one new object and five `@Dependency` reads
// per operation, where the other contenders create six objects and fill five properties.
//
// No `withDependencies` here: users reach for it to override dependencies (tests, previews) or to
// hand a parent's overrides to a child model (`withDependencies(from:)`), and a live graph needs
// neither. The classes are `@unchecked Sendable` because a `@Dependency` property is a `var` (a
// `DependencyKey`'s value must be `Sendable`); they never change after construction.

public final class DepConfig: Sendable {
    public let connectionString = "sqlite::memory:"
    public init() {}
}

public final class DepLogger: Sendable {
    public let level = 1
    public init() {}
}

public final class DepDatabase: @unchecked Sendable {
    @Dependency(\.depConfig) public var config
    public init() {}
}

public final class DepRepository: @unchecked Sendable {
    @Dependency(\.depDatabase) public var database
    @Dependency(\.depLogger) public var logger
    public init() {}
}

public final class DepService: @unchecked Sendable {
    @Dependency(\.depRepository) public var repository
    public init() {}
}

public final class DepApp {
    @Dependency(\.depService) public var service
    public init() {}
}

private enum DepConfigKey: DependencyKey {
    static var liveValue: DepConfig { DepConfig() }
}

private enum DepLoggerKey: DependencyKey {
    static var liveValue: DepLogger { DepLogger() }
}

private enum DepDatabaseKey: DependencyKey {
    static var liveValue: DepDatabase { DepDatabase() }
}

private enum DepRepositoryKey: DependencyKey {
    static var liveValue: DepRepository { DepRepository() }
}

private enum DepServiceKey: DependencyKey {
    static var liveValue: DepService { DepService() }
}

extension DependencyValues {
    public var depConfig: DepConfig {
        get { self[DepConfigKey.self] }
        set { self[DepConfigKey.self] = newValue }
    }

    public var depLogger: DepLogger {
        get { self[DepLoggerKey.self] }
        set { self[DepLoggerKey.self] = newValue }
    }

    public var depDatabase: DepDatabase {
        get { self[DepDatabaseKey.self] }
        set { self[DepDatabaseKey.self] = newValue }
    }

    public var depRepository: DepRepository {
        get { self[DepRepositoryKey.self] }
        set { self[DepRepositoryKey.self] = newValue }
    }

    public var depService: DepService {
        get { self[DepServiceKey.self] }
        set { self[DepServiceKey.self] = newValue }
    }
}

/// One swift-dependencies operation: a new root, then each of its five dependencies read once
/// (`service`, `repository`, `database`, `config`, `logger`). Returns the root and what it reached.
@inline(never)
public func swiftDependenciesGraph() -> (DepApp, DepConfig, DepLogger) {
    let app = DepApp()
    let repository = app.service.repository
    return (app, repository.database.config, repository.logger)
}
