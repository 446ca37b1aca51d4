import Testing

@testable import Autowire

@Suite struct RegionSetTests {
    @Test func eachIndexUpToTheCapacityIsItsOwnMember() {
        var set = RegionSet()
        #expect(set.isEmpty)
        for index in [0, 63, 64, 127, 128, 191, 192, 255] {
            set.insert(index)
            #expect(set.contains(index))
        }
        #expect((0..<RegionSet.capacity).filter(set.contains) == [0, 63, 64, 127, 128, 191, 192, 255])
        set.remove(64)
        #expect((0..<RegionSet.capacity).filter(set.contains) == [0, 63, 127, 128, 191, 192, 255])
        set.removeAll()
        #expect(set.isEmpty)
    }

    @Test func aRangeAcrossWordsInsertsEveryIndexInItAndNoOther() {
        var set = RegionSet()
        set.insert(from: 60, through: 130)
        #expect((0..<RegionSet.capacity).filter(set.contains) == Array(60...130))
        set.insert(from: 200, through: 200)
        #expect(set.contains(200) && !set.contains(199) && !set.contains(201))
    }
}
