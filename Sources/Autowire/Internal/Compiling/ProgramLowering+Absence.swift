// Absence: how a program leaves an `.optional` property as it was when an offered object its
// value needs is gone (see `OptionalPlace`).

extension ProgramLowering {
    /// Where a value begun now stands to the `.optional` properties being filled, for a call that
    /// may find an offered instance gone. A resolve leaves such a property as it was when that
    /// absence reaches it naming at most one step (`ResolutionError.isUnavailableInstance`); an
    /// object or a named factory parameter between adds one, so only a call delivering to the
    /// property itself can be absorbed.
    enum OptionalPlace {
        /// Nothing between the value and the nearest object filled around it is optional: an
        /// absence fails the resolve, as any error does.
        case none
        /// The value goes straight into an `.optional` property of the innermost object.
        case property
        /// It reaches such a property through something else first (a region, a call): through a
        /// factory's call, which names a step, an absence fails the resolve; a wrapper that names
        /// none is made by a call of its own (see `mayBeAbsentNamingNoStep`).
        case beside
    }

    /// Where a value begun now for `destination` stands (see `OptionalPlace`): decided by the
    /// innermost object being filled, since any object below a property adds a step.
    func optionalPlace(of destination: Destination) -> OptionalPlace {
        for index in stack.indices.reversed() {
            guard case .fill(_, _, let steps, _) = stack[index].work, stack[index].next > 0 else { continue }
            guard steps[stack[index].next - 1].requirement.isOptional else { return .none }
            guard index == stack.count - 1, case .store = destination else { return .beside }
            return .property
        }
        return .none
    }

    /// For an alias's `conversion` of an offered object (`argument`) going straight into an
    /// `.optional` property: both as one call, whose absence reaches the property in one step and
    /// leaves it as it was. Nil when the object is at hand, or is no offered object.
    func offeredReadConverted(by conversion: ProgramFactory, _ argument: AnyProducer, for destination: Destination)
        -> ProgramFactory?
    {
        guard optionalPlace(of: destination) == .property, let read = offeredRead(of: argument) else { return nil }
        return ConvertedOfferedRead(read, convertedBy: conversion)
    }

    /// The read of the offered object that `producer` is, or forwards to (an alias of a class to
    /// its subclass, a tagged alias); nil when it is at hand, or is no offered object.
    func offeredRead(of producer: AnyProducer) -> ProgramFactory? {
        var producer = producer
        // (A loop: aliases can forward to aliases, as many as the user binds. The build refuses a
        // cycle of them.)
        while graphSlots[ObjectIdentifier(producer)] == nil {
            switch producer.lowering(insideKeptObject: isInsideKeptObject) {
            case .forward(let target): producer = target
            case .factory(let read, let parameters, _) where read.mayBeUnavailable && parameters.isEmpty: return read
            default: return nil
            }
        }
        return nil
    }

    /// Whether the values of `parameters` may be an offered object's absence reaching the caller
    /// naming no step (`ResolutionError.isUnavailableInstance`), through wrappers naming none (an
    /// `Optional`, a collection, an alias): an `.optional` property it reaches is left as it was.
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

    /// Whether something between the value begun now and the innermost object being filled names a
    /// step in an error's path (a factory's call): an absence reaching that object's `.optional`
    /// property then names two steps, and fails the resolve.
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
