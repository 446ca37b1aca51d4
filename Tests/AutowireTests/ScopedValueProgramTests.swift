import Synchronization
import Testing

@testable import Autowire

// A protocol bound with a scope of its own to an autowired class, and a struct made by a scoped
// typed factory: values that are not class references, which a resolve program holds boxed. The
// program makes and fills the object, then boxes it as the protocol value.

private let mottosMade = Atomic<Int>(0)

private protocol Greeter {
    func greet() -> String
}

private final class Tone: Injectable {}

private final class LoudGreeter: Greeter, Injectable {
    var tone: Tone!
    func greet() -> String { tone == nil ? "(unfilled)" : "HELLO" }
    static let dependencies: [Dependency<LoudGreeter>] = [.inject(\.tone)]
}

/// Bound as a `Greeter`, but not one.
private final class Mime: Injectable {}

private final class Lobby: Injectable {
    var first: (any Greeter)!
    var second: (any Greeter)!
    static let dependencies: [Dependency<Lobby>] = [.inject(\.first), .inject(\.second)]
}

private struct Motto {
    let text: String
    init(text: String) {
        self.text = text
        mottosMade.add(1, ordering: .relaxed)
    }
}

private final class Banner: Injectable {
    var motto: Motto!
    static let dependencies: [Dependency<Banner>] = [.inject(\.motto)]
}

private enum Visit: CustomScope {}

/// The object behind a `Greeter` value.
private func object(_ greeter: (any Greeter)?) -> AnyObject? { greeter.map { $0 as AnyObject } }

@Suite struct ScopedValueProgramTests {
    @Test func aProtocolBoundTransientToAnAutowiredClassIsMadeByAProgram() throws {
        let container = try Container { binder in
            binder.bind((any Greeter).self).scoped(.transient).to(LoudGreeter.self)
        }
        for _ in 0..<3 {
            let lobby = try container.resolve(Lobby.self)
            #expect(lobby.first.greet() == "HELLO")
            #expect(object(lobby.first) !== object(lobby.second))
        }
        #expect(try container.hasProgram(of: Lobby.self))
    }

    @Test func aProtocolBoundInTheGraphScopeIsSharedWithinOneResolveByAProgram() throws {
        let container = try Container { binder in
            binder.bind((any Greeter).self).scoped(.graph).to(LoudGreeter.self)
        }
        let lobbies = try (0..<3).map { _ in try container.resolve(Lobby.self) }
        #expect(lobbies.allSatisfy { object($0.first) === object($0.second) && $0.first.greet() == "HELLO" })
        #expect(object(lobbies[0].first) !== object(lobbies[1].first))
        #expect(try container.hasProgram(of: Lobby.self))
    }

    @Test func aProtocolBoundInACustomScopeIsKeptUntilAResetByAProgram() throws {
        let container = try Container { binder in
            binder.bind((any Greeter).self).scoped(.custom(Visit.self)).to(LoudGreeter.self)
        }
        let first = try container.resolve(Lobby.self)
        let second = try container.resolve(Lobby.self)
        #expect(object(first.first) === object(second.second))
        #expect(try container.regionCount(of: Lobby.self) == 1)
        container.reset(Visit.self)
        let afterReset = try container.resolve(Lobby.self)
        #expect(object(afterReset.first) !== object(first.first))
        #expect(object(afterReset.first) === object(afterReset.second))
        #expect(afterReset.first.greet() == "HELLO")
    }

    @Test func aProtocolSingletonIsCreatedByTheFirstResolvesProgram() throws {
        let container = try Container { binder in
            binder.bind((any Greeter).self).scoped(.singleton).to(LoudGreeter.self)
        }
        let first = try container.resolve(Lobby.self)
        #expect(try container.regionCount(of: Lobby.self) == 1)
        let second = try container.resolve(Lobby.self)
        #expect(try container.regionCount(of: Lobby.self) == 0)
        #expect(object(first.first) === object(second.second))
        #expect(object(first.first) === object(try container.resolve((any Greeter).self)))
    }

    @Test func aProtocolBoundWeakIsSharedWhileHeldAndReleasedAfterByAProgram() throws {
        let container = try Container { binder in
            binder.bind((any Greeter).self).scoped(.weak).to(LoudGreeter.self)
        }
        weak var released: AnyObject?
        do {
            let first = try container.resolve(Lobby.self)
            let second = try container.resolve(Lobby.self)
            #expect(try container.regionCount(of: Lobby.self) == 1)
            #expect(object(first.first) === object(first.second))
            #expect(object(first.first) === object(second.first))
            #expect(second.first.greet() == "HELLO")
            released = object(first.first)
        }
        // Neither the scope nor a program's box kept it.
        #expect(released == nil)
        #expect(try container.resolve(Lobby.self).first.greet() == "HELLO")
    }

    @Test func aStructSingletonFromATypedFactoryIsCreatedOnceByAProgram() throws {
        let container = try Container { binder in
            binder.bind(Motto.self).scoped(.singleton).to(factory: { Motto(text: "Be kind") })
        }
        let before = mottosMade.load(ordering: .relaxed)
        let banner = try container.resolve(Banner.self)
        #expect(try container.regionCount(of: Banner.self) == 1)
        #expect(banner.motto?.text == "Be kind")
        for _ in 0..<3 { #expect(try container.resolve(Banner.self).motto?.text == "Be kind") }
        #expect(mottosMade.load(ordering: .relaxed) == before + 1)
    }

    @Test func aScopedProtocolBindingToANonConformingClassFailsInTheProgram() throws {
        let container = try Container { binder in
            binder.bind((any Greeter).self).scoped(.transient).to(Mime.self)  // @mime
        }
        let error = captureResolutionError { try container.resolve(Lobby.self) }
        #expect(try container.hasProgram(of: Lobby.self))
        #expect(
            error?.description == """
                error[non-conforming-implementation]: Mime is bound to Greeter but does not conform to it.
                  at: \(marked("mime"))
                  path: Lobby.first → Greeter
                  fix: Make Mime conform to Greeter, or bind Greeter to a type that does.
                """)
    }
}
