import Testing

@testable import Autowire

// A `ConstructorInjectable` class that is also `Injectable` is made by a resolve program: its
// construction's call, then the filling of its properties and its hook, recorded only once filled
// (a property cycle back to it waits for the whole construction, as one through a constructor
// does). Each object records, from its `init`, whether the resolve around it ran a program.

private final class Ink: Injectable {}
private final class Paper: Injectable {
    weak var printer: Printer?
    static let dependencies: [Dependency<Paper>] = [.inject(\.printer)]
}
private protocol Device: AnyObject {
    var paper: Paper! { get }
}

/// Made by its construction (the ink), then filled (the paper, which points back) and hooked.
private final class Printer: ConstructorInjectable, Injectable, Device {
    let ink: Ink
    let madeByProgram = ActiveResolutions.innermostRunsAProgram
    var paper: Paper!
    var hookCalls = 0
    var paperWasSetWhenHooked = false

    init(ink: Ink) { self.ink = ink }
    init() { ink = Ink() }

    static let construction = Construction(Printer.init(ink:))
    static let dependencies: [Dependency<Printer>] = [.inject(\.paper)]

    func didInjectDependencies() {
        hookCalls += 1
        paperWasSetWhenHooked = paper != nil
    }
}

/// Two readers of one `.graph` printer, and a device bound to it.
private final class PrintRoom: Injectable {
    var printer: Printer!
    var spare: Printer!
    var paper: Paper!
    static let dependencies: [Dependency<PrintRoom>] = [.inject(\.printer), .inject(\.spare), .inject(\.paper)]
}
private final class Office: Injectable {
    var device: (any Device)!
    static let dependencies: [Dependency<Office>] = [.inject(\.device)]
}

private enum Shift: CustomScope {}

/// Holds its printer, kept by a custom scope.
private final class BackRoom: Injectable {
    var printer: Printer!
    static let dependencies: [Dependency<BackRoom>] = [.inject(\.printer)]
}

/// Made by its construction, then filled, with nothing pointing back to it: a `.weak` object's
/// property cycle through its constructor never closes.
private final class Scanner: ConstructorInjectable, Injectable {
    let ink: Ink
    let madeByProgram = ActiveResolutions.innermostRunsAProgram
    var paper: Paper!
    var hookCalls = 0
    init(ink: Ink) { self.ink = ink }
    init() { ink = Ink() }
    static let construction = Construction(Scanner.init(ink:))
    static let dependencies: [Dependency<Scanner>] = [.inject(\.paper)]
    func didInjectDependencies() { hookCalls += 1 }
}
private final class ScanRoom: Injectable {
    var scanner: Scanner!
    static let dependencies: [Dependency<ScanRoom>] = [.inject(\.scanner)]
}

/// Made by a closure, which asks for the printer.
private final class Counter {
    let printer: Printer
    init(printer: Printer) { self.printer = printer }
}
private final class Stamp {}
/// A closure before the printer (the program joins a resolution) and one after it that shares it.
private final class PrintShop: Injectable {
    var stamp: Stamp!
    var printer: Printer!
    var counter: Counter!
    static let dependencies: [Dependency<PrintShop>] = [.inject(\.stamp), .inject(\.printer), .inject(\.counter)]
}

private struct Jammed: Error {}
private final class Tray {}
/// A property whose factory throws, filled after the construction.
private final class Copier: ConstructorInjectable, Injectable {
    let ink: Ink
    var tray: Tray!
    init(ink: Ink) { self.ink = ink }
    init() { ink = Ink() }
    static let construction = Construction(Copier.init(ink:))
    static let dependencies: [Dependency<Copier>] = [.inject(\.tray)]
}

@Suite struct FilledConstructionProgramTests {
    @Test func aConstructedInjectableClassIsConstructedFilledAndHookedByItsProgram() throws {
        let container = Container()
        for _ in 0..<3 {
            let printer = try container.resolve(Printer.self)
            #expect(printer.madeByProgram)
            #expect(printer.hookCalls == 1)
            #expect(printer.paperWasSetWhenHooked)
            // The paper's property waited for the construction, filling included.
            #expect(printer.paper.printer === printer)
        }
        #expect(try container.hasProgram(of: Printer.self))
    }

    @Test func everyReaderOfAGraphConstructedInjectableSharesTheOneFilledObject() throws {
        let container = Container()
        for _ in 0..<2 {
            let room = try container.resolve(PrintRoom.self)
            #expect(room.printer === room.spare)
            #expect(room.printer.paper.printer === room.printer)
            // A `.graph` paper: the printer's and the room's are one.
            #expect(room.paper === room.printer.paper)
            #expect(room.printer.hookCalls == 1)
            #expect(room.printer.madeByProgram)
        }
        #expect(try container.hasProgram(of: PrintRoom.self))
    }

    @Test func aConstructedObjectMadeAfterAClosureIsSharedWithTheClosuresAfterIt() throws {
        let container = try Container { binder in
            binder.bind(Stamp.self).to { _ in Stamp() }
            binder.bind(Counter.self).to { resolver in Counter(printer: try resolver.resolve()) }
        }
        for _ in 0..<2 {
            let shop = try container.resolve(PrintShop.self)
            #expect(shop.counter.printer === shop.printer)
            #expect(shop.printer.madeByProgram)
            #expect(shop.printer.paper.printer === shop.printer)
            #expect(shop.printer.hookCalls == 1)
        }
        #expect(try container.hasProgram(of: PrintShop.self))
    }

    @Test func aProtocolBoundToAConstructedInjectableClassSharesItsGraphObjectInTheProgram() throws {
        let container = try Container { binder in
            binder.bind((any Device).self).to(Printer.self)
        }
        for _ in 0..<2 {
            let office = try container.resolve(Office.self)
            let printer = try #require(office.device as? Printer)
            #expect(printer.madeByProgram)
            #expect(printer.paper.printer === printer)
            #expect(printer.hookCalls == 1)
        }
        #expect(try container.hasProgram(of: Office.self))
    }

    @Test func aProtocolBoundInAScopeToAConstructedInjectableClassIsFilledThenBoxedByTheProgram() throws {
        let container = try Container { binder in
            binder.bind((any Device).self).scoped(.singleton).to(Printer.self)
        }
        let first = try #require(container.resolve(Office.self).device as? Printer)
        let second = try #require(container.resolve(Office.self).device as? Printer)
        #expect(first === second)
        #expect(first.madeByProgram)
        // The binding has instances of its own: the paper's `Printer` is another, held weakly.
        #expect(first.paperWasSetWhenHooked)
        #expect(first.paper.printer !== first)
        #expect(first.hookCalls == 1)
        #expect(try container.hasProgram(of: Office.self))
    }

    @Test func aTransientProtocolBindingToAConstructedInjectableClassIsConstructedAndFilledByTheProgram() throws {
        let container = try Container { binder in
            binder.bind((any Device).self).scoped(.transient).to(Printer.self)
        }
        let office = try container.resolve(Office.self)
        let printer = try #require(office.device as? Printer)
        #expect(printer.madeByProgram)
        #expect(printer.paperWasSetWhenHooked)
        #expect(printer.paper.printer !== printer)
        #expect(printer.hookCalls == 1)
        #expect(try container.hasProgram(of: Office.self))
    }

    @Test func aWeakConstructedInjectableClassIsKeptFilledWhileHeldAndMadeAgainAfter() throws {
        let container = try Container { binder in
            binder.bind(Scanner.self).scoped(.weak).to(Scanner.self)
        }
        weak var released: Scanner?
        do {
            let first = try #require(container.resolve(ScanRoom.self).scanner)
            #expect(first.madeByProgram)
            #expect(first.paper != nil)
            #expect(first.hookCalls == 1)
            #expect(try container.resolve(ScanRoom.self).scanner === first)
            released = first
        }
        // Kept weakly: once nothing holds it, it is gone, and the next resolve makes another.
        #expect(released == nil)
        let again = try #require(container.resolve(ScanRoom.self).scanner)
        #expect(again.madeByProgram)
        #expect(again.paper != nil)
        #expect(again.hookCalls == 1)
        #expect(try container.hasProgram(of: ScanRoom.self))
    }

    @Test func aCustomScopedConstructedInjectableClassIsKeptUntilItsScopeIsReset() throws {
        let container = try Container { binder in
            binder.bind(Printer.self).scoped(.custom(Shift.self)).to(Printer.self)
        }
        let first = try container.resolve(BackRoom.self).printer!
        #expect(first.madeByProgram)
        #expect(first.paper.printer === first)
        #expect(first.hookCalls == 1)
        #expect(try container.resolve(BackRoom.self).printer === first)
        container.reset(Shift.self)
        let next = try container.resolve(BackRoom.self).printer!
        #expect(next !== first)
        #expect(next.madeByProgram)
        #expect(next.paper.printer === next)
        #expect(try container.hasProgram(of: BackRoom.self))
    }

    @Test func aFailureWhileFillingAConstructedObjectNamesItsPropertyInThePath() throws {
        let container = try Container { binder in
            binder.bind(Tray.self).to(factory: { () throws -> Tray in throw Jammed() })
        }
        for _ in 0..<2 {
            let error = #expect(throws: ResolutionError.self) { try container.resolve(Copier.self) }
            #expect(error?.code == .factoryFailed)
            #expect(error?.path == ["Copier.tray", "Tray"])
            #expect(error?.underlyingError is Jammed)
        }
        #expect(try container.hasProgram(of: Copier.self))
    }
}
