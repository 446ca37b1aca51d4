import Autowire
import Testing

private protocol Storage: AnyObject {}
private final class DiskStorage: Storage, Injectable {}
private final class Settings: Injectable {
    var storage: Storage!
    static let dependencies: [Dependency<Settings>] = [.inject(\.storage)]
}

private enum StorageModule: Module {
    static func configure(_ binder: Binder) {
        binder.bind(Storage.self).scoped(.singleton).to(DiskStorage.self)
    }
}
private enum SettingsModule: Module {
    static func configure(_ binder: Binder) {
        binder.include(StorageModule.self)
        binder.bind(Settings.self).scoped(.singleton).to(Settings.self)
    }
}

private protocol Plugin: AnyObject {}
private final class AuditPlugin: Plugin, Injectable {}
private enum AuditPluginModule: Module {
    static func configure(_ binder: Binder) {
        binder.bind(Plugin.self).intoCollection().to(AuditPlugin.self)
    }
}
private final class SearchPlugin: Plugin, Injectable {}
private enum SearchFeatureModule: Module {
    static func configure(_ binder: Binder) {
        binder.include(StorageModule.self)
        binder.include(AuditPluginModule.self)
        binder.bind(Plugin.self).intoCollection().to(SearchPlugin.self)
    }
}

@Suite struct ModuleTests {
    @Test func aChildIncludingAModuleItsParentIncludedDoesNotRunItAgain() throws {
        let parent = try Container { binder in
            binder.include(StorageModule.self)
            binder.include(AuditPluginModule.self)
        }
        // The feature module includes both again; without `override` they would shadow the parent's.
        let child = try parent.child { $0.include(SearchFeatureModule.self) }
        #expect(try child.resolve(Storage.self) === parent.resolve(Storage.self))
        #expect(try child.resolve([Plugin].self).map { "\(type(of: $0))" } == ["AuditPlugin", "SearchPlugin"])
    }

    @Test func aRequestScopeIncludingAModuleItsContainerIncludedDoesNotRunItAgain() throws {
        let container = try Container { $0.include(AuditPluginModule.self) }
        let scope = try container.requestScope(for: String.self) { $0.include(AuditPluginModule.self) }
        #expect(try scope.resolve([Plugin].self, for: "request").count == 1)
    }

    @Test func aModuleContributesItsBindings() throws {
        let container = try Container { $0.include(StorageModule.self) }
        #expect(try container.resolve(Storage.self) is DiskStorage)
    }

    @Test func includingAModuleTwiceIsHarmless() throws {
        let container = try Container { binder in
            binder.include(StorageModule.self)
            binder.include(SettingsModule.self)  // includes StorageModule again
            binder.include(SettingsModule.self)
        }
        let settings = try container.resolve(Settings.self)
        #expect(try settings.storage === container.resolve(Storage.self))
    }
}
