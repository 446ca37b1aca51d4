import Testing

@testable import Autowire

private final class RequestContext: Injectable {}

private final class SessionStore: Injectable {
    static var scope: Scope { .singleton }
    var context: RequestContext!
    static let dependencies: [Dependency<SessionStore>] = [.inject(\.context)]  // @context
}

private final class Handler: Injectable {
    var sessions: SessionStore!
    var missing: Unbound!  // Undeclared, but nothing could provide it: not reported.
    static let dependencies: [Dependency<Handler>] = [.inject(\.sessions)]
}

private protocol Unbound: AnyObject {}
private final class Metrics: Injectable {}

/// A singleton that keeps a `.graph` object keeps one request's object for every request.
private struct CaptiveDependencyCheck: ValidationCheck {
    var severity: Diagnostic.Severity = .warning

    func check(_ graph: DependencyGraph) -> [Diagnostic] {
        graph.edges.compactMap { edge in
            let owner = graph.nodes[edge.from]
            let value = graph.nodes[edge.to]
            guard owner.scope == .singleton, value.scope == .graph, !edge.isDeferred else { return nil }
            return Diagnostic(
                code: Diagnostic.Code("captive-dependency"), severity: severity,
                message: "The singleton \(owner.name) keeps the graph-scoped \(value.name) of the first request.",
                location: edge.location, path: graph.path(to: edge.to),
                fix: "Make \(value.name) a singleton, or inject it through a Provider.")
        }
    }
}

/// Records what it was shown.
private final class GraphRecorder: ValidationCheck, @unchecked Sendable {
    var rootNames: [String] = []
    var nodeNames: [String] = []

    func check(_ graph: DependencyGraph) -> [Diagnostic] {
        rootNames = graph.roots.map { graph.nodes[$0].name }
        nodeNames = graph.nodes.map(\.name)
        return []
    }
}

@Suite struct ValidationSPITests {
    @Test func findingsOfACustomCheckJoinTheReport() throws {
        let report = try Container().validate(Handler.self, checks: [CaptiveDependencyCheck()])
        #expect(
            report.description == """
                Validation of Handler (3 types, 0 bindings) found 1 warning:

                warning[captive-dependency]: The singleton SessionStore keeps the graph-scoped RequestContext of the first request.
                  at: \(marked("context"))
                  path: Handler.sessions → SessionStore.context → RequestContext
                  fix: Make RequestContext a singleton, or inject it through a Provider.
                """)
    }

    @Test func customErrorsAreThrownWithTheBuiltInFindings() {
        do {
            try Container.validate(Handler.self, checks: [CaptiveDependencyCheck(severity: .error)]) { binder in
                binder.bind(Metrics.self).to(Metrics.self)
                binder.bind(Metrics.self).to(Metrics.self)
            }
            Issue.record("validation passed")
        } catch {
            #expect(error.diagnostics.map(\.code.rawValue) == ["duplicate-binding", "captive-dependency"])
            #expect(
                error.report.heading == "Validation of Handler (4 types, 1 binding) found 2 errors:")
        }
    }

    @Test func checksSeeTheRootsAndEveryBindingNoRootReaches() throws {
        let recorder = GraphRecorder()
        let container = try Container { binder in
            binder.bind(Metrics.self).scoped(.singleton).to(Metrics.self)
            binder.bind(RequestContext.self).scoped(.singleton).to(RequestContext.self)  // Reached from Handler.
            binder.bind(String.self).to(value: "unused")
        }
        try container.validate(Handler.self, checks: [recorder])
        #expect(recorder.rootNames == ["Handler", "Metrics", "String"])
        #expect(recorder.nodeNames == ["Handler", "SessionStore", "RequestContext", "Metrics", "String"])
    }
}
