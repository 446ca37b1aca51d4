import Testing

@testable import Autowire

// A resolve program's tables share one allocation (`TableBlock`): each must sit at an offset
// aligned for its elements, after the one before, in a block aligned for the strictest of them.

private struct Wide {
    let high: UInt64
    let low: UInt64
}

@Suite struct TableBlockTests {
    @Test func eachTableIsPlacedAlignedForItsElementsAfterTheOneBefore() {
        var layout = TableBlock.Layout()
        let bytes = layout.reserve(UInt8.self, count: 3)
        let words = layout.reserve(UInt32.self, count: 2)
        let none = layout.reserve(UInt64.self, count: 0)
        let wides = layout.reserve(Wide.self, count: 2)

        #expect([bytes, words, none, wides] == [0, 4, 16, 16])
        #expect(layout.byteCount == 16 + 2 * MemoryLayout<Wide>.stride)
        #expect(layout.alignment == MemoryLayout<UInt64>.alignment)
    }

    @Test func tablesInOneBlockHoldTheirOwnElements() {
        var layout = TableBlock.Layout()
        let numbersAt = layout.reserve(Int32.self, count: 3)
        let namesAt = layout.reserve(String.self, count: 2)
        let block = TableBlock(layout)
        let numbers = FixedBuffer([7, 8, 9] as [Int32], in: block, at: numbersAt)
        let names = FixedBuffer(["pen", "paper"], in: block, at: namesAt) { $0.uppercased() }

        #expect((0..<numbers.count).map { numbers[$0] } == [7, 8, 9])
        #expect((0..<names.count).map { names[$0] } == ["PEN", "PAPER"])

        numbers.deinitialize()
        names.deinitialize()
        block.free()
    }
}
