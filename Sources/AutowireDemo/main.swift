// `swift run AutowireDemo` walks through wiring a small bookshop app with Autowire.
// The app's types are in App.swift, the scenarios in Scenarios.swift.
import Foundation

print("Autowire demo: a small bookshop, wired several ways.")
do {
    try Scenarios.autowired()
    let container = try Scenarios.explicitBindings()
    try Scenarios.madeElsewhere(container)
    try Scenarios.override(container)
    Scenarios.mistake()
} catch {
    print("The demo failed unexpectedly:\n\(error)")
    exit(1)
}
