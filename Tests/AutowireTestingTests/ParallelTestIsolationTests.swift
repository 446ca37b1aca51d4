import Autowire
import AutowireTesting
import Synchronization
import Testing

// Tests that run in parallel against one app container, as a server's test suite does: each
// writes to the in-memory repository and the audit log the app binds as singletons, and must see
// only its own writes. With the base's singletons shared, whichever test runs second sees the
// other's row.

protocol TaskRepository: AnyObject, Sendable {
    func add(_ title: String)
    var titles: [String] { get }
}

final class InMemoryTaskRepository: TaskRepository, Injectable {
    private let rows = Mutex<[String]>([])
    var titles: [String] { rows.withLock { $0 } }
    func add(_ title: String) { rows.withLock { $0.append(title) } }
}

/// Kept while anyone holds it: another test's log must not be handed to this one.
final class AuditLog: Injectable {
    static var scope: Scope { .weak }
    let entries = Mutex<[String]>([])
}

final class CreateTask: Injectable {
    var repository: TaskRepository!
    var audit: AuditLog!
    var mailer: Mailer!
    static let dependencies: [Dependency<CreateTask>] = [.inject(\.repository), .inject(\.audit), .inject(\.mailer)]

    func callAsFunction(_ title: String) {
        repository.add(title)
        audit.entries.withLock { $0.append("created \(title)") }
        mailer.send("Task \(title) created")
    }
}

/// The app's container for the task API: the repository and the mailer are app-wide singletons.
private let taskApp = Result {
    try Container { binder in
        binder.bind(TaskRepository.self).scoped(.singleton).to(InMemoryTaskRepository.self)
        binder.bind(Mailer.self).scoped(.singleton).to(SMTPMailer.self)
    }
}

/// A recording mailer per test, whichever test asks: the override's value is made for each test.
@Suite(
    .overriding(try taskApp.get()) { binder in
        binder.override(Mailer.self).scoped(.singleton).to { _ in RecordingMailer() }
    })
struct ParallelTestIsolationTests {
    @Test(arguments: ["Write the report", "Book the venue", "Order lunch", "Send invites"])
    func eachTestSeesOnlyItsOwnRows(title: String) throws {
        let container = try TestContainer.current()
        let createTask = try container.resolve(CreateTask.self)
        createTask(title)
        #expect(try container.resolve(TaskRepository.self).titles == [title])
        #expect(createTask.audit.entries.withLock { $0 } == ["created \(title)"])
        // The override reaches the mailer through the app's singleton bindings too.
        let mailer = try #require(try container.resolve(Mailer.self) as? RecordingMailer)
        #expect(mailer.sent == ["Task \(title) created"])
        #expect(try taskApp.get().resolve(TaskRepository.self).titles.isEmpty)
    }
}
