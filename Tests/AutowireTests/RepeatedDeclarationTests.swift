import Autowire
import Testing

private protocol Ledger: AnyObject {}
private final class Books: Injectable {
    var ledger: Ledger!
    static let firstLine = #line + 2
    static let dependencies: [Dependency<Books>] = [
        .inject(\.ledger),
        .inject(\.ledger),  // pasted twice
    ]
}

/// A copy-pasted entry in a `dependencies` list is one dependency: filled once, reported once.
@Suite struct RepeatedDeclarationTests {
    @Test func aDependencyListedTwiceIsReportedOnce() {
        #expect(
            captureResolutionError { try Container().resolve(Books.self) }?.description == """
                error[missing-binding]: Ledger cannot be provided: it has no binding and is not an Injectable class.
                  at: AutowireTests/RepeatedDeclarationTests.swift:\(Books.firstLine)
                  path: Books.ledger → Ledger
                  fix: Bind it in the container with `binder.bind(Ledger.self).to(…)`, or declare it `.optional(\\.ledger)` if it may be absent.
                """)
    }
}
