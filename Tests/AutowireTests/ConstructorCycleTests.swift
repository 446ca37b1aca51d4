import Testing

@testable import Autowire

// A cycle through a constructor closes through a property back-edge: the property is written once
// the factory returns (as Dip does), never by running the factory twice (as Swinject does).

private let parentsMade = Locked(0)

private final class Ward {
    weak var guardian: Guardian?
}
private final class Guardian {
    let ward: Ward
    init(ward: Ward) {
        self.ward = ward
        parentsMade.withLock { $0 += 1 }
    }
}

/// The child side: an `Injectable` class whose `guardian` property closes the cycle.
private final class Pupil: Injectable {
    weak var mentor: Mentor?
    var sawMentorInHook = false
    static let dependencies: [Dependency<Pupil>] = [.inject(\.mentor)]
    func didInjectDependencies() throws { sawMentorInHook = mentor?.pupil === self }
}
private final class Mentor {
    let pupil: Pupil
    init(pupil: Pupil) {
        self.pupil = pupil
        parentsMade.withLock { $0 += 1 }
    }
}

private final class Captain: ConstructorInjectable {
    let crew: Crew
    init(crew: Crew) { self.crew = crew }
    static let construction = Construction(Captain.init)
}
private final class Crew: Injectable {
    static var scope: Scope { .transient }
    weak var captain: Captain?
    static let dependencies: [Dependency<Crew>] = [.inject(\.captain)]
}

/// The skippers made, kept alive: a deckhand holds its skipper weakly.
private let skippersMade = Locked<[Skipper]>([])

private final class Skipper: ConstructorInjectable {
    let deckhand: Deckhand
    init(deckhand: Deckhand) {
        self.deckhand = deckhand
        skippersMade.withLock { $0.append(self) }
    }
    static let construction = Construction(Skipper.init)
}
private final class Deckhand: Injectable {
    static var scope: Scope { .transient }
    weak var skipper: Skipper?
    let madeByProgram = ActiveResolutions.innermostRunsAProgram
    static let dependencies: [Dependency<Deckhand>] = [.inject(\.skipper)]
}

@Suite(.serialized) struct ConstructorCycleTests {
    @Test(arguments: [Scope.graph, .singleton])
    func aTypedFactoryCycleClosesThroughAPropertyOfTheOtherSide(scope: Scope) throws {
        let container = try Container { binder in
            binder.bind(Mentor.self).scoped(scope).to(factory: Mentor.init)
        }
        let before = parentsMade.withLock { $0 }
        let mentor = try container.resolve(Mentor.self)
        #expect(mentor.pupil.mentor === mentor)
        #expect(parentsMade.withLock { $0 } == before + 1)
        // From the other side the property side is made first, as it always was: a `.graph` mentor
        // is made for that graph (and, held weakly, gone with it), the singleton is the same one.
        let pupil = try container.resolve(Pupil.self)
        if scope == .singleton {
            #expect(pupil.mentor === mentor)
        } else {
            #expect(parentsMade.withLock { $0 } == before + 2)
        }
    }

    @Test func theHookOfTheWaitingObjectSeesThePropertyWritten() throws {
        let container = try Container { binder in binder.bind(Mentor.self).to(factory: Mentor.init) }
        let mentor = try container.resolve(Mentor.self)
        #expect(mentor.pupil.sawMentorInHook)
    }

    @Test func aConstructorInjectedTypeClosesAPropertyCycleToo() throws {
        let container = Container()
        for _ in 0..<3 {
            let captain = try container.resolve(Captain.self)
            #expect(captain.crew.captain === captain)
        }
        // From the crew's side, see `aTransientObjectMetAgainInsideAConstructorIsMadeAnewByItsProgram`
        // (a crew holds its captain weakly: nothing here would keep one to compare).
    }

    @Test func aTransientObjectMetAgainInsideAConstructorIsMadeAnewByItsProgram() throws {
        let container = Container()
        for round in 1...2 {
            // The deckhand's skipper needs a deckhand: a second one, whose skipper waits for the
            // constructor, though nothing was recorded between.
            let deckhand = try container.resolve(Deckhand.self)
            let skipper = try #require(deckhand.skipper)
            #expect(skipper.deckhand !== deckhand)
            #expect(skipper.deckhand.skipper === skipper)
            #expect(deckhand.madeByProgram)
            #expect(skipper.deckhand.madeByProgram)
            #expect(skippersMade.withLock { $0.count } == round)
        }
        #expect(try container.hasProgram(of: Deckhand.self))
    }

    @Test(arguments: [Scope.graph, .singleton])
    func aRootWhoseFactoryCycleClosesThroughAPropertyRunsAProgram(scope: Scope) throws {
        let container = try Container { binder in
            binder.bind(Mentor.self).scoped(scope).to(factory: Mentor.init)
        }
        let mentor = try container.resolve(Mentor.self)
        #expect(try container.hasProgram(of: Mentor.self))
        #expect(mentor.pupil.mentor === mentor)
        #expect(mentor.pupil.sawMentorInHook)
        let captain = try container.resolve(Captain.self)
        #expect(try container.hasProgram(of: Captain.self))
        #expect(captain.crew.captain === captain)
    }

    @Test func buildingAcceptsTheCycleAndValidationReportsNothing() throws {
        let container = try Container { binder in binder.bind(Mentor.self).scoped(.singleton).to(factory: Mentor.init) }
        let report = try container.validate(Mentor.self, Captain.self)
        #expect(report.errors.isEmpty)
    }

    @Test func aFactoryOnlyCycleStaysAnErrorWithItsPath() throws {
        let error = try #require(throws: ConfigurationError.self) {
            try Container { binder in
                binder.bind(Guardian.self).to(factory: Guardian.init)
                binder.bind(Ward.self).to(factory: { (_: Guardian) in Ward() })
            }
        }
        #expect(error.diagnostics.map(\.code) == [.unclosableCycle])
        #expect(
            error.diagnostics.first?.path == [
                "parameter 1 of Guardian's factory", "parameter 1 of Ward's factory", "Guardian",
            ])
    }
}
