import Testing

@testable import Autowire

// Singletons that need each other: A.partner → B, B.partner → A. A third one needs A but is not
// needed back.
private final class Left: Injectable {
    static var scope: Scope { .singleton }
    var partner: Right!
    static let dependencies: [Dependency<Left>] = [.inject(\.partner)]
}
private final class Right: Injectable {
    static var scope: Scope { .singleton }
    var partner: Left!
    static let dependencies: [Dependency<Right>] = [.inject(\.partner)]
}
private final class Outside: Injectable {
    static var scope: Scope { .singleton }
    var left: Left!
    static let dependencies: [Dependency<Outside>] = [.inject(\.left)]
}

@Suite struct CreationLockGroupTests {
    private func lock(of type: Any.Type, in container: Container) throws -> CreationLock? {
        (try container.registry.producer(for: BindingKey(type: type, tag: nil)) as? any SingletonCreation)?
            .creationLock
    }

    /// Two threads each creating one side of the cycle would otherwise wait for each other (the
    /// cross-thread check then refuses one of them): the group must be created under one lock.
    @Test(arguments: [false, true])
    func singletonsThatNeedEachOtherShareOneCreationLock(startingFromTheOtherSide: Bool) throws {
        let container = Container()
        let first: Any.Type = startingFromTheOtherSide ? Right.self : Left.self
        _ = try lock(of: first, in: container)
        let left = try lock(of: Left.self, in: container)
        let right = try lock(of: Right.self, in: container)
        #expect(left != nil && left === right)
    }

    @Test func aSingletonOutsideTheCycleKeepsALockOfItsOwn() throws {
        let container = Container()
        let outside = try lock(of: Outside.self, in: container)
        let left = try lock(of: Left.self, in: container)
        #expect(outside != nil && left != nil && outside !== left)
    }
}
