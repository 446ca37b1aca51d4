// Emitting: delivering complete values, the instructions and path tree, and slots' last reads (moves).

extension ProgramLowering {
    /// Where an alias's implementation object goes instead of its box, once `conversion` succeeded: a property
    /// of the bound type at a learned offset, or a parameter of a call specialized in the caller's module.
    func convertedDestination(
        _ destination: Destination, _ alias: ProgramFactory, _ conversion: ImplementationConversion
    )
        -> Destination?
    {
        switch destination {
        case .store(let owner, let store):
            return store.converting(conversion).map { .store(owner: owner, $0) }
        case .argument(let index):
            guard conversion.isProven, case .call(let consumer, _, _, _, _) = stack[index].work,
                consumer.isSpecializedCall
            else { return nil }
            return .convertedArgument(index, conversion, alias: alias)
        default:
            return nil
        }
    }

    mutating func deliver(_ value: Value, to destination: Destination, path: Int32) throws(Stop) {
        switch destination {
        case .root:
            switch value {
            case .slot(let slot):
                resultSlot = slot
            case .constant(let constant):
                // A root that forwards to a value fixed for the container's life (a created
                // singleton): one call hands it out.
                guard let rootKey else { throw .unsupported }
                let slot = newSlot(owned: true)
                emitCall(ConstantRead(constants[constant], key: rootKey), arguments: [], into: slot, path: path)
                resultSlot = slot
            }
        case .store(let owner, let store):
            emitStore(store, into: owner, value, path: path)
        case .argument(let index):
            switch value {
            case .slot(let slot): appendArgument(UInt32(slot), toCallAt: index)
            case .constant(let constant):
                appendArgument(UInt32(constant) | FactoryArguments.constantBit, toCallAt: index)
            }
        case .convertedArgument(let index, let conversion, let alias):
            switch value {
            case .slot(let slot):
                let constant = conversionIndex[ObjectIdentifier(conversion)] ?? Self.append(conversion, to: &constants)
                conversionIndex[ObjectIdentifier(conversion)] = constant
                guard slot < FactoryArguments.convertedFieldLimit, constant < FactoryArguments.convertedFieldLimit
                else {
                    // Past what one entry names: the alias converts it in a call of its own.
                    let converted = newSlot(owned: true)
                    emitCall(alias, arguments: [UInt32(slot)], into: converted, path: path)
                    appendArgument(UInt32(converted), toCallAt: index)
                    return
                }
                appendArgument(
                    FactoryArguments.convertedBit | UInt32(constant) << 15 | UInt32(slot), toCallAt: index)
            case .constant(let constant):
                // A constant (a created singleton) is converted once, now.
                guard let boxed = conversion.box(constants[constant]) else {
                    // One that does not conform fails in the alias's call, as it would anywhere.
                    let converted = newSlot(owned: true)
                    emitCall(
                        alias, arguments: [UInt32(constant) | FactoryArguments.constantBit], into: converted, path: path
                    )
                    appendArgument(UInt32(converted), toCallAt: index)
                    return
                }
                appendArgument(
                    UInt32(Self.append(boxed, to: &constants)) | FactoryArguments.constantBit, toCallAt: index)
            }
        case .leaveScope(let region, let slot, let then):
            if regions[region].publishes { completeBeforePublishing(region, slot: slot) }
            emit(.init(operation: .leaveScope, object: UInt32(slot), operand: Int32(region)), path: path)
            closeRegion(region)
            try deliver(value, to: then, path: path)
        case .endShared(let region, let then):
            closeShared(region)
            try deliver(value, to: then, path: path)
        }
    }

    /// Emits a call of `factory` with `arguments` (argument table entries), its product to `slot`.
    mutating func emitCall(
        _ factory: ProgramFactory, arguments: [UInt32], into slot: Int, toleratesAbsence: Bool = false, path: Int32
    ) {
        factorySites.append(
            ResolveProgram.FactorySite(
                instruction: code.count, factory: Unowned(factory), first: self.arguments.count,
                count: arguments.count, references: factory.references))
        self.arguments += arguments
        factories.append(factory)
        let writesProductIntoSlot = (factory as? SpecializedProgramFactory)?.writesProductIntoSlot ?? false
        emit(
            .init(
                operation: .callFactory, moves: toleratesAbsence, object: UInt32(slot),
                value: writesProductIntoSlot ? 1 : 0, operand: Int32(factorySites.count - 1)),
            path: path)
    }

    mutating func appendArgument(_ entry: UInt32, toCallAt index: Int) {
        if case .call(let factory, let parameters, var arguments, let shared, let slot) = stack[index].work {
            arguments.append(entry)
            stack[index].work = .call(factory, parameters: parameters, arguments: arguments, shared: shared, slot: slot)
        }
    }

    /// The slot an argument table entry reads, or nil for a constant.
    static func slot(ofArgument entry: UInt32) -> Int? {
        if entry & FactoryArguments.constantBit != 0 { return nil }
        if entry & FactoryArguments.convertedBit != 0 { return Int(entry & 0x7FFF) }
        return Int(entry)
    }

    mutating func addPath(_ parent: Int32, _ edge: ResolveProgram.PathStep.Edge) -> Int32 {
        pathTree.append(ResolveProgram.PathStep(parent: parent, edge: edge))
        return Int32(pathTree.count - 1)
    }

    mutating func emitStore(_ store: ProgramStore, into owner: Int, _ value: Value, path: Int32) {
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

    /// What `markLastReads` knows of one slot, walking the code from its end.
    struct LastRead {
        var read = false
        var moved = false
        /// The instruction its reference moves at: only needed to skip regions.
        var movedAt = 0
    }

    /// Marks each owned slot's last read as a move when it is a store of its value; a slot whose
    /// last read is anything else (filling or checking its object) is released at the end.
    mutating func markLastReads(keeping resultSlot: Int) {
        lastReads.removeAll(keepingCapacity: true)
        lastReads.append(contentsOf: repeatElement(LastRead(), count: slotCount))
        lastReads[resultSlot].read = true
        for pc in code.indices.reversed() {
            let instruction = code[pc]
            switch instruction.operation {
            case .storeAtOffset, .storeThroughKeyPath:
                if !instruction.valueIsConstant {
                    let value = Int(instruction.value)
                    if owned[value], !lastReads[value].read {
                        code[pc].moves = true
                        lastReads[value].moved = true
                        lastReads[value].movedAt = pc
                    }
                    lastReads[value].read = true
                }
                lastReads[Int(instruction.object)].read = true
            case .leaveScope where instruction.publishesStaged:
                break
            case .checkFirstFill, .callHook, .leaveScope:
                lastReads[Int(instruction.object)].read = true
            case .callFactory:
                // A consuming factory takes over a slot read last here; others borrow (released at the end).
                // Arguments are visited from the last, so of two reads of a slot in one call, the later moves.
                let site = factorySites[Int(instruction.operand)]
                let consumes = site.factory.withObject { $0.isSpecializedCall }
                for index in (0..<site.count).reversed() {
                    guard let value = Self.slot(ofArgument: arguments[site.first + index]) else { continue }
                    if consumes, owned[value], !lastReads[value].read {
                        factorySites[Int(instruction.operand)].moves |= 1 << UInt64(index)
                        lastReads[value].moved = true
                        lastReads[value].movedAt = pc
                    }
                    lastReads[value].read = true
                }
            case .create, .release, .enterScope, .requireMainActor:
                break
            }
        }
        for slot in 0..<slotCount where owned[slot] && slot != resultSlot && !lastReads[slot].moved {
            emit(.init(operation: .release, object: UInt32(slot)), path: -1)
        }
        if !regions.isEmpty { listReleasesWhenSkipped() }
    }

    mutating func newSlot(owned isOwned: Bool) -> Int {
        owned.append(isOwned)
        slotCount += 1
        return slotCount - 1
    }

    mutating func emit(_ instruction: ResolveProgram.Instruction, path: Int32) {
        code.append(instruction)
        pathOf.append(path)
    }

    static func append<Element>(_ element: Element, to table: inout [Element]) -> Int {
        table.append(element)
        return table.count - 1
    }
}
