import Autowire
import Testing

// Wrong results found by porting the test suites of other Swift DI libraries to Autowire: each test
// is one such case, kept so that it stays fixed.

private enum Numbers: Autowire.Tag { typealias Value = [Int] }
private final class Tally: Injectable {
    var numbers: [Int]!
    static let dependencies: [Dependency<Tally>] = [.inject(\.numbers, tag: Numbers.self)]
}

private protocol Plugin { var name: String { get } }
private struct NamedPlugin: Plugin { let name: String }

private enum Formats: Autowire.Tag { typealias Value = [String: Plugin] }
private final class Exporters: Injectable {
    var formats: [String: Plugin]!
    static let dependencies: [Dependency<Exporters>] = [.inject(\.formats, tag: Formats.self)]
}

private final class Dog: Injectable {}
private protocol Logger: AnyObject {}
private final class PrintLogger: Logger, Injectable {}
private struct Kennel {
    let dog: Dog?
    let name: String!
    let logger: Logger?
}
private final class NeedsMissing: Injectable {
    var logger: Logger!
    static let dependencies: [Dependency<NeedsMissing>] = [.inject(\.logger)]
}

@Suite struct TaggedCollectionTests {
    @Test func aTaggedCollectionResolvesByItsTag() throws {
        let container = try Container { binder in
            binder.bind(Int.self).tagged(Numbers.self).intoCollection().to(value: 1)
            binder.bind(Int.self).tagged(Numbers.self).intoCollection().to(value: 2)
            binder.bind(Int.self).intoCollection().to(value: 99)
        }
        #expect(try container.resolve([Int].self, tag: Numbers.self) == [1, 2])
        #expect(try container.resolve([Int].self) == [99])
    }

    @Test func aTaggedCollectionIsInjectedByItsTag() throws {
        let container = try Container { binder in
            binder.bind(Int.self).tagged(Numbers.self).intoCollection().to(value: 3)
            binder.bind(Int.self).tagged(Numbers.self).scoped(.singleton).intoCollection().to { _ in 4 }
        }
        #expect(try container.resolve(Tally.self).numbers == [3, 4])
    }
}

@Suite struct TaggedDictionaryTests {
    @Test func aTaggedDictionaryResolvesAndIsInjectedByItsTag() throws {
        let container = try Container { binder in
            binder.bind(Plugin.self).tagged(Formats.self).intoDictionary(key: "pdf").to(value: NamedPlugin(name: "P"))
            binder.bind(Plugin.self).tagged(Formats.self).scoped(.singleton).intoDictionary(key: "csv").to { _ in
                NamedPlugin(name: "C")
            }
            binder.bind(Plugin.self).intoDictionary(key: "pdf").to(value: NamedPlugin(name: "untagged"))
        }
        #expect(
            try container.resolve([String: Plugin].self, tag: Formats.self).mapValues(\.name) == [
                "pdf": "P", "csv": "C",
            ])
        #expect(try container.resolve(Exporters.self).formats.mapValues(\.name) == ["pdf": "P", "csv": "C"])
        #expect(try container.resolve([String: Plugin].self).mapValues(\.name) == ["pdf": "untagged"])
    }

    @Test func aChildAddsToItsParentsTaggedDictionary() throws {
        let parent = try Container { binder in
            binder.bind(Plugin.self).tagged(Formats.self).intoDictionary(key: "pdf").to(value: NamedPlugin(name: "P"))
        }
        let child = try parent.child { binder in
            binder.bind(Plugin.self).tagged(Formats.self).intoDictionary(key: "csv").to(value: NamedPlugin(name: "C"))
        }
        #expect(
            try child.resolve([String: Plugin].self, tag: Formats.self).mapValues(\.name) == ["pdf": "P", "csv": "C"])
        #expect(try parent.resolve([String: Plugin].self, tag: Formats.self).mapValues(\.name) == ["pdf": "P"])
    }
}

@Suite struct ChildCollectionTests {
    private func parent() throws -> Container {
        try Container { binder in
            for name in ["A", "B", "C"] { binder.bind(Plugin.self).intoCollection().to(value: NamedPlugin(name: name)) }
            binder.bind(Plugin.self).intoDictionary(key: "a").to(value: NamedPlugin(name: "A"))
        }
    }

    @Test func aChildsContributionsAddToItsParentsCollection() throws {
        let parent = try parent()
        let child = try parent.child { binder in
            for name in ["D", "E", "F"] { binder.bind(Plugin.self).intoCollection().to(value: NamedPlugin(name: name)) }
        }
        #expect(try child.resolve([Plugin].self).map(\.name) == ["A", "B", "C", "D", "E", "F"])
        #expect(try parent.resolve([Plugin].self).map(\.name) == ["A", "B", "C"])
    }

    @Test func aChildsKeyedContributionsAddToItsParentsDictionary() throws {
        let child = try parent().child { binder in
            binder.bind(Plugin.self).intoDictionary(key: "d").to(value: NamedPlugin(name: "D"))
        }
        #expect(try child.resolve([String: Plugin].self).mapValues(\.name) == ["a": "A", "d": "D"])
    }

    @Test func anOverridingContributionReplacesTheParentsCollection() throws {
        let child = try parent().child { binder in
            binder.override(Plugin.self).intoCollection().to(value: NamedPlugin(name: "X"))
            binder.bind(Plugin.self).intoCollection().to(value: NamedPlugin(name: "Y"))
        }
        #expect(try child.resolve([Plugin].self).map(\.name) == ["X", "Y"])
    }

    @Test func aClosureFactoryInAChildSeesItsParentsContributionsToo() throws {
        // A closure factory's resolves run nested programs in its resolution.
        let child = try parent().child { binder in
            binder.bind(Plugin.self).intoCollection().to(value: NamedPlugin(name: "D"))
            binder.bind(PluginNames.self).to { resolver in
                PluginNames(all: try resolver.resolve([Plugin].self).map(\.name))
            }
        }
        #expect(try child.resolve(PluginNames.self).all == ["A", "B", "C", "D"])
    }
}

private struct PluginNames { let all: [String] }

@Suite struct OptionalDependencyTests {
    @Test func optionalFactoryParametersResolveWhenTheWrappedTypeCanBeProvided() throws {
        let container = try Container { binder in
            binder.bind(String.self).to(value: "Rex's")
            binder.bind(Logger.self).to(PrintLogger.self)
            binder.bind(Kennel.self).to(factory: Kennel.init)
        }
        let kennel = try container.resolve(Kennel.self)
        #expect(kennel.dog != nil)
        #expect(kennel.name == "Rex's")
        #expect(kennel.logger is PrintLogger)
    }

    @Test func optionalFactoryParametersAreNilWhenNothingCanProvideThem() throws {
        let container = try Container { binder in
            binder.bind(Kennel.self).to(factory: Kennel.init)
        }
        let kennel = try container.resolve(Kennel.self)
        #expect(kennel.dog != nil)
        #expect(kennel.name == nil)
        #expect(kennel.logger == nil)
    }

    @Test func aClosureFactoryResolvesAnOptionalToTheValueOrNil() throws {
        // A closure factory's resolves run nested programs in its resolution.
        let container = try Container { binder in
            binder.bind(Leash.self).to { resolver in
                Leash(dog: try resolver.resolve(Dog?.self), logger: try resolver.resolve(Logger?.self))
            }
        }
        let leash = try container.resolve(Leash.self)
        #expect(leash.dog != nil)
        #expect(leash.logger == nil)
    }

    @Test func resolvingAnOptionalReturnsTheValueOrNil() throws {
        let container = Container()
        #expect(try container.resolve(Dog?.self) != nil)
        #expect(try container.resolve(Logger?.self) == nil)
    }

    @Test func resolvingAnOptionalStillThrowsWhenTheValueIsBroken() throws {
        let error = captureResolutionError { try Container().resolve(NeedsMissing?.self) }
        #expect(error?.diagnostics.map(\.code) == [.missingBinding])
    }
}

private protocol Service { var name: String { get } }
private struct NamedService: Service { let name: String }
private struct Ticket: Equatable { let number: Int }
private final class Desk: Injectable {
    var ticket: Ticket!
    static let dependencies: [Dependency<Desk>] = [.assisted(\.ticket)]  // @ticket
}
private final class Lobby: Injectable {
    var makeDesk: AssistedFactory<String, Desk>!
    static let dependencies: [Dependency<Lobby>] = [.inject(\.makeDesk)]
}
private final class Tree {
    let children: [Tree]
    init(depth: Int, factory: AssistedFactory<Int, Tree>) throws {
        children = depth > 0 ? [try factory.make(depth - 1), try factory.make(depth - 1)] : []
    }
    var count: Int { 1 + children.reduce(0) { $0 + $1.count } }
}
private final class Branch: Injectable {
    var depth: Int!
    var makeBranch: AssistedFactory<Int, Branch>!
    static let dependencies: [Dependency<Branch>] = [.assisted(\.depth), .inject(\.makeBranch)]
    func grow() throws -> Int { depth > 0 ? try 1 + makeBranch.make(depth - 1).grow() : 1 }
}

@Suite struct AssistedFactoryFindingsTests {
    @Test func anUnboundAssistedFactoryOfABoundTypeSaysToBindTheFactory() throws {
        let container = try Container { binder in
            binder.bind(Service.self).to(value: NamedService(name: "s"))
        }
        let error = captureResolutionError { try container.resolve(AssistedFactory<String, Service>.self) }
        #expect(
            error?.description == """
                error[missing-binding]: AssistedFactory<String, Service> cannot be provided: Service is not an Injectable class, so the container cannot make it from a String by itself.
                  path: AssistedFactory<String, Service>
                  fix: Bind the factory with `binder.bind(AssistedFactory<String, Service>.self).to(assisted: …)`, passing a function whose first parameter is the String and whose other parameters the container resolves.
                """)
    }

    @Test func aSeedOfTheWrongTypeNamesBothTypes() throws {
        let error = captureResolutionError { try Container().resolve(Lobby.self) }
        #expect(
            error?.description == """
                error[assisted-seed-mismatch]: AssistedFactory<String, Desk> is given a String, but Desk.ticket, the assisted property it fills, is a Ticket.
                  at: \(marked("ticket"))
                  path: Lobby.makeDesk → Desk.ticket
                  fix: Depend on `AssistedFactory<Ticket, Desk>`, or declare Desk.ticket as a String.
                """)
    }

    @Test func aFactoryThatMakesItsOwnTypeUntilItStopsBuildsATree() throws {
        let container = try Container { binder in
            binder.bind(AssistedFactory<Int, Tree>.self).to(assisted: Tree.init)
        }
        #expect(try container.resolve(AssistedFactory<Int, Tree>.self).make(3).count == 15)
    }

    @Test func anAutowiredClassThatMakesItsOwnTypeUntilItStopsWorks() throws {
        let container = Container()
        let root = try container.resolve(AssistedFactory<Int, Branch>.self).make(3)
        #expect(try root.grow() == 4)
    }
}

private struct Leash {
    let dog: Dog?
    let logger: (any Logger)?
}
