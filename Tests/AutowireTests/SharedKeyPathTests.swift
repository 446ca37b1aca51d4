import Testing

@testable import Autowire

@Suite struct SharedKeyPathTests {
    private final class Holder: @unchecked Sendable {
        var count = 0
        var name: String? = nil
        var owner: Owner? = nil
    }

    private final class Owner: Sendable {}

    @Test func writesThroughTheKeyPathAndMeasuresTheOffsetDirectStoresUse() {
        let holder = Holder()
        let name = SharedKeyPath(\Holder.name)
        name.write("written", into: holder)
        #expect(holder.name == "written")
        let count = SharedKeyPath(\Holder.count)
        FieldAddress(in: holder, at: count.offset(in: holder)).assign(42)
        #expect(holder.count == 42)
        #expect(name.offset(in: holder) != count.offset(in: holder))
    }

    @Test func anObjectStoredAtItsOffsetIsRetainedAndTheOldOneReleased() {
        let holder = Holder()
        let field = FieldAddress(in: holder, at: SharedKeyPath(\Holder.owner).offset(in: holder))
        weak var first: Owner?
        weak var second: Owner?
        do {
            let owner = Owner()
            first = owner
            field.assign(object: owner)
        }
        #expect(first != nil && holder.owner === first)
        do {
            let owner = Owner()
            second = owner
            field.assign(object: owner)
        }
        #expect(first == nil)
        #expect(second != nil && holder.owner === second)
        holder.owner = nil
        #expect(second == nil)
    }

    @Test func anotherThreadWritesThroughTheSameKeyPath() {
        let holder = Holder()
        let count = SharedKeyPath(\Holder.count)
        PlatformTests.onAnotherThread { count.write(7, into: holder) }
        #expect(holder.count == 7)
    }
}
