import Logging
import TeamTasks
import Vapor

// `TeamTasksServer serve` (or no command) serves the API; Vapor's other commands work too
// (`routes` lists them). Settings: TEAM_DATABASE, TEAM_USERS; `serve --hostname --port`.
@main
enum Entrypoint {
    static func main() async throws {
        var env = try Environment.detect()
        try LoggingSystem.bootstrap(from: &env)

        let app = try await Application.make(env)
        do {
            // Fails with the validation report when the wiring has a problem: nothing is served.
            try await configure(app)
            try await app.execute()
        } catch {
            app.logger.report(error: error)
            try? await app.asyncShutdown()
            throw error
        }
        try await app.asyncShutdown()
    }
}
