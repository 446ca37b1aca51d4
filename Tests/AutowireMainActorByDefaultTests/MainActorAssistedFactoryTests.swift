import Autowire
import Testing

// `to(assisted: T.init)` in a module whose types are `@MainActor` by default: the initializer is
// `@MainActor`, so `make(_:)` runs it on the main thread and refuses anywhere else.

/// A dependency opted out of the module's isolation.
nonisolated final class InvoiceSequence: Injectable {}

/// A seed and two resolved parameters; `@MainActor` by the module's default isolation. Its
/// parameters can be made off the main actor, so that only its own initializer is refused there.
final class InvoiceView {
    let order: OrderID
    let log: EventLog
    let sequence: InvoiceSequence
    init(order: OrderID, log: EventLog, sequence: InvoiceSequence) {
        self.order = order
        self.log = log
        self.sequence = sequence
    }
}

/// The same shape, opted out of the module's isolation: its factory must not be held to the main
/// thread.
nonisolated final class InvoiceNumber {
    let order: OrderID
    let sequence: InvoiceSequence
    let next: InvoiceSequence
    init(order: OrderID, sequence: InvoiceSequence, next: InvoiceSequence) {
        self.order = order
        self.sequence = sequence
        self.next = next
    }
}

@Suite struct MainActorAssistedFactoryTests {
    @Test func aMainActorInitializerBoundAsAnAssistedFactoryMakesItsProductOnTheMainActor() throws {
        let container = try Container { binder in
            binder.bind(AssistedFactory<OrderID, InvoiceView>.self).to(assisted: InvoiceView.init)
        }
        let factory = try container.resolve(AssistedFactory<OrderID, InvoiceView>.self)
        let view = try factory.make(OrderID(raw: 3))
        let another = try factory.make(OrderID(raw: 4))
        #expect(view.order == OrderID(raw: 3))
        #expect(another.order == OrderID(raw: 4))
        #expect(view.log !== another.log)  // each make is its own graph
    }

    @Test func aMainActorAssistedFactoryIsRefusedOffTheMainActor() async throws {
        let container = try Container { binder in
            binder.bind(AssistedFactory<OrderID, InvoiceView>.self).to(assisted: InvoiceView.init)
        }
        let factory = try container.resolve(AssistedFactory<OrderID, InvoiceView>.self)
        let message = await Task.detached { () -> String? in
            do {
                _ = try factory.make(OrderID(raw: 3))
                return nil
            } catch {
                return (error as? ResolutionError)?.diagnostics.first.map { "\($0.code): \($0.message)" }
            }
        }.value
        #expect(
            message
                == "main-actor-required: InvoiceView is isolated to the main actor but was resolved or injected off the main thread."
        )
        #expect(try factory.make(OrderID(raw: 4)).order == OrderID(raw: 4))
    }

    @Test func aMainActorAssistedFactoryWithLabelsNamesItsParametersInTheGraph() throws {
        let container = try Container { binder in
            binder.bind(AssistedFactory<OrderID, InvoiceView>.self)
                .to(assisted: InvoiceView.init, labels: "order", "log", "sequence")
        }
        let tree = container.graph(from: AssistedFactory<OrderID, InvoiceView>.self).textTree
        #expect(tree.contains("\n   ├─ order: OrderID (argument of make(_:), transient)\n"))
        #expect(tree.hasSuffix("\n   └─ sequence: InvoiceSequence (autowired, graph)"))
        #expect(
            try container.resolve(AssistedFactory<OrderID, InvoiceView>.self).make(OrderID(raw: 5)).order
                == OrderID(raw: 5))
    }

    @Test func aMainActorClosureBoundAsAnAssistedFactoryRunsOnTheMainActor() throws {
        let container = try Container { binder in
            binder.bind(AssistedFactory<OrderID, InvoiceView>.self).to(
                assisted: { @MainActor (order: OrderID, sequence: InvoiceSequence) in
                    InvoiceView(order: order, log: EventLog(), sequence: sequence)
                })
        }
        let view = try container.resolve(AssistedFactory<OrderID, InvoiceView>.self).make(OrderID(raw: 6))
        #expect(view.order == OrderID(raw: 6))
    }

    @Test func aNonisolatedInitializerOfTheSameModuleIsMadeOffTheMainActor() async throws {
        let container = try Container { binder in
            binder.bind(AssistedFactory<OrderID, InvoiceNumber>.self).to(assisted: InvoiceNumber.init)
        }
        let factory = try container.resolve(AssistedFactory<OrderID, InvoiceNumber>.self)
        let order = try await Task.detached { try factory.make(OrderID(raw: 8)).order }.value
        #expect(order == OrderID(raw: 8))
    }
}
