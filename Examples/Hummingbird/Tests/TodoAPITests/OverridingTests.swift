import Autowire
import AutowireTesting
import Foundation
import HummingbirdTesting
import Testing
import TodoAPI

/// A clock that always says the same time, so a test can assert a todo's `createdAt`.
struct FixedClock: AppClock {
    static let newYear = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    let date: Date
    func now() -> Date { date }
}

/// The app's container with one binding replaced for the test, through AutowireTesting's trait:
/// each test gets a child of a new app container (on a database file of its own) in which
/// `AppClock` is a fixed clock; everything else is the app's wiring.
@Suite(
    .overriding(try TemporaryDatabase().appContainer()) { binder in
        binder.override((any AppClock).self).to(value: FixedClock(date: FixedClock.newYear))
    })
struct OverridingTests {
    @Test func aTodoIsStampedByTheOverriddenClock() async throws {
        let container = try TestContainer.current()
        defer { removeDatabase(of: container) }

        try await TodoApp.application(container: container).test(.router) { client in
            let created = try await client.post("/todos", json: NewTodo(title: "Plan the year"))
            #expect(created.status == .created)
            #expect(created.text.contains(#""createdAt":"2026-01-01T00:00:00Z""#))
            #expect(try created.decoded(as: Todo.self).createdAt == FixedClock.newYear)
        }
    }

    @Test func theOverrideAlsoReachesTheRealServer() async throws {
        let container = try TestContainer.current()
        defer { removeDatabase(of: container) }

        try await TodoApp.application(container: container).test(.live) { client in
            let id = try await client.post("/todos", json: NewTodo(title: "Over HTTP")).decoded(as: Todo.self).id
            let fetched = try await client.get("/todos/\(id)").decoded(as: Todo.self)
            #expect(fetched.createdAt == FixedClock.newYear)
        }
    }

    private func removeDatabase(of container: Container) {
        if let path = try? container.resolve(String.self, tag: DatabasePath.self) {
            TemporaryDatabase(path: path).remove()
        }
    }
}
