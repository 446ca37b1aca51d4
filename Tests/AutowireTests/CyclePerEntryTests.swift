import Testing

@testable import Autowire

// Cycles are judged per entry (issue 41): `Head(body:) → Body(tail:) → Tail.head → Head` closes when
// a resolve enters it at `Head` (the property `Tail.head` waits for `Head`'s constructor to return)
// or at `Tail` (recorded before it is filled), not at `Body`, whose constructor is needed again by
// `Head`'s while it runs. Swinject and DITranquillity resolve it from `Head`; the build must not
// refuse the container for the entry nobody takes.

private final class Head: ConstructorInjectable {
    let body: Body
    init(body: Body) { self.body = body }
    static let construction = Construction(Head.init)  // @headConstruction
}
private final class Body: ConstructorInjectable {
    let tail: Tail
    init(tail: Tail) { self.tail = tail }
    static let construction = Construction(Body.init)
}
private final class Tail: Injectable {
    var head: Head!
    static let dependencies: [Dependency<Tail>] = [.inject(\.head)]
}

/// Reaches the cycle through `Body`: a resolve of it enters the cycle where it cannot close.
private final class BodyHolder: Injectable {
    var body: Body!
    static let dependencies: [Dependency<BodyHolder>] = [.inject(\.body)]
}

// A protocol bound with a plain `to` to a `.graph` `ConstructorInjectable` in a cycle that closes
// through a property: `Socket → SocketImpl(user:) → SocketUser.socket → Socket`.
private protocol Socket: AnyObject {}
private final class SocketImpl: ConstructorInjectable, Socket {
    let user: SocketUser
    init(user: SocketUser) { self.user = user }
    static let construction = Construction(SocketImpl.init)
}
private final class SocketUser: Injectable {
    var socket: (any Socket)!
    static let dependencies: [Dependency<SocketUser>] = [.inject(\.socket)]
}

/// The same protocol bound to a class that does not conform: found when the waiting fill converts it.
private protocol Plug: AnyObject {}
private final class NotAPlug: ConstructorInjectable {
    let user: PlugUser
    init(user: PlugUser) { self.user = user }
    static let construction = Construction(NotAPlug.init)
}
private final class PlugUser: Injectable {
    var plug: (any Plug)!
    static let dependencies: [Dependency<PlugUser>] = [.inject(\.plug)]
}

// Two transient classes that need each other, `Loop.echo → Echo.loop → Loop`, first reached through
// `Loop.source`, a property that waits for the running constructor of `Source` (a `.graph`
// `ConstructorInjectable` whose parameter needs an `Echo`): going round through the waiting property
// closes, but the pair goes round forever, and the walk that looks for such cycles must not let the
// waiting property hide it.
private final class Source: ConstructorInjectable {
    let echo: Echo
    init(echo: Echo) { self.echo = echo }
    static let construction = Construction(Source.init)
}
private final class Loop: Injectable {
    static var scope: Scope { .transient }
    var source: Source!
    var echo: Echo!
    static let dependencies: [Dependency<Loop>] = [.inject(\.source), .inject(\.echo)]
}
private final class Echo: Injectable {
    static var scope: Scope { .transient }
    var loop: Loop!
    static let dependencies: [Dependency<Echo>] = [.inject(\.loop)]  // @echoLoop
}

/// The text resolving the cycle from `Body` throws; `location` is where `Head`'s parameter is declared.
private func bodyCycleText(at location: String) -> String {
    """
    error[unclosable-cycle]: Dependency cycle parameter 1 of Body's factory → Tail.head → parameter 1 of \
    Head's factory → Body can never close.
      at: \(location)
      path: parameter 1 of Body's factory → Tail.head → parameter 1 of Head's factory → Body
      fix: This cycle closes only when a resolve enters it at Tail or Head, and this one enters it at Body: \
    resolve Tail or Head (or a type that reaches the cycle through them) rather than Body, or resolve one side \
    through a `Lazy` or a `Provider`.
    """
}

/// Breaks the strong cycle a resolve made, so that the test leaks nothing.
private func release(_ head: Head) { head.body.tail.head = nil }

@Suite struct CyclePerEntryTests {
    /// Each entry of the cycle, resolved from `container`: `Head` and `Tail` close it, `Body` throws.
    private func expectEntries(of container: Container, bodyCycleAt location: String) throws {
        let head = try container.resolve(Head.self)
        #expect(head.body.tail.head === head)
        release(head)
        let tail = try container.resolve(Tail.self)
        #expect(tail.head.body.tail === tail)
        release(tail.head)
        let error = #expect(throws: ResolutionError.self) { try container.resolve(Body.self) }
        #expect(error?.code == .unclosableCycle)
        #expect(error?.description == bodyCycleText(at: location))
        // Every time, not only the first.
        #expect(throws: ResolutionError.self) { try container.resolve(Body.self) }
    }

    @Test func autowiredTheCycleClosesFromTheEntriesWhereItCanAndThrowsFromTheOther() throws {
        try expectEntries(of: Container(), bodyCycleAt: marked("headConstruction"))
    }

    @Test func bindingEveryTypeOnTheCycleBuildsAndOnlyTheEntryThatCannotCloseThrows() throws {
        // Refused before: the build checked `Body`'s binding as an entry and threw unclosable-cycle.
        let container = try Container { binder in
            binder.bind(Head.self).to(factory: Head.init)  // @bindHead
            binder.bind(Body.self).to(factory: Body.init)
            binder.bind(Tail.self).to(Tail.self)
        }
        try expectEntries(of: container, bodyCycleAt: marked("bindHead"))
    }

    @Test func bindingOnlyTheEntryThatCannotCloseBuilds() throws {
        // Refused before, as above, while binding only `Head` built.
        let container = try Container { binder in binder.bind(Body.self).to(factory: Body.init) }
        try expectEntries(of: container, bodyCycleAt: marked("headConstruction"))
    }

    @Test func aGraphThatEntersTheCycleWhereItCannotCloseThrowsWithThePathFromItsRoot() throws {
        let container = try Container { binder in binder.bind(Body.self).to(factory: Body.init) }
        let error = #expect(throws: ResolutionError.self) { try container.resolve(BodyHolder.self) }
        #expect(error?.code == .unclosableCycle)
        let path = ["BodyHolder.body", "parameter 1 of Body's factory", "Tail.head", "parameter 1 of Head's factory"]
        #expect(error?.path == path + ["Body"])
    }

    @Test func validateReportsTheCycleForARootThatEntersWhereItCannotCloseAndNotForTheOthers() throws {
        let container = try Container { binder in
            binder.bind(Head.self).to(factory: Head.init)
            binder.bind(Body.self).to(factory: Body.init)
        }
        // Before, validating any root also checked `Body`'s binding as an entry and failed.
        let report = try container.validate(Head.self, Tail.self)
        #expect(report.errors.isEmpty)
        for root in [Body.self, BodyHolder.self] as [Any.Type] {
            let error = #expect(throws: ValidationError.self) { try container.validate(root) }
            #expect(error?.report.errors.map(\.code) == [.unclosableCycle])
        }
        let unbuilt = #expect(throws: ValidationError.self) {
            try Container.validate(Body.self) { binder in binder.bind(Head.self).to(factory: Head.init) }
        }
        #expect(unbuilt?.report.errors.map(\.code) == [.unclosableCycle])
    }

    @Test func aPlainBindingToAGraphConstructorInjectableClosesAPropertyCycleAsAScopedOneDoes() throws {
        // Refused before: `to(SocketImpl.self)` failed the build with unclosable-cycle, while
        // `.scoped(.graph).to(SocketImpl.self)` closed.
        let container = try Container { binder in binder.bind((any Socket).self).to(SocketImpl.self) }
        for _ in 0..<3 {
            let socket = try container.resolve((any Socket).self)
            let impl = try #require(socket as? SocketImpl)
            #expect(impl.user.socket === impl)
            impl.user.socket = nil
        }
        // The binding shares the implementation's instances: one `SocketImpl` per graph.
        let impl = try container.resolve(SocketImpl.self)
        #expect(impl.user.socket === impl)
        impl.user.socket = nil
        let user = try container.resolve(SocketUser.self)
        #expect((user.socket as? SocketImpl)?.user === user)
        user.socket = nil
        // Each root's program writes the property once the constructor returns, converted by the
        // alias it asked through.
        #expect(try container.hasProgram(of: (any Socket).self))
        #expect(try container.hasProgram(of: SocketImpl.self))
        #expect(try container.validate((any Socket).self, SocketImpl.self, SocketUser.self).errors.isEmpty)
    }

    @Test func aPlainBindingToANonConformingImplementationInSuchACycleThrowsWhenTheFillWaits() throws {
        let container = try Container { binder in binder.bind((any Plug).self).to(NotAPlug.self) }  // @bindPlug
        let error = #expect(throws: ResolutionError.self) { try container.resolve(NotAPlug.self) }
        #expect(error?.code == .nonConformingImplementation)
        #expect(throws: ResolutionError.self) { try container.resolve((any Plug).self) }
    }

    @Test func aTransientCycleIsFoundThoughAPropertyThatWaitsForARunningConstructorReachesItFirst() {
        let error = #expect(throws: ResolutionError.self) { try Container().resolve(Loop.self) }
        #expect(
            error?.description == """
                error[unclosable-cycle]: Dependency cycle Loop.echo → Echo.loop → Loop can never close.
                  at: \(marked("echoLoop"))
                  path: Loop.echo → Echo.loop → Loop
                  fix: Give one class in the cycle the `.graph` or `.singleton` scope (factories cannot be reentered), \
                or make one of the properties a `Provider` or `Lazy`.
                """)
    }
}
