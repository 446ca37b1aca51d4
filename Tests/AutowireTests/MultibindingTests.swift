import Autowire
import Testing

private protocol Exporter: AnyObject { var format: String { get } }
private final class PDFExporter: Exporter, Injectable { let format = "pdf" }
private final class CSVExporter: Exporter, Injectable { let format = "csv" }
private final class JSONExporter: Exporter { let format = "json" }
private final class ExportMenu: Injectable {
    var exporters: [Exporter]!
    var byName: [String: Exporter]!
    static let dependencies: [Dependency<ExportMenu>] = [.inject(\.exporters), .inject(\.byName)]
}

private enum Exporters: Autowire.Tag { typealias Value = [Exporter] }
private final class ExportScreen: Injectable {
    var exporters: [Exporter] = []
    var byName: [String: Exporter] = [:]
    var tagged: [Exporter] = []
    static let dependencies: [Dependency<ExportScreen>] = [
        .inject(\.exporters), .inject(\.byName), .inject(\.tagged, tag: Exporters.self),
    ]
}

@Suite struct MultibindingTests {
    @Test func aCollectionNothingContributesToIsEmpty() throws {
        let container = Container()
        #expect(try container.resolve([Exporter].self).isEmpty)
        #expect(try container.resolve([String: Exporter].self).isEmpty)
        let screen = try container.resolve(ExportScreen.self)
        #expect(screen.exporters.isEmpty && screen.byName.isEmpty && screen.tagged.isEmpty)
    }

    @Test func aChildsFirstContributionAddsToItsParentsEmptyCollection() throws {
        let parent = Container()
        #expect(try parent.resolve(ExportScreen.self).exporters.isEmpty)
        let child = try parent.child { $0.bind(Exporter.self).intoCollection().to(PDFExporter.self) }
        #expect(try child.resolve([Exporter].self).map(\.format) == ["pdf"])
        #expect(try child.resolve(ExportScreen.self).exporters.map(\.format) == ["pdf"])
        #expect(try parent.resolve([Exporter].self).isEmpty)
    }

    @Test func collectionContributionsResolveInBindingOrder() throws {
        let container = try Container { binder in
            binder.bind(Exporter.self).intoCollection().to(PDFExporter.self)
            binder.bind(Exporter.self).intoCollection().to(value: JSONExporter())
            binder.bind(Exporter.self).intoCollection().to(factory: CSVExporter.init)
            binder.bind(Exporter.self).intoDictionary(key: "pdf").to(PDFExporter.self)
        }
        #expect(try container.resolve([Exporter].self).map(\.format) == ["pdf", "json", "csv"])
    }

    @Test func keyedContributionsResolveAsADictionaryAndAsDependencies() throws {
        let container = try Container { binder in
            binder.bind(Exporter.self).intoCollection().to(CSVExporter.self)
            binder.bind(Exporter.self).intoDictionary(key: "pdf").to(PDFExporter.self)
            binder.bind(Exporter.self).intoDictionary(key: "csv").to { _ in CSVExporter() }
        }
        let menu = try container.resolve(ExportMenu.self)
        #expect(menu.exporters.map(\.format) == ["csv"])
        #expect(menu.byName.mapValues(\.format) == ["pdf": "pdf", "csv": "csv"])
    }

    @Test func aDuplicateKeyFailsTheBuildNamingBothContributions() throws {
        let first = #line + 4
        let second = first + 1
        let error = captureConfigurationError {
            try Container { binder in
                binder.bind(Exporter.self).intoDictionary(key: "pdf").to(PDFExporter.self)
                binder.bind(Exporter.self).intoDictionary(key: "pdf").to(CSVExporter.self)
            }
        }
        #expect(
            error?.description == """
                Container configuration has 1 problem:

                error[duplicate-binding]: [String: Exporter] has two contributions for the key "pdf".
                  at: AutowireTests/MultibindingTests.swift:\(second)
                  also: AutowireTests/MultibindingTests.swift:\(first)
                  path: [String: Exporter]
                  fix: Give each `intoDictionary(key:)` contribution its own key, or remove one of them.
                """)
    }

    @Test func aCollectionAlsoBoundDirectlyIsADuplicate() throws {
        let error = captureConfigurationError {
            try Container { binder in
                binder.bind([Exporter].self).to(value: [])
                binder.bind(Exporter.self).intoCollection().to(PDFExporter.self)
            }
        }
        #expect(error?.diagnostics.map(\.code) == [.duplicateBinding])
    }

    @Test func contributionsKeepTheirOwnScopes() throws {
        let container = try Container { binder in
            binder.bind(Exporter.self).intoCollection().scoped(.singleton).to(PDFExporter.self)
            binder.bind(Exporter.self).intoCollection().scoped(.transient).to(CSVExporter.self)
        }
        let first = try container.resolve([Exporter].self)
        let second = try container.resolve([Exporter].self)
        #expect(first[0] === second[0])
        #expect(first[1] !== second[1])
    }
}
