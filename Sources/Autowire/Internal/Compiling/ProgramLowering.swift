/// Lowers the compiled producers reachable from one root into a `ResolveProgram`, walking them with
/// a stack of its own (no recursion: a chain of any depth lowers).
///
/// The walk visits what the recursive path would, in the same order: an object's properties in
/// declaration order, each value made completely before it is stored. Runs under the registry's
/// lock; reads producers and plans, which are immutable once published.
struct ProgramLowering {
    enum Outcome {
        case program(ResolveProgram)
        /// A singleton on the way is not created yet: the recursive path creates it (joining this
        /// resolve's graph, as it always has), and a later resolve lowers the program.
        case notYet
        /// Something on the way only the recursive path performs; the root keeps that path.
        case unsupported
    }

    /// What the walk found for one producer.
    private enum Value {
        case slot(Int)
        case constant(Int)
    }

    private enum Stop: Error {
        case notYet, unsupported
    }

    /// An object whose properties are being filled.
    private struct Building {
        let producer: ObjectIdentifier
        let type: Any.Type
        let plan: InjectionPlan
        let slot: Int
        /// Its node in the path tree.
        let path: Int32
        let range: Int?
        var nextStep = 0
        /// Where it goes once complete: the store into the object that needs it.
        let storeInto: (owner: Int, store: ProgramStore)?
    }

    /// Past this size, a graph (transient objects reached through many diamonds multiply) keeps
    /// the recursive path.
    static let maximumInstructions = 1 << 20

    private var code: [ResolveProgram.Instruction] = []
    private var pathOf: [Int32] = []
    private var pathTree: [ResolveProgram.PathStep] = []
    private var creators: [any Injectable.Type] = []
    private var stores: [ProgramStore] = []
    private var storeIndex: [ObjectIdentifier: Int] = [:]
    private var firstFills: [FirstFillCheck] = []
    private var firstFillIndex: [ObjectIdentifier: Int] = [:]
    private var constants: [AnyObject] = []
    private var constantIndex: [ObjectIdentifier: Int] = [:]
    private var building: [ResolveProgram.BuildingRange] = []
    private var slotCount = 0
    /// Slots the frame owns a reference in (created objects).
    private var owned: [Bool] = []
    /// `.graph` objects of the resolve: one slot each, recorded at creation so cycles close.
    private var graphSlots: [ObjectIdentifier: Int] = [:]
    /// Transient objects under construction: meeting one again is a cycle no slot closes.
    private var onPath: Set<ObjectIdentifier> = []
    private var stack: [Building] = []

    static func lower(_ root: AnyProducer) -> Outcome {
        var lowering = ProgramLowering()
        do {
            return .program(try lowering.lowerRoot(root))
        } catch {
            switch error {
            case .notYet: return .notYet
            case .unsupported: return .unsupported
            }
        }
    }

    private mutating func lowerRoot(_ root: AnyProducer) throws(Stop) -> ResolveProgram {
        var injects = false
        switch root.lowering() {
        case .existing(let type, let plan):
            injects = true
            let slot = newSlot(owned: false)
            stack.append(
                Building(
                    producer: ObjectIdentifier(root), type: type, plan: plan, slot: slot, path: -1, range: nil,
                    storeInto: nil))
        case .autowired:
            guard case .slot = try begin(root, path: -1, storeInto: nil) else { throw .unsupported }
        case .constant, .notYet, .unsupported:
            // Constant roots have a fast path of their own.
            throw .unsupported
        }
        let resultSlot = stack[0].slot
        try fillAll()
        markLastReads(keeping: resultSlot)
        return ResolveProgram(
            code: code, creators: creators, stores: stores, firstFills: firstFills, constants: constants,
            slotCount: slotCount, resultSlot: resultSlot, injects: injects, building: building, pathOf: pathOf,
            pathTree: pathTree)
    }

    /// Fills the objects on the stack, innermost first, until the root is complete.
    private mutating func fillAll() throws(Stop) {
        while let top = stack.last {
            let steps = top.plan.steps
            if top.nextStep < steps.count {
                let step = steps[top.nextStep]
                stack[stack.count - 1].nextStep += 1
                guard !step.requirement.requiresMainActor else { throw .unsupported }
                pathTree.append(ResolveProgram.PathStep(parent: top.path, ownerType: top.type, requirement: step.requirement))
                let path = Int32(pathTree.count - 1)
                if let value = try begin(step.target, path: path, storeInto: (top.slot, step.store)) {
                    emitStore(step.store, into: top.slot, value, path: path)
                }
                continue
            }
            stack.removeLast()
            if let check = top.plan.firstFill, !check.hasPassed {
                let index = firstFillIndex[ObjectIdentifier(check)] ?? Self.append(check, to: &firstFills)
                firstFillIndex[ObjectIdentifier(check)] = index
                emit(.init(operation: .checkFirstFill, object: UInt32(top.slot), operand: Int32(index)), path: top.path)
            }
            if let range = top.range { building[range].end = code.count }
            onPath.remove(top.producer)
            if let (owner, store) = top.storeInto { emitStore(store, into: owner, .slot(top.slot), path: top.path) }
        }
    }

    /// The value of `producer` if it is at hand; nil when its object was created and pushed, to be
    /// stored once complete.
    private mutating func begin(_ producer: AnyProducer, path: Int32, storeInto: (owner: Int, store: ProgramStore)?)
        throws(Stop) -> Value?
    {
        let id = ObjectIdentifier(producer)
        if let slot = graphSlots[id] { return .slot(slot) }
        if let index = constantIndex[id] { return .constant(index) }
        switch producer.lowering() {
        case .constant(let value):
            let index = Self.append(value, to: &constants)
            constantIndex[id] = index
            return .constant(index)
        case .autowired(let type, let plan, let shared):
            // A transient object needing itself: the recursive path reports the cycle.
            guard !onPath.contains(id), code.count < Self.maximumInstructions else { throw .unsupported }
            let slot = newSlot(owned: true)
            building.append(ResolveProgram.BuildingRange(producer: id, start: code.count, end: code.count))
            emit(.init(operation: .create, object: UInt32(slot), operand: Int32(Self.append(type, to: &creators))), path: path)
            if shared { graphSlots[id] = slot } else { onPath.insert(id) }
            stack.append(
                Building(
                    producer: id, type: type, plan: plan, slot: slot, path: path, range: building.count - 1,
                    storeInto: storeInto))
            return storeInto == nil ? .slot(slot) : nil
        case .notYet:
            throw .notYet
        case .existing, .unsupported:
            throw .unsupported
        }
    }

    private mutating func emitStore(_ store: ProgramStore, into owner: Int, _ value: Value, path: Int32) {
        var instruction = ResolveProgram.Instruction(operation: .storeThroughKeyPath, object: UInt32(owner))
        switch value {
        case .slot(let slot): instruction.value = UInt32(slot)
        case .constant(let index):
            instruction.value = UInt32(index)
            instruction.valueIsConstant = true
        }
        if let offset = store.directOffset {
            instruction.operation = .storeAtOffset
            instruction.operand = Int32(offset)
        } else {
            let index = storeIndex[ObjectIdentifier(store)] ?? Self.append(store, to: &stores)
            storeIndex[ObjectIdentifier(store)] = index
            instruction.operand = Int32(index)
        }
        emit(instruction, path: path)
    }

    /// Marks each owned slot's last read as a move when it is a store of its value; a slot whose
    /// last read is anything else (filling or checking its object) is released at the end.
    private mutating func markLastReads(keeping resultSlot: Int) {
        var read = [Bool](repeating: false, count: slotCount)
        var moved = [Bool](repeating: false, count: slotCount)
        read[resultSlot] = true
        for pc in code.indices.reversed() {
            let instruction = code[pc]
            switch instruction.operation {
            case .storeAtOffset, .storeThroughKeyPath:
                if !instruction.valueIsConstant {
                    let value = Int(instruction.value)
                    if owned[value], !read[value] {
                        code[pc].moves = true
                        moved[value] = true
                    }
                    read[value] = true
                }
                read[Int(instruction.object)] = true
            case .checkFirstFill:
                read[Int(instruction.object)] = true
            case .create, .release:
                break
            }
        }
        for slot in 0..<slotCount where owned[slot] && slot != resultSlot && !moved[slot] {
            emit(.init(operation: .release, object: UInt32(slot)), path: -1)
        }
    }

    private mutating func newSlot(owned isOwned: Bool) -> Int {
        owned.append(isOwned)
        slotCount += 1
        return slotCount - 1
    }

    private mutating func emit(_ instruction: ResolveProgram.Instruction, path: Int32) {
        code.append(instruction)
        pathOf.append(path)
    }

    private static func append<Element>(_ element: Element, to table: inout [Element]) -> Int {
        table.append(element)
        return table.count - 1
    }
}
