// What a program is made of: its instructions and the side tables they index (see the format at the
// top of `ResolveProgram.swift`).

extension ResolveProgram {
    struct Instruction {
        enum Operation: UInt8 {
            case create, storeAtOffset, storeThroughKeyPath, callFactory, checkFirstFill, callHook, release
            // Publishing what a region staged is a form of `leaveScope` rather than an operation
            // of its own: with an eleventh case, the compiler's register use in the loop cost every
            // autowired object about five more instructions (callgrind).
            case enterScope, leaveScope, requireMainActor
        }

        var operation: Operation
        /// Whether `value` indexes the constants rather than the frame.
        var valueIsConstant = false
        /// Whether this store is the last read of slot `value`: its reference moves into the property.
        /// For a `callFactory` of an `.optional` property's value, whether an absent value skips the
        /// store that follows it (see `ProgramLowering.OptionalPlace`).
        var moves = false
        /// The slot of the object created, filled, checked or released.
        var object: UInt32
        /// The slot (or constant) of the value stored; for `callHook`, one more than the index of
        /// the region that makes the object, or 0; for `leaveScope`, 1 when it publishes what its
        /// region staged (see `publishesStaged`); for `callFactory`, 1 when the factory is a
        /// `SpecializedProgramFactory` that writes its product into the slot itself, called without
        /// dispatch (here rather than in the call's description: the loop has it in a register).
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

    /// One factory call as the lowering records it: the factory, and where its arguments are in
    /// `arguments`: each a slot, or a constant's index with `FactoryArguments.constantBit` set. A
    /// program runs it as a `ProgramCall`.
    struct FactorySite {
        /// The `callFactory` instruction that makes this call.
        let instruction: Int
        /// Unretained: `keptAlive` holds the factory.
        let factory: Unowned<ProgramFactory>
        let first: Int
        let count: Int
        /// The factory's `references`, kept here so that a call reads it with the site.
        let references: UInt64
        /// Bit `i` is set when argument `i` is its slot's last read, moved to a factory that
        /// consumes its arguments.
        var moves: UInt64 = 0
    }

    /// The instructions that make an object a scope keeps, from its `enterScope` to just past its
    /// `leaveScope`: skipped when the scope keeps one already.
    ///
    /// A region with no scope makes a `.graph` object that may be there already, from its
    /// `enterScope` to its last instruction: one a skipped region made for the rest of the
    /// program, made again where the program meets it next (its `enterScope` skips it when the
    /// object's slot is filled: its region ran), or, once the program joined a resolution,
    /// one a closure's resolve may have made (its `enterScope` looks it up in the run's joined
    /// resolution first; its `leaveScope`, once the object is created, records it there).
    struct ScopeRegion {
        /// Unretained: `keptAlive` holds the scope. Nil for a region that makes a `.graph` object.
        let scope: Unowned<ProgramScope>?
        /// For a region that makes a `.graph` object once the program joined a resolution,
        /// its producer, unretained: the registry the program belongs to owns it. Also for a custom
        /// scope's region met once joined: the object the scope keeps is recorded there when the
        /// region is skipped, so that a closure's resolve finds the same one after a reset.
        var joined: Unowned<AnyProducer>? = nil
        /// For a `.graph` or kept object's region once joined, when the object is held boxed as a
        /// protocol it is bound as: the conversion that boxes it. The region records the object
        /// itself there, as a resolution records it so that a cycle back to it closes, and boxes
        /// what it finds there (see `ProgramFactory.boxingRecorded`). Unretained: the program's
        /// call of the same conversion, inside the region, keeps it in the program's factories.
        var boxing: Unowned<ProgramFactory>? = nil
        /// The scope's `publishes` and `becomesConstant`.
        let publishes: Bool
        let becomesConstant: Bool
        /// The scope's `storage`, unretained: the registry the program belongs to owns it.
        let storage: Unowned<ScopeStorage>?
        let start: Int
        var end: Int
        /// Where, in the program's `regionReleases`, the slots made before the region whose last
        /// read inside it moves their reference are: released when the region is skipped, since
        /// that read then never happens. (A range rather than an array of its own: a region is
        /// then a plain value, which each step that reads it copies without retaining anything.)
        var releasedWhenSkipped: Range<Int> = 0..<0
        /// The last of the regions inside this one, or this one's index if none: regions nest and
        /// are numbered in the order they open, so a run that skips this one skips those from its
        /// index to this one, and a hook of an object made in any of them must not run.
        var lastInside = 0
        /// Whether its `leaveScope` only stages the object, for a second `leaveScope` later in the
        /// program that publishes it: the region reads an object made before it, which may still
        /// be incomplete.
        var defers = false
        /// For a region that publishes, met once the program joined a resolution (after a
        /// `ClosureCall`, or in a nested program): the region is a creation frame of that
        /// resolution, so that what closures called inside it make and read is part of its
        /// creation. Its hooks wait in the frame, and its object is staged and published when the
        /// frame ends: at once, or with the frame around it or at the end of the resolve when it
        /// read an object made outside it (`readsOutside`, or found recorded there), since
        /// closures' objects are not the program's to see.
        var framed = false
        /// For a framed region: whether the program's own instructions in it read an object made
        /// before it (see `defers`).
        var readsOutside = false
        /// For the region of a `.weak` object, met once the program joined a resolution: while it
        /// runs, what that resolution makes (a closure's objects) is made for an object the
        /// container keeps (`ResolutionState.isMakingKeptObject`), so that its handles and
        /// resolvers hold the container weakly.
        var keptInJoined = false
        /// Whether a closure may be called inside it, through the run's joined resolution: a
        /// `.graph` object's region once joined, or a framed or `.weak` region whose object the
        /// joined resolution sees while it is made (recorded there once created, or made by a
        /// factory marked under construction there), so that a closure needing it back finds it.
        var admitsClosureCalls = false
    }

    /// The instructions from the creation of an object of `producer` to its first-fill check.
    struct BuildingRange {
        let producer: ObjectIdentifier
        let start: Int
        var end: Int
    }
}
