import Testing

@testable import Autowire

@Suite struct CompilerStorageTests {
    /// The root producers of `Chain1000Link0…` in a container of their own, with their keys.
    private static func producers(_ count: Int) throws -> (Container, [(BindingKey, AnyProducer)]) {
        let container = Container()
        var link: (any ChainLink)? = try container.resolve(Chain1000Link0.self)
        var entries: [(BindingKey, AnyProducer)] = []
        while let current = link, entries.count < count {
            let key = BindingKey(type: type(of: current), tag: nil)
            entries.append((key, try container.registry.rootProducer(for: key)))
            link = current.nextLink
        }
        return (container, entries)
    }

    @Test func producersCompiledNowHideCommittedOnesAndCommitAddsThemToTheTable() throws {
        let (old, committed) = try Self.producers(3)
        let (new, compiled) = try Self.producers(2)
        let storage = CompilerStorage(committed: Dictionary(uniqueKeysWithValues: committed), reservingRoomFor: 2)
        #expect(storage.producer(registeredFor: committed[0].0) === committed[0].1)
        storage.insertCompiled(compiled[0].1)
        #expect(storage.producer(registeredFor: committed[0].0) === compiled[0].1)
        #expect(storage.producer(registeredFor: committed[2].0) === committed[2].1)
        #expect(storage.table.count == 3 && storage.committedTable.count == 3)
        var table = Dictionary(uniqueKeysWithValues: committed)
        storage.commit(into: &table)
        #expect(table.count == 3)
        #expect(table[committed[0].0] === compiled[0].1 && table[committed[1].0] === committed[1].1)
        withExtendedLifetime((old, new)) {}
    }

    @Test func aTableSmallerThanWhatWasCompiledKeepsItsOwnEntriesWhereNothingNewReplacesThem() throws {
        let (old, committed) = try Self.producers(1)
        let (new, compiled) = try Self.producers(3)
        let storage = CompilerStorage(committed: [:], reservingRoomFor: 0)
        for (_, producer) in compiled { storage.insertCompiled(producer) }
        var table = Dictionary(uniqueKeysWithValues: committed)
        storage.commit(into: &table)
        #expect(table.count == 3)
        #expect(compiled.allSatisfy { key, producer in table[key] === producer })
        withExtendedLifetime((old, new)) {}
    }

    @Test func theLazyPathReadsBackWhatWasSet() {
        let storage = CompilerStorage(committed: [:], reservingRoomFor: 0)
        #expect(storage.lazyPath == nil)
        let outer = PathComponent(.text { "Outer" }, after: nil)
        storage.lazyPath = PathComponent(.text { "Inner" }, after: outer)
        #expect(storage.lazyPath?.components == ["Outer", "Inner"])
        storage.lazyPath = storage.lazyPath?.parent
        #expect(storage.lazyPath === outer)
    }

    @Test func fillsAreHandedOutInnermostFirstAndEachFinishedClassIsPoppedOnItsOwnStep() throws {
        let (container, entries) = try Self.producers(2)
        let storage = CompilerStorage(committed: [:], reservingRoomFor: 0)
        func entry(_ type: (some Injectable).Type, _ producer: AnyProducer) -> PendingFills.Entry {
            PendingFills.Entry(
                DeclaredDependency.all(type.dependencies), of: type, into: InjectionPlan(), edgesOf: producer,
                path: nil)
        }
        storage.pushFills(entry(Chain1000Link0.self, entries[0].1))
        storage.pushFills(entry(Chain1000Link1.self, entries[1].1))
        #expect(storage.pendingFillsDepth == 2)
        var steps: [String] = []
        while let step = storage.nextFill(above: 0) {
            switch step {
            case .fill(let fills, let index): steps.append("fill \(index) of \(fills.producer.key.typeName)")
            case .finished(let producer): steps.append("finished \(producer.key.typeName)")
            }
        }
        #expect(
            steps == [
                "fill 0 of Chain1000Link1", "finished Chain1000Link1", "fill 0 of Chain1000Link0",
                "finished Chain1000Link0",
            ])
        #expect(storage.pendingFillsDepth == 0)
        withExtendedLifetime(container) {}
    }
}
