import Autowire
import Foundation
import Logging
import TeamTasks
import Vapor
import VaporTesting

/// The app as a test runs it: the app's own container over an in-memory SQLite database (or one it
/// is given), configured by the app's own `configure(_:container:)`.
enum TestApp {
    /// Warnings and errors only: a passing run prints no log lines.
    static let logger: Logger = {
        var logger = Logger(label: "TeamTasksTests")
        logger.logLevel = .warning
        return logger
    }()

    /// The app's container, as `configure(_:)` builds it, on `settings` (in memory by default).
    static func container(_ settings: TeamSettings = .inMemory) throws -> Container {
        try AppContainer.make(settings: settings, logger: logger)
    }

    /// Runs `test` with an app configured over `container`, and shuts it down.
    static func run<T>(
        container: @autoclosure () throws -> Container, _ test: (Application) async throws -> T
    ) async throws -> T {
        let container = try container()
        return try await withApp(
            configure: { app in
                // Vapor logs each 4xx answer as a warning; the tests assert them instead.
                app.logger.logLevel = .error
                try await configure(app, container: container)
            }, test)
    }
}

/// Requests as the API's clients send them: as a user, with JSON bodies.
extension TestingApplicationTester {
    /// Sends `method` to `path` as `user`, with `body` encoded as JSON.
    func send(
        _ method: HTTPMethod, _ path: String, as user: String? = "alice", json body: (some Encodable)? = String?.none
    ) async throws -> TestingHTTPResponse {
        var headers = HTTPHeaders()
        if let user { headers.add(name: UserHeaderMiddleware.header, value: user) }
        var buffer: ByteBuffer?
        if let body {
            headers.contentType = .json
            buffer = ByteBuffer(data: try JSONEncoder().encode(body))
        }
        return try await sendRequest(method, path, headers: headers, body: buffer)
    }

    /// Sends `text` as a JSON body, as it is.
    func send(_ method: HTTPMethod, _ path: String, rawJSON text: String) async throws -> TestingHTTPResponse {
        var headers = HTTPHeaders()
        headers.add(name: UserHeaderMiddleware.header, value: "alice")
        headers.contentType = .json
        return try await sendRequest(method, path, headers: headers, body: ByteBuffer(string: text))
    }

    /// Creates a team named `name` and returns it.
    func createTeam(_ name: String) async throws -> TeamDTO {
        try await send(.POST, "teams", json: NewTeam(name: name)).content.decode(TeamDTO.self)
    }

    /// Creates a task titled `title` in `team` as `user` and returns it.
    func createTask(_ title: String, in team: TeamDTO, as user: String = "alice") async throws -> TaskDTO {
        try await send(.POST, "teams/\(team.id)/tasks", as: user, json: NewTask(title: title))
            .content.decode(TaskDTO.self)
    }
}

extension TestingHTTPResponse {
    /// The reason of Vapor's JSON error body, `{"error":true,"reason":"…"}`.
    func errorReason() throws -> String {
        try content.decode(ErrorBody.self).reason
    }
}

private struct ErrorBody: Decodable {
    let error: Bool
    let reason: String
}
