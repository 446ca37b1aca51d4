import Autowire
import Testing

private protocol Storage: AnyObject {}
private final class DiskStorage: Storage, Injectable {}
private final class SharedStorage: Storage, Injectable {
    static var scope: Scope { .singleton }
}

private class Clock {}
private final class SystemClock: Clock, Injectable {}

private enum DatabasePath: Autowire.Tag { typealias Value = String }
private enum CachePath: Autowire.Tag { typealias Value = String }

private final class Connection {
    let path: String
    let storage: Storage
    init(path: String, storage: Storage) {
        self.path = path
        self.storage = storage
    }
}

/// Holds both the protocol and the implementation it is bound to, to compare them in one graph.
private final class StorageUser: Injectable {
    var storage: Storage!
    var disk: DiskStorage!
    static let dependencies: [Dependency<StorageUser>] = [.inject(\.storage), .inject(\.disk)]
}

/// Needs the protocol twice, to see whether one resolve shares what a factory made.
private final class StorageTwiceUser: Injectable {
    var first: Storage!
    var second: Storage!
    static let dependencies: [Dependency<StorageTwiceUser>] = [.inject(\.first), .inject(\.second)]
}

private final class ConnectionUser: Injectable {
    var connection: Connection!
    var storage: Storage!
    static let dependencies: [Dependency<ConnectionUser>] = [.inject(\.connection), .inject(\.storage)]
}

private final class PathUser: Injectable {
    var database: String!
    var cache = ""
    static let dependencies: [Dependency<PathUser>] = [
        .inject(\.database, tag: DatabasePath.self),
        .inject(\.cache, tag: CachePath.self),
    ]
}

private protocol Plugin: Sendable {
    var name: String { get }
}
private final class AuditPlugin: Plugin, Injectable {
    let name = "audit"
}
private struct NamedPlugin: Plugin {
    let name: String
}

private final class PluginHost: Injectable {
    var plugins: [Plugin] = []
    static let dependencies: [Dependency<PluginHost>] = [.inject(\.plugins)]
}

private final class Counter: Injectable {
    static var scope: Scope { .singleton }
}

/// Keeps the resolver a factory received, to use it after the factory returned.
private final class ResolverBox: @unchecked Sendable {
    var resolver: Resolver?
}

@Suite struct BindingTests {
    @Test func protocolBoundToImplementation() throws {
        let container = try Container { binder in
            binder.bind(Storage.self).to(DiskStorage.self)
        }
        #expect(try container.resolve(Storage.self) is DiskStorage)
    }

    @Test func superclassBoundToSubclass() throws {
        let container = try Container { binder in
            binder.bind(Clock.self).to(SystemClock.self)
        }
        #expect(try container.resolve(Clock.self) is SystemClock)
    }

    @Test func aliasSharesTheImplementationsGraphInstance() throws {
        let container = try Container { binder in
            binder.bind(Storage.self).to(DiskStorage.self)
        }
        let user = try container.resolve(StorageUser.self)
        #expect(user.storage === user.disk)
    }

    @Test func aliasSharesTheImplementationsSingleton() throws {
        let container = try Container { binder in
            binder.bind(Storage.self).to(SharedStorage.self)
        }
        let viaProtocol = try container.resolve(Storage.self)
        let viaClass = try container.resolve(SharedStorage.self)
        #expect(viaProtocol === viaClass)
    }

    @Test func scopedAliasHasInstancesOfItsOwn() throws {
        let container = try Container { binder in
            binder.bind(Storage.self).scoped(.singleton).to(DiskStorage.self)
        }
        let first = try container.resolve(Storage.self)
        let second = try container.resolve(Storage.self)
        #expect(first === second)
        // The implementation itself keeps its own `.graph` scope, apart from the binding's singleton.
        let user = try container.resolve(StorageUser.self)
        #expect(user.storage === first)
        #expect(user.disk !== first)
    }

    @Test func valueBindingReturnsTheValue() throws {
        let container = try Container { binder in
            binder.bind(Int.self).to(value: 42)
        }
        #expect(try container.resolve(Int.self) == 42)
    }

    @Test func closureFactoryResolvesThroughTheResolver() throws {
        let container = try Container { binder in
            binder.bind(String.self).tagged(DatabasePath.self).to(value: ":memory:")
            binder.bind(Storage.self).to(DiskStorage.self)
            binder.bind(Connection.self).to { resolver in
                try Connection(
                    path: resolver.resolve(String.self, tag: DatabasePath.self),
                    storage: resolver.resolve(Storage.self))
            }
        }
        let connection = try container.resolve(Connection.self)
        #expect(connection.path == ":memory:")
        #expect(connection.storage is DiskStorage)
    }

    @Test func closureFactorySharesTheGraphOfTheOngoingResolve() throws {
        let container = try Container { binder in
            binder.bind(Storage.self).to(DiskStorage.self)
            binder.bind(Connection.self).to { resolver in
                try Connection(path: "db", storage: resolver.resolve(Storage.self))
            }
        }
        let user = try container.resolve(ConnectionUser.self)
        #expect(user.connection.storage === user.storage)
    }

    @Test func closureFactoryDefaultsToGraphScope() throws {
        let container = try Container { binder in
            binder.bind(Storage.self).to { _ in DiskStorage() }
        }
        // Shared by everything one resolve makes…
        let user = try container.resolve(StorageTwiceUser.self)
        #expect(user.first === user.second)
        // …and made anew by the next resolve.
        let next = try container.resolve(StorageTwiceUser.self)
        #expect(next.first === next.second)
        #expect(next.first !== user.first)
        #expect(try container.resolve(Storage.self) !== container.resolve(Storage.self))
        // The factory's value is not the autowired implementation's.
        let mixed = try container.resolve(StorageUser.self)
        #expect(mixed.storage !== mixed.disk)
    }

    @Test func taggedValuesAreResolvedByTag() throws {
        let container = try Container { binder in
            binder.bind(String.self).tagged(DatabasePath.self).to(value: "orders.sqlite")
            binder.bind(String.self).tagged(CachePath.self).to(value: "/tmp/cache")
        }
        #expect(try container.resolve(String.self, tag: DatabasePath.self) == "orders.sqlite")
        #expect(try container.resolve(tag: CachePath.self) == "/tmp/cache")
        let user = try container.resolve(PathUser.self)
        #expect(user.database == "orders.sqlite")
        #expect(user.cache == "/tmp/cache")
    }

    @Test func taggedBindingDoesNotProvideTheUntaggedType() throws {
        let container = try Container { binder in
            binder.bind(String.self).tagged(DatabasePath.self).to(value: "orders.sqlite")
        }
        let error = #expect(throws: ResolutionError.self) { try container.resolve(String.self) }
        #expect(error?.code == .missingBinding)
    }

    @Test func intoCollectionGathersContributionsInBindingOrder() throws {
        let container = try Container { binder in
            binder.bind(Plugin.self).intoCollection().to(value: NamedPlugin(name: "first"))
            binder.bind(Plugin.self).intoCollection().to(AuditPlugin.self)
            binder.bind(Plugin.self).intoCollection().to { _ in NamedPlugin(name: "last") }
        }
        let plugins = try container.resolve([Plugin].self)
        #expect(plugins.map(\.name) == ["first", "audit", "last"])
        let host = try container.resolve(PluginHost.self)
        #expect(host.plugins.map(\.name) == ["first", "audit", "last"])
    }

    @Test func bindingScopeWinsOverInjectableScope() throws {
        let container = try Container { binder in
            binder.bind(Counter.self).scoped(.transient).to(Counter.self)
        }
        let first = try container.resolve(Counter.self)
        let second = try container.resolve(Counter.self)
        #expect(first !== second)
    }

    @Test func bindingWithoutScopeKeepsInjectableScope() throws {
        let container = try Container { binder in
            binder.bind(Counter.self).to(Counter.self)
        }
        #expect(try container.resolve(Counter.self) === (try container.resolve(Counter.self)))
    }

    @Test func bindingOverridesAutowiring() throws {
        let container = try Container { binder in
            binder.bind(Storage.self).to { _ in DiskStorage() }
            binder.bind(DiskStorage.self).scoped(.singleton).to { _ in DiskStorage() }
        }
        let user = try container.resolve(StorageUser.self)
        #expect(user.disk === (try container.resolve(DiskStorage.self)))
    }

    @Test func resolverKeptAfterItsFactoryStartsIndependentResolves() throws {
        let box = ResolverBox()
        let container = try Container { binder in
            binder.bind(Int.self).to { resolver in
                box.resolver = resolver
                return 1
            }
        }
        _ = try container.resolve(Int.self)
        let resolver = try #require(box.resolver)
        let first = try resolver.resolve(DiskStorage.self)
        let second = try resolver.resolve(DiskStorage.self)
        #expect(first !== second)
    }
}
