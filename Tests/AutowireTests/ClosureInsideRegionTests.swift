import Testing

@testable import Autowire

// A closure factory called while a singleton is being created: inside the singleton's region of a
// resolve program. The program's run has no resolution for the closure there until it joined one,
// so such a root's first resolve may take the recursive path; once the singleton exists its region
// is gone, and the root must get its program then, not keep the recursive path for good.

/// Made by a closure, in the `.graph` scope.
private final class Clock {}

/// A singleton that reads the closure's clock.
private final class Vault: Injectable {
    static var scope: Scope { .singleton }
    var clock: Clock!
    static let dependencies: [Dependency<Vault>] = [.inject(\.clock)]
}

private final class Teller: Injectable {
    var vault: Vault!
    var clock: Clock!
    static let dependencies: [Dependency<Teller>] = [.inject(\.vault), .inject(\.clock)]
}

/// A `.weak` object that reads the closure's clock: its region stays in every program.
private final class Drawer: Injectable {
    static var scope: Scope { .weak }
    var clock: Clock!
    static let dependencies: [Dependency<Drawer>] = [.inject(\.clock)]
}

private final class Cashier: Injectable {
    var drawer: Drawer!
    static let dependencies: [Dependency<Cashier>] = [.inject(\.drawer)]
}

private func container() throws -> Container {
    try Container { binder in
        binder.bind(Clock.self).to { _ in Clock() }
    }
}

@Suite struct ClosureInsideRegionTests {
    @Test func aRootWhoseSingletonReadsAClosureGetsItsProgramOnceTheSingletonExists() throws {
        let container = try container()
        let first = try container.resolve(Teller.self)
        let second = try container.resolve(Teller.self)
        #expect(try container.hasProgram(of: Teller.self))
        #expect(second.vault === first.vault)
        #expect(first.vault.clock === first.clock)
        #expect(second.clock !== first.clock)
    }

    @Test func aClosureInsideAWeakObjectsRegionStillResolves() throws {
        let container = try container()
        let cashier = try container.resolve(Cashier.self)
        #expect(try container.resolve(Cashier.self).drawer.clock != nil)
        #expect(cashier.drawer.clock != nil)
    }
}
