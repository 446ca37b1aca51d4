import Autowire
import Testing

/// Documentation.docc/Articles/DeclaringDependencies.md: set-up after injection.
enum InjectionHookExamples {
    struct TickerSettings {
        let seconds: Int
    }

    struct InvalidInterval: Error, CustomStringConvertible {
        let seconds: Int
        var description: String { "the interval must be at least one second, not \(seconds)" }
    }

    final class PriceFeed: Injectable {
        private(set) var intervals: [Int] = []

        func subscribe(every seconds: Int) throws {
            guard seconds > 0 else { throw InvalidInterval(seconds: seconds) }
            intervals.append(seconds)
        }
    }

    final class PriceTicker: Injectable {
        var feed: PriceFeed!
        var settings: TickerSettings!

        static let dependencies: [Dependency<PriceTicker>] = [
            .inject(\.feed),
            .inject(\.settings),
        ]

        func didInjectDependencies() throws {
            try feed.subscribe(every: settings.seconds)
        }
    }

    final class TickerScreen: Injectable {
        var ticker: PriceTicker!
        static let dependencies: [Dependency<TickerScreen>] = [.inject(\.ticker)]
    }

    @Suite struct Tests {
        @Test func theHookRunsOnceEveryPropertyIsFilled() throws {
            let container = try Container { binder in
                binder.bind(TickerSettings.self).to(value: TickerSettings(seconds: 5))
            }
            let ticker = try container.resolve(PriceTicker.self)
            // ticker.feed.intervals == [5]

            #expect(ticker.feed.intervals == [5])
            #expect(try container.resolve(PriceTicker.self).feed.intervals == [5])
        }

        @Test func aHookThatThrowsFailsTheResolve() throws {
            let container = try Container { binder in
                binder.bind(TickerSettings.self).to(value: TickerSettings(seconds: 0))
            }
            let error = captureResolutionError { try container.resolve(TickerScreen.self) }
            #expect(error?.underlyingError is InvalidInterval)
            expectDocumented(
                error?.description ?? "no error",
                #"""
                error[injection-hook-failed]: PriceTicker.didInjectDependencies() threw: the interval must be at least one second, not 0.
                  path: TickerScreen.ticker → PriceTicker
                  fix: Fix the cause reported by PriceTicker.didInjectDependencies(), or catch it there. The object was not handed out, and a singleton whose hook throws is created again on the next resolve.
                """#)
        }

        @Test func validationCallsNoHookOnItsProbesButOnTheObjectsThatFillThem() throws {
            let container = try Container { binder in
                binder.bind(TickerSettings.self).to(value: TickerSettings(seconds: 0))
            }
            // The ticker's probe is not hooked; the one resolve of the root is, and its error is reported.
            let rootError = try #require(throws: ValidationError.self) { try container.validate(PriceTicker.self) }
            #expect(rootError.report.errors.map(\.code) == [.injectionHookFailed])
            // The ticker made to fill the screen's probe is a real object: its hook runs and fails.
            let error = try #require(throws: ValidationError.self) { try container.validate(TickerScreen.self) }
            #expect(error.report.errors.map(\.code) == [.injectionHookFailed])
            #expect(try container.validate(TickerScreen.self, injectingProbes: false).errors.isEmpty)
        }

        @Test func anInjectorCallsTheHookAfterFillingTheObject() throws {
            let container = try Container { binder in
                binder.bind(TickerSettings.self).to(value: TickerSettings(seconds: 2))
            }
            let ticker = PriceTicker()
            try container.propertyInjector(for: PriceTicker.self).inject(into: ticker)
            #expect(ticker.feed.intervals == [2])
        }
    }
}
