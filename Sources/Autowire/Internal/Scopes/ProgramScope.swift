/// A scope that keeps an object beyond one resolve, as a resolve program enters it: the program
/// asks for the kept object under the scope's creation lock, and makes one only when there is
/// none, in a region of instructions it skips otherwise (see `ResolveProgram`).
///
/// Only programs enter a scope: a kept object's closure is called inside its region too (see
/// `Lowering.keptClosure`), so every resolve shares one lock and one instance.
class ProgramScope {
    /// Takes the creation lock and returns the object the scope keeps, with the lock released
    /// again; nil when it keeps none, with the lock still held until `keep` or `abandon`.
    /// `generation` is the one the resolve pinned in `storage`, if the scope has one.
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

    /// For a scope that `publishes`: holds the object made after `enter` found none, with the
    /// creation lock still held, until `publish` or `discard`. Meanwhile `enter` on this thread
    /// returns it, and other threads wait.
    func stage(_ object: AnyObject, generation: Int) {}

    /// Keeps the staged object for every later resolve, and releases the creation lock.
    func publish() {}

    /// Drops the staged object (the resolve failed before it could be published), and releases
    /// the creation lock.
    func discard() {}

    /// Whether keeping the object publishes it to every later resolve (a singleton, or a custom
    /// scope's object): it must then be complete when kept. The hooks of what its region made run
    /// before `keep`, and a request read inside the region is refused. A region that reads an
    /// object made before it (perhaps still being built, or with its hook still to run) only
    /// stages its object, published with the enclosing region that publishes, or at the end of a
    /// successful run, once what it read is complete.
    var publishes: Bool { false }

    /// Whether the object, once kept, is a constant of the programs lowered after (a singleton):
    /// a program that made it is then lowered again.
    var becomesConstant: Bool { false }

    /// The instances the scope keeps per generation, which a resolve pins once (see
    /// `ScopeStorage`); nil for a scope without generations.
    var storage: ScopeStorage? { nil }
}
