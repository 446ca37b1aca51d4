import Testing

@testable import Autowire

@Suite struct RegionSetTests {
    @Test func eachIndexIsItsOwnMemberInsideTheRecordAndPastIt() {
        var set = RegionSet()
        #expect(set.isEmpty)
        for index in [0, 63, 64, 127, 128, 191, 192, 255, 256, 700] {
            set.insert(index)
            #expect(set.contains(index))
        }
        #expect((0..<1_024).filter(set.contains) == [0, 63, 64, 127, 128, 191, 192, 255, 256, 700])
        set.remove(64)
        set.remove(700)
        #expect((0..<1_024).filter(set.contains) == [0, 63, 127, 128, 191, 192, 255, 256])
        set.removeAll()
        #expect(set.isEmpty)
    }

    /// A program with more than 256 regions (a nested program's, one per `.graph` object): the
    /// set was four words, and an index past them was read and written as one in the fourth.
    @Test func aSetWithOnlyIndicesPastTheFirst256IsNotEmptyUntilTheyAreRemoved() {
        var set = RegionSet()
        set.insert(from: 250, through: 300)
        #expect((0..<1_024).filter(set.contains) == Array(250...300))
        for index in 250...255 { set.remove(index) }
        #expect(!set.isEmpty)
        for index in 256...300 { set.remove(index) }
        #expect(set.isEmpty)
        #expect(!set.contains(5_000))
    }

    @Test func aRangeAcrossWordsInsertsEveryIndexInItAndNoOther() {
        var set = RegionSet()
        set.insert(from: 60, through: 130)
        #expect((0..<1_024).filter(set.contains) == Array(60...130))
        set.insert(from: 200, through: 200)
        #expect(set.contains(200) && !set.contains(199) && !set.contains(201))
    }

    @Test func aCopyPastTheFirst256IsASetOfItsOwn() {
        var set = RegionSet()
        set.insert(300)
        var copy = set
        copy.insert(400)
        copy.remove(300)
        #expect(set.contains(300) && !set.contains(400))
        #expect(copy.contains(400) && !copy.contains(300))
    }
}
