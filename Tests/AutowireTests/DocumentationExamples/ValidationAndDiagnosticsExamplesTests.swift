import Autowire
import Testing

/// Swift Testing has a `Tag` of its own; a file that imports both names Autowire's explicitly.
private typealias Tag = Autowire.Tag

/// Documentation.docc/Articles/ValidationAndDiagnostics.md: one example of every error the library
/// reports, with its exact text.
enum ValidationAndDiagnosticsExamples {
    protocol PaymentGateway: AnyObject {}
    final class HTTPClient {}
    enum APIKey: Tag { typealias Value = String }

    final class CheckoutFlow: Injectable {
        var payments: PaymentGateway!
        var http: HTTPClient!
        var apiKey: String!

        static let dependencies: [Dependency<CheckoutFlow>] = [
            .inject(\.payments),
            .inject(\.http),
            .inject(\.apiKey, tag: APIKey.self),
        ]
    }

    class Storage {}
    protocol Cache: AnyObject {}
    final class EventLog: Injectable {}

    struct MissingConfiguration: Error, CustomStringConvertible {
        var description: String { "API_KEY is not set" }
    }

    final class Purse {
        var coins: Int = 0
    }

    final class Wallet: PropertyInjectable {
        typealias DependencyRoot = Purse
        static let dependencies: [Dependency<Purse>] = [.inject(\.coins)]
    }

    protocol Mailer: AnyObject {}
    enum MailHost: Tag { typealias Value = String }
    final class SMTPMailer: Mailer {
        init(host: Tagged<MailHost>, logger: EventLog) {}
    }

    protocol Exporter: AnyObject {}
    final class PDFExporter: Exporter, Injectable {}

    final class SessionWindow {}
    final class Toolbar: Injectable {
        var window: SessionWindow!
        static let dependencies: [Dependency<Toolbar>] = [.inject(\.window)]
    }

    struct OrderID: Sendable { let raw: Int }
    final class OrderDetail: Injectable {
        var orderID: OrderID!
        static let dependencies: [Dependency<OrderDetail>] = [.assisted(\.orderID)]
    }

    final class ProfileService: Injectable {}

    @MainActor
    final class ProfileModel: @MainActor Injectable {
        var profiles: ProfileService!
        nonisolated init() {}
        static let dependencies: [Dependency<ProfileModel>] = [.inject(\.profiles)]
    }

    @Suite struct Tests {
        @Test func mainActorRequired() async throws {
            let container = Container()
            _ = try await MainActor.run { try container.resolve(ProfileModel.self) }
            let described = await Task.detached {
                do {
                    _ = try container.resolve(ProfileModel.self)
                    return "no error"
                } catch {
                    return "\(error)"
                }
            }.value
            expectDocumented(
                described,
                #"""
                error[main-actor-required]: ProfileModel is isolated to the main actor but was resolved or injected off the main thread.
                  path: ProfileModel
                  fix: Resolve or inject ProfileModel from the main actor, for example in a `@MainActor` function or inside `await MainActor.run { … }`.
                """#)
        }

        @Test func missingBindingsForAProtocolAClassAndATaggedValue() {
            expectDocumented(
                thrownText { _ = try Container().resolve(CheckoutFlow.self) },
                #"""
                3 problems:

                error[missing-binding]: PaymentGateway cannot be provided: it has no binding and is not an Injectable class.
                  at: App/CheckoutFlow.swift:7
                  path: CheckoutFlow.payments → PaymentGateway
                  fix: Bind it in the container with `binder.bind(PaymentGateway.self).to(…)`, or declare it `.optional(\.payments)` if it may be absent.

                error[missing-binding]: HTTPClient cannot be provided: it has no binding and its class is not Injectable.
                  at: App/CheckoutFlow.swift:8
                  path: CheckoutFlow.http → HTTPClient
                  fix: Make HTTPClient conform to Injectable, or bind it with `binder.bind(HTTPClient.self).to(…)`, or declare it `.optional(\.http)` if it may be absent.

                error[missing-binding]: String tagged APIKey cannot be provided: nothing is bound with that tag.
                  at: App/CheckoutFlow.swift:9
                  path: CheckoutFlow.apiKey → String tagged APIKey
                  fix: Bind it in the container with `binder.bind(String.self).tagged(APIKey.self).to(…)`, or declare it `.optional(\.apiKey)` if it may be absent.
                """#)
        }

        @Test func eachProblemIsADiagnosticWithItsOwnText() {
            let error = captureResolutionError { try Container().resolve(CheckoutFlow.self) }
            #expect(error?.diagnostics.count == 3)
            expectDocumented(
                error?.diagnostics.first?.description ?? "no error",
                #"""
                error[missing-binding]: PaymentGateway cannot be provided: it has no binding and is not an Injectable class.
                  at: App/CheckoutFlow.swift:7
                  path: CheckoutFlow.payments → PaymentGateway
                  fix: Bind it in the container with `binder.bind(PaymentGateway.self).to(…)`, or declare it `.optional(\.payments)` if it may be absent.
                """#)
        }

        @Test func errorsCarryTheirCodeAndPathForCode() {
            var printed: [String] = []
            func print(_ value: Any) { printed.append("\(value)") }

            do {
                _ = try Container().resolve(CheckoutFlow.self)
            } catch {
                print(error.code)  // missing-binding
                print(error.path)  // ["CheckoutFlow.payments", "PaymentGateway"]
                if error.code == .missingBinding {
                    print(error.fix)
                }
            }

            #expect(printed.count == 3)
            #expect(
                printed.prefix(2).map(withoutArticleNamespaces) == [
                    "missing-binding", #"["CheckoutFlow.payments", "PaymentGateway"]"#,
                ])
        }

        @Test func duplicateBinding() {
            expectDocumented(
                thrownText {
                    _ = try Container { binder in
                        binder.bind(String.self).tagged(APIKey.self).to(value: "live")
                        binder.bind(String.self).tagged(APIKey.self).to(value: "test")
                    }
                },
                #"""
                Container configuration has 1 problem:

                error[duplicate-binding]: String tagged APIKey is bound twice in the same container.
                  at: App/Bindings.swift:4
                  also: App/Bindings.swift:3
                  path: String tagged APIKey
                  fix: Remove one of the two bindings; to replace a binding in tests, override it in a child container with `binder.override(_:)`.
                """#)
        }

        @Test func nonConformingImplementationOfAClassIsFoundWhenTheContainerIsBuilt() {
            expectDocumented(
                thrownText {
                    _ = try Container { binder in
                        binder.bind(Storage.self).to(EventLog.self)
                    }
                },
                #"""
                Container configuration has 1 problem:

                error[non-conforming-implementation]: EventLog is bound to Storage but is not a subclass of it.
                  at: App/Bindings.swift:3
                  path: Storage
                  fix: Make EventLog a subclass of Storage, or bind Storage to a type that is one.
                """#)
        }

        @Test func nonConformingImplementationOfAProtocolIsFoundOnItsFirstInstance() throws {
            let container = try Container { binder in
                binder.bind(Cache.self).to(EventLog.self)
            }
            expectDocumented(
                thrownText { _ = try container.resolve(Cache.self) },
                #"""
                error[non-conforming-implementation]: EventLog is bound to Cache but does not conform to it.
                  at: App/Bindings.swift:3
                  path: Cache
                  fix: Make EventLog conform to Cache, or bind Cache to a type that does.
                """#)
        }

        @Test func factoryFailed() throws {
            let container = try Container { binder in
                binder.bind(String.self).tagged(APIKey.self).to { _ in throw MissingConfiguration() }
            }
            expectDocumented(
                thrownText { _ = try container.resolve(String.self, tag: APIKey.self) },
                #"""
                error[factory-failed]: The factory for String tagged APIKey threw: API_KEY is not set.
                  at: App/Bindings.swift:3
                  path: String tagged APIKey
                  fix: Fix the cause reported by the factory, or catch it inside the factory.
                """#)
        }

        @Test func misdeclaredDependency() {
            expectDocumented(
                thrownText { try Container().inject(into: Wallet()) },
                #"""
                error[misdeclared-dependency]: Wallet.dependencies has a key path into Purse, which Wallet is not.
                  at: App/Wallet.swift:3
                  path: Wallet
                  fix: Write the key path against Wallet or one of its superclasses.
                """#)
        }

        @Test func unsupportedScope() throws {
            let container = try Container { binder in
                binder.bind(Int.self).scoped(.weak).to { _ in 42 }
            }
            expectDocumented(
                thrownText { _ = try container.resolve(Int.self) },
                #"""
                error[unsupported-scope]: Int is scoped `.weak` but its instance is not a class instance.
                  at: App/Bindings.swift:3
                  path: Int
                  fix: Use `.transient`, `.graph` or `.singleton` for values; `.weak` only shares class instances.
                """#)
        }

        @Test func typedFactoryParameterThatCannotBeProvided() {
            expectDocumented(
                thrownText {
                    _ = try Container { binder in
                        binder.bind(Mailer.self).to(factory: SMTPMailer.init)
                    }
                },
                #"""
                Container configuration has 1 problem:

                error[missing-binding]: String tagged MailHost cannot be provided: nothing is bound with that tag.
                  at: App/Bindings.swift:3
                  path: parameter 1 of Mailer's factory → String tagged MailHost
                  fix: Bind it in the container with `binder.bind(String.self).tagged(MailHost.self).to(…)`.
                """#)
        }

        @Test func duplicateDictionaryKey() {
            expectDocumented(
                thrownText {
                    _ = try Container { binder in
                        binder.bind(Exporter.self).intoDictionary(key: "pdf").to(PDFExporter.self)
                        binder.bind(Exporter.self).intoDictionary(key: "pdf").to(PDFExporter.self)
                    }
                },
                #"""
                Container configuration has 1 problem:

                error[duplicate-binding]: [String: Exporter] has two contributions for the key "pdf".
                  at: App/Bindings.swift:4
                  also: App/Bindings.swift:3
                  path: [String: Exporter]
                  fix: Give each `intoDictionary(key:)` contribution its own key, or remove one of them.
                """#)
        }

        @Test func accidentalShadowingAndOverrideOfNothing() throws {
            let parent = try Container { binder in
                binder.bind(String.self).tagged(APIKey.self).to(value: "live")
            }
            expectDocumented(
                thrownText {
                    _ = try parent.child { binder in
                        binder.bind(String.self).tagged(APIKey.self).to(value: "test")
                        binder.override(Cache.self).to(EventLog.self)
                    }
                },
                #"""
                Container configuration has 2 problems:

                error[accidental-shadowing]: String tagged APIKey is bound again in a child container, hiding the parent's binding.
                  at: App/TestBindings.swift:3
                  also: App/Bindings.swift:3
                  path: String tagged APIKey
                  fix: If the child is meant to replace it, write `binder.override(String.self).tagged(APIKey.self)`; otherwise remove this binding.

                error[override-of-nothing]: Cache is overridden, but no parent container binds it.
                  at: App/TestBindings.swift:4
                  path: Cache
                  fix: Use `binder.bind(Cache.self)` for a new binding, or check the type and tag being overridden.
                """#)
        }

        @Test func unavailableInstanceAndNotOfferable() throws {
            let container = try Container { binder in
                binder.bind(SessionWindow.self).toOfferedInstance()
            }
            expectDocumented(
                thrownText { _ = try container.resolve(Toolbar.self) },
                #"""
                error[unavailable-instance]: No SessionWindow has been offered to the container yet.
                  at: App/Toolbar.swift:3
                  path: Toolbar.window → SessionWindow
                  fix: Call `container.offer(_:)` with a live SessionWindow before resolving what needs it, or declare the dependency `.optional` to accept its absence.
                """#)
            expectDocumented(
                thrownText { try container.offer(EventLog()) },
                #"""
                error[not-offerable]: EventLog cannot be offered: it is not bound with `toOfferedInstance()`.
                  path: EventLog
                  fix: Declare `binder.bind(EventLog.self).toOfferedInstance()` in the container that receives it.
                """#)
        }

        @Test func assistedOutsideFactory() {
            expectDocumented(
                thrownText { _ = try Container().resolve(OrderDetail.self) },
                #"""
                error[assisted-outside-factory]: OrderDetail.orderID is assisted, so OrderDetail can only be made by an AssistedFactory.
                  at: App/OrderDetail.swift:3
                  path: OrderDetail.orderID
                  fix: Depend on `AssistedFactory<OrderID, OrderDetail>` and call `make(_:)` with the OrderID, instead of depending on OrderDetail itself.
                """#)
        }
    }
}
