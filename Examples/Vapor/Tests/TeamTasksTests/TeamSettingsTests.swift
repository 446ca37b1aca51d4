import TeamTasks
import Testing

@Suite struct TeamSettingsTests {
    @Test func anEmptyEnvironmentGivesTheDefaults() throws {
        #expect(
            try TeamSettings(environment: [:])
                == TeamSettings(databasePath: "teamtasks.sqlite", users: ["alice", "bob"]))
    }

    @Test func theEnvironmentOverridesEachDefault() throws {
        let settings = try TeamSettings(environment: ["TEAM_DATABASE": ":memory:", "TEAM_USERS": " carol, dave ,"])
        #expect(settings == TeamSettings(databasePath: ":memory:", users: ["carol", "dave"]))
    }

    @Test func aUserListNamingNobodyIsRefusedWithItsName() throws {
        let error = try #require(throws: InvalidSettingError.self) {
            try TeamSettings(environment: ["TEAM_USERS": " , "])
        }
        #expect(
            error.description == #"TEAM_USERS is " , "; expected user names separated by commas, such as alice,bob."#)
    }
}
