import Testing

@testable import Autowire

@Suite struct SharedKeyPathTests {
    private final class Holder: @unchecked Sendable {
        var count = 0
        var name: String? = nil
    }

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

    @Test func anotherThreadWritesThroughTheSameKeyPath() {
        let holder = Holder()
        let count = SharedKeyPath(\Holder.count)
        PlatformTests.onAnotherThread { count.write(7, into: holder) }
        #expect(holder.count == 7)
    }
}
