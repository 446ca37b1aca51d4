import Testing

@testable import Autowire

// An `.optional` property whose value may be absent (an offered instance that is gone, or a
// closure's resolve of one) runs in the program: the call that finds its value absent skips the
// property's store, which keeps what it had. An absence further down (through an object, or a
// closure's own resolve, the closure's object kept by a scope or not) fails the resolve with its
// path.

private final class Session {}
/// An optional session, then a required log after it: the skipped store is the session's alone.
private final class Header: Injectable {
    var session: Session?
    var log: Log!
    static let dependencies: [Dependency<Header>] = [.optional(\.session), .inject(\.log)]
}
private final class Log: Injectable {}
/// Needs the session.
private final class Viewer: Injectable {
    var session: Session!
    static let dependencies: [Dependency<Viewer>] = [.inject(\.session)]
}
/// An optional viewer: a session absent below it fails the resolve.
private final class Frame: Injectable {
    var viewer: Viewer?
    static let dependencies: [Dependency<Frame>] = [.optional(\.viewer)]
}
/// Made by a closure that resolves the session.
private final class Token {
    let session: Session
    init(session: Session) { self.session = session }
}
/// An optional token: the closure's own resolve of a gone session fails the resolve.
private final class Wallet: Injectable {
    var token: Token?
    static let dependencies: [Dependency<Wallet>] = [.optional(\.token)]
}
/// A singleton made by a closure that resolves the session.
private final class Stash {
    let session: Session
    init(session: Session) { self.session = session }
}
/// An optional stash: the singleton's region stands between the closure's call and the property.
private final class Safe: Injectable {
    var stash: Stash?
    static let dependencies: [Dependency<Safe>] = [.optional(\.stash)]
}
/// Made by a closure with nothing to resolve.
private final class Coin {}
/// An optional coin, then the same `.graph` coin required: one instance.
private final class Purse: Injectable {
    var spare: Coin?
    var coin: Coin!
    static let dependencies: [Dependency<Purse>] = [.optional(\.spare), .inject(\.coin)]
}

private func container() throws -> Container {
    try Container { binder in
        binder.bind(Session.self).toOfferedInstance()
        binder.bind(Token.self).to { resolver in Token(session: try resolver.resolve()) }
        binder.bind(Coin.self).to { _ in Coin() }
        binder.bind(Stash.self).scoped(.singleton).to { resolver in Stash(session: try resolver.resolve()) }
    }
}

private let noSession =
    "error[unavailable-instance]: No Session has been offered to the container yet."

@Suite struct OptionalAbsenceProgramTests {
    @Test func anAbsentOfferedInstanceLeavesItsOptionalPropertyNilAndTheNextPropertyFilled() throws {
        let container = try container()
        for _ in 0..<3 {
            let header = try container.resolve(Header.self)
            #expect(header.session == nil)
            #expect(header.log != nil)
        }
        let session = Session()
        try container.offer(session)
        for _ in 0..<2 { #expect(try container.resolve(Header.self).session === session) }
        #expect(try container.hasProgram(of: Header.self))
    }

    @Test func anAbsenceBelowAnObjectFailsTheResolveWithItsPath() throws {
        let container = try container()
        for _ in 0..<2 {
            let error = #expect(throws: ResolutionError.self) { try container.resolve(Frame.self) }
            #expect(error?.path == ["Frame.viewer", "Viewer.session", "Session"])
            #expect(error?.description.hasPrefix(noSession) == true)
        }
        #expect(try container.hasProgram(of: Frame.self))
    }

    @Test func anAbsenceAClosureMeetsFailsTheResolveWithItsPath() throws {
        let container = try container()
        for _ in 0..<2 {
            let error = #expect(throws: ResolutionError.self) { try container.resolve(Wallet.self) }
            #expect(error?.path == ["Wallet.token", "Token", "Session"])
            #expect(error?.description.hasPrefix(noSession) == true)
        }
        #expect(try container.hasProgram(of: Wallet.self))
        let session = Session()
        try container.offer(session)
        #expect(try container.resolve(Wallet.self).token?.session === session)
    }

    @Test func anAbsenceAKeptObjectsClosureMeetsFailsTheResolveWithItsPath() throws {
        let container = try container()
        for _ in 0..<2 {
            let error = #expect(throws: ResolutionError.self) { try container.resolve(Safe.self) }
            #expect(error?.path == ["Safe.stash", "Stash", "Session"])
            #expect(error?.description.hasPrefix(noSession) == true)
        }
        #expect(try container.hasProgram(of: Safe.self))
        let session = Session()
        try container.offer(session)
        let safe = try container.resolve(Safe.self)
        #expect(safe.stash?.session === session)
        #expect(try container.resolve(Safe.self).stash === safe.stash)
    }

    @Test func aClosuresValueForAnOptionalPropertyIsTheGraphInstanceMetAfterIt() throws {
        let container = try container()
        for _ in 0..<3 {
            let purse = try container.resolve(Purse.self)
            #expect(purse.spare != nil)
            #expect(purse.spare === purse.coin)
        }
        #expect(try container.hasProgram(of: Purse.self))
    }
}
