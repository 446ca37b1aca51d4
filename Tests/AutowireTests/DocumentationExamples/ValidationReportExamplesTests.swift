import Autowire
import Foundation
import Testing

private typealias Tag = Autowire.Tag

/// Documentation.docc/Articles/ValidationAndDiagnostics.md: validating the whole wiring.
enum ValidationReportExamples {
    protocol Catalog: AnyObject {}
    final class BookCatalog: Catalog, Injectable {}
    final class ShelfLogger: Injectable {}
    enum APIKey: Tag { typealias Value = String }

    final class Shelf: Injectable {
        var logger: ShelfLogger?  // not in dependencies: validate warns
        var catalog: Catalog!
        static let dependencies: [Dependency<Shelf>] = [.inject(\.catalog)]
    }

    final class RequestContext: Injectable {}

    final class SessionStore: Injectable {
        static let scope = Scope.singleton
        var context: RequestContext!
        static let dependencies: [Dependency<SessionStore>] = [.inject(\.context)]
    }

    /// Singletons must not keep per-request objects alive.
    struct NoSingletonKeepsGraphObjects: ValidationCheck {
        func check(_ graph: DependencyGraph) -> [Diagnostic] {
            graph.edges.compactMap { edge in
                let owner = graph.nodes[edge.from]
                let value = graph.nodes[edge.to]
                guard owner.scope == .singleton, value.scope == .graph else { return nil }
                return Diagnostic(
                    code: Diagnostic.Code("captive-dependency"),
                    message: "\(owner.name) is a singleton but keeps the graph-scoped \(value.name).",
                    location: edge.location, path: graph.path(to: edge.to),
                    fix: "Make \(value.name) a singleton too, or inject a Provider.")
            }
        }
    }

    final class Badge: Injectable {
        var catalog: Catalog? {
            didSet { catalog = nil }  // drops what it is given
        }
        static let dependencies: [Dependency<Badge>] = [.inject(\.catalog)]
    }

    struct MissingConfiguration: Error, CustomStringConvertible {
        var description: String { "API_KEY is not set" }
    }

    @Suite struct Tests {
        /// Replaces this file's `#fileID:line` in graph output with the place the docs show, and drops
        /// the article's namespace from type names.
        func documented(_ text: String) -> String {
            var result = withoutArticleNamespaces(text)
            while let range = result.range(of: "AutowireTests/ValidationReportExamplesTests.swift:") {
                var end = range.upperBound
                while end < result.endIndex, result[end].isNumber { end = result.index(after: end) }
                result.replaceSubrange(range.lowerBound..<end, with: "App/Bindings.swift:3")
            }
            return result
        }

        @Test func validatingBindingsThatDoNotBuildReportsEveryProblemAndWarning() {
            var printed: [String] = []
            func print(_ value: Any) { printed.append("\(value)") }

            do {
                try Container.validate(Shelf.self) { binder in
                    binder.bind(String.self).tagged(APIKey.self).to(value: "live")
                    binder.bind(String.self).tagged(APIKey.self).to(value: "test")
                }
            } catch {
                print(error)
            }

            expectDocumented(
                printed.joined(separator: "\n"),
                #"""
                Validation of Shelf (2 types, 1 binding) found 2 errors and 1 warning:

                error[missing-binding]: Catalog cannot be provided: it has no binding and is not an Injectable class.
                  at: App/Shelf.swift:4
                  path: Shelf.catalog → Catalog
                  fix: Bind it in the container with `binder.bind(Catalog.self).to(…)`, or declare it `.optional(\.catalog)` if it may be absent.

                error[duplicate-binding]: String tagged APIKey is bound twice in the same container.
                  at: App/Bindings.swift:4
                  also: App/Bindings.swift:3
                  path: String tagged APIKey
                  fix: Remove one of the two bindings; to replace a binding in tests, override it in a child container with `binder.override(_:)`.

                warning[likely-forgotten-dependency]: Shelf.logger looks like a forgotten dependency: it is nil after init(), is not in Shelf.dependencies, and the container can provide ShelfLogger.
                  path: Shelf.logger
                  fix: Add `.inject(\.logger)` to Shelf.dependencies, or `.optional(\.logger)` if it may stay nil.
                """#)
        }

        @Test func aValidContainerReturnsItsWarnings() throws {
            let container = try Container { binder in
                binder.bind(Catalog.self).to(BookCatalog.self)
            }
            let report = try container.validate(Shelf.self, injectingProbes: false)
            // report.errors is empty; report.warnings has the suspected logger

            #expect(report.errors.isEmpty)
            #expect(report.warnings.map(\.code) == [.likelyForgottenDependency])
            #expect(
                withoutArticleNamespaces(report.heading) == "Validation of Shelf (3 types, 1 binding) found 1 warning:")
        }

        @Test func aFilledProbeWithAForgottenInjectIsAnError() throws {
            let container = try Container { binder in
                binder.bind(Catalog.self).to(BookCatalog.self)
            }
            let error = #expect(throws: ValidationError.self) { try container.validate(Shelf.self) }
            #expect(error?.report.errors.map(\.code) == [.forgottenDependency])
            #expect(error?.report.errors.count == 1)
            expectDocumented(
                error?.report.errors.first?.description ?? "no error",
                #"""
                error[forgotten-dependency]: Shelf.logger is nil after injection but is not in Shelf.dependencies, and the container can provide ShelfLogger: it looks like a forgotten `.inject`.
                  at: App/Shelf.swift:6
                  path: Shelf.logger
                  fix: Add `.inject(\.logger)` to Shelf.dependencies; if it may stay nil, `.optional(\.logger)`; if something else sets it, `.notInjected(\.logger)`.
                """#)
        }

        @Test func theGraphPrintsAsATreeAndAsGraphviz() throws {
            let container = try Container { binder in
                binder.bind(Catalog.self).to(BookCatalog.self)
            }
            let graph = container.graph(from: Shelf.self)
            let tree = graph.textTree
            let dot = graph.dot  // Graphviz source: render it with `dot -Tsvg`

            expectDocumented(
                documented(tree),
                #"""
                Shelf (autowired, graph)
                └─ catalog: Catalog (bound to BookCatalog at App/Bindings.swift:3, graph)
                   └─ BookCatalog (autowired, graph)
                """#)
            #expect(dot.hasPrefix("digraph Autowire {"))
            #expect(dot.contains(#"n0 -> n1 [label="catalog"];"#))
        }

        @Test func customChecksJoinTheReport() {
            expectDocumented(
                thrownText {
                    try Container().validate(SessionStore.self, checks: [NoSingletonKeepsGraphObjects()])
                },
                #"""
                Validation of SessionStore (2 types, 0 bindings) found 1 error:

                error[captive-dependency]: SessionStore is a singleton but keeps the graph-scoped RequestContext.
                  at: App/SessionStore.swift:4
                  path: SessionStore.context → RequestContext
                  fix: Make RequestContext a singleton too, or inject a Provider.
                """#)
        }

        @Test func aSetterThatDropsItsValueIsFoundByInjectingAProbe() {
            expectDocumented(
                thrownText {
                    try Container.validate(Badge.self) { binder in
                        binder.bind(Catalog.self).to(BookCatalog.self)
                    }
                },
                #"""
                Validation of Badge (3 types, 1 binding) found 1 error:

                error[unset-after-injection]: Badge.catalog is still nil after injection: its setter did not keep the Catalog it was given.
                  at: App/Badge.swift:5
                  path: Badge.catalog
                  fix: Store the value the setter receives (check its `didSet` or property wrapper), or declare it `.optional(\.catalog)` if it may stay nil.
                """#)
        }

        @Test func bindingsThatThrowWhileDeclaredAreReported() {
            expectDocumented(
                thrownText {
                    try Container.validate { binder in
                        binder.bind(Catalog.self).to(BookCatalog.self)
                        throw MissingConfiguration()
                    }
                },
                #"""
                Validation of the container (2 types, 1 binding) found 1 error:

                error[configuration-failed]: Declaring the bindings threw before it finished: API_KEY is not set.
                  fix: Fix the cause of the error; bindings declared after the throwing statement were not checked.
                """#)
        }
    }
}
