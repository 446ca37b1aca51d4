import Synchronization
import Testing

@testable import Autowire

private protocol OrderRepository: AnyObject {}
private protocol Plugin: AnyObject {}
// Qualified: Swift Testing has a `Tag` too.
private enum APIBaseURL: Autowire.Tag { typealias Value = String }

/// How many `App` objects exist so far: graph export must create none.
private let appsCreated = Atomic<Int>(0)

private final class Database {}

private final class SQLOrderRepository: OrderRepository, Injectable {
    var database: Database!
    static let dependencies: [Dependency<SQLOrderRepository>] = [.inject(\.database)]  // @database
}

private final class SystemClock: Injectable {
    static var scope: Scope { .singleton }
}

private final class AuditPlugin: Plugin, Injectable {}

private final class OrderService: Injectable {
    var repository: OrderRepository!
    var clock: SystemClock!
    var baseURL: String!
    static let dependencies: [Dependency<OrderService>] = [
        .inject(\.repository),  // @repository
        .inject(\.clock),  // @clock
        .inject(\.baseURL, tag: APIBaseURL.self),  // @base-url
    ]
}

private final class App: Injectable {
    var orders: OrderService!
    var clock: SystemClock!
    var plugins: [Plugin]!
    static let dependencies: [Dependency<App>] = [.inject(\.orders), .inject(\.clock), .inject(\.plugins)]

    init() { appsCreated.add(1, ordering: .relaxed) }
}

private final class CheckoutScreen: PropertyInjectable {
    var orders: OrderService!
    static let dependencies: [Dependency<CheckoutScreen>] = [.inject(\.orders)]
}

/// Counts how often its factory runs.
private final class FactoryRuns: @unchecked Sendable {
    var count = 0
}

private func makeContainer(_ runs: FactoryRuns) throws -> Container {
    try Container { binder in
        binder.bind(OrderRepository.self).to(SQLOrderRepository.self)  // @repository-binding
        binder.bind(Database.self).scoped(.singleton).to { _ in  // @database-binding
            runs.count += 1
            return Database()
        }
        binder.bind(String.self).tagged(APIBaseURL.self).to(value: "https://api.example.com")  // @base-url-binding
        binder.bind(Plugin.self).intoCollection().to(AuditPlugin.self)  // @plugin-binding
    }
}

private protocol Store: AnyObject {}

@Suite struct GraphExportTests {
    @Test func textTreeShowsEachDependencyOnceWithHowItIsProvided() throws {
        let graph = try makeContainer(FactoryRuns()).graph(from: App.self)
        #expect(
            graph.textTree == """
                App (autowired, graph)
                ├─ orders: OrderService (autowired, graph)
                │  ├─ repository: OrderRepository (bound to SQLOrderRepository at \(marked("repository-binding")), graph)
                │  │  └─ SQLOrderRepository (autowired, graph)
                │  │     └─ database: Database (closure factory at \(marked("database-binding")), singleton)
                │  ├─ clock: SystemClock (autowired, singleton)
                │  └─ baseURL: String tagged APIBaseURL (value at \(marked("base-url-binding")), singleton)
                ├─ clock: SystemClock (autowired, singleton)
                └─ plugins: [Plugin] (collection of 1 contribution, transient)
                   └─ [0]: Plugin (bound to AuditPlugin at \(marked("plugin-binding")), graph)
                      └─ AuditPlugin (autowired, graph)
                """)
    }

    @Test func dotDrawsOneBoxPerNodeFilledByScopeAndOneArrowPerDependencyWithALegend() throws {
        let graph = try makeContainer(FactoryRuns()).graph(from: App.self)
        #expect(
            graph.dot == #"""
                digraph Autowire {
                  rankdir=TB;
                  graph [fontname="Helvetica", nodesep=0.25, ranksep=0.6];
                  node [shape=box, style="rounded,filled", fontname="Helvetica", fontsize=12, color="#333333"];
                  edge [fontname="Helvetica", fontsize=10, color="#555555", fontcolor="#333333", arrowsize=0.7];
                  n0 [label=<<B>App</B><BR/><FONT POINT-SIZE="10">autowired · graph</FONT>>, fillcolor="#56B4E9", fontcolor="#000000", penwidth=3];
                  n1 [label=<<B>OrderService</B><BR/><FONT POINT-SIZE="10">autowired · graph</FONT>>, fillcolor="#56B4E9", fontcolor="#000000"];
                  n2 [label=<<B>SystemClock</B><BR/><FONT POINT-SIZE="10">autowired · singleton</FONT>>, fillcolor="#0072B2", fontcolor="#FFFFFF"];
                  n3 [label=<<B>[Plugin]</B><BR/><FONT POINT-SIZE="10">collection · transient</FONT><BR/><FONT POINT-SIZE="9">\#(marked("plugin-binding"))</FONT>>, fillcolor="#F0E442", fontcolor="#000000"];
                  n4 [label=<<B>OrderRepository</B><BR/><FONT POINT-SIZE="10">bound to SQLOrderRepository · graph</FONT><BR/><FONT POINT-SIZE="9">\#(marked("repository-binding"))</FONT>>, fillcolor="#56B4E9", fontcolor="#000000"];
                  n5 [label=<<B>String tagged APIBaseURL</B><BR/><FONT POINT-SIZE="10">value · singleton</FONT><BR/><FONT POINT-SIZE="9">\#(marked("base-url-binding"))</FONT>>, fillcolor="#0072B2", fontcolor="#FFFFFF"];
                  n6 [label=<<B>Plugin</B><BR/><FONT POINT-SIZE="10">bound to AuditPlugin · graph</FONT><BR/><FONT POINT-SIZE="9">\#(marked("plugin-binding"))</FONT>>, fillcolor="#56B4E9", fontcolor="#000000"];
                  n7 [label=<<B>SQLOrderRepository</B><BR/><FONT POINT-SIZE="10">autowired · graph</FONT>>, fillcolor="#56B4E9", fontcolor="#000000"];
                  n8 [label=<<B>AuditPlugin</B><BR/><FONT POINT-SIZE="10">autowired · graph</FONT>>, fillcolor="#56B4E9", fontcolor="#000000"];
                  n9 [label=<<B>Database</B><BR/><FONT POINT-SIZE="10">closure factory · singleton</FONT><BR/><FONT POINT-SIZE="9">\#(marked("database-binding"))</FONT>>, fillcolor="#0072B2", fontcolor="#FFFFFF"];
                  n0 -> n1 [label="orders"];
                  n0 -> n2 [label="clock"];
                  n0 -> n3 [label="plugins"];
                  n1 -> n4 [label="repository"];
                  n1 -> n2 [label="clock"];
                  n1 -> n5 [label="baseURL"];
                  n3 -> n6 [label="[0]"];
                  n4 -> n7;
                  n6 -> n8;
                  n7 -> n9 [label="database"];
                  legend [shape=plaintext, style="", label=<
                    <TABLE BORDER="0" CELLBORDER="1" CELLSPACING="2" CELLPADDING="4">
                    <TR><TD><B>Scope</B></TD></TR>
                    <TR><TD BGCOLOR="#0072B2"><FONT COLOR="#FFFFFF">singleton</FONT></TD></TR>
                    <TR><TD BGCOLOR="#56B4E9"><FONT COLOR="#000000">graph</FONT></TD></TR>
                    <TR><TD BGCOLOR="#F0E442"><FONT COLOR="#000000">transient</FONT></TD></TR>
                    <TR><TD BORDER="3">root</TD></TR>
                    </TABLE>
                  >];
                }

                """#)
    }

    @Test func theLegendListsEveryScopeInUseInAFixedOrderAndDeferredArrowsWhenThereAreAny() throws {
        final class Cache: Injectable { static var scope: Scope { .weak } }
        final class Exporter: Injectable {}
        final class Screen: Injectable {
            var cache: Cache!
            var makeExporter: Provider<Exporter>!
            static let dependencies: [Dependency<Screen>] = [.inject(\.cache), .inject(\.makeExporter)]
        }
        let dot = Container().graph(from: Screen.self).dot
        let legend = try #require(dot.split(separator: "  legend ").last)
        #expect(
            legend == #"""
                [shape=plaintext, style="", label=<
                    <TABLE BORDER="0" CELLBORDER="1" CELLSPACING="2" CELLPADDING="4">
                    <TR><TD><B>Scope</B></TD></TR>
                    <TR><TD BGCOLOR="#CC79A7"><FONT COLOR="#000000">weak</FONT></TD></TR>
                    <TR><TD BGCOLOR="#56B4E9"><FONT COLOR="#000000">graph</FONT></TD></TR>
                    <TR><TD BGCOLOR="#F0E442"><FONT COLOR="#000000">transient</FONT></TD></TR>
                    <TR><TD BORDER="3">root</TD></TR>
                    <TR><TD STYLE="dashed">resolved later</TD></TR>
                    </TABLE>
                  >];
                }

                """#)
        #expect(
            dot.contains(
                ##"n1 [label=<<B>Cache</B><BR/><FONT POINT-SIZE="10">autowired · weak</FONT>>, fillcolor="#CC79A7""##))
    }

    @Test func anEmptyGraphHasNoLegend() {
        let dot = DependencyGraph.empty.dot
        #expect(!dot.contains("legend"))
        #expect(dot.hasSuffix("arrowsize=0.7];\n}\n"))
    }

    @Test func aFortyTypeServerGraphExportsTheSameTextEveryTimeWithEveryBoxFilledByItsScope() throws {
        let container = try ServerGraphFixture.container()
        let graph = container.graph(from: ServerGraphFixture.Router.self)
        let dot = graph.dot
        #expect(graph.nodes.count >= 40)
        #expect(try ServerGraphFixture.container().graph(from: ServerGraphFixture.Router.self).dot == dot)
        let fills = ["singleton": "#0072B2", "weak": "#CC79A7", "graph": "#56B4E9", "transient": "#F0E442"]
        for node in graph.nodes {
            let line = try #require(dot.split(separator: "\n").first { $0.hasPrefix("  n\(node.id) [") })
            #expect(line.contains("fillcolor=\"\(fills["\(node.scope)"] ?? "?")\""), "\(node.name)")
        }
        #expect(dot.ranges(of: " -> ").count == graph.edges.count)
        #expect(dot.contains(#"[label="parameter 2"]"#))  // typed factories' parameters, by position
    }

    @Test func dotEscapesGenericBracketsInBoxesAndQuotesAndBackslashesInArrows() throws {
        final class Exporter: Injectable {}
        final class Node: Injectable {
            var exporter: Lazy<Exporter>!
            static let dependencies: [Dependency<Node>] = [.inject(\.exporter)]
        }
        let dot = Container().graph(from: Node.self).dot
        #expect(dot.contains(#"n1 [label=<<B>Lazy&lt;Exporter&gt;</B>"#))
        #expect(DependencyGraph.escapedForDOT(#"say "hi" \ bye"#) == #"say \"hi\" \\ bye"#)
        #expect(DependencyGraph.escapedForHTML(#"A<"B"> & C"#) == "A&lt;&quot;B&quot;&gt; &amp; C")
    }

    @Test func buildingTheGraphRunsNoFactoryAndCreatesNoObject() throws {
        let runs = FactoryRuns()
        let container = try makeContainer(runs)
        let before = appsCreated.load(ordering: .relaxed)
        _ = container.graph(from: App.self)
        #expect(runs.count == 0)
        #expect(appsCreated.load(ordering: .relaxed) == before)
    }

    @Test func nodesAndEdgesCarryTypeTagScopeProvisionAndLocation() throws {
        let graph = try makeContainer(FactoryRuns()).graph(from: OrderService.self)
        let nodes = graph.nodes.map {
            "\($0.id) \($0.name) | \($0.provision.kind) | \($0.scope) | \($0.location?.description ?? "-")"
        }
        #expect(
            nodes == [
                "0 OrderService | autowired | graph | -",
                "1 OrderRepository | implementation | graph | \(marked("repository-binding"))",
                "2 SystemClock | autowired | singleton | -",
                "3 String tagged APIBaseURL | value | singleton | \(marked("base-url-binding"))",
                "4 SQLOrderRepository | autowired | graph | -",
                "5 Database | closure factory | singleton | \(marked("database-binding"))",
            ])
        #expect(graph.nodes[3].tag == APIBaseURL.self)
        #expect(graph.nodes[1].provision.implementation == SQLOrderRepository.self)
        let edges = graph.edges.map { "\($0.from)->\($0.to) \($0.label) \($0.location?.description ?? "-")" }
        #expect(
            edges == [
                "0->1 repository \(marked("repository"))",
                "0->2 clock \(marked("clock"))",
                "0->3 baseURL \(marked("base-url"))",
                "1->4  \(marked("repository-binding"))",
                "4->5 database \(marked("database"))",
            ])
        #expect(
            graph.path(to: 5) == [
                "OrderService.repository", "OrderRepository", "SQLOrderRepository.database", "Database",
            ])
    }

    @Test func aPathThroughABindingWithAScopeOfItsOwnNamesTheImplementationsProperty() throws {
        final class Database: Injectable {}
        final class SQLStore: Store, Injectable {
            var database: Database!
            static let dependencies: [Dependency<SQLStore>] = [.inject(\.database)]
        }
        let container = try Container { binder in
            binder.bind(Store.self).scoped(.transient).to(SQLStore.self)
        }
        let graph = container.graph(from: Store.self)
        let database = try #require(graph.nodes.first { $0.type == Database.self })
        #expect(graph.path(to: database.id) == ["SQLStore.database", "Database"])
    }

    @Test func propertyInjectableRootShowsWhatItsInjectorFills() throws {
        let graph = try makeContainer(FactoryRuns()).graph(from: CheckoutScreen.self)
        #expect(
            graph.textTree == """
                CheckoutScreen (filled by a PropertyInjector, transient)
                └─ orders: OrderService (autowired, graph)
                   ├─ repository: OrderRepository (bound to SQLOrderRepository at \(marked("repository-binding")), graph)
                   │  └─ SQLOrderRepository (autowired, graph)
                   │     └─ database: Database (closure factory at \(marked("database-binding")), singleton)
                   ├─ clock: SystemClock (autowired, singleton)
                   └─ baseURL: String tagged APIBaseURL (value at \(marked("base-url-binding")), singleton)
                """)
    }

    @Test func cyclesAreShownOnceInTheTextTree() throws {
        final class Left: Injectable {
            var right: Right!
            static let dependencies: [Dependency<Left>] = [.inject(\.right)]
        }
        final class Right: Injectable {
            var left: Left!
            static let dependencies: [Dependency<Right>] = [.inject(\.left)]
        }
        #expect(
            Container().graph(from: Left.self).textTree == """
                Left (autowired, graph)
                └─ right: Right (autowired, graph)
                   └─ left: Left (autowired, graph) (dependencies shown above)
                """)
    }

    @Test func deferredDependenciesAreMarkedInTheTreeAndDashedInDOT() throws {
        final class Exporter: Injectable {}
        final class ReportScreen: Injectable {
            var makeExporter: Provider<Exporter>!
            static let dependencies: [Dependency<ReportScreen>] = [.inject(\.makeExporter)]
        }
        let graph = Container().graph(from: ReportScreen.self)
        #expect(
            graph.textTree == """
                ReportScreen (autowired, graph)
                └─ makeExporter: Provider<Exporter> (synthesized, transient)
                   └─ Exporter (autowired, graph) (deferred)
                """)
        #expect(graph.dot.contains("  n1 -> n2 [style=dashed];\n"))
    }

    @Test func assistedFactoriesShowTheirArgumentAndParametersWithoutInternalNames() throws {
        final class Shelf: Injectable {}
        final class Detail: Injectable {
            var id: String!
            var shelf: Shelf!
            static let dependencies: [Dependency<Detail>] = [.assisted(\.id), .inject(\.shelf)]
        }
        final class Label {
            init(text: String, shelf: Shelf) {}
        }
        final class Screen: Injectable {
            var makeDetail: AssistedFactory<String, Detail>!
            var makeLabel: AssistedFactory<String, Label>!
            static let dependencies: [Dependency<Screen>] = [.inject(\.makeDetail), .inject(\.makeLabel)]
        }
        let line = #line + 2
        let container = try Container { binder in
            binder.bind(AssistedFactory<String, Label>.self).to(assisted: Label.init)
        }
        #expect(
            container.graph(from: Screen.self).textTree == """
                Screen (autowired, graph)
                ├─ makeDetail: AssistedFactory<String, Detail> (synthesized, transient)
                │  └─ Detail (autowired, transient) (deferred)
                │     ├─ id: String (argument of make(_:), transient)
                │     └─ shelf: Shelf (autowired, graph)
                └─ makeLabel: AssistedFactory<String, Label> (synthesized, transient)
                   └─ Label (typed factory at AutowireTests/GraphExportTests.swift:\(line), transient) (deferred)
                      ├─ parameter 1: String (argument of make(_:), transient)
                      └─ parameter 2: Shelf (autowired, graph)
                """)
    }
}
