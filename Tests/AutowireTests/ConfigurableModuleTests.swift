import Autowire
import Testing

// Modules chosen by run-time configuration: `binder.include(StorageModule(storage: .memory))`.

private protocol TaskRepository: AnyObject {}
private final class SQLiteTaskRepository: TaskRepository, Injectable {
    var path: String!
    static let dependencies: [Dependency<SQLiteTaskRepository>] = [.inject(\.path, tag: DatabasePath.self)]
}
private final class InMemoryTaskRepository: TaskRepository, Injectable {}
private enum DatabasePath: Autowire.Tag { typealias Value = String }

private struct StorageModule: ConfigurableModule, Hashable {
    enum Storage: Hashable {
        case sqlite(path: String)
        case memory
    }
    let storage: Storage

    func configure(_ binder: Binder) {
        switch storage {
        case .sqlite(let path):
            binder.bind(String.self).tagged(DatabasePath.self).to(value: path)
            binder.bind(TaskRepository.self).scoped(.singleton).to(SQLiteTaskRepository.self)
        case .memory:
            binder.bind(TaskRepository.self).scoped(.singleton).to(InMemoryTaskRepository.self)
        }
    }
}

private protocol Notifier {}
private struct SlackNotifier: Notifier {
    let channel: String
}
private struct NoNotifier: Notifier {}

/// Not `Hashable`: each value included adds its bindings.
private struct NotificationsModule: ConfigurableModule {
    let slackChannel: String?

    func configure(_ binder: Binder) {
        binder.include(StorageModule(storage: .memory))
        if let slackChannel {
            binder.bind(Notifier.self).to(value: SlackNotifier(channel: slackChannel))
        } else {
            binder.bind(Notifier.self).to(value: NoNotifier())
        }
    }
}

private enum AppModule: Module {
    static func configure(_ binder: Binder) {
        binder.include(NotificationsModule(slackChannel: "#tasks"))
    }
}

@Suite struct ConfigurableModuleTests {
    @Test func aModuleValueBindsWhatItsConfigurationSays() throws {
        let onDisk = try Container { binder in binder.include(StorageModule(storage: .sqlite(path: "tasks.db"))) }
        let inMemory = try Container { binder in binder.include(StorageModule(storage: .memory)) }
        let repository = try #require(try onDisk.resolve(TaskRepository.self) as? SQLiteTaskRepository)
        #expect(repository.path == "tasks.db")
        #expect(try inMemory.resolve(TaskRepository.self) is InMemoryTaskRepository)
    }

    @Test func anOptionalSettingChoosesABinding() throws {
        let withSlack = try Container { binder in binder.include(NotificationsModule(slackChannel: "#tasks")) }
        let without = try Container { binder in binder.include(NotificationsModule(slackChannel: nil)) }
        #expect((try withSlack.resolve(Notifier.self) as? SlackNotifier)?.channel == "#tasks")
        #expect(try without.resolve(Notifier.self) is NoNotifier)
    }

    @Test func anEqualValueOfAHashableModuleIsIncludedOnce() throws {
        let container = try Container { binder in
            binder.include(StorageModule(storage: .memory))
            binder.include(NotificationsModule(slackChannel: nil))  // includes StorageModule(.memory) too
        }
        #expect(try container.resolve(TaskRepository.self) is InMemoryTaskRepository)
    }

    @Test func aChildIncludingAValueItsParentIncludedDoesNotRunItAgain() throws {
        let parent = try Container { binder in binder.include(StorageModule(storage: .memory)) }
        let child = try parent.child { binder in binder.include(StorageModule(storage: .memory)) }
        #expect(try child.resolve(TaskRepository.self) === parent.resolve(TaskRepository.self))
    }

    @Test func twoDifferentValuesOfOneModuleReportTheirDuplicateBindings() throws {
        let error = try #require(throws: ConfigurationError.self) {
            try Container { binder in
                binder.include(StorageModule(storage: .memory))
                binder.include(StorageModule(storage: .sqlite(path: "tasks.db")))
            }
        }
        #expect(error.diagnostics.map(\.code) == [.duplicateBinding])
        #expect(error.diagnostics.first?.message == "TaskRepository is bound twice in the same container.")
    }

    @Test func aStaticModuleMayIncludeAModuleValue() throws {
        let container = try Container { binder in binder.include(AppModule.self) }
        #expect((try container.resolve(Notifier.self) as? SlackNotifier)?.channel == "#tasks")
        #expect(try container.resolve(TaskRepository.self) is InMemoryTaskRepository)
    }
}
