import Synchronization

/// A compiled way to produce the value for one ``BindingKey`` in one container: the node of the
/// dependency graph. Producers are built once by the ``PlanCompiler``, then only read.
///
/// Sendable: `edges`, `absentKeys` and `isGroupedForCreation` are written only by a compiler under
/// `registry.table`'s write lock before the producer is committed, and read once it is published
/// (through that lock, `RootCache`'s releasing insert or `programWord`); `rootCheck` is an atomic
/// word written under the same lock and read without it (an isolated child's handle may read an
/// ancestor's producer while the ancestor root-checks it); `programWord` is an atomic (releasing
/// stores, acquiring loads); the rest is `let`.
@usableFromInline
class AnyProducer: @unchecked Sendable {
    let key: BindingKey
    let scope: Scope
    let origin: Origin
    /// The container that owns the producer, its bindings and its singletons.
    private let registryReference: Unowned<Registry>
    final var registry: Registry { registryReference.object }

    /// Static dependencies, filled in while compiling; immutable once the producer is published.
    ///
    /// Unchecked for exclusivity: written only by a compiler under the registry's lock, and no
    /// access spans a call out of the library, so none can overlap another (the check costs about
    /// 70 instructions an access).
    @exclusivity(unchecked) final var edges: [Edge] = []
    /// The keys looked for while compiling and found absent (an `.optional` property left nil, an
    /// absent optional): part of its reach, so that a child binding one of them does not share it.
    @exclusivity(unchecked) final var absentKeys: [BindingKey] = []
    /// Whether the instance is recorded in the resolution before its properties are filled, so that
    /// a cycle coming back to it finds it (autowired classes in a non-transient scope).
    let registersEarly: Bool
    /// Whether a re-entry while under construction must be checked at run time (factories).
    let isFactory: Bool
    /// Whether it is called when it has no program: a closure's own producer in a scope that
    /// keeps nothing. Its value is then never a constant, so no one asks its lowering, which a
    /// closure resolving another would pay on every call. Stored: `keepsInstances` is a switch.
    final let isCalledWithoutProgram: Bool
    /// Set under the registry lock the first time the producer serves a top-level request; read
    /// without it (see `rootCheckWord`).
    final var rootCheck: RootCheck? {
        get { RootCheck(word: rootCheckWord.load(ordering: .relaxed)) }
        set { rootCheckWord.store(newValue?.word ?? 0, ordering: .relaxed) }
    }
    /// `rootCheck` as one word (0 while unchecked), atomic because a top-level resolve reads it
    /// unlocked as a table-size hint: relaxed, since nothing else is published through it.
    private let rootCheckWord = Atomic<Int>(0)
    /// Whether the producer shares a creation lock with the singletons of its cycle.
    final var isGroupedForCreation = false

    init(key: BindingKey, scope: Scope, origin: Origin, registry: Registry, registersEarly: Bool, isFactory: Bool) {
        self.key = key
        self.scope = scope
        self.origin = origin
        self.registryReference = Unowned(registry)
        self.registersEarly = registersEarly
        self.isFactory = isFactory
        self.isCalledWithoutProgram = isFactory && !scope.keepsInstances
    }

    /// Whether the producer would record its instance early in the `.graph` or `.singleton` scope
    /// (an autowired class, whatever its scope): a cycle through it can be closed by a scope.
    var registersEarlyWhenShared: Bool { registersEarly }

    /// Whether the instances it makes are kept beyond one resolve (a singleton, a custom scope,
    /// `.weak`): such instances belong to the container that binds them.
    final var keepsInstances: Bool { scope.keepsInstances }

    /// Whether this is a singleton producer, which may share a creation lock (see
    /// `PlanCompiler.groupCreationLocks`).
    var isSingletonProducer: Bool { false }

    /// The resolve program of this producer as a root (see `ProgramWord`); a published program is
    /// owned by the registry.
    let programWord = Atomic<UInt>(ProgramWord.unlowered)
    /// The same, for nested runs: what a closure's `Resolver` runs for this producer inside a
    /// resolve (see `ResolveProgram.runNested(in:)`), and inside the creation of an object the
    /// container keeps.
    let nestedProgramWord = Atomic<UInt>(ProgramWord.unlowered)
    let keptNestedProgramWord = Atomic<UInt>(ProgramWord.unlowered)
    /// The same, for a top-level resolve asked for by an object the container keeps (see
    /// `resolveTopLevelForKeptObject()`).
    let keptRootProgramWord = Atomic<UInt>(ProgramWord.unlowered)

    /// What a resolve program does to make this producer's value.
    func lowering() -> Lowering { .unsupported }

    /// For the producer of a handle (`Provider`, `Lazy`, `AssistedFactory`): the producer the
    /// handle resolves. A member, not a cast to `HandleProducer`, which would look the conformance
    /// up on every `get()`.
    var handleTarget: AnyProducer? { nil }

    /// `lowering()` inside a kept object's region or not: differs only for handles, which hold
    /// their container weakly inside one (see `RegistryReference`).
    func lowering(insideKeptObject: Bool) -> Lowering { lowering() }

    /// The value of a top-level resolve as recorded (see `RecordedResult`), when no compiling or
    /// lowering has to run first: by the published program, unless lowering it again would make it
    /// faster. Nil when the slow path must run.
    @usableFromInline
    func readyTopLevelResult() throws -> RecordedResult? {
        let word = programWord.load(ordering: .acquiring)
        return ProgramWord.isProgram(word) ? try ResolveProgram.runPublished(word, of: self) : nil
    }

    /// Produces the value in `resolution` as a resolution records it (a class reference as it is,
    /// any other value boxed): what a resolve program's `ClosureCall` stores in its slot.
    func produceRecorded(_ resolution: Resolution) throws -> AnyObject {
        throw ResolutionError(.internalInconsistency("\(Self.self) does not override produceRecorded"))
    }

    /// The `T` of the `Producer<T>` this is; a type no one resolves for any other producer.
    var valueType: Any.Type { NoValue.self }

    /// This producer as a `Producer<Value>`, or nil when it makes values of another type.
    ///
    /// Compared by type identity, not cast: a cast to a generic class looks up its metadata, for
    /// every property and factory parameter compiled.
    final func typed<Value>(_: Value.Type) -> Producer<Value>? {
        guard ObjectIdentifier(valueType) == ObjectIdentifier(Value.self) else { return nil }
        // Only a `Producer<T>` reports a value type other than `NoValue`, and it reports `T`;
        // generic classes are invariant, so a producer whose `T` is `Value` is a `Producer<Value>`
        // (what `as? Producer<Value>` would find).
        return asProducer(of: Value.self)
    }

    private enum NoValue {}
}

/// A producer of `T`. Subclasses implement the scopes.
///
/// Sendable: adds only `holdsReferences`, a `let`; the rest is `AnyProducer`'s.
@usableFromInline
class Producer<T>: AnyProducer, @unchecked Sendable {
    /// Whether values of `T` are class references, which a resolution records as they are.
    /// Checked once here, so the hot path never casts (a cast to `T` costs a metadata lookup of
    /// `Optional<T>` in generic code).
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

    /// What a resolve program made for this producer, as a `T`: a class reference as it is, any
    /// other value in the `ValueBox<T>` this producer's lowering records it in.
    final func recordedValue(_ made: AnyObject) -> T {
        Autowire.recordedValue(made, as: T.self, isObject: holdsReferences)
    }

    /// A recorded instance as a `T`.
    @inline(__always)
    final func value(from recorded: AnyObject) throws -> T {
        if holdsReferences { return Autowire.recordedValue(recorded, as: T.self, isObject: true) }
        return try unboxedValue(from: recorded)
    }

    /// What a program's region of this kept object calls to make it with the closure `recipe`: the
    /// closure's call (`makeRecorded`), in the run's joined resolution.
    final func keptClosure(_ recipe: Recipe<T>) -> Lowering {
        .keptClosure(self) { resolution in self.reference(for: try self.makeRecorded(with: recipe, in: resolution)) }
    }

    /// Makes a value with the closure `recipe` and records it in this resolve once the closure
    /// returns (re-entering it before then is a cycle). For the scopes that keep what they make
    /// (singletons, custom scopes, `.weak`).
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

    /// Out of line: the casts need metadata that the compiler would otherwise fetch on every call
    /// of the inlining function, even when the class-reference path is taken.
    @inline(never)
    final func unboxedValue(from recorded: AnyObject) throws -> T {
        if let box = recorded as? ValueBox<T> { return box.value }
        // An implementation recorded before it was filled, seen through a protocol.
        if let typed = recorded as? T { return typed }
        throw ResolutionError(.internalInconsistency("an instance recorded for \(key) is a \(type(of: recorded))"))
    }

    /// The value in `resolution` when no program makes it: a closure's call, in the producers that
    /// call one (they override this); else the constant the producer is, which a closure's
    /// `Resolver` reads with no program around it (one would cost more than the read).
    func produce(_ resolution: Resolution) throws -> T {
        guard case .constant(let recorded) = lowering() else {
            throw ResolutionError(.internalInconsistency("\(key) has no resolve program"))
        }
        return try value(from: recorded)
    }

    override func produceRecorded(_ resolution: Resolution) throws -> AnyObject {
        if !isCalledWithoutProgram, case .constant(let recorded) = lowering() { return recorded }
        let value = try produce(resolution)
        // A `.graph` value that is not a class reference, recorded once made, is in the
        // resolution's table already, boxed: that box, not a second. An autowired object seen as a
        // protocol records itself early, unboxed, so that cycles close: it gets a box here.
        if !holdsReferences, scope == .graph, !registersEarly, case .instance(let recorded) = resolution.lookup(self) {
            return recorded
        }
        return reference(for: value)
    }

    /// Produces the value as the start of a new top-level resolution: by its resolve program.
    func resolveTopLevel() throws -> T {
        if let made = try readyTopLevelResult() { return made.take(as: T.self, isObject: holdsReferences) }
        return try resolveTopLevelSlowly()
    }

    /// ``resolveTopLevel()`` for a `RequestScope` resolve, whose graph may read `request`, or an
    /// `AssistedFactory.make(_:)` call, whose graph reads `seed`.
    final func resolveTopLevel(request: BorrowedValue?, seed: BorrowedValue?) throws -> T {
        let word = programWord.load(ordering: .acquiring)
        if ProgramWord.isProgram(word),
            let made = try ResolveProgram.runPublished(word, of: self, request: request, seed: seed)
        {
            return made.take(as: T.self, isObject: holdsReferences)
        }
        return try resolveTopLevelSlowly(request: request, seed: seed)
    }

    /// A top-level resolve asked for by an object the container keeps (through a handle or a
    /// resolver that holds the container weakly), by the root's `.rootForKeptObject` program: every
    /// handle and resolver made in it holds the container weakly too (see `RegistryReference`).
    final func resolveTopLevelForKeptObject(seed: BorrowedValue? = nil) throws -> T {
        try value(ofRun: registry.program(for: self, kind: .rootForKeptObject)?.runOrItsVariant(for: self, seed: seed))
    }

    /// Lowers the program on first use, and again once it can be faster, and runs it.
    @inline(never)
    final func resolveTopLevelSlowly(request: BorrowedValue? = nil, seed: BorrowedValue? = nil) throws -> T {
        try value(ofRun: registry.program(for: self)?.runOrItsVariant(for: self, request: request, seed: seed))
    }

    /// The value a top-level run made. Not a `T?` from the run: in the unspecialized code a
    /// `Provider<T>.get()` reaches, the optional's metadata costs a runtime lookup on every call.
    @inline(__always)
    private func value(ofRun made: ObjectWord?) throws -> T {
        // Every root has a program once its graph compiled: nil is a lowering that stopped (see
        // `ProgramLowering.Stop`), or a program refused to run in the resolve around it whose
        // variant could not be lowered.
        guard let made else { throw ResolutionError(.internalInconsistency("\(key) has no resolve program")) }
        // A run returns its root's value as recorded, with one reference the caller owns, which
        // the result takes over.
        return RecordedResult(owning: made).take(as: T.self, isObject: holdsReferences)
    }
}

/// What the first top-level use of a producer found out about its reachable graph.
struct RootCheck {
    /// How many producers can record an instance in one resolution starting here.
    let slotCapacity: Int
    /// Whether no static edge below it leads back to a producer on the way (no cycle at all), so
    /// that later walks can stop here.
    var isAcyclic = false

    init(slotCapacity: Int, isAcyclic: Bool = false) {
        self.slotCapacity = slotCapacity
        self.isAcyclic = isAcyclic
    }

    /// The check packed in one nonzero word: the capacity plus one, shifted past the acyclic bit.
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
    /// Bound to an implementation type at a location.
    case implementation(Any.Type, SourceLocation)
    /// Bound to a fixed value.
    case value(SourceLocation)
    /// Bound to a closure factory.
    case closure(SourceLocation)
    /// Bound to a typed factory.
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
