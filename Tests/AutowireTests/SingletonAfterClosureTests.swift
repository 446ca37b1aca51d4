import Synchronization
import Testing

@testable import Autowire

// A singleton first met after a closure factory was called, or in what a closure's resolver asks
// for (a nested program), is created by the program in a *framed* region: a creation frame of the
// resolution the program joined (`ScopeRegion.framed`). These tests check that the program is the
// path taken, and that the publication rules hold: hooks before publication, a singleton that read
// an object made outside it published only once the resolve succeeds (discarded when it fails), one
// that read nothing outside published at once.

private let vaultsMade = Atomic<Int>(0)
private let ledgersMade = Atomic<Int>(0)
private let auditFails = Atomic<Bool>(false)

/// Made by a closure, in the `.graph` scope.
private final class Teller {}

/// A singleton reading nothing made outside it.
private final class Vault: Injectable, @unchecked Sendable {
    static var scope: Scope { .singleton }
    private(set) var hookRan = false
    init() { vaultsMade.add(1, ordering: .relaxed) }
    func didInjectDependencies() throws { hookRan = true }
}

/// A singleton reading the teller a closure made before it in the resolve.
private final class Ledger: Injectable, @unchecked Sendable {
    static var scope: Scope { .singleton }
    var teller: Teller!
    init() { ledgersMade.add(1, ordering: .relaxed) }
    static let dependencies: [Dependency<Ledger>] = [.inject(\.teller)]
}

/// Fails while `auditFails` is set.
private final class Audit {}

private final class Branch: Injectable {
    var teller: Teller!
    var vault: Vault!
    static let dependencies: [Dependency<Branch>] = [.inject(\.teller), .inject(\.vault)]
}

private final class Office: Injectable {
    var teller: Teller!
    var ledger: Ledger!
    var audit: Audit!
    static let dependencies: [Dependency<Office>] = [.inject(\.teller), .inject(\.ledger), .inject(\.audit)]
}

/// What a closure makes from a branch its resolver resolves.
private final class Bank {
    let branch: Branch
    init(branch: Branch) { self.branch = branch }
}

private func container() throws -> Container {
    try Container { binder in
        binder.bind(Teller.self).to { _ in Teller() }
        binder.bind(Audit.self).to { _ in
            if auditFails.load(ordering: .relaxed) { throw AuditFailed() }
            return Audit()
        }
        binder.bind(Bank.self).to { resolver in Bank(branch: try resolver.resolve()) }
    }
}

private struct AuditFailed: Error {}

@Suite(.serialized) struct SingletonAfterClosureTests {
    @Test func aSingletonMetAfterAClosureIsCreatedByTheFirstResolvesProgram() throws {
        let container = try container()
        let made = vaultsMade.load(ordering: .relaxed)
        let branch = try container.resolve(Branch.self)
        #expect(try container.hasProgram(of: Branch.self))
        #expect(branch.vault.hookRan)
        #expect(vaultsMade.load(ordering: .relaxed) == made + 1)
        #expect(try container.resolve(Branch.self).vault === branch.vault)
        #expect(try container.resolve(Vault.self) === branch.vault)
    }

    @Test func aSingletonAClosuresResolverMeetsIsCreatedByTheNestedProgram() throws {
        let container = try container()
        let bank = try container.resolve(Bank.self)
        #expect(try container.hasNestedProgram(of: Branch.self))
        #expect(bank.branch.vault.hookRan)
        #expect(try container.resolve(Bank.self).branch.vault === bank.branch.vault)
    }

    /// The ledger read the teller, which a closure made before it: it is published only once the
    /// resolve succeeds, so the audit failing after it discards it, and the next resolve makes
    /// the one that stays.
    @Test func aSingletonThatReadAClosuresObjectIsDiscardedWhenTheResolveFailsAfterIt() throws {
        let container = try container()
        let made = ledgersMade.load(ordering: .relaxed)
        auditFails.store(true, ordering: .relaxed)
        #expect(throws: ResolutionError.self) { try container.resolve(Office.self) }
        auditFails.store(false, ordering: .relaxed)
        #expect(try container.hasProgram(of: Office.self))
        #expect(ledgersMade.load(ordering: .relaxed) == made + 1)
        let office = try container.resolve(Office.self)
        #expect(ledgersMade.load(ordering: .relaxed) == made + 2)
        #expect(office.ledger.teller === office.teller)
        #expect(try container.resolve(Office.self).ledger === office.ledger)
    }

    /// Eight threads make the vault at once, each in its program's frame: one is created.
    @Test func threadsMeetingTheSingletonAfterAClosureAtOnceCreateItOnce() throws {
        for _ in 0..<20 {
            let container = try container()
            let made = vaultsMade.load(ordering: .relaxed)
            let vaults = Locked<[ObjectIdentifier]>([])
            let finished = runOnThreads(8) { _ in
                guard let branch = try? container.resolve(Branch.self) else { return }
                vaults.withLock { $0.append(ObjectIdentifier(branch.vault)) }
            }
            #expect(finished)
            #expect(vaultsMade.load(ordering: .relaxed) == made + 1)
            #expect(vaults.withLock { Set($0).count == 1 && $0.count == 8 })
        }
    }
}
