// A program's instructions and the side tables they index (see `ResolveProgram`).

extension ResolveProgram {
    struct Instruction {
        enum Operation: UInt8 {
            case create, storeAtOffset, storeThroughKeyPath, callFactory, checkFirstFill, callHook, release
            // Publishing what a region staged is a form of `leaveScope`: an eleventh case changed
            // the loop's register use (about five instructions an object).
            case enterScope, leaveScope, requireMainActor
        }

        var operation: Operation
        /// Whether `value` indexes the constants rather than the frame.
        var valueIsConstant = false
        /// Whether this store is the last read of slot `value`, moving its reference into the
        /// property; for a `callFactory`, whether an absent `.optional` value skips the next store
        /// (`ProgramLowering.OptionalPlace`).
        var moves = false
        /// The slot of the object created, filled, checked or released.
        var object: UInt32
        /// The slot (or constant) of the value stored; for `callHook`, the index of the region that
        /// makes the object plus one, or 0; for `leaveScope`, 1 to publish what its region staged;
        /// for `callFactory`, 1 when a `SpecializedProgramFactory` writes its product into the
        /// slot, called without dispatch (here, where the loop has it in a register).
        var value: UInt32 = 0
        /// The side-table index or byte offset the operation uses.
        var operand: Int32 = 0

        /// A `leaveScope` that publishes what region `operand` staged.
        static func publishStaged(region: Int) -> Instruction {
            Instruction(operation: .leaveScope, object: 0, value: 1, operand: Int32(region))
        }

        /// Whether this `leaveScope` publishes what its region staged, rather than ending the region.
        var publishesStaged: Bool { operation == .leaveScope && value == 1 }
    }

    /// One step of a resolution path, reached through `parent` (-1 at the root).
    struct PathStep {
        enum Edge {
            /// A property of an object of the owner type.
            case property(ownerType: Any.Type, Requirement)
            /// A parameter of the factory of a key.
            case parameter(of: BindingKey)
        }

        let parent: Int32
        let edge: Edge
    }

    /// One factory call as the lowering records it: the factory, and its arguments in `arguments`
    /// (slots, or constants' indices with `FactoryArguments.constantBit`). Run as a `ProgramCall`.
    struct FactorySite {
        /// The `callFactory` instruction that makes this call.
        let instruction: Int
        /// Unretained: `keptAlive` holds the factory.
        let factory: Unowned<ProgramFactory>
        let first: Int
        let count: Int
        /// The factory's `references`, kept here so that a call reads it with the site.
        let references: UInt64
        /// Bit `i` is set when argument `i` is its slot's last read, moved to a consuming factory.
        var moves: UInt64 = 0
    }

    /// The instructions that make an object a scope keeps, from its `enterScope` to just past its
    /// `leaveScope`: skipped when the scope keeps one already.
    ///
    /// A region with no scope, from its `enterScope` to its last instruction, makes a `.graph`
    /// object that may be there already: in its slot, when a region the run may skip made it and
    /// ran; in the joined resolution, when a closure's resolve made it (the region's `leaveScope`
    /// records the object it creates there).
    struct ScopeRegion {
        /// Unretained: `keptAlive` holds the scope. Nil for a region that makes a `.graph` object.
        let scope: Unowned<ProgramScope>?
        /// For a region that makes a `.graph` object once joined, its producer, unretained (the
        /// registry owns it); also for a custom scope's region once joined, whose kept object is
        /// recorded there when the region is skipped, so that a closure's resolve finds the same
        /// one after a reset.
        var joined: Unowned<AnyProducer>? = nil
        /// For a `.graph` or kept object's region once joined, held boxed as a protocol: the
        /// conversion that boxes what the region finds recorded (see
        /// `ProgramFactory.boxingRecorded`). Unretained: the program's factories keep it.
        var boxing: Unowned<ProgramFactory>? = nil
        /// The scope's `publishes` and `becomesConstant`.
        let publishes: Bool
        let becomesConstant: Bool
        /// The scope's `storage`, unretained: the registry the program belongs to owns it.
        let storage: Unowned<ScopeStorage>?
        let start: Int
        var end: Int
        /// Where the slots made before the region and moved inside it are, in `regionReleases`:
        /// released when the region is skipped, since that read never happens. A range, not an
        /// array, so that a region is a plain value that steps copy without retaining anything.
        var releasedWhenSkipped: Range<Int> = 0..<0
        /// The last region inside this one, or this one's index: regions nest and are numbered as
        /// they open, so skipping a region skips every index from its own to this one, and no hook
        /// of an object made in them runs.
        var lastInside = 0
        /// Whether its `leaveScope` only stages the object, for a later `leaveScope` to publish:
        /// the region reads an object made before it, which may still be incomplete.
        var defers = false
        /// For a region that publishes, met once joined: a creation frame of that resolution, so
        /// that what closures called inside it make and read is part of its creation. Its hooks
        /// wait in the frame, and its object is published when the frame ends, or, if it read an
        /// object made outside it (`readsOutside`, or found recorded there), with the enclosing
        /// frame or at the end of the resolve: closures' objects are not the program's to see.
        var framed = false
        /// For a framed region: whether the program's own instructions in it read an object made
        /// before it.
        var readsOutside = false
        /// For a `.weak` object's region met once joined: while it runs, what the joined resolution
        /// makes is for a kept object (`ResolutionState.isMakingKeptObject`), so its handles and
        /// resolvers hold the container weakly.
        var keptInJoined = false
        /// Whether a closure may be called inside it, through the joined resolution: a `.graph`
        /// object's region once joined, or a framed or `.weak` region whose object that resolution
        /// sees while it is made (recorded, or its factory marked), so that a closure needing it
        /// finds it.
        var admitsClosureCalls = false
    }

    /// The instructions from the creation of an object of `producer` to its first-fill check.
    struct BuildingRange {
        let producer: ObjectIdentifier
        let start: Int
        var end: Int
    }
}
