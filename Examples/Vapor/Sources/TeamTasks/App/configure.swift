public import Autowire
import Fluent
import FluentSQLiteDriver
import Foundation
public import Vapor

/// Configures the app as `TeamTasksServer` runs it: settings from the environment
/// (`TEAM_DATABASE`, `TEAM_USERS`), the app's container over them, logging through `app.logger`.
///
/// - Throws: ``InvalidSettingError`` for a setting the app cannot use, and whatever
///   ``configure(_:container:)`` throws.
public func configure(_ app: Application) async throws {
    let settings = try TeamSettings(environment: ProcessInfo.processInfo.environment)
    try await configure(app, container: AppContainer.make(settings: settings, logger: app.logger))
}

/// Configures the app over `container`: the app's (``AppContainer/make(settings:logger:)``) or a
/// child of it with some bindings overridden (tests do).
///
/// The database and its migrations, then the request scope, the wiring validated (the app does not
/// boot on a problem), the container kept in `app.storage`, the middleware resolved from it, and the
/// routes.
///
/// - Throws: `ValidationError` with every wiring problem, or a database or migration error.
public func configure(_ app: Application, container: Container) async throws {
    let path = try container.resolve(String.self, tag: DatabasePath.self)
    app.databases.use(.sqlite(path == ":memory:" ? .memory : .file(path)), as: .sqlite)
    app.migrations.add(CreateTeam())
    app.migrations.add(CreateTeamTask())
    try await app.autoMigrate()

    let requests = try AppContainer.requestScope(over: container)
    try AppContainer.validate(container, requests: requests)
    app.useContainer(container, requests: requests)

    app.middleware.use(try container.resolve(UserHeaderMiddleware.self))
    try routes(app)
}
