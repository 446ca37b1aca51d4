import Autowire
import Testing

/// Documentation.docc/Articles/ScopesAndLifetimes.md
enum ScopesAndLifetimesExamples {
    final class RequestContext: Injectable {}

    final class RequestHandler: Injectable {
        var context: RequestContext!
        var logger: RequestLogger!

        static let dependencies: [Dependency<RequestHandler>] = [
            .inject(\.context),
            .inject(\.logger),
        ]
    }

    final class RequestLogger: Injectable {
        var context: RequestContext!
        static let dependencies: [Dependency<RequestLogger>] = [.inject(\.context)]
    }

    final class ReportDraft: Injectable {
        static let scope = Scope.transient
    }

    final class Report: Injectable {
        var draft: ReportDraft!
        var copy: ReportDraft!
        static let dependencies: [Dependency<Report>] = [.inject(\.draft), .inject(\.copy)]
    }

    final class ConnectionPool: Sendable {
        let size: Int
        init(size: Int) { self.size = size }
    }

    final class EditingSession: Injectable {
        static let scope = Scope.weak
    }

    final class Printer: Injectable {}

    final class PrintJob: Injectable {
        var printers: Provider<Printer>!
        static let dependencies: [Dependency<PrintJob>] = [.inject(\.printers)]
    }

    final class PrintQueue: Injectable {
        static let scope = Scope.singleton
        var printers: Provider<Printer>!
        static let dependencies: [Dependency<PrintQueue>] = [.inject(\.printers)]
    }

    @Suite struct Tests {
        @Test func aHandleKeepsAContainerAliveUnlessTheContainerKeepsItsHolder() throws {
            let job = try Container().resolve(PrintJob.self)
            let printer = try job.printers.get()
            // works: the job's handle holds the container

            #expect(type(of: printer) == Printer.self)
            weak var queue: PrintQueue?
            do {
                let container = Container()
                queue = try container.resolve(PrintQueue.self)
            }
            // queue == nil: the container was freed with its singleton, whose handle holds it weakly

            #expect(queue == nil)
        }

        @Test func graphInstancesAreSharedWithinOneResolveOnly() throws {
            let container = Container()
            let first = try container.resolve(RequestHandler.self)
            let second = try container.resolve(RequestHandler.self)
            // first.context === first.logger.context
            // first.context !== second.context

            #expect(first.context === first.logger.context)
            #expect(first.context !== second.context)
        }

        @Test func transientInstancesAreNeverShared() throws {
            let report = try Container().resolve(Report.self)
            #expect(report.draft !== report.copy)
        }

        @Test func aSingletonIsCreatedOncePerContainer() throws {
            let container = try Container { binder in
                binder.bind(ConnectionPool.self).scoped(.singleton).to { _ in ConnectionPool(size: 4) }
            }
            let pool = try container.resolve(ConnectionPool.self)
            // pool === (try container.resolve(ConnectionPool.self))

            #expect(pool === (try container.resolve(ConnectionPool.self)))
            let other = try Container { binder in
                binder.bind(ConnectionPool.self).scoped(.singleton).to { _ in ConnectionPool(size: 4) }
            }
            #expect(pool !== (try other.resolve(ConnectionPool.self)))
        }

        @Test func aWeakInstanceIsSharedWhileHeldAndNotKeptAliveByTheContainer() throws {
            let container = Container()
            var held: EditingSession? = try container.resolve(EditingSession.self)
            #expect(try container.resolve(EditingSession.self) === held)
            weak let observed = held
            held = nil
            #expect(observed == nil)  // the container did not keep it alive
        }
    }
}

/// Documentation.docc/Articles/Cycles.md
enum CyclesExamples {
    final class Parent: Injectable {
        var child: Child!
        static let dependencies: [Dependency<Parent>] = [.inject(\.child)]
    }

    final class Child: Injectable {
        weak var parent: Parent?
        static let dependencies: [Dependency<Child>] = [.inject(\.parent)]
    }

    final class Ping: Injectable {
        static let scope = Scope.transient
        var pong: Pong!
        static let dependencies: [Dependency<Ping>] = [.inject(\.pong)]
    }

    final class Pong: Injectable {
        static let scope = Scope.transient
        var ping: Ping!
        static let dependencies: [Dependency<Pong>] = [.inject(\.ping)]
    }

    protocol TimeSource: AnyObject {}
    final class SystemClock: TimeSource {
        let ticker: Ticker
        init(ticker: Ticker) { self.ticker = ticker }
    }

    final class Ticker: Injectable {
        weak var clock: TimeSource?
        static let dependencies: [Dependency<Ticker>] = [.inject(\.clock)]
    }

    final class Radio {
        init(antenna: Antenna) {}
    }

    final class Antenna {
        init(radio: Radio) {}
    }

    final class Pinger: Injectable {
        static let scope = Scope.transient
        var ponger: Lazy<Ponger>!
        static let dependencies: [Dependency<Pinger>] = [.inject(\.ponger)]
    }

    final class Ponger: Injectable {
        static let scope = Scope.transient
        var pinger: Pinger!
        static let dependencies: [Dependency<Ponger>] = [.inject(\.pinger)]
    }

    final class Head {
        let body: Body
        init(body: Body) { self.body = body }
    }

    final class Body {
        let tail: Tail
        init(tail: Tail) { self.tail = tail }
    }

    final class Tail: Injectable {
        weak var head: Head?
        static let dependencies: [Dependency<Tail>] = [.inject(\.head)]
    }

    @Suite struct Tests {
        @Test func aCycleIsJudgedFromTheEntryAResolveTakes() throws {
            let container = try Container { binder in  // builds
                binder.bind(Head.self).to(factory: Head.init)
                binder.bind(Body.self).to(factory: Body.init)
            }
            let head = try container.resolve(Head.self)
            // head.body.tail.head === head

            #expect(head.body.tail.head === head)
            let report = try container.validate(Head.self, Tail.self)
            #expect(report.errors.isEmpty)
            var printed = "no error"
            do {
                let body = try container.resolve(Body.self)  // throws
                _ = body
            } catch {
                printed = "\(error)"
            }
            expectDocumented(
                printed,
                #"""
                error[unclosable-cycle]: Dependency cycle parameter 1 of Body's factory → Tail.head → parameter 1 of Head's factory → Body can never close.
                  at: App/Bindings.swift:2
                  path: parameter 1 of Body's factory → Tail.head → parameter 1 of Head's factory → Body
                  fix: This cycle closes only when a resolve enters it at Tail or Head, and this one enters it at Body: resolve Tail or Head (or a type that reaches the cycle through them) rather than Body, or resolve one side through a `Lazy` or a `Provider`.
                """#)
            let validation = #expect(throws: ValidationError.self) { try container.validate(Body.self) }
            #expect(validation?.report.errors.map(\.code) == [.unclosableCycle])
        }

        @Test func aLazyBreaksATransientCycle() throws {
            let container = Container()
            let pinger = try container.resolve(Pinger.self)
            let ponger = try pinger.ponger.get()

            #expect(ponger.pinger !== pinger)  // transient: a new Pinger for the Ponger
            #expect(ponger === (try pinger.ponger.get()))
        }

        @Test func aCycleOfGraphObjectsClosesOnTheSameInstances() throws {
            let parent = try Container().resolve(Parent.self)
            // parent.child.parent === parent

            #expect(parent.child.parent === parent)
        }

        @Test func aTransientCycleIsAnErrorNamingTheWholeCycle() {
            expectDocumented(
                thrownText {
                    try Container().resolve(Ping.self)
                },
                #"""
                error[unclosable-cycle]: Dependency cycle Ping.pong → Pong.ping → Ping can never close.
                  at: App/Ping.swift:4
                  path: Ping.pong → Pong.ping → Ping
                  fix: Give one class in the cycle the `.graph` or `.singleton` scope (factories cannot be reentered), or make one of the properties a `Provider` or `Lazy`.
                """#)
        }

        @Test func aCycleOfFactoriesIsToldThatNoScopeCanCloseIt() {
            var printed: [String] = []
            do {
                let container = try Container { binder in  // throws
                    binder.bind(Radio.self).scoped(.singleton).to(factory: Radio.init)
                    binder.bind(Antenna.self).scoped(.singleton).to(factory: Antenna.init)
                }
                _ = container
            } catch {
                printed.append("\(error)")
            }
            expectDocumented(
                printed.joined(separator: "\n"),
                #"""
                Container configuration has 1 problem:

                error[unclosable-cycle]: Dependency cycle parameter 1 of Radio's factory → parameter 1 of Antenna's factory → Radio can never close.
                  at: App/Bindings.swift:3
                  path: parameter 1 of Radio's factory → parameter 1 of Antenna's factory → Radio
                  fix: No scope can close this cycle: every object on it is made by a factory, which cannot be reentered. Resolve one side through a `Lazy` or a `Provider`, or turn a constructor parameter into a property listed in `dependencies`, which is filled after the object is created.
                """#)
        }

        @Test func aCycleThroughAClosureFactoryClosesThroughTheProperty() throws {
            let container = try Container { binder in
                binder.bind(TimeSource.self).to { resolver in
                    SystemClock(ticker: try resolver.resolve(Ticker.self))
                }
            }
            let clock = try container.resolve(TimeSource.self)
            // (clock as? SystemClock)?.ticker.clock === clock
            #expect((clock as? SystemClock)?.ticker.clock === clock)
        }
    }
}
