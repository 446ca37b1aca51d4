import Autowire
import Testing

// What only the Swift 5 language mode shows: a `@MainActor` initializer bound as a typed factory
// keeps its main-actor check there too, whatever overload Swift 5's looser ranking could prefer.

@MainActor final class Toolbar {
    let log: EventLog
    init(log: EventLog) { self.log = log }
}

@Suite struct Swift5ModeTests {
    @Test func aMainActorTypedFactoryIsRefusedOffTheMainActor() async throws {
        let container = try Container { $0.bind(Toolbar.self).to(factory: Toolbar.init) }
        let code = await Task.detached { () -> Diagnostic.Code? in
            do {
                _ = try container.resolve(Toolbar.self)
                return nil
            } catch {
                return (error as? ResolutionError)?.diagnostics.first?.code
            }
        }.value
        #expect(code == .mainActorRequired)
        let shared = try await MainActor.run { () throws -> Bool in
            let toolbar = try container.resolve(Toolbar.self)
            return toolbar.log === (try container.resolve(Toolbar.self)).log
        }
        #expect(!shared)  // each resolve is its own graph
    }
}

/// Made by an assisted factory: a seed first, then a resolved parameter.
@MainActor final class ToolbarButton {
    let title: String
    let log: EventLog
    init(title: String, log: EventLog) {
        self.title = title
        self.log = log
    }
}

extension Swift5ModeTests {
    @Test func aMainActorAssistedFactoryIsRefusedOffTheMainActor() async throws {
        let container = try Container { binder in
            binder.bind(AssistedFactory<String, ToolbarButton>.self).to(assisted: ToolbarButton.init)
        }
        let factory = try container.resolve(AssistedFactory<String, ToolbarButton>.self)
        let code = await Task.detached { () -> Diagnostic.Code? in
            do {
                _ = try factory.make("Save")
                return nil
            } catch {
                return (error as? ResolutionError)?.diagnostics.first?.code
            }
        }.value
        #expect(code == .mainActorRequired)
        let title = try await MainActor.run { try factory.make("Save").title }
        #expect(title == "Save")
    }
}
