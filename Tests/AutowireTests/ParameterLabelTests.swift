import Autowire
import Testing

private enum ShopHost: Autowire.Tag { typealias Value = String }

private final class EventLog: Injectable {}
private final class ShopSettings: Injectable {}
private protocol Courier: AnyObject {}
private final class ParcelCourier: Courier {
    init(settings: ShopSettings, log: EventLog) {}
}
private final class Parcel {
    init(code: String, log: EventLog) {}
}
private final class Storefront: ConstructorInjectable {
    init(host: Tagged<ShopHost>, courier: any Courier) {}
    static let constructionLine = #line + 1
    static let construction = Construction(Storefront.init, labels: "host", "courier")
}
private final class Kiosk: ConstructorInjectable {
    init(_ log: EventLog, settings: ShopSettings) {}
    static let construction = Construction(Kiosk.init, labels: "_", "settings:")
}

@Suite struct ParameterLabelTests {
    @Test func aLabelledFactorysParametersAreNamedInTheGraph() throws {
        let container = try Container { binder in
            binder.bind(Courier.self).to(factory: ParcelCourier.init, labels: "settings", "log")
        }
        let graph = container.graph(from: Courier.self)
        let courier = try #require(graph.nodes.first { $0.name == "Courier" })
        #expect(graph.edges(from: courier.id).map(\.label) == ["settings:", "log:"])
        let log = try #require(graph.nodes.first { $0.name == "EventLog" })
        #expect(graph.path(to: log.id) == ["parameter log of Courier's factory", "EventLog"])
        #expect(graph.dot.contains("label=\"log:\""))
    }

    @Test func theTextTreeWritesALabelsColonOnce() throws {
        let container = try Container { binder in
            binder.bind(Courier.self).to(factory: ParcelCourier.init, labels: "settings", "log")
        }
        let lines = container.graph(from: Courier.self).textTree.split(separator: "\n")
        #expect(
            lines.filter { $0.contains("settings") || $0.contains("log") }.map { $0.split(separator: " (")[0] } == [
                "├─ settings: ShopSettings", "└─ log: EventLog",
            ])
    }

    @Test func anUnlabelledFactorysParametersKeepTheirPositions() throws {
        let container = try Container { binder in
            binder.bind(Courier.self).to(factory: ParcelCourier.init)
        }
        let graph = container.graph(from: Courier.self)
        let courier = try #require(graph.nodes.first { $0.name == "Courier" })
        #expect(graph.edges(from: courier.id).map(\.label) == ["parameter 1", "parameter 2"])
    }

    @Test func aConstructionsLabelsNameItsParametersInErrorPaths() throws {
        let error = try #require(throws: ResolutionError.self) { try Container().resolve(Storefront.self) }
        #expect(
            error.description == """
                2 problems:

                error[missing-binding]: String tagged ShopHost cannot be provided: nothing is bound with that tag.
                  at: AutowireTests/ParameterLabelTests.swift:\(Storefront.constructionLine)
                  path: parameter host of Storefront's factory → String tagged ShopHost
                  fix: Bind it in the container with `binder.bind(String.self).tagged(ShopHost.self).to(…)`.

                error[missing-binding]: Courier cannot be provided: it has no binding and is not an Injectable class.
                  at: AutowireTests/ParameterLabelTests.swift:\(Storefront.constructionLine)
                  path: parameter courier of Storefront's factory → Courier
                  fix: Bind it in the container with `binder.bind(Courier.self).to(…)`.
                """)
    }

    @Test func anUnderscoreKeepsThePositionAndATrailingColonIsDropped() throws {
        let graph = try Container { _ in }.graph(from: Kiosk.self)
        let kiosk = try #require(graph.nodes.first { $0.name == "Kiosk" })
        #expect(graph.edges(from: kiosk.id).map(\.label) == ["parameter 1", "settings:"])
    }

    @Test func anAssistedFactoryNamesItsSeedFirst() throws {
        let container = try Container { binder in
            binder.bind(AssistedFactory<String, Parcel>.self).to(assisted: Parcel.init, labels: "code", "log")
        }
        let graph = container.graph(from: AssistedFactory<String, Parcel>.self)
        let parcel = try #require(graph.nodes.first { graph.edges(from: $0.id).count == 2 })
        #expect(graph.edges(from: parcel.id).map(\.label) == ["code:", "log:"])
    }
}
