public import Autowire

// Two more shapes of the autowired graph, each with its hand-written baseline: a logger several
// objects share, in the default `.graph` scope (one Logger per resolve) and in `.transient` (one
// per object that asks); and a property cycle, a document whose parts point back to it.

// MARK: - A logger shared in the default `.graph` scope

//     SharedApp → SharedService → SharedRepository → SharedDatabase → SharedConfig
//                       ↘ SharedLogger ←──────┴──────────────┘
// Six objects: Service, Repository and Database read one Logger.

public final class SharedConfig: Injectable {
    public var connectionString = "sqlite::memory:"
    public init() {}
}

public final class SharedLogger: Injectable {
    public var level = 1
    public init() {}
}

public final class SharedDatabase: Injectable {
    public var config: SharedConfig!
    public var logger: SharedLogger!
    public init() {}
    public static let dependencies: [Dependency<SharedDatabase>] = [.inject(\.config), .inject(\.logger)]
}

public final class SharedRepository: Injectable {
    public var database: SharedDatabase!
    public var logger: SharedLogger!
    public init() {}
    public static let dependencies: [Dependency<SharedRepository>] = [.inject(\.database), .inject(\.logger)]
}

public final class SharedService: Injectable {
    public var repository: SharedRepository!
    public var logger: SharedLogger!
    public init() {}
    public static let dependencies: [Dependency<SharedService>] = [.inject(\.repository), .inject(\.logger)]
}

public final class SharedApp: Injectable {
    public var service: SharedService!
    public init() {}
    public static let dependencies: [Dependency<SharedApp>] = [.inject(\.service)]
}

/// The shared-logger graph built by hand: one logger, assigned three times.
@inline(never)
public func handWrittenSharedLogger() -> SharedApp {
    let logger = SharedLogger()
    let database = SharedDatabase()
    database.config = SharedConfig()
    database.logger = logger
    let repository = SharedRepository()
    repository.database = database
    repository.logger = logger
    let service = SharedService()
    service.repository = repository
    service.logger = logger
    let app = SharedApp()
    app.service = service
    return app
}

// MARK: - The same shape, every object `.transient`

// Eight objects: Service, Repository and Database each get a Logger of their own.

public final class TransientConfig: Injectable {
    public static var scope: Scope { .transient }
    public var connectionString = "sqlite::memory:"
    public init() {}
}

public final class TransientLogger: Injectable {
    public static var scope: Scope { .transient }
    public var level = 1
    public init() {}
}

public final class TransientDatabase: Injectable {
    public static var scope: Scope { .transient }
    public var config: TransientConfig!
    public var logger: TransientLogger!
    public init() {}
    public static let dependencies: [Dependency<TransientDatabase>] = [.inject(\.config), .inject(\.logger)]
}

public final class TransientRepository: Injectable {
    public static var scope: Scope { .transient }
    public var database: TransientDatabase!
    public var logger: TransientLogger!
    public init() {}
    public static let dependencies: [Dependency<TransientRepository>] = [.inject(\.database), .inject(\.logger)]
}

public final class TransientService: Injectable {
    public static var scope: Scope { .transient }
    public var repository: TransientRepository!
    public var logger: TransientLogger!
    public init() {}
    public static let dependencies: [Dependency<TransientService>] = [.inject(\.repository), .inject(\.logger)]
}

public final class TransientApp: Injectable {
    public static var scope: Scope { .transient }
    public var service: TransientService!
    public init() {}
    public static let dependencies: [Dependency<TransientApp>] = [.inject(\.service)]
}

/// The transient graph built by hand: a logger for each object that has one.
@inline(never)
public func handWrittenTransient() -> TransientApp {
    let database = TransientDatabase()
    database.config = TransientConfig()
    database.logger = TransientLogger()
    let repository = TransientRepository()
    repository.database = database
    repository.logger = TransientLogger()
    let service = TransientService()
    service.repository = repository
    service.logger = TransientLogger()
    let app = TransientApp()
    app.service = service
    return app
}

// MARK: - A property cycle

//     Document → Pages   (Pages.document points back, weakly)
//              → Outline (Outline.document points back, weakly)
// Three objects in the default `.graph` scope: the back-references close the cycles on the
// Document being built, and being weak they leave nothing alive after the caller lets go.

public final class Document: Injectable {
    public var pages: Pages!
    public var outline: Outline!
    public init() {}
    public static let dependencies: [Dependency<Document>] = [.inject(\.pages), .inject(\.outline)]
}

public final class Pages: Injectable {
    public weak var document: Document?
    public var count = 0
    public init() {}
    public static let dependencies: [Dependency<Pages>] = [.inject(\.document)]
}

public final class Outline: Injectable {
    public weak var document: Document?
    public var depth = 0
    public init() {}
    public static let dependencies: [Dependency<Outline>] = [.inject(\.document)]
}

/// The cycle built by hand: each part points back to the document.
@inline(never)
public func handWrittenCycle() -> Document {
    let document = Document()
    let pages = Pages()
    pages.document = document
    document.pages = pages
    let outline = Outline()
    outline.document = document
    document.outline = outline
    return document
}

// MARK: - A `.weak` object the caller holds

//     WeakScreen → WeakSession (.weak, held by the caller) → SharedConfig
//                → SharedLogger
// Each resolve makes a screen and a logger, and finds the session the caller holds: the
// program skips the region that would make it.

public final class WeakSession: Injectable {
    public static var scope: Scope { .weak }
    public var config: SharedConfig!
    public init() {}
    public static let dependencies: [Dependency<WeakSession>] = [.inject(\.config)]
}

public final class WeakScreen: Injectable {
    public static var scope: Scope { .transient }
    public var session: WeakSession!
    public var logger: SharedLogger!
    public init() {}
    public static let dependencies: [Dependency<WeakScreen>] = [.inject(\.session), .inject(\.logger)]
}

// MARK: - Singletons a first resolve creates

//     StartupApp → StartupCache (.singleton) → StartupClock (.singleton)
//                → SharedLogger
// A fresh container's first resolve creates both singletons and publishes them.

public final class StartupClock: Injectable {
    public static var scope: Scope { .singleton }
    public init() {}
}

public final class StartupCache: Injectable {
    public static var scope: Scope { .singleton }
    public var clock: StartupClock!
    public init() {}
    public static let dependencies: [Dependency<StartupCache>] = [.inject(\.clock)]
}

public final class StartupApp: Injectable {
    public var cache: StartupCache!
    public var logger: SharedLogger!
    public init() {}
    public static let dependencies: [Dependency<StartupApp>] = [.inject(\.cache), .inject(\.logger)]
}
