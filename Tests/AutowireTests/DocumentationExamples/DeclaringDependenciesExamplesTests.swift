import Autowire
import Testing

/// Swift Testing has a `Tag` of its own; a file that imports both names Autowire's explicitly.
private typealias Tag = Autowire.Tag

/// Documentation.docc/Articles/DeclaringDependencies.md
enum DeclaringDependenciesExamples {
    final class ReportClock: Injectable {}
    final class ReportFormatter: Injectable {}
    final class ReportTitle: Injectable {}
    protocol ReportArchive: AnyObject {}

    enum PageSize: Tag { typealias Value = Int }

    final class ReportBuilder: Injectable {
        var clock: ReportClock!  // required, implicitly unwrapped
        var formatter: ReportFormatter?  // required too: `.inject` on an optional property
        var archive: ReportArchive?  // optional: nil when nothing provides it
        var title = ReportTitle()  // plain type, replaced when injected
        var pageSize: Int!  // a tagged value

        static let dependencies: [Dependency<ReportBuilder>] = [
            .inject(\.clock),
            .inject(\.formatter),
            .optional(\.archive),
            .inject(\.title),
            .inject(\.pageSize, tag: PageSize.self),
        ]
    }

    enum APIBaseURL: Tag { typealias Value = String }
    enum CDNBaseURL: Tag { typealias Value = String }
    enum SandboxURL: Autowire.Tag { typealias Value = String }

    final class Endpoints: Injectable {
        var api: String!
        var cdn: String!

        static let dependencies: [Dependency<Endpoints>] = [
            .inject(\.api, tag: APIBaseURL.self),
            .inject(\.cdn, tag: CDNBaseURL.self),
        ]
    }

    final class MetricsStore: Injectable {
        static let scope = Scope.singleton
    }

    @Suite struct Tests {
        @Test func requiredOptionalPlainAndTaggedPropertiesAreFilled() throws {
            let placeholder = ReportBuilder().title
            let container = try Container { binder in
                binder.bind(Int.self).tagged(PageSize.self).to(value: 50)
            }
            let builder = try container.resolve(ReportBuilder.self)
            // builder.archive == nil, builder.pageSize == 50

            #expect(builder.clock != nil)
            #expect(builder.formatter != nil)
            #expect(builder.archive == nil)
            #expect(builder.title !== placeholder)
            #expect(builder.pageSize == 50)
        }

        @Test func tagsTellTwoValuesOfOneTypeApart() throws {
            let container = try Container { binder in
                binder.bind(String.self).tagged(APIBaseURL.self).to(value: "https://api.example.com")
                binder.bind(String.self).tagged(CDNBaseURL.self).to(value: "https://cdn.example.com")
            }
            let endpoints = try container.resolve(Endpoints.self)

            #expect(endpoints.api == "https://api.example.com")
            #expect(endpoints.cdn == "https://cdn.example.com")
            #expect(try container.resolve(String.self, tag: CDNBaseURL.self) == "https://cdn.example.com")
        }

        @Test func aTagSpelledAutowireTagWorksBesideSwiftTestingsTag() throws {
            let container = try Container { binder in
                binder.bind(String.self).tagged(SandboxURL.self).to(value: "https://sandbox.example.com")
            }
            #expect(try container.resolve(String.self, tag: SandboxURL.self) == "https://sandbox.example.com")
        }

        @Test func aTypeDeclaresItsOwnScope() throws {
            let container = Container()
            #expect(try container.resolve(MetricsStore.self) === container.resolve(MetricsStore.self))
        }
    }
}

/// Documentation.docc/Articles/DeclaringDependencies.md: deferred dependencies and hierarchies.
enum DeferredAndInheritedExamples {
    final class ExportJob: Injectable {}
    final class SearchIndex: Injectable {}

    final class ReportScreen: Injectable {
        var makeJob: Provider<ExportJob>!
        var index: Lazy<SearchIndex>!
        static let dependencies: [Dependency<ReportScreen>] = [.inject(\.makeJob), .inject(\.index)]
    }

    final class EventLog: Injectable {}
    final class Session: Injectable {}

    class BaseScreen: PropertyInjectable {
        var logger: EventLog!
        class var dependencies: [Dependency<BaseScreen>] { [.inject(\.logger)] }
    }

    final class LoginScreen: BaseScreen {
        var session: Session!
        override class var dependencies: [Dependency<BaseScreen>] {
            super.dependencies + Dependency.subclass(LoginScreen.self, [.inject(\.session)])
        }
    }

    @Suite struct Tests {
        @Test func aProviderResolvesAnewAndALazyOnce() throws {
            let container = Container()
            let screen = try container.resolve(ReportScreen.self)
            let job = try screen.makeJob.get()  // a new ExportJob on every call
            let index = try screen.index.get()  // created on the first call, then kept

            #expect(job !== (try screen.makeJob.get()))
            #expect(index === (try screen.index.get()))
        }

        @Test func aSubclassAddsItsOwnDependenciesToItsBaseClasses() throws {
            let screen = LoginScreen()
            try Container().propertyInjector(for: BaseScreen.self).inject(into: screen)

            #expect(screen.logger != nil)
            #expect(screen.session != nil)
        }
    }
}
