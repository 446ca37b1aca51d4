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

/// The text resolving the cycle from `Body` throws; `location` is where `Head`'s parameter is declared.
private func bodyCycleText(at location: String) -> String {
    """
    error[unclosable-cycle]: Dependency cycle parameter 1 of Body's factory → Tail.head → parameter 1 of \
    Head's factory → Body can never close.
      at: \(location)
      path: parameter 1 of Body's factory → Tail.head → parameter 1 of Head's factory → Body
      fix: Give one class in the cycle the `.graph` or `.singleton` scope (factories cannot be reentered), \
    or make one of the properties a `Provider` or `Lazy`.
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
}
