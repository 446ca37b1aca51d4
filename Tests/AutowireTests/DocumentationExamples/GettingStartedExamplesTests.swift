import Autowire
import Foundation
import Testing

/// Documentation.docc/Articles/GettingStarted.md
enum GettingStartedExamples {
    final class EventLog: Injectable {
        private(set) var lines: [String] = []
        func log(_ line: String) { lines.append(line) }
    }

    public final class AuditTrail: Injectable {
        public init() {}
    }

    final class Greeter: Injectable {
        var logger: EventLog!

        static let dependencies: [Dependency<Greeter>] = [.inject(\.logger)]

        func greet(_ name: String) -> String {
            logger.log("greeted \(name)")
            return "Hello, \(name)!"
        }
    }

    protocol GuestStore: AnyObject {
        func add(_ name: String)
    }

    final class InMemoryGuestStore: GuestStore, Injectable {
        private(set) var names: [String] = []
        func add(_ name: String) { names.append(name) }
    }

    final class GuestBook: Injectable {
        var greeter: Greeter!
        var store: GuestStore!

        static let dependencies: [Dependency<GuestBook>] = [
            .inject(\.greeter),
            .inject(\.store),
        ]

        func welcome(_ name: String) -> String {
            store.add(name)
            return greeter.greet(name)
        }
    }

    // Choosing a style.
    struct ReceiptFormatter: ConstructorInjectable {
        static let construction = Construction(ReceiptFormatter.init)
    }

    // Property injection: a screen the UI framework creates.
    final class ReceiptScreen: PropertyInjectable {
        var receipts: ReceiptService!
        static let dependencies: [Dependency<ReceiptScreen>] = [.inject(\.receipts)]
    }

    // Constructor injection: a service every thread shares.
    final class ReceiptService: ConstructorInjectable, Sendable {
        let formatter: ReceiptFormatter
        init(formatter: ReceiptFormatter) { self.formatter = formatter }
        static let construction = Construction(ReceiptService.init)
        static var scope: Scope { .singleton }
    }

    @Suite struct Tests {
        @Test func bothStylesMeetInOneGraph() throws {
            let container = Container()
            let screen = ReceiptScreen()
            try container.inject(into: screen)
            #expect(screen.receipts === (try container.resolve(ReceiptService.self)))
            // Built by hand, as in a unit test.
            _ = ReceiptService(formatter: ReceiptFormatter())
        }

        /// The manifest a newcomer copies must build: the platforms Autowire declares, and the package
        /// URL the README shows.
        @Test func theManifestInGettingStartedDeclaresTheLibrarysPlatformsAndTheReadmesURL() throws {
            let manifest = try #require(
                Documentation.allBlocks.first {
                    $0.lines.first == "// swift-tools-version: 6.2" && $0.document.hasSuffix("GettingStarted.md")
                })
            let library = try String(
                contentsOf: Documentation.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
            let platforms = try #require(
                library.components(separatedBy: "\n").first { $0.hasPrefix("    platforms: ") })
            #expect(manifest.lines.contains(platforms))
            let readme = try #require(Documentation.allBlocks.first { $0.document == "README.md" })
            let package = try #require(readme.lines.first { $0.hasPrefix(".package(url: ") })
            #expect(manifest.lines.contains("        \(package)"))
            #expect(
                manifest.lines.contains(
                    "            dependencies: [.product(name: \"Autowire\", package: \"Autowire\")]"))
        }

        @Test func aPublicInjectableClassDeclaresAPublicInit() throws {
            #expect(try Container().resolve(AuditTrail.self) !== Container().resolve(AuditTrail.self))
        }

        @Test func aGraphOfInjectableClassesResolvesWithNoRegistration() throws {
            let greeter = try Container().resolve(Greeter.self)
            let greeting = greeter.greet("Ada")  // "Hello, Ada!"

            #expect(greeting == "Hello, Ada!")
            #expect(greeter.logger.lines == ["greeted Ada"])
        }

        @Test func anUnboundProtocolIsAMissingBindingThatNamesTheProperty() {
            expectDocumented(
                thrownText {
                    try Container().resolve(GuestBook.self)
                },
                #"""
                error[missing-binding]: GuestStore cannot be provided: it has no binding and is not an Injectable class.
                  at: App/GuestBook.swift:6
                  path: GuestBook.store → GuestStore
                  fix: Bind it in the container with `binder.bind(GuestStore.self).to(…)`, or declare it `.optional(\.store)` if it may be absent.
                """#)
        }

        @Test func bindingTheProtocolLetsTheRestBeAutowired() throws {
            let container = try Container { binder in
                binder.bind(GuestStore.self).to(InMemoryGuestStore.self)
            }
            let book = try container.resolve(GuestBook.self)
            let welcome = book.welcome("Grace")  // "Hello, Grace!"

            #expect(welcome == "Hello, Grace!")
            #expect((book.store as? InMemoryGuestStore)?.names == ["Grace"])
        }
    }
}
