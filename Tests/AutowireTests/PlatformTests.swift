import Dispatch
import Foundation
import Testing

@testable import Autowire

/// The platform surface (`Internal/Runtime/`): what the rest of the library asks of the system,
/// and the lint that keeps platform code in that one folder.
@Suite struct PlatformTests {
    /// Runs `body` on a thread of its own (a serial queue's worker, never the caller's thread) and
    /// waits for it.
    static func onAnotherThread<R: Sendable>(_ body: @escaping @Sendable () -> R) -> R {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: R?
        DispatchQueue(label: "PlatformTests").async {
            result = body()
            done.signal()
        }
        done.wait()
        return result!
    }

    @Test func aThreadLocalKeyHoldsOneValuePerThread() throws {
        let key = try #require(ThreadLocalKey())
        let here = UnsafeMutableRawPointer(bitPattern: 0x1000)
        #expect(key.value == nil)
        #expect(key.set(here))
        let there = Self.onAnotherThread { () -> (before: UInt?, after: UInt?) in
            let before = key.value.map { UInt(bitPattern: $0) }
            key.set(UnsafeMutableRawPointer(bitPattern: 0x2000))
            return (before, key.value.map { UInt(bitPattern: $0) })
        }
        #expect(there.before == nil)
        #expect(there.after == 0x2000)
        #expect(key.value == here)
        key.set(nil)
        #expect(key.value == nil)
    }

    @Test func anotherThreadHasItsOwnIdentityAndStackAndIsNotTheMainThread() throws {
        let id = CurrentThread.id
        let there = Self.onAnotherThread {
            () -> (id: UInt, isMain: Bool, stack: (low: UInt, size: Int)?, local: UInt) in
            var marker: UInt8 = 0
            let local = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
            return (CurrentThread.id, CurrentThread.isMain, CurrentThread.stack, local)
        }
        #expect(there.id != id)
        #expect(ThreadID.current.rawValue == id)
        #expect(!there.isMain)
        let stack = try #require(there.stack)
        #expect(stack.size > 0)
        // Under AddressSanitizer a local may live on its fake stack, outside the thread's.
        if !LoadedSymbolTests.runsUnderAddressSanitizer {
            #expect(there.local > stack.low && there.local - stack.low < UInt(stack.size))
        }
    }

    @Test func aRecursiveMutexLetsItsHolderLockAgain() {
        let mutex = SystemMutex(recursive: true)
        defer { mutex.destroy() }
        #expect(mutex.lock() == 0)
        #expect(mutex.lock() == 0)
        mutex.unlock()
        mutex.unlock()
    }

    // MARK: Scripts/lint-platform.sh

    /// Runs the lint on the package at `root`: its exit status and what it printed.
    private static func lint(_ root: URL) throws -> (status: Int32, output: String) {
        try PackageScript.run("lint-platform.sh", [root.path])
    }

    @Test func theLintFindsNoPlatformCodeOutsideThePlatformFolder() throws {
        let (status, output) = try Self.lint(Documentation.packageRoot)
        #expect(status == 0, "\(output)")
    }

    @Test func theLintNamesEachPlatformImportAndConditionalOutsideThePlatformFolder() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lint-platform-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let platform = root.appendingPathComponent("Sources/Autowire/Internal/Runtime")
        let other = root.appendingPathComponent("Sources/Autowire/Internal/Locks")
        try FileManager.default.createDirectory(at: platform, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        let platformCode = "#if canImport(Darwin)\n    import Darwin\n#elseif os(Linux)\n    import Glibc\n#endif\n"
        try platformCode.write(to: platform.appendingPathComponent("Allowed.swift"), atomically: true, encoding: .utf8)
        try "// canImport(Darwin) in a comment\nlet a = 1\n".write(
            to: other.appendingPathComponent("Clean.swift"), atomically: true, encoding: .utf8)
        #expect(try Self.lint(root).status == 0)

        let offending = "import Synchronization\n@preconcurrency import Glibc\n\n  #if os(macOS)\nlet b = 2\n#endif\n"
        try offending.write(to: other.appendingPathComponent("Lock.swift"), atomically: true, encoding: .utf8)
        let (status, output) = try Self.lint(root)
        #expect(status == 1)
        #expect(output.contains("Sources/Autowire/Internal/Locks/Lock.swift:2:"))
        #expect(output.contains("Sources/Autowire/Internal/Locks/Lock.swift:4:"))
        #expect(!output.contains("Lock.swift:1:"))
        #expect(!output.contains("Allowed.swift"))
        #expect(!output.contains("Clean.swift"))
    }
}
