import Foundation
import HummingbirdTesting
import Testing
import TodoAPI

/// The API over real HTTP: the app's own container, a real server on a free port of 127.0.0.1, a
/// real SQLite file.
@Suite struct TodoHTTPTests {
    @Test func aCreatedTodoIsReturnedByItsIdAndInTheList() async throws {
        let database = TemporaryDatabase()
        defer { database.remove() }
        let app = try TodoApp.application(container: database.appContainer())

        try await app.test(.live) { client in
            let created = try await client.post("/todos", json: NewTodo(title: "  Buy milk "))
            #expect(created.status == .created)
            let todo = try created.decoded(as: Todo.self)
            #expect(todo.title == "Buy milk")
            #expect(todo.done == false)
            #expect(created.headers[.location] == "/todos/\(todo.id)")

            let fetched = try await client.get("/todos/\(todo.id)")
            #expect(fetched.status == .ok)
            #expect(try fetched.decoded(as: Todo.self).title == "Buy milk")

            _ = try await client.post("/todos", json: NewTodo(title: "Walk the dog", done: true))
            let list = try await client.get("/todos")
            #expect(list.status == .ok)
            #expect(try list.decoded(as: [Todo].self).map(\.title) == ["Buy milk", "Walk the dog"])
        }
    }

    @Test func todosAreKeptInTheDatabaseFileAcrossApps() async throws {
        let database = TemporaryDatabase()
        defer { database.remove() }
        try await TodoApp.application(container: database.appContainer()).test(.live) { client in
            _ = try await client.post("/todos", json: NewTodo(title: "Survive a restart"))
        }

        // A new container opens the same file anew.
        try await TodoApp.application(container: database.appContainer()).test(.live) { client in
            let list = try await client.get("/todos")
            #expect(try list.decoded(as: [Todo].self).map(\.title) == ["Survive a restart"])
        }
    }

    @Test func anUnknownIdIsNotFound() async throws {
        let database = TemporaryDatabase()
        defer { database.remove() }
        try await TodoApp.application(container: database.appContainer()).test(.live) { client in
            let response = try await client.get("/todos/42")
            #expect(response.status == .notFound)
            #expect(try response.errorMessage() == "No todo has id 42.")
        }
    }

    @Test func anIdThatIsNotANumberIsABadRequest() async throws {
        let database = TemporaryDatabase()
        defer { database.remove() }
        try await TodoApp.application(container: database.appContainer()).test(.live) { client in
            let response = try await client.get("/todos/first")
            #expect(response.status == .badRequest)
        }
    }

    @Test func anEmptyTitleIsABadRequestAndStoresNothing() async throws {
        let database = TemporaryDatabase()
        defer { database.remove() }
        try await TodoApp.application(container: database.appContainer()).test(.live) { client in
            let response = try await client.post("/todos", json: NewTodo(title: "   "))
            #expect(response.status == .badRequest)
            #expect(try response.errorMessage() == "A todo needs a title that is not empty.")
            #expect(try await client.get("/todos").decoded(as: [Todo].self).isEmpty)
        }
    }

    @Test func aBodyThatIsNotATodoIsABadRequest() async throws {
        let database = TemporaryDatabase()
        defer { database.remove() }
        try await TodoApp.application(container: database.appContainer()).test(.live) { client in
            let response = try await client.post("/todos", rawJSON: #"{"name": "no title"}"#)
            #expect(response.status == .badRequest)
            #expect(try await client.get("/todos").decoded(as: [Todo].self).isEmpty)
        }
    }
}
