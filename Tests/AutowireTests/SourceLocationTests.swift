import Testing

@testable import Autowire

@Suite struct SourceLocationTests {
    @Test func aCapturedLocationEqualsAndHashesLikeOneWrittenOut() {
        let captured = SourceLocation(#fileID, #line)
        let written = SourceLocation(fileID: "AutowireTests/SourceLocationTests.swift", line: captured.line)
        #expect(captured == written)
        #expect(Set([captured, written]).count == 1)
        #expect(captured.fileID == "AutowireTests/SourceLocationTests.swift")
        #expect(captured.description == "AutowireTests/SourceLocationTests.swift:\(captured.line)")
    }

    @Test func locationsDifferByFileOrLine() {
        let location = SourceLocation(fileID: "App/Orders.swift", line: 12)
        #expect(location != SourceLocation(fileID: "App/Orders.swift", line: 13))
        #expect(location != SourceLocation(fileID: "App/Order.swift", line: 12))
        #expect(SourceLocation("App/Orders.swift", 12) != SourceLocation("App/Orders.swifts", 12))
    }
}
