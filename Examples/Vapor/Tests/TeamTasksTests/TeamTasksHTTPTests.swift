import Foundation
import TeamTasks
import Testing
import Vapor
import VaporTesting

/// The API through Vapor's responder (VaporTesting, in memory): the app's own container and
/// `configure`, a SQLite database in memory. One test per route and per error path.
@Suite struct TeamTasksHTTPTests {
    @Test func aCreatedTeamIsListedByName() async throws {
        try await TestApp.run(container: TestApp.container()) { app in
            let client = try app.testing()
            let created = try await client.send(.POST, "teams", json: NewTeam(name: "  Platform "))
            #expect(created.status == .created)
            let team = try created.content.decode(TeamDTO.self)
            #expect(team.name == "Platform")
            #expect(created.headers.first(name: .location) == "/teams/\(team.id)")

            _ = try await client.createTeam("Design")
            let list = try await client.send(.GET, "teams")
            #expect(list.status == .ok)
            #expect(try list.content.decode([TeamDTO].self).map(\.name) == ["Design", "Platform"])
        }
    }

    @Test func aTaskIsCreatedByTheRequestsUserAndListedInItsTeam() async throws {
        try await TestApp.run(container: TestApp.container()) { app in
            let client = try app.testing()
            let team = try await client.createTeam("Platform")
            let other = try await client.createTeam("Design")

            let created = try await client.send(
                .POST, "teams/\(team.id)/tasks", as: "bob", json: NewTask(title: " Ship "))
            #expect(created.status == .created)
            let task = try created.content.decode(TaskDTO.self)
            #expect(task.title == "Ship")
            #expect(task.createdBy == "bob")
            #expect(task.teamID == team.id)
            #expect(task.done == false)
            _ = try await client.createTask("Sketch", in: other)

            let list = try await client.send(.GET, "teams/\(team.id)/tasks")
            #expect(list.status == .ok)
            #expect(try list.content.decode([TaskDTO].self) == [task])
        }
    }

    @Test func aTaskIsMarkedDone() async throws {
        try await TestApp.run(container: TestApp.container()) { app in
            let client = try app.testing()
            let team = try await client.createTeam("Platform")
            let task = try await client.createTask("Ship", in: team)

            let done = try await client.send(.POST, "teams/\(team.id)/tasks/\(task.id)/done")
            #expect(done.status == .ok)
            #expect(try done.content.decode(TaskDTO.self).done)
            let list = try await client.send(.GET, "teams/\(team.id)/tasks")
            #expect(try list.content.decode([TaskDTO].self).map(\.done) == [true])
        }
    }

    @Test func aRequestWithoutTheUserHeaderIsUnauthorized() async throws {
        try await TestApp.run(container: TestApp.container()) { app in
            let response = try await app.testing().send(.GET, "teams", as: nil)
            #expect(response.status == .unauthorized)
            #expect(try response.errorReason() == "Send your user name in the X-User header.")
        }
    }

    @Test func aUserTheAPIDoesNotKnowIsUnauthorized() async throws {
        try await TestApp.run(container: TestApp.container()) { app in
            let response = try await app.testing().send(.POST, "teams", as: "mallory", json: NewTeam(name: "Heist"))
            #expect(response.status == .unauthorized)
            #expect(try response.errorReason() == "mallory is not a user of this API.")
            #expect(try await app.testing().send(.GET, "teams").content.decode([TeamDTO].self).isEmpty)
        }
    }

    @Test func anUnknownTeamIsNotFound() async throws {
        try await TestApp.run(container: TestApp.container()) { app in
            let client = try app.testing()
            let id = UUID()
            let list = try await client.send(.GET, "teams/\(id)/tasks")
            #expect(list.status == .notFound)
            #expect(try list.errorReason() == "No team has id \(id).")

            let create = try await client.send(.POST, "teams/\(id)/tasks", json: NewTask(title: "Orphan"))
            #expect(create.status == .notFound)
            #expect(try create.errorReason() == "No team has id \(id).")
        }
    }

    @Test func aTaskOfAnotherTeamIsNotFound() async throws {
        try await TestApp.run(container: TestApp.container()) { app in
            let client = try app.testing()
            let team = try await client.createTeam("Platform")
            let other = try await client.createTeam("Design")
            let task = try await client.createTask("Ship", in: team)

            let response = try await client.send(.POST, "teams/\(other.id)/tasks/\(task.id)/done")
            #expect(response.status == .notFound)
            #expect(try response.errorReason() == "Team \(other.id) has no task with id \(task.id).")
        }
    }

    @Test func anIdThatIsNotAUUIDIsABadRequest() async throws {
        try await TestApp.run(container: TestApp.container()) { app in
            let response = try await app.testing().send(.GET, "teams/first/tasks")
            #expect(response.status == .badRequest)
            #expect(try response.errorReason() == #"teamID "first" is not a UUID."#)
        }
    }

    @Test func anEmptyTeamNameIsABadRequestAndStoresNothing() async throws {
        try await TestApp.run(container: TestApp.container()) { app in
            let client = try app.testing()
            let response = try await client.send(.POST, "teams", json: NewTeam(name: "   "))
            #expect(response.status == .badRequest)
            #expect(try response.errorReason() == "A team needs a name that is not empty.")
            #expect(try await client.send(.GET, "teams").content.decode([TeamDTO].self).isEmpty)
        }
    }

    @Test func anEmptyTaskTitleIsABadRequest() async throws {
        try await TestApp.run(container: TestApp.container()) { app in
            let client = try app.testing()
            let team = try await client.createTeam("Platform")
            let response = try await client.send(.POST, "teams/\(team.id)/tasks", json: NewTask(title: ""))
            #expect(response.status == .badRequest)
            #expect(try response.errorReason() == "A task needs a title that is not empty.")
        }
    }

    @Test func aBodyThatIsNotATeamIsABadRequest() async throws {
        try await TestApp.run(container: TestApp.container()) { app in
            let client = try app.testing()
            let response = try await client.send(.POST, "teams", rawJSON: #"{"title": "no name"}"#)
            #expect(response.status == .badRequest)
            #expect(try await client.send(.GET, "teams").content.decode([TeamDTO].self).isEmpty)
        }
    }

    @Test func teamsAreKeptInTheDatabaseFileAcrossApps() async throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("team-tasks-tests-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let settings = TeamSettings(databasePath: path)

        try await TestApp.run(container: TestApp.container(settings)) { app in
            _ = try await app.testing().createTeam("Survivors")
        }
        // A new app and container open the same file anew; its migrations are already there.
        try await TestApp.run(container: TestApp.container(settings)) { app in
            let list = try await app.testing().send(.GET, "teams")
            #expect(try list.content.decode([TeamDTO].self).map(\.name) == ["Survivors"])
        }
    }
}
