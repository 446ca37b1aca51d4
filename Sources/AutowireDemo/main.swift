// `swift run AutowireDemo` walks through wiring a small bookshop app with Autowire.
// `swift run AutowireDemo --graph out.dot` also writes the app's dependency graph as Graphviz source.
// The app's types are in App.swift, the scenarios in Scenarios.swift.
import Foundation

/// The value of `--graph FILE`, if given; any other argument is a usage error.
func dotFile(from arguments: [String]) -> Result<String?, UsageError> {
    switch arguments.count {
    case 0: .success(nil)
    case 2 where arguments[0] == "--graph": .success(arguments[1])
    default: .failure(UsageError())
    }
}

struct UsageError: Error, CustomStringConvertible {
    var description: String { "usage: AutowireDemo [--graph FILE.dot]" }
}

switch dotFile(from: Array(CommandLine.arguments.dropFirst())) {
case .failure(let usage):
    print(usage)
    exit(2)
case .success(let dotFile):
    print("Autowire demo: a small bookshop, wired several ways.")
    do {
        try Scenarios.autowired()
        let container = try Scenarios.explicitBindings()
        try Scenarios.madeElsewhere(container)
        try Scenarios.override(container)
        Scenarios.mistake()
        Scenarios.validation(container)
        try Scenarios.graph(container, dotFile: dotFile)
    } catch {
        print("The demo failed unexpectedly:\n\(error)")
        exit(1)
    }
}
