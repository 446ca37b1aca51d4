import Testing

@testable import Autowire

// A typed factory of more than 64 parameters is called by its program as any typed factory is:
// the call's masks describe its first 64 arguments, and the rest are told apart by their type
// (before, such a factory was called as a closure is, each argument from its own nested program).

private final class Part: Injectable {}

private final class Assembly {
    let parts: [Part]
    init(parts: [Part]) { self.parts = parts }
}

/// Holds an assembly and a part of its own, which is the assembly's parts' `.graph` part.
private final class Workshop: Injectable {
    var assembly: Assembly!
    var part: Part!
    static let dependencies: [Dependency<Workshop>] = [.inject(\.assembly), .inject(\.part)]
}

/// Sixty-five parameters, all the same `.graph` part.
private func assemble(
    _ p0: Part, _ p1: Part, _ p2: Part, _ p3: Part, _ p4: Part, _ p5: Part, _ p6: Part, _ p7: Part, _ p8: Part,
    _ p9: Part, _ p10: Part, _ p11: Part, _ p12: Part, _ p13: Part, _ p14: Part, _ p15: Part, _ p16: Part, _ p17: Part,
    _ p18: Part, _ p19: Part, _ p20: Part, _ p21: Part, _ p22: Part, _ p23: Part, _ p24: Part, _ p25: Part, _ p26: Part,
    _ p27: Part, _ p28: Part, _ p29: Part, _ p30: Part, _ p31: Part, _ p32: Part, _ p33: Part, _ p34: Part, _ p35: Part,
    _ p36: Part, _ p37: Part, _ p38: Part, _ p39: Part, _ p40: Part, _ p41: Part, _ p42: Part, _ p43: Part, _ p44: Part,
    _ p45: Part, _ p46: Part, _ p47: Part, _ p48: Part, _ p49: Part, _ p50: Part, _ p51: Part, _ p52: Part, _ p53: Part,
    _ p54: Part, _ p55: Part, _ p56: Part, _ p57: Part, _ p58: Part, _ p59: Part, _ p60: Part, _ p61: Part, _ p62: Part,
    _ p63: Part, _ p64: Part
) -> Assembly {
    Assembly(parts: [
        p0, p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14, p15, p16, p17, p18, p19, p20, p21, p22, p23,
        p24, p25, p26, p27, p28, p29, p30, p31, p32, p33, p34, p35, p36, p37, p38, p39, p40, p41, p42, p43, p44, p45,
        p46, p47, p48, p49, p50, p51, p52, p53, p54, p55, p56, p57, p58, p59, p60, p61, p62, p63, p64,
    ])
}

/// Sixty-four parts, then values past the 64 arguments a call's masks describe: a string, a
/// number and one more part.
private final class Label {
    let parts: [Part]
    let name: String
    let count: Int
    let last: Part
    init(parts: [Part], name: String, count: Int, last: Part) {
        self.parts = parts
        self.name = name
        self.count = count
        self.last = last
    }
}

private func label(
    _ p0: Part, _ p1: Part, _ p2: Part, _ p3: Part, _ p4: Part, _ p5: Part, _ p6: Part, _ p7: Part, _ p8: Part,
    _ p9: Part, _ p10: Part, _ p11: Part, _ p12: Part, _ p13: Part, _ p14: Part, _ p15: Part, _ p16: Part,
    _ p17: Part, _ p18: Part, _ p19: Part, _ p20: Part, _ p21: Part, _ p22: Part, _ p23: Part, _ p24: Part,
    _ p25: Part, _ p26: Part, _ p27: Part, _ p28: Part, _ p29: Part, _ p30: Part, _ p31: Part, _ p32: Part,
    _ p33: Part, _ p34: Part, _ p35: Part, _ p36: Part, _ p37: Part, _ p38: Part, _ p39: Part, _ p40: Part,
    _ p41: Part, _ p42: Part, _ p43: Part, _ p44: Part, _ p45: Part, _ p46: Part, _ p47: Part, _ p48: Part,
    _ p49: Part, _ p50: Part, _ p51: Part, _ p52: Part, _ p53: Part, _ p54: Part, _ p55: Part, _ p56: Part,
    _ p57: Part, _ p58: Part, _ p59: Part, _ p60: Part, _ p61: Part, _ p62: Part, _ p63: Part, _ name: String,
    _ count: Int, _ last: Part
) -> Label {
    Label(
        parts: [
            p0, p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14, p15, p16, p17, p18, p19, p20, p21, p22,
            p23, p24, p25, p26, p27, p28, p29, p30, p31, p32, p33, p34, p35, p36, p37, p38, p39, p40, p41, p42, p43,
            p44, p45, p46, p47, p48, p49, p50, p51, p52, p53, p54, p55, p56, p57, p58, p59, p60, p61, p62, p63,
        ], name: name, count: count, last: last)
}

/// Made by an initializer of sixty-five parts, all the same `.graph` part, then filled: its `part`
/// is the same part too, and its hook sees both.
private final class Machine: ConstructorInjectable, Injectable {
    let parts: [Part]
    var part: Part!
    var partWasFilledBeforeTheHook = false
    static let dependencies: [Dependency<Machine>] = [.inject(\.part)]
    static let construction = Construction(
        Machine.init(
            _:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:
            _:_:_:_:_:_:_:_:_:_:_:))

    init(
        _ p0: Part, _ p1: Part, _ p2: Part, _ p3: Part, _ p4: Part, _ p5: Part, _ p6: Part, _ p7: Part, _ p8: Part,
        _ p9: Part, _ p10: Part, _ p11: Part, _ p12: Part, _ p13: Part, _ p14: Part, _ p15: Part, _ p16: Part,
        _ p17: Part, _ p18: Part, _ p19: Part, _ p20: Part, _ p21: Part, _ p22: Part, _ p23: Part, _ p24: Part,
        _ p25: Part, _ p26: Part, _ p27: Part, _ p28: Part, _ p29: Part, _ p30: Part, _ p31: Part, _ p32: Part,
        _ p33: Part, _ p34: Part, _ p35: Part, _ p36: Part, _ p37: Part, _ p38: Part, _ p39: Part, _ p40: Part,
        _ p41: Part, _ p42: Part, _ p43: Part, _ p44: Part, _ p45: Part, _ p46: Part, _ p47: Part, _ p48: Part,
        _ p49: Part, _ p50: Part, _ p51: Part, _ p52: Part, _ p53: Part, _ p54: Part, _ p55: Part, _ p56: Part,
        _ p57: Part, _ p58: Part, _ p59: Part, _ p60: Part, _ p61: Part, _ p62: Part, _ p63: Part, _ p64: Part
    ) {
        parts = [
            p0, p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14, p15, p16, p17, p18, p19, p20, p21, p22,
            p23, p24, p25, p26, p27, p28, p29, p30, p31, p32, p33, p34, p35, p36, p37, p38, p39, p40, p41, p42, p43,
            p44, p45, p46, p47, p48, p49, p50, p51, p52, p53, p54, p55, p56, p57, p58, p59, p60, p61, p62, p63, p64,
        ]
    }

    required init() { parts = [] }

    func didInjectDependencies() { partWasFilledBeforeTheHook = part != nil }
}

@Suite struct LargeTypedFactoryTests {
    @Test func aFactoryOfSixtyFiveParametersIsCalledByTheProgramWithOneGraphPartForAll() throws {
        let container = try Container { binder in binder.bind(Assembly.self).to(factory: assemble) }
        for _ in 0..<2 {
            let assembly = try container.resolve(Assembly.self)
            #expect(assembly.parts.count == 65)
            #expect(Set(assembly.parts.map(ObjectIdentifier.init)).count == 1)
        }
        #expect(try container.makesClosureCalls(of: Assembly.self) == false)
        #expect(try !container.hasNestedProgram(of: Part.self))
    }

    @Test func aSingletonFactoryOfSixtyFiveParametersIsCalledByTheProgramOnce() throws {
        let container = try Container { binder in
            binder.bind(Assembly.self).scoped(.singleton).to(factory: assemble)
        }
        let assembly = try container.resolve(Assembly.self)
        #expect(Set(assembly.parts.map(ObjectIdentifier.init)).count == 1)
        #expect(try container.resolve(Assembly.self) === assembly)
        #expect(try !container.hasNestedProgram(of: Part.self, insideKeptObject: true))
    }

    @Test func anObjectHoldingTheFactorysProductSharesItsGraphPart() throws {
        let container = try Container { binder in binder.bind(Assembly.self).to(factory: assemble) }
        let workshop = try container.resolve(Workshop.self)
        #expect(workshop.assembly.parts.allSatisfy { $0 === workshop.part })
        #expect(try container.makesClosureCalls(of: Workshop.self) == false)
    }

    /// Arguments 65 to 67 are a boxed string, a boxed number and an object: each read as what
    /// it is, with no mask bit to say so.
    @Test func valuesAndObjectsPastTheSixtyFourthParameterAreReadAsWhatTheyAre() throws {
        let container = try Container { binder in
            binder.bind(String.self).to(value: "sixty-fifth")
            binder.bind(Int.self).to(value: 66)
            binder.bind(Label.self).to(factory: label)
        }
        let made = try container.resolve(Label.self)
        #expect(made.parts.count == 64)
        #expect(made.name == "sixty-fifth")
        #expect(made.count == 66)
        #expect(made.parts.allSatisfy { $0 === made.last })
        #expect(try container.makesClosureCalls(of: Label.self) == false)
    }

    /// A construction past 64 parameters is called by the program, which then fills its product;
    /// its hook runs once the properties are filled.
    @Test func aConstructionOfSixtyFiveParametersIsFilledSharingOneGraphPart() throws {
        let container = Container()
        for _ in 0..<2 {
            let machine = try container.resolve(Machine.self)
            #expect(machine.parts.count == 65)
            #expect(machine.parts.allSatisfy { $0 === machine.part })
            #expect(machine.partWasFilledBeforeTheHook)
        }
        #expect(try container.makesClosureCalls(of: Machine.self) == false)
    }
}
