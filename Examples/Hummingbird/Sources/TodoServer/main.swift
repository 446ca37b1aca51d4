import Autowire
import Foundation
import Hummingbird
import Logging
import TodoAPI

// `TodoServer`            serves the API (settings from TODO_HOST, TODO_PORT, TODO_DATABASE).
// `TodoServer --graph`    prints the dependency graph of every route as Graphviz DOT.
// `TodoServer --validate` checks the wiring, prints the report and exits.

var logger = Logger(label: "TodoServer")
logger.logLevel = .info

do {
    let settings = try AppSettings(environment: Environment())
    let container = try AppContainer.make(settings: settings, logger: logger)
    let arguments = CommandLine.arguments.dropFirst()

    if arguments.first == "--graph" {
        print(try AppContainer.graph(container).dot)
    } else {
        // Fail fast: a wiring problem, or a database that cannot open, stops the server here with
        // the report rather than at the first request.
        let report = try AppContainer.validate(container)
        if arguments.first == "--validate" {
            print(report)
        } else {
            logger.info("\(report)")
            try await TodoApp.application(container: container).runService()
        }
    }
} catch {
    logger.critical("TodoServer did not start:\n\(error)")
    exit(1)
}
