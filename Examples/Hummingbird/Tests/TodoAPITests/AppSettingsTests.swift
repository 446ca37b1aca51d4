import Hummingbird
import Testing
import TodoAPI

@Suite struct AppSettingsTests {
    @Test func anEmptyEnvironmentGivesTheDefaults() throws {
        #expect(
            try AppSettings(environment: Environment(values: [:]))
                == AppSettings(host: "127.0.0.1", port: 8080, databasePath: "todos.sqlite"))
    }

    @Test func theEnvironmentOverridesEachDefault() throws {
        let environment = Environment(values: [
            "TODO_HOST": "0.0.0.0", "TODO_PORT": "9000", "TODO_DATABASE": "/tmp/t.sqlite",
        ])
        #expect(
            try AppSettings(environment: environment)
                == AppSettings(host: "0.0.0.0", port: 9000, databasePath: "/tmp/t.sqlite"))
    }

    @Test func aPortThatIsNotANumberIsRefusedWithItsName() throws {
        let error = try #require(throws: InvalidSettingError.self) {
            try AppSettings(environment: Environment(values: ["TODO_PORT": "eighty"]))
        }
        #expect(error.description == #"TODO_PORT is "eighty"; expected a port number, 0 to 65535."#)
    }
}
