public import Autowire

// The six-object graph with every dependency declared as a protocol, as application code usually
// writes it, each protocol bound to its implementation:
//
//     ProtocolApp → any Servicing → any Repositing → any Databasing → any Configuring
//                                                  → any Logging
//
// Five protocol-typed properties; six allocations by hand.

public protocol Configuring { var connectionString: String { get } }
public protocol Logging { var level: Int { get } }
public protocol Databasing { var config: (any Configuring)! { get } }
public protocol Repositing { var database: (any Databasing)! { get } }
public protocol Servicing { var repository: (any Repositing)! { get } }

public final class ProtocolConfig: Injectable, Configuring {
    public var connectionString = "sqlite::memory:"
    public init() {}
}

public final class ProtocolLogger: Injectable, Logging {
    public var level = 1
    public init() {}
}

public final class ProtocolDatabase: Injectable, Databasing {
    public var config: (any Configuring)!
    public init() {}
    public static let dependencies: [Dependency<ProtocolDatabase>] = [.inject(\.config)]
}

public final class ProtocolRepository: Injectable, Repositing {
    public var database: (any Databasing)!
    public var logger: (any Logging)!
    public init() {}
    public static let dependencies: [Dependency<ProtocolRepository>] = [.inject(\.database), .inject(\.logger)]
}

public final class ProtocolService: Injectable, Servicing {
    public var repository: (any Repositing)!
    public init() {}
    public static let dependencies: [Dependency<ProtocolService>] = [.inject(\.repository)]
}

public final class ProtocolApp: Injectable {
    public var service: (any Servicing)!
    public init() {}
    public static let dependencies: [Dependency<ProtocolApp>] = [.inject(\.service)]
}

/// The container of the protocol-typed graph: each protocol bound to its implementation.
public func protocolContainer() throws -> Autowire.Container {
    try Autowire.Container { binder in
        binder.bind((any Configuring).self).to(ProtocolConfig.self)
        binder.bind((any Logging).self).to(ProtocolLogger.self)
        binder.bind((any Databasing).self).to(ProtocolDatabase.self)
        binder.bind((any Repositing).self).to(ProtocolRepository.self)
        binder.bind((any Servicing).self).to(ProtocolService.self)
    }
}

/// The same container with one protocol bound by a closure, as apps bind what the container cannot
/// make itself: the program calls the closure.
public func protocolContainerWithAClosure() throws -> Autowire.Container {
    try Autowire.Container { binder in
        binder.bind((any Configuring).self).to(ProtocolConfig.self)
        binder.bind((any Logging).self).to { _ in ProtocolLogger() }
        binder.bind((any Databasing).self).to(ProtocolDatabase.self)
        binder.bind((any Repositing).self).to(ProtocolRepository.self)
        binder.bind((any Servicing).self).to(ProtocolService.self)
    }
}

/// The protocol-typed graph built by hand through the same properties.
@inline(never)
public func handWrittenProtocols() -> ProtocolApp {
    let config = ProtocolConfig()
    let database = ProtocolDatabase()
    database.config = config
    let logger = ProtocolLogger()
    let repository = ProtocolRepository()
    repository.database = database
    repository.logger = logger
    let service = ProtocolService()
    service.repository = repository
    let app = ProtocolApp()
    app.service = service
    return app
}
