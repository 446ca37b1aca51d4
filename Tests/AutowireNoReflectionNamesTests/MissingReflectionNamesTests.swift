import Autowire
import Testing

// This target is compiled with `-Xfrontend -disable-reflection-names` (see Package.swift): its
// classes keep their field records, types and offsets, but not the names of their fields.

private final class SystemClock: Injectable {}

private final class Settings: Injectable {
    var retries: Int? = 0
    var clock: SystemClock?  // Forgotten: the container can make a SystemClock.
}

private final class Panel: Injectable {
    var settings: Settings!
    var clock: SystemClock!
    static let dependencies: [Dependency<Panel>] = [.inject(\.settings), .inject(\.clock)]
}

private let namesMissingFix =
    "Validate a build that keeps the names (one without `-disable-reflection-names`, Xcode's reflection level \"Without Names\"), such as the test build; resolving does not need them."

@Suite struct MissingReflectionNamesTests {
    // Printing a key path into such a class traps in the standard library; the names are then
    // the requested types, and no property is reported forgotten or unset by a guess.
    @Test func validateSaysItCannotCheckInsteadOfTrappingOrGuessing() throws {
        let report = try Container().validate(Panel.self)
        #expect(
            report.diagnostics.map(\.description) == [
                """
                warning[reflection-metadata-missing]: Panel was not checked for forgotten dependencies: its reflection metadata has no property names.
                  path: Panel
                  fix: \(namesMissingFix)
                """,
                """
                warning[reflection-metadata-missing]: Settings was not checked for forgotten dependencies: its reflection metadata has no property names.
                  path: Panel.(Settings) → Settings
                  fix: \(namesMissingFix)
                """,
            ])
    }

    @Test func theGraphNamesEachPropertyByItsType() {
        #expect(
            Container().graph(from: Panel.self).textTree == """
                Panel (autowired, graph)
                ├─ (Settings): Settings (autowired, graph)
                └─ (SystemClock): SystemClock (autowired, graph)
                """)
    }

    @Test func aMissingBindingNamesThePropertyByItsType() throws {
        let error = try #require(throws: ResolutionError.self) { try Container().resolve(Needy.self) }
        #expect(error.diagnostics.map(\.renderedPath) == ["Needy.(Database) → Database"])
    }

    @Test func resolvingNeedsNoNames() throws {
        let panel = try Container().resolve(Panel.self)
        #expect(panel.settings.retries == 0)
        #expect(panel.clock != nil)
    }
}

private protocol Database: AnyObject {}

private final class Needy: Injectable {
    var database: Database!
    static let dependencies: [Dependency<Needy>] = [.inject(\.database)]
}
