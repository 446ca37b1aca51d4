import Autowire
import AutowireTesting
import Foundation
import Synchronization
import TeamTasks
import Testing
import Vapor
import VaporTesting

/// A clock that always says the same time, so a test can assert a task's `createdAt`.
struct FixedClock: AppClock {
    static let newYear = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    func now() -> Date { Self.newYear }
}

/// A notifier that keeps what it was told. A singleton by its own scope, so the test resolves the
/// one the app used.
final class RecordingNotifier: TaskNotifier, Injectable {
    static var scope: Autowire.Scope { .singleton }
    static let dependencies: [Dependency<RecordingNotifier>] = []

    private let recorded = Mutex<[String]>([])

    /// "team: title by user", one per task created.
    var notes: [String] { recorded.withLock { $0 } }

    func taskCreated(_ task: TaskDTO, teamName: String) async {
        recorded.withLock { $0.append("\(teamName): \(task.title) by \(task.createdBy)") }
    }
}

/// The app's container with two bindings replaced for the test, through AutowireTesting's trait:
/// each test gets a child of a new app container in which the clock is fixed and the notifier
/// records; the app's own `configure(_:container:)` runs over that child.
@Suite(
    .overriding(try TestApp.container()) { binder in
        binder.override((any AppClock).self).to(value: FixedClock())
        binder.override((any TaskNotifier).self).to(RecordingNotifier.self)
    })
struct OverridingTests {
    @Test func aNewTaskIsStampedByTheOverriddenClockAndTheTeamIsNotified() async throws {
        let container = try TestContainer.current()
        try await TestApp.run(container: container) { app in
            let client = try app.testing()
            let team = try await client.createTeam("Platform")
            let created = try await client.send(
                .POST, "teams/\(team.id)/tasks", as: "bob", json: NewTask(title: "Ship"))
            #expect(created.body.string.contains(#""createdAt":"2026-01-01T00:00:00Z""#))
            #expect(try created.content.decode(TaskDTO.self).createdAt == FixedClock.newYear)
        }
        #expect(try container.resolve(RecordingNotifier.self).notes == ["Platform: Ship by bob"])
    }

    @Test func theOverridesAlsoReachTheRealServer() async throws {
        let container = try TestContainer.current()
        try await TestApp.run(container: container) { app in
            let client = try app.testing(method: .running(hostname: "127.0.0.1", port: 0))
            let team = try await client.createTeam("Live")
            let task = try await client.createTask("Over HTTP", in: team)
            #expect(task.createdAt == FixedClock.newYear)
        }
        #expect(try container.resolve(RecordingNotifier.self).notes == ["Live: Over HTTP by alice"])
    }

    @Test func eachTestHasANotifierOfItsOwn() async throws {
        let container = try TestContainer.current()
        #expect(try container.resolve(RecordingNotifier.self).notes.isEmpty)
        #expect(
            try container.resolve((any TaskNotifier).self) as AnyObject === container.resolve(RecordingNotifier.self))
    }
}
