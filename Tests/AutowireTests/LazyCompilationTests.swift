import Synchronization
import Testing

@testable import Autowire

private protocol Store: AnyObject {}
private final class MemoryStore: Store, Injectable {}
private protocol Clock: Sendable {}
private struct FixedClock: Clock {}
private final class Mailer {}
private final class Audit: Injectable {}
private protocol Tracer: AnyObject {}
private final class Ledger: Injectable {}
private final class Billing: Injectable {
    var store: (any Store)!
    var ledger: Ledger!
    var tracer: (any Tracer)?
    static let dependencies: [Dependency<Billing>] = [
        .inject(\.store), .inject(\.ledger), .optional(\.tracer),
    ]
}
private let billingDependenciesLine = #line - 3
private final class Invoice {
    let billing: Billing
    let mailer: Mailer
    init(billing: Billing, mailer: Mailer) {
        self.billing = billing
        self.mailer = mailer
    }
}
private final class Report: Injectable {
    var invoice: Invoice!
    var clock: (any Clock)!
    static let dependencies: [Dependency<Report>] = [.inject(\.invoice), .inject(\.clock)]
}

/// Bindings whose graphs need no compiling to be known clean: a protocol bound to an
/// implementation, a value, a closure, a singleton implementation, a typed factory, and an
/// optional property nothing provides.
private func cleanBindings(_ binder: Binder) {
    binder.bind((any Store).self).to(MemoryStore.self)
    binder.bind((any Clock).self).to(value: FixedClock())
    binder.bind(Mailer.self).to { _ in Mailer() }
    binder.bind(Ledger.self).scoped(.singleton).to(Ledger.self)
    binder.bind(Billing.self).to(Billing.self)
    binder.bind(Invoice.self).to(factory: Invoice.init)
    binder.bind(Report.self).to(Report.self)
}

private final class Left: Injectable {
    var right: Right!
    static let dependencies: [Dependency<Left>] = [.inject(\.right)]
}
private final class Right: Injectable {
    weak var left: Left?
    static let dependencies: [Dependency<Right>] = [.inject(\.left)]
}

/// Bound nowhere: autowired by each container that resolves it, with that container's `Mailer`.
private final class Outbox: Injectable {
    var mailer: Mailer!
    static let dependencies: [Dependency<Outbox>] = [.inject(\.mailer)]
}

/// The constructor-injected style: `let` dependencies, made through the initializer.
private final class Catalog: ConstructorInjectable, Sendable {
    let store: any Store & Sendable
    init(store: any Store & Sendable) { self.store = store }
    static let construction = Construction(Catalog.init)
}
private final class ArchiveStore: Store, ConstructorInjectable, Sendable {
    let clock: any Clock
    init(clock: any Clock) { self.clock = clock }
    static let construction = Construction(ArchiveStore.init)
}
private final class Courier: Sendable {}
private final class Shelf: ConstructorInjectable, Sendable {
    let catalog: Catalog
    let courier: Courier
    init(catalog: Catalog, courier: Courier) {
        self.catalog = catalog
        self.courier = courier
    }
    static let construction = Construction(Shelf.init)
}

/// Made only by `aSingletonCompiledAtItsFirstResolveIsMadeOnceAcrossThreads`, which counts them.
private final class Vault: Injectable {
    static let made = Atomic<Int>(0)
    init() { Vault.made.add(1, ordering: .relaxed) }
}
private final class Teller: Injectable {
    var vault: Vault!
    static let dependencies: [Dependency<Teller>] = [.inject(\.vault)]
}

/// One more level of a chain of bindings: `Link<Link<…<Audit>>>`.
private final class Link<Inner: Injectable>: Injectable {
    var inner: Inner!
    static var dependencies: [Dependency<Link>] { [.inject(\.inner)] }
}

/// Binds `type` and `levels` more `Link`s around it, innermost first; returns the outermost.
private func bindChain<T: Injectable>(_ binder: Binder, _ type: T.Type, levels: Int) -> any Injectable.Type {
    binder.bind(T.self).to(T.self)
    return levels == 0 ? T.self : bindChain(binder, Link<T>.self, levels: levels - 1)
}

extension Container {
    fileprivate var compilations: Int { registry.compilations.load(ordering: .relaxed) }
}

@Suite struct LazyCompilationTests {
    @Test func bindingsProvenCleanAreCompiledAtTheirFirstResolveNotWhenBuilt() throws {
        let container = try Container(cleanBindings)
        #expect(container.compilations == 0)

        let report = try container.resolve(Report.self)
        #expect(container.compilations == 1)
        #expect(report.invoice.billing.store is MemoryStore)
        #expect(report.invoice.billing.tracer == nil)
        #expect(report.clock is FixedClock)
        let again = try container.resolve(Report.self)
        #expect(again !== report)
        #expect(again.invoice.billing.ledger === report.invoice.billing.ledger)
        #expect(container.compilations == 1)
    }

    @Test func aMissingBindingBelowProvenBindingsStillFailsTheBuild() throws {
        let error = #expect(throws: ConfigurationError.self) {
            try Container { binder in
                binder.bind(Billing.self).to(Billing.self)
            }
        }
        #expect(
            error?.description == """
                Container configuration has 1 problem:

                error[missing-binding]: Store cannot be provided: it has no binding and is not an Injectable class.
                  at: AutowireTests/LazyCompilationTests.swift:\(billingDependenciesLine)
                  path: Billing.store → Store
                  fix: Bind it in the container with `binder.bind(Store.self).to(…)`, or declare it `.optional(\\.store)` if it may be absent.
                """)
    }

    @Test func aNonConformingImplementationBelowProvenBindingsStillFailsTheBuild() throws {
        let error = #expect(throws: ConfigurationError.self) {
            try Container { binder in
                binder.bind(Billing.self).to(Billing.self)
                binder.bind((any Store).self).to(MemoryStore.self)
                binder.bind(MemoryStore.self).to(Audit.self)
            }
        }
        #expect(error?.diagnostics.map(\.code) == [.nonConformingImplementation])
    }

    @Test func aPropertyCycleThroughBindingsIsCompiledWhenBuiltAndCloses() throws {
        let container = try Container { binder in
            binder.bind(Left.self).to(Left.self)
            binder.bind(Right.self).to(Right.self)
        }
        #expect(container.compilations == 1)
        let left = try container.resolve(Left.self)
        #expect(left.right.left === left)
        #expect(container.compilations == 1)
    }

    @Test func aCycleOfFactoriesStillFailsTheBuild() throws {
        let error = #expect(throws: ConfigurationError.self) {
            try Container { binder in
                binder.bind(Invoice.self).to(factory: Invoice.init)
                binder.bind(Billing.self).to { _ in Billing() }
                binder.bind(Mailer.self).to(factory: { (_: Invoice) in Mailer() })
            }
        }
        #expect(error?.diagnostics.map(\.code) == [.unclosableCycle])
    }

    @Test func chainsOfBindingsLongerThanTheProofFollowsAreCompiledWhenBuilt() throws {
        var outermost: (any Injectable.Type)?
        let container = try Container { binder in
            outermost = bindChain(binder, Audit.self, levels: CleanGraphProof.maximumDepth)
        }
        #expect(container.compilations == 1)

        var shorter: (any Injectable.Type)?
        let short = try Container { binder in
            shorter = bindChain(binder, Audit.self, levels: CleanGraphProof.maximumDepth - 1)
        }
        #expect(short.compilations == 0)
        _ = try outermost.map { try container.resolveAny($0) }
        _ = try shorter.map { try short.resolveAny($0) }
        #expect(container.compilations == 1)
        #expect(short.compilations == 1)
    }

    @Test func aSingletonCompiledAtItsFirstResolveIsMadeOnceAcrossThreads() throws {
        let container = try Container { binder in
            binder.bind(Vault.self).scoped(.singleton).to(Vault.self)
            binder.bind(Teller.self).to(Teller.self)
        }
        #expect(container.compilations == 0)
        let vaults = Locked<[ObjectIdentifier]>([])
        let finished = runOnThreads(8) { _ in
            guard let teller = try? container.resolve(Teller.self) else { return }
            vaults.withLock { $0.append(ObjectIdentifier(teller.vault)) }
        }
        #expect(finished)
        let seen = vaults.withLock { $0 }
        #expect(seen.count == 8)
        #expect(Set(seen).count == 1)
        #expect(Vault.made.load(ordering: .relaxed) == 1)
    }

    @Test func constructedTypesAndConstructedImplementationsAreProvenToo() throws {
        let container = try Container { binder in
            binder.bind((any Store & Sendable).self).scoped(.singleton).to(ArchiveStore.self)
            binder.bind((any Clock).self).to(value: FixedClock())
            binder.bind(Catalog.self).scoped(.singleton).to(Catalog.self)
        }
        #expect(container.compilations == 0)
        let catalog = try container.resolve(Catalog.self)
        #expect((catalog.store as? ArchiveStore)?.clock is FixedClock)
        #expect(try container.resolve(Catalog.self) === catalog)
    }

    @Test func aConstructedTypeWithAParameterNothingProvidesStillFailsTheBuild() throws {
        let error = #expect(throws: ConfigurationError.self) {
            try Container { binder in
                binder.bind((any Store & Sendable).self).to(ArchiveStore.self)
                binder.bind(Shelf.self).scoped(.singleton).to(Shelf.self)
            }
        }
        #expect(error?.diagnostics.map(\.code) == [.missingBinding, .missingBinding])
        #expect(
            error?.diagnostics.map(\.path) == [
                ["Store", "parameter 1 of ArchiveStore's factory", "Clock"],
                ["parameter 2 of Shelf's factory", "Courier"],
            ])
    }

    @Test func aChildsBindingsThatReachItsParentsAreCompiledWhenBuilt() throws {
        let parent = try Container(cleanBindings)
        let child = try parent.child { binder in
            binder.override(Mailer.self).to { _ in Mailer() }
            binder.override(Billing.self).to(Billing.self)
        }
        // `Billing` reaches the parent's `any Store`: compiled now. The closure reaches nothing.
        #expect(child.compilations == 1)
        let report = try child.resolve(Report.self)
        #expect(report.invoice.billing.store is MemoryStore)
        #expect(report.invoice.billing.ledger === (try parent.resolve(Ledger.self)))
    }

    @Test func aChildsBindingsThatReachOnlyItsOwnAreCompiledAtTheirFirstResolve() throws {
        let parent = try Container(cleanBindings)
        let mailer = Mailer()
        let child = try parent.child { binder in
            binder.override(Mailer.self).to(value: mailer)
        }
        #expect(child.compilations == 0)
        #expect(try child.resolve(Outbox.self).mailer === mailer)
        #expect(try parent.resolve(Outbox.self).mailer !== mailer)
    }
}

extension Container {
    /// Resolves an `Injectable` type known only at run time.
    fileprivate func resolveAny(_ type: any Injectable.Type) throws -> AnyObject {
        func open<T: Injectable>(_ type: T.Type) throws -> AnyObject { try resolve(T.self) }
        return try open(type)
    }
}
