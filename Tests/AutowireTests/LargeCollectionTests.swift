import Testing

@testable import Autowire

// A collection or dictionary of more than 64 contributions is past what a program's call hands
// over (one bit per argument): the program calls it as it calls a closure, and it gets each
// contribution from that contribution's nested program, in the same resolve (before, the
// recursive path made them, and no nested program was ever lowered).

private final class Log: Injectable {}
private final class Plugin: Injectable {
    var log: Log!
    static let dependencies: [Dependency<Plugin>] = [.inject(\.log)]
}
/// Holds every plugin, by list and by name, and a log of its own: the plugins' `.graph` log.
private final class PluginHost: Injectable {
    var plugins: [Plugin]!
    var byName: [String: Plugin]!
    var log: Log!
    static let dependencies: [Dependency<PluginHost>] = [.inject(\.plugins), .inject(\.byName), .inject(\.log)]
}

private func container(contributions: Int) throws -> Container {
    try Container { binder in
        for index in 0..<contributions {
            binder.bind(Plugin.self).intoCollection().to(Plugin.self)
            binder.bind(Plugin.self).intoDictionary(key: "plugin \(index)").to(Plugin.self)
        }
    }
}

/// Whether every contribution of `Plugin`'s collection and dictionary in `container` has a nested
/// program.
private func contributionsHaveNestedPrograms(_ container: Container) throws -> Bool {
    let list = try container.registry.rootProducer(for: BindingKey([Plugin].self, tag: nil))
    let dictionary = try container.registry.rootProducer(for: BindingKey([String: Plugin].self, tag: nil))
    guard let list = list as? CollectionProducer<Plugin>,
        let dictionary = dictionary as? DictionaryProducer<String, Plugin>
    else { return false }
    return (list.elements + dictionary.entries.map(\.1)).allSatisfy {
        ProgramWord.isProgram($0.programWord(of: .nested))
    }
}

@Suite struct LargeCollectionTests {
    @Test func sixtyFiveContributionsComeFromTheirNestedProgramsSharingOneGraphLog() throws {
        let container = try container(contributions: 65)
        for _ in 0..<2 {
            let host = try container.resolve(PluginHost.self)
            #expect(host.plugins.count == 65)
            #expect(host.byName.count == 65)
            #expect(host.plugins.allSatisfy { $0.log === host.log })
            #expect(host.byName.values.allSatisfy { $0.log === host.log })
        }
        #expect(try contributionsHaveNestedPrograms(container))
    }

    @Test func sixtyFiveContributionsResolvedAsTheRootShareOneGraphLog() throws {
        let container = try container(contributions: 65)
        let plugins = try container.resolve([Plugin].self)
        #expect(plugins.count == 65)
        #expect(Set(plugins.map { ObjectIdentifier($0.log) }).count == 1)
        #expect(try container.resolve([String: Plugin].self).count == 65)
        #expect(try contributionsHaveNestedPrograms(container))
    }

    @Test func sixtyThreeContributionsAreArgumentsOfTheHostsProgram() throws {
        let container = try container(contributions: 63)
        let host = try container.resolve(PluginHost.self)
        #expect(host.plugins.allSatisfy { $0.log === host.log })
        #expect(try container.hasProgram(of: PluginHost.self))
    }
}
