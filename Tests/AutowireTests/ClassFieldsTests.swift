import Testing

@testable import Autowire

@Suite struct ClassFieldsTests {
    private class Base {
        var owner: AnyObject?
        var count = 0
    }
    private final class Derived: Base {
        weak var delegate: AnyObject?
        var flag: Bool? = nil
    }
    private final class Unrelated {
        var first: AnyObject? = Derived()
        var second: AnyObject? = Derived()
        var third: AnyObject? = Derived()
        var fourth: AnyObject? = Derived()
    }

    @Test func listsSuperclassFieldsFirstWithTheirOffsets() {
        let records = ClassFields(of: Derived.self)
        #expect(records.isComplete)
        #expect(records.fields.map(\.name) == ["owner", "count", "delegate", "flag"])
        #expect(records.fields.map(\.offset) == records.fields.map(\.offset).sorted())
        #expect(ObjectIdentifier(records.fields[1].type) == ObjectIdentifier(Int.self))
    }

    @Test func readsWhetherAReferenceFieldIsNilWithoutLoadingIt() {
        let records = ClassFields(of: Derived.self)
        let object = Derived()
        #expect(records.isZeroWord(at: 0, in: object) == true)
        #expect(records.isZeroWord(at: 2, in: object) == true)
        let target = Base()
        object.owner = target
        object.delegate = target
        #expect(records.isZeroWord(at: 0, in: object) == false)
        #expect(records.isZeroWord(at: 2, in: object) == false)
    }

    @Test func readsNothingOfAnObjectOfAnotherClassOrAFieldShorterThanAWord() {
        let records = ClassFields(of: Derived.self)
        #expect(records.isZeroWord(at: 0, in: Unrelated()) == nil)
        #expect(records.isZeroWord(at: 0, in: Base()) == nil)
        #expect(records.isZeroWord(at: 3, in: Derived()) == nil)
        #expect(records.isZeroWord(at: 9, in: Derived()) == nil)
    }

    @Test func theMetadataKindTellsClassesFromValuesAndExistentials() {
        #expect(MetadataKind.of(Derived.self) == 0)
        #expect(MetadataKind.of(Int.self) != 0)
        #expect(MetadataKind.of((any Sendable).self) == 0x303)
        #expect(MetadataKind.of(AnyObject.self) == 0x303)
    }
}
