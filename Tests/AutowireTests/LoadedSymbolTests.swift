import Testing

@testable import Autowire

/// `LoadedSymbol`, the one lookup by name (`dlsym` with `RTLD_DEFAULT`) behind the runtime entry
/// points, `pthread_getattr_np`, `gettid` and the sanitizers' functions.
@Suite struct LoadedSymbolTests {
    @Test func findsTheSwiftRuntimeEntryPointsTheLibraryLooksUp() {
        #expect(LoadedSymbol.address(named: "swift_getTypeContextDescriptor") != nil)
        #expect(LoadedSymbol.address(named: "swift_reflectionMirror_recursiveChildMetadata") != nil)
    }

    @Test func answersNilForANameNothingLoadedExports() {
        #expect(LoadedSymbol.address(named: "autowire_no_such_symbol_anywhere") == nil)
    }

    /// The stack check reads the thread's bounds through a looked-up function on Linux
    /// (`pthread_getattr_np`): the bounds it finds hold a local of this very frame.
    @Test func theCurrentThreadsStackBoundsHoldALocalOfTheCallingFrame() {
        let bounds = StackBounds.current
        #expect(bounds.size > 0)
        #expect(!bounds.isExhausted())
        // Under AddressSanitizer a local may live on its fake stack, outside the thread's.
        guard !Self.runsUnderAddressSanitizer else { return }
        var marker: UInt8 = 0
        let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        #expect(here > bounds.low && here - bounds.low < UInt(bounds.size))
    }

    /// Whether AddressSanitizer's runtime is loaded (the sanitizer stage of CI).
    static var runsUnderAddressSanitizer: Bool { LoadedSymbol.address(named: "__asan_init") != nil }
}
