import Synchronization

/// A compiled way to produce the value for one ``BindingKey`` in one container: a node of the
/// dependency graph, built once by the ``PlanCompiler``, then only read.
///
/// Sendable: `var`s set while compiling (here and in subclasses) are written only under
/// `registry.table`'s write lock before publication, and read after (through that lock, `RootCache`'s
/// releasing insert or `programWord`). `rootCheck` is atomic, as a child's handle may read it while an
/// ancestor root-checks; the program words are atomics; the rest is `let`.
@usableFromInline
class AnyProducer: @unchecked Sendable {
    let key: BindingKey
    let scope: Scope
    let origin: Origin
    /// Unowned: the registry owns its producers.
    private let registryReference: Unowned<Registry>
    final var registry: Registry { registryReference.object }

    /// Static dependencies. Unchecked for exclusivity: written only under the registry's lock, and no
    /// access spans a call out (the check costs ~70 instructions an access).
    @exclusivity(unchecked) final var edges: [Edge] = []
    /// Keys found absent while compiling (an `.optional` property left nil): part of its reach, so that
    /// a child binding one of them does not share it.
    @exclusivity(unchecked) final var absentKeys: [BindingKey] = []
    /// Whether the instance is recorded before its properties are filled, so a cycle back finds it.
    let registersEarly: Bool
    /// Whether a re-entry while under construction must be checked at run time (factories).
    let isFactory: Bool
    /// A closure's producer in a scope that keeps nothing: never a constant, so its lowering is never
    /// asked (a nested resolve would pay for it). Stored: `keepsInstances` is a switch.
    final let isCalledWithoutProgram: Bool
    /// Set under the registry lock on first top-level use; read without it (see `rootCheckWord`).
    final var rootCheck: RootCheck? {
        get { RootCheck(word: rootCheckWord.load(ordering: .relaxed)) }
        set { rootCheckWord.store(newValue?.word ?? 0, ordering: .relaxed) }
    }
    /// Relaxed: a top-level resolve reads it unlocked only as a table-size hint. 0 while unchecked.
    private let rootCheckWord = Atomic<Int>(0)
    final var isGroupedForCreation = false

    init(
        key: BindingKey, scope: Scope = .transient, origin: Origin = .synthesized, registry: Registry,
        registersEarly: Bool = false, isFactory: Bool = false
    ) {
        self.key = key
        self.scope = scope
        self.origin = origin
        self.registryReference = Unowned(registry)
        self.registersEarly = registersEarly
        self.isFactory = isFactory
        self.isCalledWithoutProgram = isFactory && !scope.keepsInstances
    }

    /// Records early in `.graph` or `.singleton`, so that a scope can close a cycle through it.
    var registersEarlyWhenShared: Bool { registersEarly }

    /// Whether instances outlive a resolve (singleton, custom scope, `.weak`): the container owns them.
    final var keepsInstances: Bool { scope.keepsInstances }

    /// May share a creation lock (see `PlanCompiler.groupCreationLocks`).
    var isSingletonProducer: Bool { false }

    /// Its resolve program as a root (see `ProgramWord`), owned by the registry once published.
    let programWord = Atomic<UInt>(ProgramWord.unlowered)
    /// The same for nested runs (a closure's `Resolver`), plain or inside a kept object's creation.
    let nestedProgramWord = Atomic<UInt>(ProgramWord.unlowered)
    let keptNestedProgramWord = Atomic<UInt>(ProgramWord.unlowered)
    /// The same for a top-level resolve asked for by a kept object (`resolveTopLevelForKeptObject()`).
    let keptRootProgramWord = Atomic<UInt>(ProgramWord.unlowered)

    /// What a resolve program does to make this producer's value.
    func lowering() -> Lowering { .unsupported }

    /// For a handle's producer (`Provider`, `Lazy`, `AssistedFactory`): the producer it resolves. A
    /// member, not a cast to `HandleProducer`, which would look the conformance up on every `get()`.
    var handleTarget: AnyProducer? { nil }

    /// Differs only for handles, which hold their container weakly in a kept object's region.
    func lowering(insideKeptObject: Bool) -> Lowering { lowering() }

    /// The published program's recorded result; nil when the slow path must compile or lower first.
    @usableFromInline
    func readyTopLevelResult() throws -> RecordedResult? {
        let word = programWord.load(ordering: .acquiring)
        return ProgramWord.isProgram(word) ? try ResolveProgram.runPublished(word, of: self) : nil
    }

    /// The value as recorded (a class reference as is, else boxed), as a `ClosureCall` stores it.
    func produceRecorded(_ resolution: Resolution) throws -> AnyObject {
        throw ResolutionError(.internalInconsistency("\(Self.self) does not override produceRecorded"))
    }

    /// The `T` of the `Producer<T>` this is; a type no one resolves for any other producer.
    var valueType: Any.Type { NoValue.self }

    /// This producer as a `Producer<Value>`, or nil. Compared by type identity, not cast: a cast to a
    /// generic class looks up its metadata, for every property and factory parameter compiled.
    final func typed<Value>(_: Value.Type) -> Producer<Value>? {
        guard ObjectIdentifier(valueType) == ObjectIdentifier(Value.self) else { return nil }
        // Only a `Producer<T>` reports a value type other than `NoValue`, and generic classes are
        // invariant, so this is what `as? Producer<Value>` would find.
        return asProducer(of: Value.self)
    }

    private enum NoValue {}
}

/// A producer of `T`; subclasses implement the scopes.
///
/// Sendable: adds only a `let` to `AnyProducer`.
@usableFromInline
class Producer<T>: AnyProducer, @unchecked Sendable {
    /// Whether `T` values are class references, recorded as they are. Checked once so the hot path
    /// never casts (a cast to `T` looks up `Optional<T>`'s metadata in generic code).
    final let holdsReferences = T.self is AnyClass

    final override var valueType: Any.Type { T.self }

    /// `value` as a resolution records it.
    @inline(__always)
    final func reference(for value: T) -> AnyObject { record(value, isObject: holdsReferences) }

    /// The value a program would read as a constant (a bound value, a created singleton), if any.
    final var constantValue: T? {
        guard case .constant(let recorded) = lowering() else { return nil }
        return try? value(from: recorded)
    }

    /// A program's result as a `T`: a class reference as is, else unboxed from its `ValueBox<T>`.
    final func recordedValue(_ made: AnyObject) -> T {
        Autowire.recordedValue(made, as: T.self, isObject: holdsReferences)
    }

    @inline(__always)
    final func value(from recorded: AnyObject) throws -> T {
        if holdsReferences { return Autowire.recordedValue(recorded, as: T.self, isObject: true) }
        return try unboxedValue(from: recorded)
    }

    /// How a kept object's region makes it with the closure `recipe` (`makeRecorded`).
    final func keptClosure(_ recipe: Recipe<T>) -> Lowering {
        .keptClosure(self) { resolution in self.reference(for: try self.makeRecorded(with: recipe, in: resolution)) }
    }

    /// Makes a value with the closure `recipe` and records it once the closure returns (re-entering
    /// before then is a cycle): for the scopes that keep what they make.
    final func makeRecorded(with recipe: Recipe<T>, in resolution: Resolution) throws -> T {
        // What is made inside holds its container weakly (see `RegistryReference`).
        resolution.pointee.keptCreations += 1
        defer { resolution.pointee.keptCreations -= 1 }
        let value = try resolution.constructing(self, allowsProgress: false) { try recipe.make(in: resolution) }
        let recorded = reference(for: value)
        resolution.record(self, instance: recorded)
        try resolution.fillWaiting(for: self, with: recorded)
        return value
    }

    /// Out of line, or the inlining caller would fetch the casts' metadata on every call.
    @inline(never)
    final func unboxedValue(from recorded: AnyObject) throws -> T {
        if let box = recorded as? ValueBox<T> { return box.value }
        // An implementation recorded before it was filled, seen through a protocol.
        if let typed = recorded as? T { return typed }
        throw ResolutionError(.internalInconsistency("an instance recorded for \(key) is a \(type(of: recorded))"))
    }

    /// The value when no program makes it: the closure's call in the producers that override this, else
    /// the constant, which a `Resolver` reads without a program (one would cost more than the read).
    func produce(_ resolution: Resolution) throws -> T {
        guard case .constant(let recorded) = lowering() else {
            throw ResolutionError(.internalInconsistency("\(key) has no resolve program"))
        }
        return try value(from: recorded)
    }

    override func produceRecorded(_ resolution: Resolution) throws -> AnyObject {
        if !isCalledWithoutProgram, case .constant(let recorded) = lowering() { return recorded }
        let value = try produce(resolution)
        // A non-reference `.graph` value is already boxed in the table: reuse that box. An autowired
        // object seen as a protocol was recorded early, unboxed (so cycles close): box it here.
        if !holdsReferences, scope == .graph, !registersEarly, case .instance(let recorded) = resolution.lookup(self) {
            return recorded
        }
        return reference(for: value)
    }

    func resolveTopLevel() throws -> T {
        if let made = try readyTopLevelResult() { return made.take(as: T.self, isObject: holdsReferences) }
        return try resolveTopLevelSlowly()
    }

    /// ``resolveTopLevel()`` for a graph that may read a request (`RequestScope`) or a seed.
    final func resolveTopLevel(request: BorrowedValue?, seed: BorrowedValue?) throws -> T {
        let word = programWord.load(ordering: .acquiring)
        if ProgramWord.isProgram(word),
            let made = try ResolveProgram.runPublished(word, of: self, request: request, seed: seed)
        {
            return made.take(as: T.self, isObject: holdsReferences)
        }
        return try resolveTopLevelSlowly(request: request, seed: seed)
    }

    /// A top-level resolve asked for by a kept object (through a weakly held handle or resolver), by
    /// the `.rootForKeptObject` program, so that every handle and resolver made in it is weak too.
    final func resolveTopLevelForKeptObject(seed: BorrowedValue? = nil) throws -> T {
        try value(ofRun: registry.program(for: self, kind: .rootForKeptObject)?.runOrItsVariant(for: self, seed: seed))
    }

    /// Lowers the program on first use, and again once it can be faster, and runs it.
    @inline(never)
    final func resolveTopLevelSlowly(request: BorrowedValue? = nil, seed: BorrowedValue? = nil) throws -> T {
        try value(ofRun: registry.program(for: self)?.runOrItsVariant(for: self, request: request, seed: seed))
    }

    /// Not a `T?` from the run: in the unspecialized code a `Provider<T>.get()` reaches, the optional's
    /// metadata costs a runtime lookup on every call.
    @inline(__always)
    private func value(ofRun made: ObjectWord?) throws -> T {
        // Every compiled root has a program: nil is a lowering that stopped (`ProgramLowering.Stop`),
        // or a program refused here whose variant could not be lowered.
        guard let made else { throw ResolutionError(.internalInconsistency("\(key) has no resolve program")) }
        // The run hands over one reference to the root's recorded value; the result takes it.
        return RecordedResult(owning: made).take(as: T.self, isObject: holdsReferences)
    }
}

/// What the first top-level use of a producer found out about its reachable graph.
struct RootCheck {
    /// How many producers can record an instance in one resolution starting here.
    let slotCapacity: Int
    /// No static edge below leads back to a producer on the way, so later walks stop here.
    var isAcyclic = false

    init(slotCapacity: Int, isAcyclic: Bool = false) {
        self.slotCapacity = slotCapacity
        self.isAcyclic = isAcyclic
    }

    /// Packed in one nonzero word: the capacity plus one, shifted past the acyclic bit.
    var word: Int { (slotCapacity + 1) << 1 | (isAcyclic ? 1 : 0) }

    /// The check `word` packs; nil for 0, an unchecked producer.
    init?(word: Int) {
        guard word != 0 else { return nil }
        self.init(slotCapacity: (word >> 1) - 1, isAcyclic: word & 1 != 0)
    }
}

/// How a producer gets its values: shown in graph exports and messages.
enum Origin {
    /// An `Injectable` class created with `init()`, with no binding.
    case autowired
    case implementation(Any.Type, SourceLocation)
    case value(SourceLocation)
    case closure(SourceLocation)
    /// A typed factory (`to(factory:)`).
    case factory(SourceLocation)
    /// A `ConstructorInjectable` type made through its `Construction`, written at the location.
    case constructor(SourceLocation)
    /// Gathered from `intoCollection()` contributions.
    case collection([SourceLocation])
    /// Made by the container itself, such as a `Provider`.
    case synthesized
    /// Offered at run time by code outside the container, held weakly.
    case offered(SourceLocation)
    /// The request of a `RequestScope` resolve, declared where the scope was made.
    case request(SourceLocation)

    var location: SourceLocation? {
        switch self {
        case .autowired, .synthesized, .collection: nil
        case .implementation(_, let location), .value(let location), .closure(let location), .factory(let location),
            .constructor(let location), .offered(let location), .request(let location):
            location
        }
    }
}
