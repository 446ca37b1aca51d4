import Autowire
import AutowireFoundation
import Foundation
import Testing

// Documentation.docc/Articles/ValidationAndDiagnostics.md, "Errors printed generically": apps that
// print any error read `localizedDescription`. Without AutowireFoundation linked it says "The
// operation could not be completed. (Autowire.ResolutionError error 1.)".

func show(_ error: any Error) -> String {
    error.localizedDescription  // Autowire's own text: every problem, its path and its fix
}

private protocol Ledger: AnyObject {}
private final class Accounts: Injectable {
    var ledger: Ledger!
    static let ledgerLine = #line + 1
    static let dependencies: [Dependency<Accounts>] = [.inject(\.ledger)]
}

private let file = "AutowireTests/LocalizedDescriptionExamplesTests.swift"

@Suite struct LocalizedDescriptionExamplesTests {
    private let missingLedger = """
        error[missing-binding]: Ledger cannot be provided: it has no binding and is not an Injectable class.
          at: \(file):\(Accounts.ledgerLine)
          path: Accounts.ledger → Ledger
          fix: Bind it in the container with `binder.bind(Ledger.self).to(…)`, or declare it `.optional(\\.ledger)` if it may be absent.
        """

    @Test func aResolutionErrorsLocalizedDescriptionIsItsDescription() throws {
        let error: any Error = try #require(captureResolutionError { try Container().resolve(Accounts.self) })
        #expect(show(error) == missingLedger)
        #expect(
            (error as? any LocalizedError)?.recoverySuggestion
                == "Bind it in the container with `binder.bind(Ledger.self).to(…)`, or declare it `.optional(\\.ledger)` if it may be absent."
        )
    }

    @Test func aConfigurationErrorsLocalizedDescriptionIsItsDescription() throws {
        let error: any Error = try #require(
            captureConfigurationError {
                try Container { $0.bind(Accounts.self).to(Accounts.self) }
            })
        #expect(
            error.localizedDescription == """
                Container configuration has 1 problem:

                error[missing-binding]: Ledger cannot be provided: it has no binding and is not an Injectable class.
                  at: \(file):\(Accounts.ledgerLine)
                  path: Accounts.ledger → Ledger
                  fix: Bind it in the container with `binder.bind(Ledger.self).to(…)`, or declare it `.optional(\\.ledger)` if it may be absent.
                """)
    }

    @Test func aValidationErrorsLocalizedDescriptionIsItsDescription() throws {
        var caught: (any Error)?
        do { _ = try Container().validate(Accounts.self) } catch { caught = error }
        let error = try #require(caught as? ValidationError)
        #expect((error as any Error).localizedDescription == error.description)
        #expect(error.description.hasSuffix(missingLedger))
    }
}
