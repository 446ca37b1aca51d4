extension ProgramLowering {
    /// Where a value begun now stands to the `.optional` properties being filled, for a call that may find an
    /// offered instance gone: a resolve leaves such a property as it was only when the absence names at most
    /// one step (`ResolutionError.isUnavailableInstance`), and an object or named parameter between adds one.
    enum OptionalPlace {
        /// No `.optional` property up to the nearest object filled around it: an absence fails the resolve.
        case none
        /// The value goes straight into an `.optional` property of the innermost object.
        case property
        /// It reaches such a property through something else first: through a factory's call, which names
        /// a step, an absence fails the resolve; a wrapper naming none gets a call of its own.
        case beside
    }

    /// Decided by the innermost object being filled: any object below a property adds a step.
    func optionalPlace(of destination: Destination) -> OptionalPlace {
        for index in stack.indices.reversed() {
            guard case .fill(_, _, let steps, _) = stack[index].work, stack[index].next > 0 else { continue }
            guard steps[stack[index].next - 1].requirement.isOptional else { return .none }
            guard index == stack.count - 1, case .store = destination else { return .beside }
            return .property
        }
        return .none
    }

    /// An alias's `conversion` of an offered object going straight into an `.optional` property, as one call:
    /// its absence reaches the property in one step. Nil when the object is at hand or not offered.
    func offeredReadConverted(by conversion: ProgramFactory, _ argument: AnyProducer, for destination: Destination)
        -> ProgramFactory?
    {
        guard optionalPlace(of: destination) == .property, let read = offeredRead(of: argument) else { return nil }
        return ConvertedOfferedRead(read, convertedBy: conversion)
    }

    /// The read of the offered object `producer` is or forwards to (through aliases); nil when at hand or not.
    func offeredRead(of producer: AnyProducer) -> ProgramFactory? {
        var producer = producer
        // A loop: aliases forward to aliases, as many as bound (the build refuses a cycle of them).
        while graphSlots[ObjectIdentifier(producer)] == nil {
            switch producer.lowering(insideKeptObject: isInsideKeptObject) {
            case .forward(let target): producer = target
            case .factory(let read, let parameters, _) where read.mayBeUnavailable && parameters.isEmpty: return read
            default: return nil
            }
        }
        return nil
    }

    /// Whether `parameters` may be an offered object's absence naming no step, through wrappers naming none
    /// (an `Optional`, a collection, an alias): an `.optional` property it reaches is left as it was.
    func mayBeAbsentNamingNoStep(_ parameters: [AnyProducer]) -> Bool {
        var pending = parameters
        var seen = Set<ObjectIdentifier>()
        // (A work list: wrappers can wrap wrappers, as deep as the user's types nest.)
        while let producer = pending.popLast() {
            guard seen.insert(ObjectIdentifier(producer)).inserted, graphSlots[ObjectIdentifier(producer)] == nil
            else { continue }
            switch producer.lowering(insideKeptObject: isInsideKeptObject) {
            case .forward(let target): pending.append(target)
            case .factory(let factory, _, _) where factory.mayBeUnavailable: return true
            case .factory(let factory, let parameters, _) where !factory.namesPath: pending += parameters
            default: break
            }
        }
        return false
    }

    /// Whether a call between the value begun now and the innermost object being filled names a step: an
    /// absence reaching that object's `.optional` property then names two, and fails the resolve.
    func namesAStepBelowTheInnermostFill() -> Bool {
        for index in stack.indices.reversed() {
            switch stack[index].work {
            case .fill where stack[index].next > 0: return false
            case .call(let factory, _, _, _, _) where factory.namesPath: return true
            default: continue
            }
        }
        return false
    }
}
