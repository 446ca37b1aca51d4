import Autowire
import Testing

// This target is compiled with `-Xfrontend -disable-reflection-metadata` (see Package.swift), as
// size-conscious apps build: its classes have no field records, so `Mirror` sees no properties.

private final class SystemClock: Injectable {}

/// Optionals set to values whose bytes are all zero, next to a real forgotten dependency.
private final class Settings: Injectable {
    var isEnabled: Bool? = false
    var retries: Int? = 0
    var title: String? = ""
    var ratio: Double? = 0.0
    var isVisible: Bool? = nil
    var clock: SystemClock?  // Forgotten: the container can make a SystemClock.
}

private final class Panel: Injectable {
    var settings: Settings!
    static let dependencies: [Dependency<Panel>] = [.inject(\.settings)]
}

@Suite struct MissingReflectionMetadataTests {
    /// Binds every value type the fields hold, so that a field misread as nil would be reported.
    private func container() throws -> Container {
        try Container { binder in
            binder.bind(Bool.self).to(value: true)
            binder.bind(Int.self).to(value: 1)
            binder.bind(String.self).to(value: "x")
            binder.bind(Double.self).to(value: 1.5)
        }
    }

    // Key paths print offsets without field records, so the path names the property by its type.
    @Test func validateSaysItCannotCheckInsteadOfTrappingOrGuessing() throws {
        let report = try container().validate(Panel.self)
        #expect(
            report.diagnostics.map(\.description) == [
                """
                warning[reflection-metadata-missing]: Panel was not checked for forgotten dependencies: its class has no reflection metadata.
                  path: Panel
                  fix: Validate a build that keeps reflection metadata (one without `-disable-reflection-metadata`), such as the test build; resolving does not need it.
                """,
                """
                warning[reflection-metadata-missing]: Settings was not checked for forgotten dependencies: its class has no reflection metadata.
                  path: Panel.(Settings) → Settings
                  fix: Validate a build that keeps reflection metadata (one without `-disable-reflection-metadata`), such as the test build; resolving does not need it.
                """,
            ])
    }

    @Test func classesWithoutStoredPropertiesNeedNoMetadataToBeChecked() throws {
        let report = try container().validate(SystemClock.self)
        #expect(report.diagnostics.isEmpty)
    }

    @Test func resolvingNeedsNoReflectionMetadata() throws {
        let panel = try container().resolve(Panel.self)
        #expect(panel.settings != nil)
        #expect(panel.settings.isEnabled == false)
    }
}
