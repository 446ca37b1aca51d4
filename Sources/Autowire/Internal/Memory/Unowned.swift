/// A reference that neither keeps its object alive nor checks it is: `unowned(unsafe)`, spelled only here,
/// for a holder its object outlives by construction. Unchecked because these references are read every
/// resolve: a strong one costs a retain and a release a read, a checked `unowned` one a check.
///
/// Every holder keeps one of two invariants, stated where it stores the reference:
/// - Owned by its referent's owner: a registry owns its producers, and a producer its edges, steps,
///   factories and checks, for the registry's life; so a producer's `registry`, an edge's `target`, an
///   alias's implementation producer are alive whenever their holder is reached.
/// - Held for a call: a program run holds its program, a reentry guard its compiler, for a call whose
///   caller keeps the object alive until it returns.
///
/// AddressSanitizer runs the suite, whose container-lifetime tests release containers while handles,
/// children and kept objects still hold what they made.
@safe struct Unowned<Object: AnyObject> {
    private unowned(unsafe) let reference: Object

    @inline(__always)
    init(_ object: Object) { unsafe reference = object }

    @inline(__always)
    var object: Object { unsafe reference }

    /// Calls `body` with the object, sparing the retain and release of reading `object` into a local.
    @inline(__always)
    func withObject<Result>(_ body: (Object) throws -> Result) rethrows -> Result {
        try unsafe Unmanaged.passUnretained(reference)._withUnsafeGuaranteedRef(body)
    }
}

/// Sendable: the reference never changes and is only read; its object is shared under `Object`'s `Sendable`.
extension Unowned: Sendable where Object: Sendable {}
