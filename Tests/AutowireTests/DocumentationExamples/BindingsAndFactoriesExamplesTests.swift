import Autowire
import Testing

/// Swift Testing has a `Tag` of its own; a file that imports both names Autowire's explicitly.
private typealias Tag = Autowire.Tag

/// Documentation.docc/Articles/BindingsAndFactories.md
enum BindingsAndFactoriesExamples {
    protocol OrderRepository: AnyObject {}
    final class SQLOrderRepository: OrderRepository, Injectable {
        var database: Database!
        static let dependencies: [Dependency<SQLOrderRepository>] = [.inject(\.database)]
    }

    protocol Database: AnyObject { var path: String { get } }
    final class SQLiteDatabase: Database {
        let path: String
        init(path: String) throws { self.path = path }
    }

    protocol Plugin: AnyObject {}
    final class AuditPlugin: Plugin, Injectable {}
    final class MetricsPlugin: Plugin, Injectable {}

    class Storage {}
    final class EventLog: Injectable {}

    enum DatabasePath: Tag { typealias Value = String }

    protocol Mailer: AnyObject {}
    enum MailHost: Tag { typealias Value = String }
    enum RetryDelays: Tag { typealias Value = [Int] }
    enum ReportFormats: Tag { typealias Value = [String: Exporter] }

    final class SMTPMailer: Mailer {
        let host: String
        let logger: EventLog
        init(host: Tagged<MailHost>, logger: EventLog) {
            self.host = host.value
            self.logger = logger
        }
    }

    protocol Exporter: AnyObject {}
    final class PDFExporter: Exporter, Injectable {}
    final class CSVExporter: Exporter, Injectable {}

    enum PersistenceModule: Module {
        static func configure(_ binder: Binder) {
            binder.bind(String.self).tagged(DatabasePath.self).to(value: "app.sqlite")
            binder.bind(Database.self).scoped(.singleton).to { resolver in
                try SQLiteDatabase(path: resolver.resolve(String.self, tag: DatabasePath.self))
            }
            binder.bind(OrderRepository.self).to(SQLOrderRepository.self)
        }
    }

    final class InMemoryOrderRepository: OrderRepository, Injectable {}

    struct StorageModule: ConfigurableModule, Hashable {
        let inMemory: Bool

        func configure(_ binder: Binder) {
            if inMemory {
                binder.bind(OrderRepository.self).scoped(.singleton).to(InMemoryOrderRepository.self)
            } else {
                binder.include(PersistenceModule.self)
            }
        }
    }

    struct OrderID: Hashable, Sendable { let raw: Int }

    final class OrderDetail: Injectable {
        var orderID: OrderID!
        var repository: OrderRepository!
        static let dependencies: [Dependency<OrderDetail>] = [.assisted(\.orderID), .inject(\.repository)]
    }

    final class OrderList: Injectable {
        var makeDetail: AssistedFactory<OrderID, OrderDetail>!
        static let dependencies: [Dependency<OrderList>] = [.inject(\.makeDetail)]
    }

    @Suite struct Tests {
        @Test func implementationsValuesClosuresAndCollections() throws {
            let container = try Container { binder in
                binder.bind(OrderRepository.self).to(SQLOrderRepository.self)
                binder.bind(String.self).tagged(DatabasePath.self).to(value: ":memory:")
                binder.bind(Database.self).scoped(.singleton).to { resolver in
                    try SQLiteDatabase(path: resolver.resolve(String.self, tag: DatabasePath.self))
                }
                binder.bind(Plugin.self).intoCollection().to(AuditPlugin.self)
                binder.bind(Plugin.self).intoCollection().to(MetricsPlugin.self)
            }
            let repository = try container.resolve(OrderRepository.self)
            let plugins = try container.resolve([Plugin].self)  // [AuditPlugin, MetricsPlugin]

            let sql = try #require(repository as? SQLOrderRepository)
            #expect(sql.database.path == ":memory:")
            #expect(sql.database === (try container.resolve(Database.self)))
            #expect(plugins.count == 2)
            #expect(plugins.first is AuditPlugin)
            #expect(plugins.last is MetricsPlugin)
        }

        @Test func aTypedFactoryResolvesEachParameterIncludingTaggedOnes() throws {
            let mailContainer = try Container { binder in
                binder.bind(String.self).tagged(MailHost.self).to(value: "smtp.example.com")
                binder.bind(Mailer.self).to(factory: SMTPMailer.init)
            }
            let mailer = try mailContainer.resolve(Mailer.self)

            #expect((mailer as? SMTPMailer)?.host == "smtp.example.com")
        }

        @Test func labelsNameATypedFactorysParametersInPaths() {
            let error = captureConfigurationError {
                try Container { binder in
                    binder.bind(Mailer.self).to(factory: SMTPMailer.init, labels: "host", "logger")
                }
            }
            #expect(
                error?.diagnostics.first.map { $0.path.map(withoutArticleNamespaces) } == [
                    "parameter host of Mailer's factory", "String tagged MailHost",
                ])
        }

        @Test func aTaggedCollectionIsResolvedByItsTag() throws {
            let retryContainer = try Container { binder in
                binder.bind(Int.self).tagged(RetryDelays.self).intoCollection().to(value: 1)
                binder.bind(Int.self).tagged(RetryDelays.self).intoCollection().to(value: 5)
            }
            let delays = try retryContainer.resolve([Int].self, tag: RetryDelays.self)  // [1, 5]
            // or, in a class: .inject(\.delays, tag: RetryDelays.self)

            #expect(delays == [1, 5])
        }

        @Test func dictionaryContributionsAreResolvedByKey() throws {
            let exportContainer = try Container { binder in
                binder.bind(Exporter.self).intoDictionary(key: "pdf").to(PDFExporter.self)
                binder.bind(Exporter.self).intoDictionary(key: "csv").to(CSVExporter.self)
            }
            let exporters = try exportContainer.resolve([String: Exporter].self)  // ["pdf": …, "csv": …]

            #expect(exporters.count == 2)
            #expect(exporters["pdf"] is PDFExporter)
            #expect(exporters["csv"] is CSVExporter)
        }

        @Test func aTaggedDictionaryIsResolvedByItsTag() throws {
            let reportContainer = try Container { binder in
                binder.bind(Exporter.self).tagged(ReportFormats.self).intoDictionary(key: "pdf").to(PDFExporter.self)
            }
            let formats = try reportContainer.resolve([String: Exporter].self, tag: ReportFormats.self)  // ["pdf": …]

            #expect(formats.count == 1)
            #expect(formats["pdf"] is PDFExporter)
        }

        @Test func modulesAndAssistedInjection() throws {
            let appContainer = try Container { binder in
                binder.include(PersistenceModule.self)
                binder.bind(Mailer.self).to(factory: SMTPMailer.init)
                binder.bind(String.self).tagged(MailHost.self).to(value: "smtp.example.com")
            }

            let list = try appContainer.resolve(OrderList.self)
            let detail = try list.makeDetail.make(OrderID(raw: 42))

            #expect(detail.orderID == OrderID(raw: 42))
            #expect(detail.repository is SQLOrderRepository)
            #expect(try appContainer.resolve(String.self, tag: DatabasePath.self) == "app.sqlite")
        }

        @Test func aModuleValueChoosesItsBindingsFromItsConfiguration() throws {
            let testContainer = try Container { binder in
                binder.include(StorageModule(inMemory: true))
            }
            let appContainer = try Container { binder in
                binder.include(StorageModule(inMemory: false))
            }

            #expect(try testContainer.resolve(OrderRepository.self) is InMemoryOrderRepository)
            #expect(try appContainer.resolve(OrderRepository.self) is SQLOrderRepository)
        }

        @Test func anAssistedFactoryIsValidatedByPassingItsTypeAsARoot() throws {
            let appContainer = try Container { binder in
                binder.include(PersistenceModule.self)
            }
            try appContainer.validate(AssistedFactory<OrderID, OrderDetail>.self)

            expectDocumented(
                thrownText { try Container().validate(AssistedFactory<OrderID, OrderDetail>.self) },
                #"""
                Validation of AssistedFactory<OrderID, OrderDetail> (3 types, 0 bindings) found 1 error:

                error[missing-binding]: OrderRepository cannot be provided: it has no binding and is not an Injectable class.
                  at: App/OrderDetail.swift:4
                  path: OrderDetail.repository → OrderRepository
                  fix: Bind it in the container with `binder.bind(OrderRepository.self).to(…)`, or declare it `.optional(\.repository)` if it may be absent.
                """#)
        }

        /// `to(value:)` takes any value: the compiler asks nothing of it, so the documentation's
        /// advice (share only values safe to share) is the only guard.
        @Test func aValueBindingDoesNotRequireSendable() throws {
            final class Tally { var count = 0 }  // not Sendable
            let tally = Tally()
            let container = try Container { binder in
                binder.bind(Tally.self).to(value: tally)
            }
            #expect(try container.resolve(Tally.self) === tally)
        }

        @Test func buildingReportsEveryBindingProblemAtOnce() {
            var printed: [String] = []
            func print(_ value: Any) { printed.append("\(value)") }

            do {
                _ = try Container { binder in
                    binder.bind(Storage.self).to(EventLog.self)
                    binder.bind(String.self).tagged(DatabasePath.self).to(value: "a.sqlite")
                    binder.bind(String.self).tagged(DatabasePath.self).to(value: "b.sqlite")
                }
            } catch {
                print(error)
            }

            expectDocumented(
                printed.joined(separator: "\n"),
                #"""
                Container configuration has 2 problems:

                error[duplicate-binding]: String tagged DatabasePath is bound twice in the same container.
                  at: App/Bindings.swift:5
                  also: App/Bindings.swift:4
                  path: String tagged DatabasePath
                  fix: Remove one of the two bindings; to replace a binding in tests, override it in a child container with `binder.override(_:)`.

                error[non-conforming-implementation]: EventLog is bound to Storage but is not a subclass of it.
                  at: App/Bindings.swift:3
                  path: Storage
                  fix: Make EventLog a subclass of Storage, or bind Storage to a type that is one.
                """#)
        }
    }
}
