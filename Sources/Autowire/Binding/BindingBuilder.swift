/// A binding being written: refine it with ``tagged(_:)->BindingBuilder<Value>``, ``scoped(_:)`` or ``intoCollection()``,
/// then finish it with a `to` method.
///
/// | Finish with | The container provides |
/// | --- | --- |
/// | ``to(_:)-1nf58`` | an autowired `Injectable` implementation |
/// | ``to(_:)-4l6fq`` | a `ConstructorInjectable` implementation, made through its construction |
/// | ``to(value:)`` | the same value every time |
/// | ``to(_:)-((Resolver)->Value)`` | what your closure returns; it resolves what it needs through a ``Resolver`` |
public struct BindingBuilder<Value> {
    let binder: Binder
    let location: SourceLocation
    var tag: Any.Type?
    var scope: Scope?
    var contribution: ((Any.Type?) -> Contribution)?
    let isOverride: Bool
    var isEager = false

    init(binder: Binder, location: SourceLocation, isOverride: Bool) {
        self.binder = binder
        self.location = location
        self.isOverride = isOverride
    }

    /// Binds the value named by `tag` rather than the untagged `Value`.
    public func tagged<T: Tag>(_ tag: T.Type) -> BindingBuilder where T.Value == Value {
        var copy = self
        copy.tag = tag
        return copy
    }

    /// Sets the lifetime of the instances this binding makes; it wins over an `Injectable`'s own
    /// ``Injectable/scope``. Without it, implementations keep their own scope and factories use
    /// ``Scope/graph``.
    public func scoped(_ scope: Scope) -> BindingBuilder {
        var copy = self
        copy.scope = scope
        return copy
    }

    /// Adds this binding to the `[Value]` collection instead of binding `Value` itself.
    ///
    /// Contributions keep the order they are bound in; resolve them with
    /// `container.resolve([Value].self)` or declare a `[Value]` dependency.
    public func intoCollection() -> BindingBuilder {
        var copy = self
        copy.contribution = { tag in .list(of: Value.self, tag: tag) }
        return copy
    }

    /// Adds this binding to the `[Key: Value]` dictionary under `key` instead of binding `Value`.
    ///
    /// ```swift
    /// binder.bind(Exporter.self).intoDictionary(key: "pdf").to(PDFExporter.self)
    /// binder.bind(Exporter.self).intoDictionary(key: "csv").to(CSVExporter.self)
    /// let exporters = try container.resolve([String: Exporter].self)
    /// ```
    ///
    /// Two contributions with the same key fail the build, naming both.
    public func intoDictionary<Key: Hashable & Sendable>(key: Key) -> BindingBuilder {
        var copy = self
        copy.contribution = { tag in .dictionary(key: key, of: Value.self, tag: tag) }
        return copy
    }

    var key: BindingKey { BindingKey(Value.self, tag: tag) }

    /// Registers a declaration whose producer `make` builds (already registered when it returns);
    /// `reach` says what `make` looks up, when that is known without calling it.
    func finish(reach: StaticReach? = nil, _ make: @escaping (PlanCompiler, Bool) -> AnyProducer) {
        if isEager { binder.settings.eagerSingletons.append(EagerSingleton(key: key, location: location)) }
        binder.add(
            BindingDeclaration(
                key: key, contribution: contribution?(tag), explicitScope: scope, location: location,
                isOverride: isOverride, reach: reach, compile: make))
    }
}

extension BindingBuilder {
    /// Binds to an `Injectable` implementation, created and filled by the container.
    ///
    /// Without ``scoped(_:)`` the binding shares the implementation's own instances and scope;
    /// with it, the binding has instances of its own in that scope. When `Value` is a class, an
    /// implementation that is not a subclass fails the build; for a protocol, the first instance
    /// is checked, and `validate` checks it ahead of time.
    @inlinable
    public func to<Implementation: Injectable>(_ implementation: Implementation.Type) {
        bindImplementation(Implementation.self, conversion: .make(Implementation.self, as: Value.self))
    }

    /// What `to(_:)` of an `Injectable` comes to; `conversion`, made in the caller's module, turns
    /// an implementation object into a `Value` there (see `ImplementationConversion`).
    @usableFromInline
    func bindImplementation<Implementation: Injectable>(
        _ implementation: Implementation.Type, conversion: ImplementationConversion?
    ) {
        let key = key
        let location = location
        let scope = scope
        let conforms = !(Value.self is AnyClass) || Implementation.self is Value.Type
        let ownInstances = scope != nil || (Implementation.self == Value.self && key.tag == nil)
        let reach = Self.reach(
            of: Implementation.self, conforms: conforms, ownInstances: ownInstances, .autowired(Implementation.self))
        finish(reach: reach) { compiler, register in
            if !conforms {
                compiler.report(
                    .nonConforming(
                        implementation: Implementation.self, key: key, location: location, path: [key.description]))
            }
            let origin = Origin.implementation(Implementation.self, location)
            if let scope {
                return compiler.autowire(
                    Implementation.self, as: Value.self, key: key, scope: scope, origin: origin, register: register,
                    conversion: conversion)
            }
            if Implementation.self == Value.self, key.tag == nil {
                return compiler.autowire(
                    Implementation.self, as: Value.self, key: key, scope: Implementation.scope, origin: origin,
                    register: register)
            }
            return Self.alias(
                key, to: Implementation.self, location: location, conversion: conversion, compiler, register: register)
        }
    }

    /// Binds to a ``ConstructorInjectable`` implementation, made through its construction.
    ///
    /// ```swift
    /// binder.bind((any OrderRepository).self).to(SQLOrderRepository.self)
    /// ```
    ///
    /// Without ``scoped(_:)`` the binding shares the implementation's own instances and scope;
    /// with it, the binding has instances of its own in that scope.
    @inlinable
    public func to<Implementation: ConstructorInjectable>(_ implementation: Implementation.Type) {
        bindConstruction(Implementation.self, conversion: .make(Implementation.self, as: Value.self))
    }

    /// Binds to an implementation that is both ``ConstructorInjectable`` and ``Injectable``: made
    /// through its construction, then its declared properties are filled and its hook runs.
    ///
    /// Without ``scoped(_:)`` the binding shares the implementation's own instances and scope;
    /// with it, the binding has instances of its own in that scope.
    @inlinable
    public func to<Implementation: ConstructorInjectable & Injectable>(_ implementation: Implementation.Type) {
        bindConstruction(Implementation.self, conversion: .make(Implementation.self, as: Value.self))
    }

    /// What `to(_:)` of a `ConstructorInjectable` comes to; `conversion`, made in the caller's
    /// module when the implementation is a class, turns one into a `Value` there.
    @usableFromInline
    func bindConstruction<Implementation: ConstructorInjectable>(
        _ implementation: Implementation.Type, conversion: ImplementationConversion?
    ) {
        let key = key
        let location = location
        let scope = scope
        let conforms = !(Value.self is AnyClass) || Implementation.self is Value.Type
        let reach = Self.reach(
            of: Implementation.self, conforms: conforms, ownInstances: scope != nil, .constructed(Implementation.self))
        finish(reach: reach) { compiler, register in
            if let scope {
                return compiler.construct(
                    Implementation.self, as: Value.self, key: key, scope: scope, register: register)
            }
            if !conforms {
                compiler.report(
                    .nonConforming(
                        implementation: Implementation.self, key: key, location: location, path: [key.description]))
            }
            return Self.alias(
                key, to: Implementation.self, location: location, conversion: conversion, compiler, register: register)
        }
    }

    /// What compiling the binding looks up: `own` when it has instances of its own, else the
    /// implementation's key (see `alias`); nil for a class bound to a non-subclass, which is then
    /// compiled at build time and reported.
    private static func reach(
        of implementation: Any.Type, conforms: Bool, ownInstances: Bool, _ own: StaticReach
    ) -> StaticReach? {
        guard conforms else { return nil }
        return ownInstances ? own : .alias(BindingKey(type: implementation, tag: nil))
    }

    /// A producer of `Value` that hands on what `Implementation`'s own producer makes, so that
    /// the binding shares its instances and scope.
    private static func alias<Implementation>(
        _ key: BindingKey, to implementation: Implementation.Type, location: SourceLocation,
        conversion: ImplementationConversion?, _ compiler: PlanCompiler, register: Bool
    ) -> AnyProducer {
        let alias = AliasProducer<Value, Implementation>(
            key: key, location: location, conversion: conversion, registry: compiler.registry)
        if register { compiler.register(alias) }
        if let target = compiler.producer(of: Implementation.self, tag: nil, label: key.description, location: location)
        {
            alias.aim(at: target, location: location)
        }
        return alias
    }

    /// Binds to a fixed value, returned on every request, to every thread: bind only values that are
    /// safe to share.
    public func to(value: Value) {
        let key = key
        let location = location
        finish(reach: .nothing) { compiler, register in
            let producer = ValueProducer(key: key, location: location, registry: compiler.registry, value: value)
            if register { compiler.register(producer) }
            return producer
        }
    }

    /// Binds to a closure that makes the value, resolving what it needs through the ``Resolver``.
    ///
    /// The escape hatch for anything the container cannot build itself. Validation cannot see inside
    /// a closure, so prefer implementations or typed factories where it matters. Errors the closure
    /// throws reach the caller of `resolve`, wrapped with the binding's `file:line`.
    @inlinable
    public func to(_ factory: @escaping @Sendable (Resolver) throws -> Value) {
        // Formed where `Value` is known: for a class, it returns the object itself, not copied
        // through `Value`'s value witnesses.
        var objectCall: (@Sendable (Resolver) throws -> AnyObject)?
        if Value.self is AnyClass {
            objectCall = { (resolver: Resolver) throws -> AnyObject in recordObject(try factory(resolver)) }
        }
        bindClosure(factory, objectCall: objectCall)
    }

    /// What `to(_:)` of a closure comes to; `objectCall` is set when `Value` is a class.
    @usableFromInline
    func bindClosure(
        _ factory: @escaping @Sendable (Resolver) throws -> Value,
        objectCall: (@Sendable (Resolver) throws -> AnyObject)?
    ) {
        let key = key
        let location = location
        let scope = scope ?? .graph
        finish(reach: .nothing) { compiler, register in
            let producer: Producer<Value>
            if case .graph = scope.kind, let objectCall {
                let factory = ObjectClosureFactory(
                    objectCall, key: key, location: location, registry: compiler.registry)
                producer = ObjectClosureProducer(key: key, registry: compiler.registry, factory: factory)
            } else {
                let factory = ClosureFactory(factory, key: key, location: location, registry: compiler.registry)
                producer =
                    if case .graph = scope.kind {
                        ClosureProducer(key: key, registry: compiler.registry, factory: factory)
                    } else {
                        compiler.makeScoped(key: key, scope: scope, origin: .closure(location), recipe: factory.recipe)
                    }
            }
            if register { compiler.register(producer) }
            return producer
        }
    }
}

extension BindingBuilder {
    /// Creates this binding's singleton when the container is built, and reports its failure with
    /// the build's other problems.
    ///
    /// ```swift
    /// binder.bind(Database.self).scoped(.singleton).eager().to { _ in try SQLiteDatabase.open() }
    /// ```
    ///
    /// The binding's instances must be singletons; see ``Binder/eager(_:fileID:line:)``.
    public func eager() -> BindingBuilder {
        var copy = self
        copy.isEager = true
        return copy
    }
}
