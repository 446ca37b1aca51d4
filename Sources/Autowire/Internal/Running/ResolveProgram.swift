import Synchronization

/// # Resolve programs
///
/// A resolve program is everything one top-level resolve of a root does, compiled once into a flat
/// list of instructions that one loop runs: no recursion (a chain of any depth needs no stack), no
/// producer calls, no per-object table.
///
/// **Slots.** A run works on a frame of object references, `slotCount` of them. Every object the
/// resolve creates gets a slot when it is created. A `.graph` object has one slot, read by every
/// object that needs it, a property cycle's back-edge included; a `.transient` object gets a new
/// slot each time it is met. Values fixed for the container's life (bound values, singletons
/// created already, `Provider`s) are the program's constants, read by index. A value that is not
/// a class reference (a protocol value, a struct, a collection) is held in a `ValueBox`, as
/// resolutions record values.
///
/// **Ownership.** A created object's slot owns one reference. A store copies it (a retain) or, at
/// the slot's last read, moves it (`moves`): the property takes the frame's reference and the slot
/// is emptied. `release` drops what a slot still owns when its last read was not a store. The
/// result slot is never moved: its reference goes to the caller. Constants belong to the program.
///
/// **Instructions**, in the order the recursive path would act: an object is created, its
/// properties filled in declaration order (each value made completely first), its first fill
/// checked, and only then stored into the object that needs it. Hooks come last, once every
/// object is complete (a property cycle included), in the order objects were completed. A
/// `ProgramFactory` is a typed factory, or what the container makes with its own code from other
/// values: an alias's conversion, the request of a `RequestScope`, a `Lazy`, a `Tagged` wrapper,
/// an optional, a collection.
///
/// | operation | effect |
/// |---|---|
/// | `create` | slot `object` = `creators[operand].init()` |
/// | `storeAtOffset` | the value (slot or constant `value`) is written into slot `object`'s object at byte offset `operand` |
/// | `storeThroughKeyPath` | `stores[operand]` writes the value through the user's key path |
/// | `callFactory` | slot `object` = the factory of the call at byte offset `operand` in `calls` called with its arguments (slots or constants); an argument read for the last time moves to a factory that consumes its arguments |
/// | `checkFirstFill` | `firstFills[operand]` checks slot `object`'s object for forgotten dependencies |
/// | `callHook` | `hooks[operand]` calls `didInjectDependencies()` on slot `object`'s object |
/// | `release` | slot `object`'s reference, if any, is released |
/// | `enterScope` | `regions[operand]`'s scope is asked for the object it keeps: if it has one, it goes in slot `object` and the run goes on past the region |
/// | `leaveScope` | `regions[operand]`'s scope keeps slot `object`'s object (or, when the region `defers`, stages it) |
/// | `leaveScope`, `value` 1 | `regions[operand]`'s scope publishes the object it staged, if the run staged one |
/// | `requireMainActor` | unless the run is where the main actor runs, fails: `mainActorTypes[operand]` must be made or filled there |
///
/// **Scopes.** An object a scope keeps beyond one resolve (`.weak`, a custom scope, or a singleton
/// not created yet) is made in a region of instructions, from its `enterScope` to its
/// `leaveScope`, run under the scope's creation lock only when the scope keeps none (for a custom
/// scope: none for the generation the run pinned, see `ScopePins`). So that skipping a region changes
/// nothing else: no `.graph` object made inside it is read after it (the root keeps the recursive
/// path otherwise); a slot made before it whose last read inside it is a move is released when it
/// is skipped; and `release` and `callHook` pass over empty slots, and over the kept object of a
/// skipped region, whose hook ran when it was made. A failure inside a region abandons it,
/// releasing the lock. A singleton's or custom scope's region publishes what it made, so it runs
/// the hooks of those objects before its `leaveScope`. One that reads an object made before it
/// (which may be incomplete until the resolve ends) `defers`: its `leaveScope` stages the object,
/// lock held, and a second `leaveScope` publishes it with the enclosing region that publishes, or
/// after the hooks at the end; a failure before then discards it, as the recursive path does (see
/// `ProgramLowering`).
///
/// **Closure factories.** What only the recursive path makes, a closure factory's value (in the
/// `.graph` scope or transient), is a `callFactory` of a `RecursiveCall`: the recursive path runs
/// inside the run, in one *joined* resolution per run, which the first such call starts with the
/// `.graph` objects the program made before it (passed as its arguments, so none is moved out of
/// its slot before then). Every `.graph` object the program meets after that call is made by a
/// `RecursiveCall` too, so a closure and the program share each one, whichever asks first. A
/// `.graph` factory waiting for its arguments around the call is marked under construction in the
/// joined resolution, and its call records its product there (`JoinedPublication`), as the
/// recursive path would. A transient object being made around the call is made by a
/// `RecursiveCall` itself (the lowering walks the graph again), whose recursive path sees what it
/// makes. The joined resolution's deferred hooks run after the program's, and it ends with the
/// run. A root that is itself a closure factory keeps the recursive path, as does one whose closure
/// is reached inside a region, below an `.optional` property or from a transient root, which the
/// joined resolution could not see being made.
///
/// **The main actor.** An object of a `@MainActor` class (or one with dependencies declared on the
/// main actor) is made and filled only where the main actor runs: `requireMainActor` comes just
/// before its `create` (for an injection, before its first store) and fails the run anywhere else,
/// as the recursive path's plan does, so its `init()` never runs off the main actor.
///
/// **Re-entry.** A run records which instruction it is at before calling user code (`init()`, a
/// setter, a check), so a resolve started from that code can tell which objects are being built:
/// each `create` has a building range of instructions, from its creation to its first-fill check.
///
/// **Errors.** Each instruction names the node of a path tree it works for; the path of an error
/// is rendered from that tree only when one is thrown.
///
/// **Life.** `ProgramLowering` lowers a program on the root's first top-level resolve, under the
/// registry's lock, when every producer it reaches is one a program performs; the root otherwise
/// keeps the recursive path. Published programs are immutable. A program lowered while stores still
/// learn their offsets, or before first fills were checked, or that has since published a
/// singleton (a constant for the next program), is lowered again at the next resolve;
/// the one it replaces stays alive with the registry, since another thread may still run it.
///
/// Sendable: every stored property is `let`, and the buffers are filled in `init` and never written
/// after; `improvable` is an atomic (relaxed: a hint). A program reaches other threads through
/// `programWord`'s releasing store, loaded acquiring.
@safe final class ResolveProgram: @unchecked Sendable {
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
    @safe struct FactorySite {
        /// The `callFactory` instruction that makes this call.
        let instruction: Int
        /// Unretained: `keptAlive` holds the factory.
        let factory: Unmanaged<ProgramFactory>
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
    @safe struct ScopeRegion {
        /// Unretained: `keptAlive` holds the scope.
        let scope: Unmanaged<ProgramScope>
        /// The scope's `publishes` and `becomesConstant`.
        let publishes: Bool
        let becomesConstant: Bool
        /// The scope's `storage`, unretained: the registry the program belongs to owns it.
        let storage: Unmanaged<ScopeStorage>?
        let start: Int
        var end: Int
        /// Slots made before the region whose last read inside it moves their reference: released
        /// when the region is skipped, since that read then never happens.
        var releasedWhenSkipped: [UInt32] = []
        /// Whether its `leaveScope` only stages the object, for a second `leaveScope` later in the
        /// program that publishes it: the region reads an object made before it, which may still
        /// be incomplete.
        var defers = false
    }

    /// The instructions from the creation of an object of `producer` to its first-fill check.
    struct BuildingRange {
        let producer: ObjectIdentifier
        let start: Int
        var end: Int
    }

    private let code: FixedBuffer<Instruction>
    private let creators: FixedBuffer<any Injectable.Type>
    /// Unretained: `keptAlive` holds the stores, checks and constants for the program's life.
    private let stores: FixedBuffer<Unmanaged<ProgramStore>>
    private let firstFills: FixedBuffer<Unmanaged<FirstFillCheck>>
    private let hooks: FixedBuffer<Unmanaged<InjectionHook>>
    private let constants: FixedBuffer<UnsafeMutableRawPointer>
    /// The factory calls, each pointing into `constants` and `arguments`.
    private let calls: FixedBuffer<ProgramCall>
    private let arguments: FixedBuffer<UInt32>
    private let regions: [ScopeRegion]
    /// `!regions.isEmpty`.
    private let hasRegions: Bool
    /// Whether some factory call is a `RecursiveCall`, whose run has a joined resolution to end.
    private let makesRecursiveCalls: Bool
    /// Whether the run has no regions and no `RecursiveCall`: read with one load where every run
    /// asks it.
    private let runsPlainly: Bool
    /// The classes `requireMainActor` names: what must be made or filled on the main actor.
    private let mainActorTypes: [Any.Type]
    private let keptAlive:
        ([ProgramStore], [FirstFillCheck], [InjectionHook], [AnyObject], [ProgramFactory], [ProgramScope])
    let slotCount: Int
    private let resultSlot: Int
    /// Whether slot 0 holds an object handed in by a `PropertyInjector`, which the frame does not own.
    private let injects: Bool
    private let building: [BuildingRange]
    /// For each instruction, the path-tree node of the object it acts for.
    private let pathOf: [Int32]
    private let pathTree: [PathStep]
    /// Whether lowering again after a successful run would make a faster program: some store is
    /// still learning its offset, some first fill is unchecked, some class's hook is unknown, or
    /// some conversion to a bound protocol is unproven; or a region published a singleton, which a
    /// new program reads as a constant.
    var canImprove: Bool { improvable.load(ordering: .relaxed) }
    private let improvable: Atomic<Bool>
    /// 1 for a root's first program, one more each time it is lowered again.
    let generation: Int
    /// `ActiveResolutions.key`, read once here rather than through its lazy global on every run.
    private let activeResolutionsKey = ActiveResolutions.key

    init(
        code: consuming [Instruction], creators: [any Injectable.Type], stores: [ProgramStore],
        firstFills: [FirstFillCheck],
        hooks: [InjectionHook], constants: [AnyObject], factories: [ProgramFactory], factorySites: [FactorySite],
        arguments: [UInt32], regions: [ScopeRegion], scopes: [ProgramScope], mainActorTypes: [Any.Type],
        slotCount: Int, resultSlot: Int, injects: Bool, building: [BuildingRange],
        pathOf: [Int32], pathTree: [PathStep], generation: Int
    ) {
        // A call's operand becomes its byte offset in `calls`: the loop then adds it to the table's
        // address, with no multiplication (about two instructions per call, callgrind).
        var code = code
        for site in factorySites {
            code[site.instruction].operand *= Int32(MemoryLayout<ProgramCall>.stride)
        }
        // The code is allocated even when empty: the loop reads its address.
        self.code = FixedBuffer(code, allocatingWhenEmpty: true)
        self.creators = FixedBuffer(creators)
        unsafe self.stores = unsafe FixedBuffer(stores, Unmanaged.passUnretained)
        unsafe self.firstFills = unsafe FixedBuffer(firstFills, Unmanaged.passUnretained)
        unsafe self.hooks = unsafe FixedBuffer(hooks, Unmanaged.passUnretained)
        let hasCalls = !factorySites.isEmpty
        let constantWords = unsafe FixedBuffer(constants, allocatingWhenEmpty: hasCalls) {
            unsafe Unmanaged.passUnretained($0).toOpaque()
        }
        unsafe self.constants = unsafe constantWords
        let argumentEntries = FixedBuffer(arguments, allocatingWhenEmpty: hasCalls)
        self.arguments = argumentEntries
        // The tables are the program's for its whole life, so the calls may point into them.
        self.calls = FixedBuffer(factorySites) { site in
            unsafe ProgramCall(
                constants: UnsafePointer(constantWords.address),
                entries: UnsafePointer(argumentEntries.address) + site.first,
                references: site.references, moves: site.moves, factory: site.factory)
        }
        self.regions = regions
        self.hasRegions = !regions.isEmpty
        self.makesRecursiveCalls = factories.contains { $0 is RecursiveCall }
        self.runsPlainly = regions.isEmpty && !makesRecursiveCalls
        self.mainActorTypes = mainActorTypes
        self.keptAlive = (stores, firstFills, hooks, constants, factories, scopes)
        self.slotCount = slotCount
        self.resultSlot = resultSlot
        self.injects = injects
        self.building = building
        self.pathOf = pathOf
        self.pathTree = pathTree
        self.generation = generation
        // Lowered at most three times: a run that keeps failing before some store or check is
        // reached leaves them unlearned, and would otherwise be lowered again on every resolve.
        // A conversion not yet proven is boxed by a call; proven, properties store it directly.
        self.improvable = Atomic(
            generation < 3
                && (stores.contains(where: \.isLearning) || firstFills.contains { !$0.isSettled }
                    || hooks.contains { !$0.isSettled } || factories.contains { $0.conversion?.isProven == false })
        )
    }

    deinit {
        code.free()
        creators.free()
        unsafe stores.free()
        unsafe firstFills.free()
        unsafe hooks.free()
        unsafe constants.free()
        calls.free()
        arguments.free()
    }

    /// The program a producer's `programWord` publishes. The registry keeps every program it
    /// published alive for its own life, and the producer belongs to that registry.
    @inline(__always)
    static func published(_ word: UInt) -> ResolveProgram {
        unsafe unretainedPublished(word).takeUnretainedValue()
    }

    @inline(__always)
    private static func unretainedPublished(_ word: UInt) -> Unmanaged<ResolveProgram> {
        unsafe Unmanaged<ResolveProgram>.fromOpaque(UnsafeRawPointer(bitPattern: word).unsafelyUnwrapped)
    }

    /// Fills `object` with the published program `word` (see `runPublished`); whether it ran.
    @inline(__always)
    static func injectPublished(_ word: UInt, into object: AnyObject) throws -> Bool {
        unsafe try runPublished(word, injecting: object) != nil
    }

    /// Runs the program `word` publishes (see `run`), unless lowering it again would make it
    /// faster: nil then too, and the caller takes its slow path. What a top-level resolve or
    /// injection does first. The program is used without a retain: see `published(_:)`.
    @inline(__always)
    static func runPublished(_ word: UInt, injecting target: AnyObject? = nil, request: BorrowedValue? = nil) throws
        -> UnsafeMutableRawPointer?
    {
        unsafe try unretainedPublished(word)._withUnsafeGuaranteedRef { program in
            unsafe program.canImprove ? nil : try program.run(injecting: target, request: request)
        }
    }

    /// How many objects the program calls `didInjectDependencies()` on: for tests.
    var calledHooks: Int { code.count { $0.operation == .callHook } }

    /// How many regions the program has: for tests.
    var regionCount: Int { regions.count }

    /// How many factory calls the program makes: for tests.
    var factoryCalls: Int { code.count { $0.operation == .callFactory } }

    /// Whether the instruction at `pc` lies in the building range of an object of `producer`.
    func isBuilding(_ producer: ObjectIdentifier, at pc: Int) -> Bool {
        building.contains { $0.producer == producer && $0.start <= pc && pc < $0.end }
    }

    /// Runs the program. Returns the root object, whose reference now belongs to the caller (for an
    /// injection: the object handed in, not retained), or nil when another resolve is running on
    /// this thread: the caller then resolves recursively, which sees what that resolve is building.
    @inline(__always)
    func run(injecting target: AnyObject? = nil, request: BorrowedValue? = nil) throws(ResolutionError)
        -> UnsafeMutableRawPointer?
    {
        var run = ProgramRun(program: self, request: request)
        // Without the stack protector's canary (about five instructions per run, callgrind): the
        // run is read and written only as a `ProgramRun`, and the frame only at slots below
        // `slotCount`, which the lowering numbers; the suite's ASan run checks both accesses.
        return unsafe try _withUnprotectedUnsafeMutablePointer(to: &run) { run throws(ResolutionError) in
            guard let cell = unsafe ActiveResolutions.enterOutermost(run, key: activeResolutionsKey) else { return nil }
            defer { unsafe ActiveResolutions.leave(cell, restoring: nil) }
            // On the stack when small, in the smallest frame that holds it: setting a frame's
            // slots to nil costs an instruction for each two.
            if slotCount <= EightSlots.count {
                var slots = EightSlots()
                return unsafe try execute(on: &slots, run, injecting: target)
            }
            if slotCount <= SixteenSlots.count {
                var slots = SixteenSlots()
                return unsafe try execute(on: &slots, run, injecting: target)
            }
            let frame = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: slotCount)
            unsafe frame.initialize(repeating: nil, count: slotCount)
            defer { unsafe frame.deallocate() }
            return unsafe try execute(frame, run, injecting: target)
        }
    }

    @inline(__always)
    private func execute<Slots: StackFrameSlots>(
        on slots: inout Slots, _ run: UnsafeMutablePointer<ProgramRun>, injecting target: AnyObject?
    ) throws(ResolutionError) -> UnsafeMutableRawPointer {
        unsafe try _withUnprotectedUnsafeMutablePointer(to: &slots) { slots throws(ResolutionError) in
            // Safe: a tuple of optional pointers, all nil, is laid out as that many contiguous
            // words, as an array of them would be.
            let frame = unsafe UnsafeMutableRawPointer(slots).assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
            return unsafe try execute(frame, run, injecting: target)
        }
    }

    /// Hands an injection's object to slot 0, then runs. Inlined into `run`, where a resolve's nil
    /// target folds away, rather than tested in the loop's function on every run. Unretained: the
    /// caller holds the object for the run, and the frame does not own slot 0 (`injects`).
    @inline(__always)
    private func execute(
        _ frame: UnsafeMutablePointer<UnsafeMutableRawPointer?>, _ run: UnsafeMutablePointer<ProgramRun>,
        injecting target: AnyObject?
    ) throws(ResolutionError) -> UnsafeMutableRawPointer {
        if let target { unsafe frame[0] = unsafe Unmanaged.passUnretained(target).toOpaque() }
        return unsafe try execute(frame, run)
    }

    /// Runs the program on `frame`, whose slot 0 holds the object handed in by an injection.
    private func execute(
        _ frame: UnsafeMutablePointer<UnsafeMutableRawPointer?>, _ run: UnsafeMutablePointer<ProgramRun>
    ) throws(ResolutionError) -> UnsafeMutableRawPointer {
        // Two copies of the loop: one that never jumps keeps `pc` in step with its instruction's
        // address, which costs a few instructions per step in the copy that skips regions.
        // (Generic, so that each copy is specialized with its answer fixed.)
        if runsPlainly { return unsafe try execute(frame, run, NoRegions.self) }
        return unsafe try executeWithRegionsOrJoining(frame, run)
    }

    /// Runs a program with regions (which a failure may leave staged), or whose `RecursiveCall`s
    /// join a resolution it ends, with its `ScopedRun` on this function's stack. Out of line: the
    /// plain path stays as small as it was.
    @inline(never)
    private func executeWithRegionsOrJoining(
        _ frame: UnsafeMutablePointer<UnsafeMutableRawPointer?>, _ run: UnsafeMutablePointer<ProgramRun>
    ) throws(ResolutionError) -> UnsafeMutableRawPointer {
        var scopedRun = ScopedRun()
        return unsafe try _withUnprotectedUnsafeMutablePointer(to: &scopedRun) { scoped throws(ResolutionError) in
            // The run reads it only while this call runs the program: unset before it returns.
            unsafe run.pointee.scoped = unsafe scoped
            defer { unsafe run.pointee.scoped = nil }
            guard makesRecursiveCalls else {
                do throws(ResolutionError) {
                    return unsafe try execute(frame, run, Regions.self)
                } catch {
                    unsafe discardStaged(scoped)
                    throw error
                }
            }
            // The joined resolution's memory, on this frame: a run allocates nothing for it.
            return unsafe try withUnsafeTemporaryAllocation(
                byteCount: JoinedResolution.byteCount, alignment: JoinedResolution.alignment
            ) { memory throws(ResolutionError) in
                unsafe scoped.pointee.joinedMemory = memory.baseAddress
                let made: UnsafeMutableRawPointer
                do throws(ResolutionError) {
                    unsafe made =
                        unsafe try hasRegions ? execute(frame, run, Regions.self) : execute(frame, run, NoRegions.self)
                } catch {
                    unsafe discardStaged(scoped)
                    unsafe scoped.pointee.joined?.abandon()
                    throw error
                }
                do throws(ResolutionError) {
                    unsafe try scoped.pointee.joined?.complete()
                } catch {
                    // The run's own work is done: the frame holds only the result, whose reference
                    // the run owns (it would have gone to the caller), released once here.
                    unsafe Unmanaged<AnyObject>.fromOpaque(made).release()
                    throw error
                }
                return unsafe made
            }
        }
    }

    /// After a failure (which abandoned the regions it was in): what the run staged is not
    /// published, since it read objects of this failed resolve. Innermost first.
    @inline(never)
    private func discardStaged(_ scoped: UnsafeMutablePointer<ScopedRun>) {
        for index in regions.indices.reversed() where unsafe scoped.pointee.staged & 1 << UInt64(index) != 0 {
            unsafe regions[index].scope._withUnsafeGuaranteedRef { $0.discard() }
        }
        unsafe scoped.pointee.staged = 0
    }

    private func execute<Loop: LoopKind>(
        _ frame: UnsafeMutablePointer<UnsafeMutableRawPointer?>, _ run: UnsafeMutablePointer<ProgramRun>,
        _: Loop.Type
    ) throws(ResolutionError) -> UnsafeMutableRawPointer {
        // Every slot an instruction reads was filled by an earlier one and, if moved, is read no
        // more (`ProgramLowering` emits in creation order and marks only a slot's last read as a
        // move): hence the `unsafelyUnwrapped` reads below. The `DEBUG` check at the end and the
        // sanitizer runs of the suite would catch a lowering that broke this.
        let code = unsafe self.code.address
        let end = self.code.count
        var pc = 0
        while pc < end {
            let instruction = unsafe code[pc]
            let object = Int(instruction.object)
            switch instruction.operation {
            case .create:
                unsafe run.pointee.pc = pc
                let type = creators[Int(instruction.operand)]
                // The frame owns this reference until a store moves it or `release` drops it.
                unsafe frame[object] = unsafe Unmanaged.passRetained(type.init() as AnyObject).toOpaque()
            case .storeAtOffset:
                let value = unsafe read(instruction, frame)
                if instruction.moves {
                    unsafe frame[Int(instruction.value)] = nil
                } else {
                    _ = unsafe Unmanaged<AnyObject>.fromOpaque(value).retain()
                }
                // The offset was measured on this class by `LearnedOffset` for a stored property
                // holding one class reference (`T`, `T?` or `T!`): the store takes the value's
                // reference and releases the one the property held.
                let field = unsafe frame[object].unsafelyUnwrapped + Int(instruction.operand)
                let old = unsafe field.load(as: UnsafeMutableRawPointer?.self)
                unsafe field.storeBytes(of: value, as: UnsafeMutableRawPointer?.self)
                if let old = unsafe old { unsafe Unmanaged<AnyObject>.fromOpaque(old).release() }
            case .storeThroughKeyPath:
                unsafe run.pointee.pc = pc
                unsafe storeThroughKeyPath(at: pc, frame)
            case .callFactory:
                unsafe run.pointee.pc = pc
                // Safe: the lowering gives each `callFactory` the index of its own call in this
                // table, which `init` scaled by the stride: the offset of one `ProgramCall`, which
                // (like the buffers it points into) the program owns for its whole life.
                let call = unsafe (UnsafeRawPointer(calls.address) + Int(instruction.operand))
                    .assumingMemoryBound(to: ProgramCall.self)
                do {
                    // The factory reads its arguments from the frame and the constants itself, and
                    // stores its product in the object's slot, which is empty until then.
                    let arguments = unsafe FactoryArguments(frame: frame, call: call)
                    if instruction.value != 0 {
                        // Safe: the lowering sets `value` only for this class (see `value`).
                        unsafe try call.pointee.factory._withUnsafeGuaranteedRef {
                            unsafe try unsafeDowncast($0, to: SpecializedProgramFactory.self).writeProduct(
                                arguments, into: frame + object)
                        }
                    } else {
                        unsafe try call.pointee.factory._withUnsafeGuaranteedRef {
                            unsafe try $0.call(arguments, storingInto: frame + object, in: run)
                        }
                    }
                } catch {
                    throw unsafe failure(
                        call.pointee.factory._withUnsafeGuaranteedRef { $0.failure(error) }, at: pc, unsafe frame)
                }
            case .checkFirstFill:
                unsafe run.pointee.pc = pc
                do {
                    unsafe try firstFills[Int(instruction.operand)]._withUnsafeGuaranteedRef { check in
                        unsafe try check.check(
                            Unmanaged<AnyObject>.fromOpaque(frame[object].unsafelyUnwrapped).takeUnretainedValue())
                    }
                } catch {
                    throw unsafe failure(error, at: pc, frame)
                }
            case .callHook:
                // Not for an object a skipped region would have made, nor for the object a scope
                // kept, whose hook ran when it was made.
                guard let made = unsafe frame[object],
                    unsafe instruction.value == 0 || !run.pointee.skipped(region: Int(instruction.value - 1))
                else { break }
                unsafe run.pointee.pc = pc
                do {
                    unsafe try hooks[Int(instruction.operand)]._withUnsafeGuaranteedRef { hook in
                        unsafe try hook.run(on: Unmanaged<AnyObject>.fromOpaque(made).takeUnretainedValue())
                    }
                } catch {
                    throw unsafe failure(error, at: pc, frame)
                }
            case .release:
                // The slot's own reference, after its last read; none if a skipped region made it.
                if let owned = unsafe frame[object] {
                    unsafe Unmanaged<AnyObject>.fromOpaque(owned).release()
                    unsafe frame[object] = nil
                }
            case .enterScope, .leaveScope:
                // Only in a program with regions. Out of line, so that the loop stays small.
                if Loop.skipsRegions, let resume = unsafe try scopeStep(at: pc, frame, run) {
                    pc = resume
                    continue
                }
            case .requireMainActor:
                unsafe try requireMainActor(at: pc, frame)
            }
            pc &+= 1
        }
        #if DEBUG
            // Everything staged was published: a region still staged is a lowering mistake, which
            // would keep its creation lock held.
            if let scoped = unsafe run.pointee.scoped, unsafe scoped.pointee.staged != 0 {
                throw unsafe failure(
                    ResolutionError(.internalInconsistency("a resolve program left a staged object unpublished")),
                    at: end - 1, frame)
            }
            // Every reference the frame took was moved into a property or released: a slot still
            // holding one is a lowering mistake, which would leak the object.
            for slot in (injects ? 1 : 0)..<slotCount where unsafe slot != resultSlot && frame[slot] != nil {
                throw unsafe failure(
                    ResolutionError(.internalInconsistency("a resolve program left slot \(slot) holding an object")),
                    at: end - 1, unsafe frame)
            }
        #endif
        return unsafe frame[resultSlot].unsafelyUnwrapped
    }

    /// Performs `enterScope` or `leaveScope`. For `enterScope`, asks the region's scope for the
    /// object it keeps: when it keeps one, the object goes in the instruction's slot, what the
    /// region would have moved is released, and the run goes on past the region (the pc
    /// returned). Otherwise (nil) the region runs, and its `leaveScope` has the scope keep the
    /// object made, or stage it until a `leaveScope` that publishes it.
    @inline(never)
    private func scopeStep(
        at pc: Int, _ frame: UnsafeMutablePointer<UnsafeMutableRawPointer?>, _ run: UnsafeMutablePointer<ProgramRun>
    ) throws(ResolutionError) -> Int? {
        // Read again here rather than passed: the loop then keeps fewer values alive across it.
        let instruction = code[pc]
        let region = regions[Int(instruction.operand)]
        let slot = Int(instruction.object)
        // Set for every program with regions (see `executeWithRegionsOrJoining`).
        let scoped = unsafe run.pointee.scoped.unsafelyUnwrapped
        // The generation this run works in, for a scope that has generations.
        let pinned =
            unsafe region.storage.map { unsafe scoped.pointee.pinnedGeneration(in: $0.takeUnretainedValue()) } ?? 0
        let bit: UInt64 = 1 << UInt64(instruction.operand)
        switch instruction.operation {
        case .leaveScope where instruction.publishesStaged:
            // Nothing staged when the region was skipped.
            guard unsafe scoped.pointee.staged & bit != 0 else { return nil }
            unsafe scoped.pointee.staged &= ~bit
            unsafe region.scope._withUnsafeGuaranteedRef { $0.publish() }
            if region.becomesConstant, generation < 3 { improvable.store(true, ordering: .relaxed) }
            return nil
        case .leaveScope:
            // The slot holds the object the region just made (it ran: a skipped region jumps past
            // its `leaveScope`).
            let made = unsafe Unmanaged<AnyObject>.fromOpaque(frame[slot].unsafelyUnwrapped).takeUnretainedValue()
            if region.publishes { unsafe scoped.pointee.publishingRegions -= 1 }
            if region.defers {
                unsafe region.scope._withUnsafeGuaranteedRef { $0.stage(made, generation: pinned) }
                unsafe scoped.pointee.staged |= bit
                return nil
            }
            unsafe region.scope._withUnsafeGuaranteedRef { $0.keep(made, generation: pinned) }
            if region.becomesConstant, generation < 3 { improvable.store(true, ordering: .relaxed) }
            return nil
        default:
            break
        }
        unsafe run.pointee.pc = pc
        let kept: AnyObject?
        do {
            kept = unsafe try region.scope._withUnsafeGuaranteedRef { try $0.enter(generation: pinned) }
        } catch {
            throw unsafe failure(error, at: pc, frame)
        }
        guard let kept else {
            if region.publishes { unsafe scoped.pointee.publishingRegions += 1 }
            return nil
        }
        // The kept object takes the place of the one the region would make.
        unsafe frame[slot] = unsafe Unmanaged.passRetained(kept).toOpaque()
        for moved in region.releasedWhenSkipped {
            // Filled before the region (lowering checked), and read last inside it.
            unsafe Unmanaged<AnyObject>.fromOpaque(frame[Int(moved)].unsafelyUnwrapped).release()
            unsafe frame[Int(moved)] = nil
        }
        unsafe scoped.pointee.skippedRegions |= bit
        return region.end
    }

    /// Performs `requireMainActor`: asks the system where the run is, every time (a program may be
    /// lowered on one thread and run on any other).
    @inline(never)
    private func requireMainActor(at pc: Int, _ frame: UnsafeMutablePointer<UnsafeMutableRawPointer?>)
        throws(ResolutionError)
    {
        guard !MainActorThread().isCurrent else { return }
        throw unsafe failure(
            ResolutionError(.mainActorRequired(mainActorTypes[Int(code[pc].operand)])), at: pc, frame)
    }

    /// Performs `storeThroughKeyPath`. The owner and the value are lent to the store, not
    /// retained: the frame (or the constants) hold both until it returns. Out of line, like
    /// `scopeStep`: inlined, it changed how the loop keeps its registers, which cost every object
    /// a few instructions (callgrind).
    @inline(never)
    private func storeThroughKeyPath(at pc: Int, _ frame: UnsafeMutablePointer<UnsafeMutableRawPointer?>) {
        let instruction = code[pc]
        let value = unsafe read(instruction, frame)
        // The frame holds both objects for the call, so neither is retained.
        unsafe stores[Int(instruction.operand)]._withUnsafeGuaranteedRef { store in
            unsafe Unmanaged<AnyObject>.fromOpaque(frame[Int(instruction.object)].unsafelyUnwrapped)
                ._withUnsafeGuaranteedRef { owner in
                    unsafe Unmanaged<AnyObject>.fromOpaque(value)._withUnsafeGuaranteedRef { store.assign(owner, $0) }
                }
        }
        if instruction.moves {
            unsafe Unmanaged<AnyObject>.fromOpaque(value).release()
            unsafe frame[Int(instruction.value)] = nil
        }
    }

    /// The value an instruction stores, unretained.
    @inline(__always)
    private func read(_ instruction: Instruction, _ frame: UnsafeMutablePointer<UnsafeMutableRawPointer?>)
        -> UnsafeMutableRawPointer
    {
        unsafe instruction.valueIsConstant
            ? constants[Int(instruction.value)] : frame[Int(instruction.value)].unsafelyUnwrapped
    }

    /// Releases what the frame still owns and adds the path of the failing instruction, the way
    /// each property on the way adds itself in the recursive path.
    @inline(never)
    private func failure(_ error: any Error, at pc: Int, _ frame: UnsafeMutablePointer<UnsafeMutableRawPointer?>)
        -> ResolutionError
    {
        for slot in (injects ? 1 : 0)..<slotCount {
            if let owned = unsafe frame[slot] { unsafe Unmanaged<AnyObject>.fromOpaque(owned).release() }
        }
        // The regions the failing instruction is inside were entered and not left: their scopes'
        // creation locks are still held. Innermost first. (A region's last instruction, its
        // `leaveScope`, never fails.)
        for region in regions.reversed() where region.start < pc && pc < region.end - 1 {
            unsafe region.scope._withUnsafeGuaranteedRef { $0.abandon() }
        }
        var passed: any Error = error
        var step = pathOf[pc]
        while step >= 0 {
            let node = pathTree[Int(step)]
            switch node.edge {
            case .property(let ownerType, let requirement):
                passed = ResolutionError.passing(throughOwner: ownerType, requirement: requirement, passed)
            case .parameter(let key):
                passed = (passed as? ResolutionError)?.prependingPath(key.description) ?? passed
            }
            step = node.parent
        }
        return passed as? ResolutionError ?? ResolutionError(.internalInconsistency("unexpected error \(passed)"))
    }
}

/// Which copy of the program loop runs: one that skips regions, or one for programs with none.
private protocol LoopKind {
    static var skipsRegions: Bool { get }
}

private enum Regions: LoopKind {
    static var skipsRegions: Bool { true }
}

private enum NoRegions: LoopKind {
    static var skipsRegions: Bool { false }
}

/// A frame of slots on the stack, all nil: a resolve of a small graph allocates nothing but the
/// objects it creates.
private protocol StackFrameSlots {
    static var count: Int { get }
    init()
}

private typealias FourSlots = (
    UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?
)

@safe private struct EightSlots: StackFrameSlots {
    static var count: Int { 8 }
    var slots: (FourSlots, FourSlots) = ((nil, nil, nil, nil), (nil, nil, nil, nil))
}

@safe private struct SixteenSlots: StackFrameSlots {
    static var count: Int { 16 }
    var slots: (FourSlots, FourSlots, FourSlots, FourSlots) = (
        (nil, nil, nil, nil), (nil, nil, nil, nil), (nil, nil, nil, nil), (nil, nil, nil, nil)
    )
}
