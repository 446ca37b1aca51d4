import Synchronization

@testable import Autowire

extension Container {
    /// The state of `type`'s resolve program, a `ProgramWord` marker or a published program.
    func programWord<T>(of type: T.Type) throws -> UInt {
        try registry.rootProducer(for: BindingKey(T.self, tag: nil)).programWord.load(ordering: .acquiring)
    }
}

extension Container {
    /// Whether `type` has a published resolve program.
    func hasProgram<T>(of type: T.Type) throws -> Bool { ProgramWord.isProgram(try programWord(of: type)) }

    /// How many regions `type`'s published resolve program has; nil when it has none published.
    func regionCount<T>(of type: T.Type) throws -> Int? {
        let word = try programWord(of: type)
        return ProgramWord.isProgram(word) ? ResolveProgram.published(word).regionCount : nil
    }
}

extension Container {
    /// How many factory calls `type`'s published resolve program makes (a conversion of an
    /// implementation to a protocol it is bound as is one); nil when it has none published.
    func factoryCalls<T>(of type: T.Type) throws -> Int? {
        let word = try programWord(of: type)
        return ProgramWord.isProgram(word) ? ResolveProgram.published(word).factoryCalls : nil
    }
}

extension Container {
    /// Whether `type`'s published resolve program calls a closure (or starts by joining a
    /// resolution for one); nil when it has none published.
    func makesClosureCalls<T>(of type: T.Type) throws -> Bool? {
        let word = try programWord(of: type)
        return ProgramWord.isProgram(word) ? ResolveProgram.published(word).makesClosureCalls : nil
    }
}

extension RequestScope {
    /// The state of `type`'s resolve program in this scope, as `Container.programWord(of:)`.
    func programWord<T>(of type: T.Type) throws -> UInt {
        try registry.rootProducer(for: BindingKey(T.self, tag: nil)).programWord.load(ordering: .acquiring)
    }

    /// Whether `type` has a published resolve program in this scope.
    func hasProgram<T>(of type: T.Type) throws -> Bool { ProgramWord.isProgram(try programWord(of: type)) }
}

extension Container {
    /// Whether `type` has a published program for nested runs: what a closure's `Resolver` runs for
    /// it inside a resolve (`insideKeptObject`: inside the creation of an object the container
    /// keeps).
    func hasNestedProgram<T>(of type: T.Type, insideKeptObject: Bool = false) throws -> Bool {
        let producer = try registry.rootProducer(for: BindingKey(T.self, tag: nil))
        return ProgramWord.isProgram(producer.programWord(of: insideKeptObject ? .nestedInsideKeptObject : .nested))
    }
}

extension Container {
    /// Whether `type` has a published program for a top-level resolve asked for by an object the
    /// container keeps (through a handle or resolver that holds the container weakly).
    func hasProgramForKeptObject<T>(of type: T.Type) throws -> Bool {
        let producer = try registry.rootProducer(for: BindingKey(T.self, tag: nil))
        return ProgramWord.isProgram(producer.programWord(of: .rootForKeptObject))
    }
}

extension ResolveProgram {
    /// How many `callHook` instructions the program has.
    var calledHooks: Int { code.count { $0.operation == .callHook } }

    var regionCount: Int { regions.count }

    var factoryCalls: Int { code.count { $0.operation == .callFactory } }
}

extension ActiveResolutions {
    /// Whether the innermost resolve running on this thread runs a program's instructions (rather
    /// than a closure in its resolution): read from inside user code a resolve calls.
    static var innermostRunsAProgram: Bool {
        guard let run = innermost(under: key) else { return false }
        return run.pointee.calledResolution == nil
    }
}
