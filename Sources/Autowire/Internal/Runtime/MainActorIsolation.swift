/// Tells whether a class's conformance to `PropertyInjectable` (so `Injectable`) is main-actor isolated
/// (`@MainActor final class Screen: @MainActor Injectable`): its `init()` and property writes must then run
/// on the main actor. A dynamic cast cannot tell (on Swift 6.3 it succeeds off the main actor too); the
/// runtime's `swift_conformsToProtocolWithExecutionContext` (Swift 6.2 on) can: the first word of the
/// `ConformanceExecutionContext` it fills is the global actor's metadata, or null. Looked up with `dlsym`,
/// not linked, so the library loads on older runtimes (iOS and tvOS 18 to 25, macOS 15), where the
/// conformance descriptor answers (`ConformanceIsolation`): the compiler marks isolation there on every OS.
/// Asked once per class, while its plan is compiled; never while resolving.
enum MainActorIsolation {
    /// False also when the runtime cannot say.
    static func isMainActorIsolated(_ type: any PropertyInjectable.Type) -> Bool {
        answers.entry(for: ObjectIdentifier(type)) {
            // Most conformances are not isolated, which their descriptor says for a few loads.
            guard ConformanceIsolation.mayBeIsolated(type) else { return false }
            return isMainActorIsolated(type, lookup: ConformanceRuntime.shared == nil ? .descriptor : .runtime)
        }
    }

    enum Lookup {
        /// `swift_conformsToProtocolWithExecutionContext`, in Swift 6.2 runtimes and later.
        case runtime
        /// The conformance descriptor, on any runtime (see `ConformanceIsolation`).
        case descriptor
    }

    /// The answer from `lookup`, uncached: tests ask the descriptor where the runtime answers too.
    static func isMainActorIsolated(_ type: any PropertyInjectable.Type, lookup: Lookup) -> Bool {
        switch lookup {
        case .runtime: ConformanceRuntime.shared.map { unsafe $0.globalActor(of: type) == mainActorMetadata } ?? false
        case .descriptor: ConformanceIsolation.globalActor(of: type) == MainActor.self
        }
    }

    /// Answers already known, by type: a type's isolation never changes, and the runtime does not
    /// cache these lookups, each a scan of every conformance record (about 900,000 instructions).
    private static let answers = PerTypeCache<Bool>()

    /// `MainActor`'s metadata, which the execution context names for `@MainActor` conformances.
    private static var mainActorMetadata: UnsafeRawPointer {
        // Safe: a metatype is a pointer to the type's metadata; it is only compared, never read.
        unsafe unsafeBitCast(MainActor.self, to: UnsafeRawPointer.self)
    }
}

/// The runtime entry points and `PropertyInjectable`'s protocol descriptor, found once.
/// Sendable: every stored property is `let`: a runtime function callable from any thread, and pointers into
/// read-only runtime and image data; each call fills a context buffer of its own.
@safe private struct ConformanceRuntime: @unchecked Sendable {
    /// `swift_conformsToProtocolWithExecutionContext(type, protocol, context)`, called as C (see `shared`).
    typealias ConformsWithContext =
        @convention(c) (UnsafeRawPointer, UnsafeRawPointer, UnsafeMutableRawPointer) -> UnsafeRawPointer?

    let conforms: ConformsWithContext
    /// `sizeof(ConformanceExecutionContext)`, as the runtime exports it.
    let contextSize: Int
    let protocolDescriptor: UnsafeRawPointer

    /// Nil when the runtime lacks the entry points or the layout is not the one expected.
    static let shared: ConformanceRuntime? = {
        guard let function = unsafe LoadedSymbol.address(named: "swift_conformsToProtocolWithExecutionContext"),
            let sizeSymbol = unsafe LoadedSymbol.address(named: "swift_ConformanceExecutionContextSize"),
            let descriptor = unsafe propertyInjectableDescriptor()
        else { return nil }
        // Safe: the runtime exports `swift_ConformanceExecutionContextSize` as a `size_t`, at this address.
        let size = unsafe sizeSymbol.load(as: Int.self)
        // The context is two words today; refuse anything that cannot hold the word we read.
        guard unsafe size >= MemoryLayout<UnsafeRawPointer>.size, size <= 1 << 12 else { return nil }
        // Safe: the runtime declares it (Swift convention) as `const WitnessTable *(const Metadata *,
        // const ProtocolDescriptor *, ConformanceExecutionContext *)`: three pointers in, one out, as in C.
        return unsafe ConformanceRuntime(
            conforms: unsafeBitCast(function, to: ConformsWithContext.self), contextSize: size,
            protocolDescriptor: descriptor)
    }()

    /// The global actor `type`'s conformance is isolated to, or nil.
    func globalActor(of type: any PropertyInjectable.Type) -> UnsafeRawPointer? {
        let context = unsafe UnsafeMutableRawPointer.allocate(
            byteCount: contextSize, alignment: MemoryLayout<UnsafeRawPointer>.alignment)
        defer { unsafe context.deallocate() }
        // Safe: `contextSize` bytes, just allocated; zero means "nonisolated", as the runtime leaves it.
        unsafe context.initializeMemory(as: UInt8.self, repeating: 0, count: contextSize)
        // Safe: a metatype is a pointer to the type's metadata, which is what the runtime takes.
        let metadata = unsafe unsafeBitCast(type, to: UnsafeRawPointer.self)
        guard unsafe conforms(metadata, protocolDescriptor, context) != nil else { return nil }
        // Safe: the context's first field is `const Metadata *globalActorIsolationType`, and the
        // buffer is at least one word long (checked when the size was read).
        return unsafe context.load(as: UnsafeRawPointer?.self)
    }

    /// Reads the protocol descriptor out of a known conformance, `DescriptorSource: PropertyInjectable`.
    private static func propertyInjectableDescriptor() -> UnsafeRawPointer? {
        guard let conformance = unsafe ConformanceIsolation.conformanceDescriptor(of: DescriptorSource.self) else {
            return nil
        }
        // Safe: a conformance descriptor starts with a 32-bit relative pointer (from the field) to the
        // protocol descriptor; its low bit marks an indirect one, to a slot holding the address.
        let relative = unsafe conformance.load(as: Int32.self)
        let target = unsafe conformance + Int(relative & ~1)
        return unsafe relative & 1 == 0 ? target : target.load(as: UnsafeRawPointer?.self)
    }
}

/// A nonisolated conformance to `PropertyInjectable` to read the protocol descriptor from.
private final class DescriptorSource: PropertyInjectable {}
