public import Autowire

// The six-object graph every contender builds, in two spellings of the same shape:
//
//     App → Service → Repository → Database → Config
//                                 → Logger
//
// Six final classes, six allocations, no sharing (so every scope creates the same six objects).
// The property-injected family is what autowiring and hand-written property injection build; the
// constructor family is what hand-written constructors, factories and Swinject build.

// MARK: - Property-injected family (Autowire autowiring, hand-written property injection)

public final class Config: Injectable {
    public var connectionString = "sqlite::memory:"
    public init() {}
}

public final class Logger: Injectable {
    public var level = 1
    public init() {}
}

public final class Database: Injectable {
    public var config: Config!
    public init() {}
    public static let dependencies: [Dependency<Database>] = [.inject(\.config)]
}

public final class Repository: Injectable {
    public var database: Database!
    public var logger: Logger!
    public init() {}
    public static let dependencies: [Dependency<Repository>] = [.inject(\.database), .inject(\.logger)]
}

public final class Service: Injectable {
    public var repository: Repository!
    public init() {}
    public static let dependencies: [Dependency<Service>] = [.inject(\.repository)]
}

public final class App: Injectable {
    public var service: Service!
    public init() {}
    public static let dependencies: [Dependency<App>] = [.inject(\.service)]
}

/// The same graph built by hand through the same properties: the baseline for autowiring.
@inline(never)
public func handWrittenPropertyInjection() -> App {
    let config = Config()
    let database = Database()
    database.config = config
    let logger = Logger()
    let repository = Repository()
    repository.database = database
    repository.logger = logger
    let service = Service()
    service.repository = repository
    let app = App()
    app.service = service
    return app
}

// MARK: - Constructor family (hand-written constructors, factories, Swinject)

public final class CConfig {
    public let connectionString: String
    public init() { connectionString = "sqlite::memory:" }
}

public final class CLogger {
    public let level: Int
    public init() { level = 1 }
}

public final class CDatabase {
    public let config: CConfig
    public init(config: CConfig) { self.config = config }
}

public final class CRepository {
    public let database: CDatabase
    public let logger: CLogger
    public init(database: CDatabase, logger: CLogger) {
        self.database = database
        self.logger = logger
    }
}

public final class CService {
    public let repository: CRepository
    public init(repository: CRepository) { self.repository = repository }
}

public final class CApp {
    public let service: CService
    public init(service: CService) { self.service = service }
}

/// The graph built by hand with constructors: the baseline for factories and Swinject.
@inline(never)
public func handWrittenConstructors() -> CApp {
    CApp(service: CService(repository: CRepository(database: CDatabase(config: CConfig()), logger: CLogger())))
}

// MARK: - Property injection into an existing object (five singletons)

public final class SessionStore: Injectable {
    public static var scope: Scope { .singleton }
    public init() {}
}

public final class ThemeProvider: Injectable {
    public static var scope: Scope { .singleton }
    public init() {}
}

/// A singleton that makes a new `App` graph whenever asked: each `get()` is a top-level resolve
/// for an object the container keeps.
public final class AppMaker: Injectable {
    public static var scope: Scope { .singleton }
    public var apps: Provider<App>!
    public init() {}
    public static let dependencies: [Dependency<AppMaker>] = [.inject(\.apps)]
}

/// The same graph under an object made by an `AssistedFactory`: its seed fills `table`.
public final class AssistedOrder: Injectable {
    public var table: Int!
    public var service: Service!
    public init() {}
    public static let dependencies: [Dependency<AssistedOrder>] = [.assisted(\.table), .inject(\.service)]
}

public final class OrderTaker: Injectable {
    public var takeOrder: AssistedFactory<Int, AssistedOrder>!
    public init() {}
    public static let dependencies: [Dependency<OrderTaker>] = [.inject(\.takeOrder)]
}

public final class AnalyticsClient: Injectable {
    public static var scope: Scope { .singleton }
    public init() {}
}

public final class FeatureFlags: Injectable {
    public static var scope: Scope { .singleton }
    public init() {}
}

public final class ImageCache: Injectable {
    public static var scope: Scope { .singleton }
    public init() {}
}

/// An object a framework creates; the container only fills its five properties.
public final class Screen: PropertyInjectable {
    public var session: SessionStore!
    public var theme: ThemeProvider!
    public var analytics: AnalyticsClient!
    public var flags: FeatureFlags!
    public var images: ImageCache!
    public init() {}
    public static let dependencies: [Dependency<Screen>] = [
        .inject(\.session), .inject(\.theme), .inject(\.analytics), .inject(\.flags), .inject(\.images),
    ]
}

/// The five values the hand-written baseline assigns, made once.
public struct ScreenValues {
    public let session = SessionStore()
    public let theme = ThemeProvider()
    public let analytics = AnalyticsClient()
    public let flags = FeatureFlags()
    public let images = ImageCache()
    public init() {}
}

@inline(never)
public func handWrittenAssignment(_ values: ScreenValues, into screen: Screen) {
    screen.session = values.session
    screen.theme = values.theme
    screen.analytics = values.analytics
    screen.flags = values.flags
    screen.images = values.images
}
