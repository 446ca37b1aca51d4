/// A scope that keeps an object beyond one resolve, as a resolve program enters it: the program
/// asks for the kept object under the scope's creation lock, and makes one only when there is
/// none, in a region of instructions it skips otherwise (see `ResolveProgram`).
///
/// The recursive path uses the same three calls, so both paths share one lock and one instance.
class ProgramScope {
    /// Takes the creation lock and returns the object the scope keeps, with the lock released
    /// again; nil when it keeps none, with the lock still held until `keep` or `abandon`.
    func enter() throws(ResolutionError) -> AnyObject? {
        throw ResolutionError(.internalInconsistency("\(Self.self) does not override enter"))
    }

    /// Keeps the object made after `enter` found none, and releases the creation lock.
    func keep(_ object: AnyObject) {}

    /// Releases the creation lock after making the object failed.
    func abandon() {}

    /// Whether keeping the object publishes it to every later resolve (a singleton): it must then
    /// be complete when kept. The hooks of what its region made run before `keep`, and a region
    /// that reads an object still being built outside it, or one whose hook has not run yet, is
    /// not lowered (the recursive path defers such a publication).
    var publishes: Bool { false }
}
