import Testing

@testable import Autowire

@Suite struct ReadyTopLevelResultTests {
    private final class Engine {}

    @Test func aReadySingletonIsHandedOverAsItsRecordedResult() throws {
        let container = try Container { binder in binder.bind(Engine.self).scoped(.singleton).to { _ in Engine() } }
        let engine = try container.resolve(Engine.self)
        let producer = try container.registry.rootProducer(for: BindingKey(type: Engine.self, tag: nil))
        let ready = try producer.readyTopLevelResult()
        let result = try #require(ready)
        #expect(result.take(as: Engine.self) === engine)
    }

    @Test func aSingletonNotMadeYetHasNoReadyResult() throws {
        let container = try Container { binder in binder.bind(Engine.self).scoped(.singleton).to { _ in Engine() } }
        let producer = try container.registry.rootProducer(for: BindingKey(type: Engine.self, tag: nil))
        let ready = try producer.readyTopLevelResult()
        #expect(ready == nil)
    }
}
