public import Autowire
public import Swinject

// MARK: - Containers

/// The constructor family bound with closure factories, in the default scope.
public func closureFactoryContainer() throws -> Autowire.Container {
    try Autowire.Container { binder in
        binder.bind(CConfig.self).to { _ in CConfig() }
        binder.bind(CLogger.self).to { _ in CLogger() }
        binder.bind(CDatabase.self).to { r in CDatabase(config: try r.resolve()) }
        binder.bind(CRepository.self).to { r in CRepository(database: try r.resolve(), logger: try r.resolve()) }
        binder.bind(CService.self).to { r in CService(repository: try r.resolve()) }
        binder.bind(CApp.self).to { r in CApp(service: try r.resolve()) }
    }
}

/// The constructor family bound with typed factories (`to(factory: X.init)`), in the default scope.
public func typedFactoryContainer() throws -> Autowire.Container {
    try Autowire.Container { binder in
        binder.bind(CConfig.self).to(factory: CConfig.init)
        binder.bind(CLogger.self).to(factory: CLogger.init)
        binder.bind(CDatabase.self).to(factory: CDatabase.init)
        binder.bind(CRepository.self).to(factory: CRepository.init)
        binder.bind(CService.self).to(factory: CService.init)
        binder.bind(CApp.self).to(factory: CApp.init)
    }
}

/// The constructor family registered in Swinject, every registration in `scope`.
public func swinjectContainer(scope: ObjectScope) -> Swinject.Container {
    let container = Swinject.Container()
    container.register(CConfig.self) { _ in CConfig() }.inObjectScope(scope)
    container.register(CLogger.self) { _ in CLogger() }.inObjectScope(scope)
    container.register(CDatabase.self) { r in CDatabase(config: r.resolve(CConfig.self)!) }.inObjectScope(scope)
    container.register(CRepository.self) { r in
        CRepository(database: r.resolve(CDatabase.self)!, logger: r.resolve(CLogger.self)!)
    }.inObjectScope(scope)
    container.register(CService.self) { r in CService(repository: r.resolve(CRepository.self)!) }.inObjectScope(scope)
    container.register(CApp.self) { r in CApp(service: r.resolve(CService.self)!) }.inObjectScope(scope)
    return container
}

/// Brings the process to its settled allocation speed before anything is measured (see top).
public func settleProcess() {
    let swinject = swinjectContainer(scope: .graph)
    for _ in 0..<20_000 { keep(swinject.resolve(CApp.self)) }
    for _ in 0..<200_000 {
        keep(handWrittenConstructors())
        keep(handWrittenPropertyInjection())
    }
}

/// Keeps an object alive as far as the optimizer can tell, at the cost of one call: not generic,
/// so that the count of an operation holds no value-witness copy of its result (the generic
/// `keep<T>` through `withExtendedLifetime` cost about 90 instructions per call, hand-written
/// scenarios included).
@inline(never)
public func keep(_ object: AnyObject) { _ = Unmanaged.passUnretained(object) }

/// The same for an optional result (Swinject's `resolve`).
@inline(never)
public func keep(_ object: AnyObject?) { _ = object.map(Unmanaged.passUnretained) }

/// Keeps a value alive as far as the optimizer can tell: for results that are not objects.
@inline(never)
@_disfavoredOverload
public func keep<T>(_ value: T) { withExtendedLifetime(value) {} }
