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

@Suite struct ModuleTests {
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
