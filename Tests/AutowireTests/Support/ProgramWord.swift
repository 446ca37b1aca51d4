import Synchronization

@testable import Autowire

extension Container {
    /// The state of `type`'s resolve program: 0 not lowered, 1 none possible, else published.
    func programWord<T>(of type: T.Type) throws -> UInt {
        try registry.rootProducer(for: BindingKey(T.self, tag: nil)).programWord.load(ordering: .acquiring)
    }
}

extension RequestScope {
    /// The state of `type`'s resolve program in this scope, as `Container.programWord(of:)`.
    func programWord<T>(of type: T.Type) throws -> UInt {
        try registry.rootProducer(for: BindingKey(T.self, tag: nil)).programWord.load(ordering: .acquiring)
    }
}
