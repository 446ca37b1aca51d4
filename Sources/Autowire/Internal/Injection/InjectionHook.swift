import Synchronization

/// Calls a class's ``PropertyInjectable/didInjectDependencies()`` once its object is complete.
///
/// Swift cannot tell if a type implements a requirement or keeps the default, so the first call finds
/// out (the default marks its object, see `defaultRan(on:)`); a class keeping it is not called again.
///
/// Sendable: `injectable` is `let`; `state` is a relaxed atomic: it publishes no other memory, and
/// every thread that finds out stores the same answer.
final class InjectionHook: @unchecked Sendable {
    private let injectable: any PropertyInjectable.Type
    /// 0 until the first call, 1 when the class keeps the default, 2 when it implements the hook.
    private let state = Atomic<UInt8>(0)

    private init(_ type: any PropertyInjectable.Type) {
        injectable = type
    }

    /// Shared by every container and plan: implementing the hook is a fact about the class, found out
    /// once, and compiling allocates no hook. Kept for the process's life, as types are.
    static func of(_ type: any PropertyInjectable.Type) -> InjectionHook {
        // A lock failure only costs the sharing: this plan finds out for itself.
        shared.entry(for: ObjectIdentifier(type)) { InjectionHook(type) }
    }

    private static let shared = PerTypeCache<InjectionHook>()

    /// The class, for messages.
    var type: Any.Type { injectable }

    /// Opens `injectable` with a generic call (a closure would cost an allocation per class).
    private func call(_ object: AnyObject) throws {
        try Self.call(injectable, on: object)
    }

    private static func call<X: PropertyInjectable>(_: X.Type, on object: AnyObject) throws {
        // The plan runs only on objects of `X` or its subclasses.
        try planObject(object, as: X.self).didInjectDependencies()
    }

    /// Whether the class is known to keep the default: no object of it needs a call.
    @inline(__always)
    var isAbsent: Bool { state.load(ordering: .relaxed) == 1 }

    /// Whether the first call has shown whether the class implements the hook.
    var isSettled: Bool { state.load(ordering: .relaxed) != 0 }

    /// Calls the hook on `object`, turning an error it throws into `injection-hook-failed`.
    func run(on object: AnyObject) throws(ResolutionError) {
        switch state.load(ordering: .relaxed) {
        case 1:
            return
        case 2:
            do { try call(object) } catch { throw failure(error) }
        default:
            Self.marks.clear()
            do { try call(object) } catch { throw failure(error) }
            let keptDefault = Self.marks.isMarked(object)
            Self.marks.clear()
            state.store(keptDefault ? 1 : 2, ordering: .relaxed)
        }
    }

    private func failure(_ error: any Error) -> ResolutionError {
        if let resolutionError = error as? ResolutionError { return resolutionError }
        return ResolutionError(.injectionHookFailed(type, error: error), underlyingError: error)
    }

    /// Called by the protocol extension's default: marks `object` as one whose class has no hook.
    static func defaultRan(on object: AnyObject) {
        marks.mark(object)
    }

    /// The object the default last ran on, per thread so that concurrent probes do not see each other's
    /// marks. Compared only while the probed call holds the object, so a freed one is never mistaken
    /// for it. Without a key nothing is marked: the class is taken to implement the hook.
    private static let marks = ThreadLocalIdentity()
}

/// An object whose hook waits until the objects it reached are complete.
struct PendingHook {
    let object: AnyObject
    let hook: InjectionHook

    func run() throws(ResolutionError) { try hook.run(on: object) }
}
