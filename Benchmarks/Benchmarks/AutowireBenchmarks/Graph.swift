import Autowire

// The six-object graph every contender builds, in two spellings of the same shape:
//
//     App → Service → Repository → Database → Config
//                                 → Logger
//
// Six final classes, six allocations, no sharing (so every scope creates the same six objects).
// The property-injected family is what autowiring and hand-written property injection build; the
// constructor family is what hand-written constructors, factories and Swinject build.

// MARK: - Property-injected family (Autowire autowiring, hand-written property injection)

final class Config: Injectable {
    var connectionString = "sqlite::memory:"
    init() {}
}

final class Logger: Injectable {
    var level = 1
    init() {}
}

final class Database: Injectable {
    var config: Config!
    init() {}
    static let dependencies: [Dependency<Database>] = [.inject(\.config)]
}

final class Repository: Injectable {
    var database: Database!
    var logger: Logger!
    init() {}
    static let dependencies: [Dependency<Repository>] = [.inject(\.database), .inject(\.logger)]
}

final class Service: Injectable {
    var repository: Repository!
    init() {}
    static let dependencies: [Dependency<Service>] = [.inject(\.repository)]
}

final class App: Injectable {
    var service: Service!
    init() {}
    static let dependencies: [Dependency<App>] = [.inject(\.service)]
}

/// The same graph built by hand through the same properties: the baseline for autowiring.
@inline(never)
func handWrittenPropertyInjection() -> App {
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

final class CConfig {
    let connectionString: String
    init() { connectionString = "sqlite::memory:" }
}

final class CLogger {
    let level: Int
    init() { level = 1 }
}

final class CDatabase {
    let config: CConfig
    init(config: CConfig) { self.config = config }
}

final class CRepository {
    let database: CDatabase
    let logger: CLogger
    init(database: CDatabase, logger: CLogger) {
        self.database = database
        self.logger = logger
    }
}

final class CService {
    let repository: CRepository
    init(repository: CRepository) { self.repository = repository }
}

final class CApp {
    let service: CService
    init(service: CService) { self.service = service }
}

/// The graph built by hand with constructors: the baseline for factories and Swinject.
@inline(never)
func handWrittenConstructors() -> CApp {
    CApp(service: CService(repository: CRepository(database: CDatabase(config: CConfig()), logger: CLogger())))
}

// MARK: - Property injection into an existing object (five singletons)

final class SessionStore: Injectable {
    static var scope: Scope { .singleton }
    init() {}
}

final class ThemeProvider: Injectable {
    static var scope: Scope { .singleton }
    init() {}
}

final class AnalyticsClient: Injectable {
    static var scope: Scope { .singleton }
    init() {}
}

final class FeatureFlags: Injectable {
    static var scope: Scope { .singleton }
    init() {}
}

final class ImageCache: Injectable {
    static var scope: Scope { .singleton }
    init() {}
}

/// An object a framework creates; the container only fills its five properties.
final class Screen: PropertyInjectable {
    var session: SessionStore!
    var theme: ThemeProvider!
    var analytics: AnalyticsClient!
    var flags: FeatureFlags!
    var images: ImageCache!
    init() {}
    static let dependencies: [Dependency<Screen>] = [
        .inject(\.session), .inject(\.theme), .inject(\.analytics), .inject(\.flags), .inject(\.images),
    ]
}

/// The five values the hand-written baseline assigns, made once.
struct ScreenValues {
    let session = SessionStore()
    let theme = ThemeProvider()
    let analytics = AnalyticsClient()
    let flags = FeatureFlags()
    let images = ImageCache()
}

@inline(never)
func handWrittenAssignment(_ values: ScreenValues, into screen: Screen) {
    screen.session = values.session
    screen.theme = values.theme
    screen.analytics = values.analytics
    screen.flags = values.flags
    screen.images = values.images
}
