import Testing

@testable import Autowire

// The conformance descriptor answers what `swift_conformsToProtocolWithExecutionContext` answers,
// for every shape of descriptor a conformance to `PropertyInjectable` can have here: the runtime
// lookup switched off (`lookup: .descriptor`), as on Apple systems whose runtime lacks it.

@MainActor private final class Screen: @MainActor Injectable {}
private final class Service: Injectable {}
@MainActor private class BaseScreen: @MainActor Injectable { required init() {} }
@MainActor private final class DetailScreen: BaseScreen {}
@MainActor private final class GenericScreen<Model>: @MainActor Injectable {}
@MainActor private final class ConditionalScreen<Model> {}
extension ConditionalScreen: @MainActor PropertyInjectable where Model: Equatable {}
@globalActor private actor RenderActor {
    static let shared = RenderActor()
}
@RenderActor private final class Renderer: @RenderActor PropertyInjectable {}

@Suite struct ConformanceIsolationTests {
    /// Each conformance, formed where its isolation allows, with whether it is the main actor's.
    @MainActor static func cases() -> [(name: String, type: any PropertyInjectable.Type, isMainActor: Bool)] {
        [
            ("isolated", Screen.self, true),
            ("nonisolated", Service.self, false),
            ("subclass of an isolated class", DetailScreen.self, true),
            ("generic", GenericScreen<Int>.self, true),
            ("conditional", ConditionalScreen<String>.self, true),
        ]
    }

    @MainActor @Test func theDescriptorTellsAMainActorConformance() {
        for (name, type, isMainActor) in Self.cases() {
            #expect(MainActorIsolation.isMainActorIsolated(type, lookup: .descriptor) == isMainActor, "\(name)")
        }
    }

    @MainActor @Test func theDescriptorAgreesWithTheRuntime() {
        for (name, type, _) in Self.cases() {
            #expect(
                MainActorIsolation.isMainActorIsolated(type, lookup: .descriptor)
                    == MainActorIsolation.isMainActorIsolated(type, lookup: .runtime), "\(name)")
        }
    }

    @MainActor @Test func onlyAConformanceWhoseDescriptorIsMarkedMayBeIsolated() {
        for (name, type, isMainActor) in Self.cases() {
            #expect(ConformanceIsolation.mayBeIsolated(type) == isMainActor, "\(name)")
        }
    }

    @RenderActor @Test func anotherGlobalActorIsReadAsItselfAndIsNotTheMainActor() {
        let renderer: any PropertyInjectable.Type = Renderer.self
        #expect(ConformanceIsolation.mayBeIsolated(renderer))
        #expect(ConformanceIsolation.globalActor(of: renderer) == RenderActor.self)
        #expect(!MainActorIsolation.isMainActorIsolated(renderer, lookup: .descriptor))
        #expect(!MainActorIsolation.isMainActorIsolated(renderer, lookup: .runtime))
    }

    @Test func trailingObjectsAreMeasuredAsTheFlagsSay() throws {
        // Retroactive (4), two conditional requirements (24), one pack shape (8), generic witness
        // table (12); the resilient witnesses' count is read from the bytes.
        let flags: UInt32 = 1 << 6 | 2 << 8 | 1 << 24 | 1 << 17
        #expect(
            withUnsafeBytes(of: UInt64(0)) { ConformanceIsolation.trailingSize(before: flags, at: $0.baseAddress!) }
                == 48)
        var bytes: [UInt32] = [3, 0]
        let size = bytes.withUnsafeMutableBytes { buffer in
            ConformanceIsolation.trailingSize(before: 1 << 16, at: UnsafeRawPointer(buffer.baseAddress!))
        }
        #expect(size == 4 + 3 * 8)
        _ = bytes.removeLast()
    }

    @Test func aMangledNameIsMeasuredOverItsSymbolicReferences() {
        let name: [UInt8] = [0x53, 0x63, 0x4D, 0x00]  // "ScM", MainActor
        #expect(name.withUnsafeBytes { ConformanceIsolation.mangledNameLength(at: $0.baseAddress!) } == 3)
        let symbolic: [UInt8] = [0x01, 0xFF, 0x00, 0x00, 0x00, 0x24, 0x00]  // a reference whose bytes hold a 0
        #expect(symbolic.withUnsafeBytes { ConformanceIsolation.mangledNameLength(at: $0.baseAddress!) } == 6)
    }
}
