extension ProgramLowering {
    /// A factory's product in `slot` is complete: recorded when `shared`, and written into waiting properties.
    mutating func completeProduct(of producer: ObjectIdentifier, in slot: Int, shared: Bool, key: BindingKey) {
        if shared { recordGraphSlot(slot, of: producer) }
        guard let waiting = waitingStores[producer] else { return }
        waitingStores[producer] = nil
        for fill in waiting {
            // The owner is empty if a region that closed since made it and was skipped.
            let closedRegion = fill.region.flatMap { enclosingRegions.contains($0) ? nil : $0 }
            guard closedRegion != nil || fill.throughAliases != nil else {
                emitStore(fill.store, into: fill.owner, .slot(slot), path: fill.path)
                continue
            }
            emitCall(
                WaitedStore(fill.store, throughAliases: fill.throughAliases, region: closedRegion, key: key),
                arguments: [UInt32(fill.owner), UInt32(slot)], into: newSlot(owned: true), path: fill.path)
        }
    }

    /// Calls `filled`'s construction once its arguments are made, and pushes the filling of its product: the
    /// construction's building range and cycle mark last until it is filled (see `completeConstruction`).
    mutating func beginFilling(
        _ filled: FilledConstruction, after call: Pending, arguments: [UInt32], shared: Bool, into regionSlot: Int?
    ) {
        // A protocol's box, made once the object is filled, goes into the region's slot.
        let object = filled.boxing == nil ? regionSlot ?? newSlot(owned: true) : newSlot(owned: true)
        building.append(ResolveProgram.BuildingRange(producer: call.producer, start: code.count, end: code.count))
        emitCall(filled.construction, arguments: arguments, into: object, path: call.path)
        var fill = Pending(
            producer: call.producer,
            work: .fill(type: filled.type, plan: filled.plan, steps: filled.plan.steps, slot: object), path: call.path,
            range: building.count - 1, enclosingEntry: call.enclosingEntry, destination: call.destination)
        fill.construction = (filled, shared, regionSlot)
        stack.append(fill)
    }

    /// A construction's product, in slot `object`, is filled: boxed if need be, then complete. A `.graph` one
    /// is recorded in the joined resolution only now: a cycle back to it waits for the filling too.
    mutating func completeConstruction(
        _ construction: (factory: FilledConstruction, shared: Bool, regionSlot: Int?), of fill: Pending,
        filled object: Int
    ) throws(Stop) {
        let (filled, shared, regionSlot) = construction
        let publishes = shared && joinsResolution
        var product = object
        if let boxing = filled.boxing {
            product = regionSlot ?? newSlot(owned: true)
            let producer = Self.producer(UInt(bitPattern: fill.producer))
            emitCall(
                publishes ? JoinedPublication(boxing, of: producer) : boxing, arguments: [UInt32(object)],
                into: product, path: fill.path)
        } else if publishes {
            // The object itself is the product, in its region's slot if any (which a run finding the object
            // recorded fills instead); the publication's own product, the same object, is never read.
            let producer = Self.producer(UInt(bitPattern: fill.producer))
            emitCall(
                JoinedPublication(of: producer), arguments: [UInt32(object)], into: newSlot(owned: true),
                path: fill.path)
        }
        completeProduct(of: fill.producer, in: product, shared: shared, key: filled.key)
        try deliver(.slot(product), to: fill.destination, path: fill.path)
    }
}

extension ProgramLowering.Pending {
    /// For a user's factory that has not returned (making its arguments, or filling a construction's product):
    /// whether its product is shared. Nil for the container's own calls (an alias's conversion, a `Tagged`
    /// wrapper, a collection: see `ProgramFactory.namesPath`), which no resolution marks as running.
    var sharesUnfinishedFactory: Bool? {
        if case .call(let factory, _, _, let shared, _) = work { return factory.namesPath ? shared : nil }
        return construction?.shared
    }
}
