import Testing

@testable import Autowire

// A collection or dictionary of more than 64 contributions is gathered by its program's call as
// any collection is: the call's masks describe its first 64 arguments, and the rest are told
// apart by their type (before, it was made as a closure is, each contribution from its own
// nested program).

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

/// Whether any contribution of `Plugin`'s collection and dictionary in `container` has a nested
/// program.
private func anyContributionHasANestedProgram(_ container: Container) throws -> Bool {
    let list = try container.registry.rootProducer(for: BindingKey([Plugin].self, tag: nil))
    let dictionary = try container.registry.rootProducer(for: BindingKey([String: Plugin].self, tag: nil))
    guard let list = list as? CollectionProducer<Plugin>,
        let dictionary = dictionary as? DictionaryProducer<String, Plugin>
    else { return false }
    return (list.elements + dictionary.entries.map(\.1)).contains {
        ProgramWord.isProgram($0.programWord(of: .nested))
    }
}

@Suite struct LargeCollectionTests {
    @Test func sixtyFiveContributionsAreArgumentsOfTheHostsProgramSharingOneGraphLog() throws {
        let container = try container(contributions: 65)
        for _ in 0..<2 {
            let host = try container.resolve(PluginHost.self)
            #expect(host.plugins.count == 65)
            #expect(host.byName.count == 65)
            #expect(host.plugins.allSatisfy { $0.log === host.log })
            #expect(host.byName.values.allSatisfy { $0.log === host.log })
        }
        #expect(try container.makesClosureCalls(of: PluginHost.self) == false)
        #expect(try !anyContributionHasANestedProgram(container))
    }

    @Test func sixtyFiveContributionsResolvedAsTheRootShareOneGraphLog() throws {
        let container = try container(contributions: 65)
        let plugins = try container.resolve([Plugin].self)
        #expect(plugins.count == 65)
        #expect(Set(plugins.map { ObjectIdentifier($0.log) }).count == 1)
        #expect(try container.resolve([String: Plugin].self).count == 65)
        #expect(try !anyContributionHasANestedProgram(container))
    }

    @Test func sixtyThreeContributionsAreArgumentsOfTheHostsProgram() throws {
        let container = try container(contributions: 63)
        let host = try container.resolve(PluginHost.self)
        #expect(host.plugins.allSatisfy { $0.log === host.log })
        #expect(try container.hasProgram(of: PluginHost.self))
    }

    /// Values past the 64th contribution are boxed, with no mask bit to say so: each is read as
    /// the value it is, in binding order.
    @Test func seventyValueContributionsKeepTheirOrder() throws {
        let container = try Container { binder in
            for index in 0..<70 {
                binder.bind(Int.self).intoCollection().to(value: index)
                binder.bind(Int.self).intoDictionary(key: "value \(index)").to(value: index * 2)
            }
        }
        #expect(try container.resolve([Int].self) == Array(0..<70))
        let byName = try container.resolve([String: Int].self)
        #expect(byName.count == 70)
        #expect(byName["value 69"] == 138)
    }
}
