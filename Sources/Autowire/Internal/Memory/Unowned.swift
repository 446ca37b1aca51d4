/// A reference that neither keeps its object alive nor checks that it is: `unowned(unsafe)`, the
/// one place it is spelled, for a holder whose object outlives it by construction.
///
/// Every holder keeps one of two invariants, stated where it stores the reference:
/// - **Owned by its referent's owner.** A registry owns its producers, and a producer its edges,
///   steps, factories and checks, for the registry's whole life; so a producer's `registry`, an
///   edge's `target`, an alias's implementation producer are alive whenever their holder is
///   reached.
/// - **Held for a call.** A program run holds its program, a reentry guard its compiler, for a
///   call whose caller keeps the object alive until it returns.
///
/// Unchecked because these references are read on every resolve: a strong one costs a retain and
/// a release a read, a checked `unowned` one a check. AddressSanitizer runs the whole suite, and
/// the container-lifetime tests release containers while handles, children and kept objects still
/// hold on to what they made.
@safe struct Unowned<Object: AnyObject> {
    private unowned(unsafe) let reference: Object

    @inline(__always)
    init(_ object: Object) { unsafe reference = object }

    /// The object, alive under the holder's invariant.
    @inline(__always)
    var object: Object { unsafe reference }

    /// Calls `body` with the object, alive under the holder's invariant, without the retain and
    /// release that reading `object` into a local costs (on a path that reads it for one call).
    @inline(__always)
    func withObject<Result>(_ body: (Object) throws -> Result) rethrows -> Result {
        try unsafe Unmanaged.passUnretained(reference)._withUnsafeGuaranteedRef(body)
    }
}

/// Sendable: the reference itself never changes, and it is only ever read; what it points at is
/// shared under `Object`'s own `Sendable`.
extension Unowned: Sendable where Object: Sendable {}
