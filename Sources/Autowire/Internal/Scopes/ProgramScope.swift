/// A scope that keeps an object beyond one resolve, as a program enters it: under the scope's creation
/// lock, the program takes the kept object or makes one, in a region it skips otherwise. Only programs
/// enter scopes (a kept object's closure runs in its region too, see `Lowering.keptClosure`), so every
/// resolve shares one lock and one instance.
class ProgramScope {
    /// Takes the creation lock and returns the kept object, unlocking; nil when there is none, still
    /// locked until `keep` or `abandon`. `generation` is the one pinned in `storage`.
    func enter(generation: Int) throws(ResolutionError) -> AnyObject? {
        throw ResolutionError(.internalInconsistency("\(Self.self) does not override enter"))
    }

    /// Keeps the object made after `enter` found none, and releases the creation lock.
    func keep(_ object: AnyObject, generation: Int) {
        stage(object, generation: generation)
        publish()
    }

    /// Releases the creation lock after making the object failed.
    func abandon() {}

    /// For a scope that `publishes`: holds the made object, still locked, until `publish` or `discard`;
    /// meanwhile `enter` on this thread returns it and other threads wait.
    func stage(_ object: AnyObject, generation: Int) {}

    /// Keeps the staged object for every later resolve, and releases the creation lock.
    func publish() {}

    /// Drops the staged object (the resolve failed) and releases the creation lock.
    func discard() {}

    /// Whether keeping publishes the object to every later resolve (a singleton, a custom scope's
    /// object), so it must be complete: its region's hooks run before `keep`, and reading the request
    /// there is refused. A region that read an object made before it (maybe unfinished) only stages its
    /// object, published with the enclosing publishing region or at the end of a successful run.
    var publishes: Bool { false }

    /// Whether the kept object becomes a constant (a singleton), so its makers get relowered.
    var becomesConstant: Bool { false }

    /// Instances kept per generation, pinned once per resolve; nil for a scope without generations.
    var storage: ScopeStorage? { nil }
}
