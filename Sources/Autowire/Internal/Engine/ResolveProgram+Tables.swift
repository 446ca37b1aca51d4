// A program's instructions and the side tables they index (see `ResolveProgram`).

extension ResolveProgram {
    /// Its fields are described under "Instructions" on `ResolveProgram`.
    struct Instruction {
        enum Operation: UInt8 {
            case create, storeAtOffset, storeThroughKeyPath, callFactory, checkFirstFill, callHook, release
            // Publishing what a region staged is a form of `leaveScope`: an eleventh case changed
            // the loop's register use (about five instructions an object).
            case enterScope, leaveScope, requireMainActor
        }

        var operation: Operation
        var valueIsConstant = false
        var moves = false
        var object: UInt32
        var value: UInt32 = 0
        var operand: Int32 = 0

        static func publishStaged(region: Int) -> Instruction {
            Instruction(operation: .leaveScope, object: 0, value: 1, operand: Int32(region))
        }

        var publishesStaged: Bool { operation == .leaveScope && value == 1 }
    }

    /// One step of a resolution path, reached through `parent` (-1 at the root).
    struct PathStep {
        enum Edge {
            case property(ownerType: Any.Type, Requirement)
            case parameter(of: BindingKey)
        }

        let parent: Int32
        let edge: Edge
    }

    /// One factory call as the lowering records it: the factory, and its arguments in `arguments`
    /// (slots, or constants' indices with `FactoryArguments.constantBit`). Run as a `ProgramCall`.
    struct FactorySite {
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

    /// The instructions that make an object a scope keeps, `enterScope` to just past `leaveScope`:
    /// skipped when the scope keeps one already. A region with no scope makes a `.graph` object that
    /// may exist already: in its slot (made by a skippable region that ran), or in the joined
    /// resolution (made by a closure's resolve; its `leaveScope` records the object there).
    struct ScopeRegion {
        /// Unretained: `keptAlive` holds the scope. Nil for a region that makes a `.graph` object.
        let scope: Unowned<ProgramScope>?
        /// Once joined, the producer (the registry owns it) of a `.graph` object's region, or a custom
        /// scope's: its kept object is recorded even when skipped, so a closure's resolve finds it after
        /// a reset.
        var joined: Unowned<AnyProducer>? = nil
        /// Once joined, for an object held boxed as a protocol: boxes what the region finds recorded
        /// (see `ProgramFactory.boxingRecorded`). Unretained: the program's factories keep it.
        var boxing: Unowned<ProgramFactory>? = nil
        let publishes: Bool
        let becomesConstant: Bool
        /// Unretained: the registry the program belongs to owns it.
        let storage: Unowned<ScopeStorage>?
        let start: Int
        var end: Int
        /// Where, in `regionReleases`, the slots made before the region and moved inside it are: released
        /// when it is skipped (that read never happens). A range, so copying a region retains nothing.
        var releasedWhenSkipped: Range<Int> = 0..<0
        /// The last region inside this one, or its own index: regions nest and are numbered as they
        /// open, so skipping one skips every index up to this (no hook of an object made in them runs).
        var lastInside = 0
        /// Whether `leaveScope` only stages the object (see "Scopes" on `ResolveProgram`).
        var defers = false
        /// For a publishing region met once joined: a creation frame of that resolution, so what closures
        /// called inside it make and read is part of its creation. Its hooks wait in the frame; its
        /// object is published when the frame ends or, if it read an object made outside it
        /// (`readsOutside`, or found recorded), with the enclosing frame or at the resolve's end:
        /// closures' objects are not the program's to see.
        var framed = false
        /// For a framed region: whether its own instructions read an object made before it.
        var readsOutside = false
        /// For a `.weak` object's region once joined: what the joined resolution makes meanwhile is for a
        /// kept object, holding the container weakly (see `ResolutionState.isMakingKeptObject`).
        var keptInJoined = false
        /// Whether a closure may be called inside: a `.graph` object's region once joined, or a framed or
        /// `.weak` one whose object the joined resolution sees while it is made.
        var admitsClosureCalls = false
    }

    struct BuildingRange {
        let producer: ObjectIdentifier
        let start: Int
        var end: Int
    }
}
