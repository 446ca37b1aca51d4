import Foundation
import Testing

/// `Scripts/lint-unsafe.sh`: unsafe code lives in `Internal/Memory/` and `Internal/Runtime/` only,
/// and every `@unchecked Sendable` says what makes it true.
@Suite struct UnsafeCodeLintTests {
    private static func lint(_ root: URL) throws -> (status: Int32, output: String) {
        try PackageScript.run("lint-unsafe.sh", [root.path])
    }

    /// A package with unsafe code in its two folders and none elsewhere.
    private static func makePackage() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lint-unsafe-\(UUID().uuidString)")
        let memory = root.appendingPathComponent("Sources/Autowire/Internal/Memory")
        let runtime = root.appendingPathComponent("Sources/Autowire/Internal/Runtime")
        let engine = root.appendingPathComponent("Sources/Autowire/Internal/Engine")
        for folder in [memory, runtime, engine] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try "@safe struct Slot {\n    let word: UnsafeMutableRawPointer\n}\n".write(
            to: memory.appendingPathComponent("Slot.swift"), atomically: true, encoding: .utf8)
        try "func metadata(_ t: AnyClass) -> UInt { unsafe unsafeBitCast(t, to: UInt.self) }\n".write(
            to: runtime.appendingPathComponent("Metadata.swift"), atomically: true, encoding: .utf8)
        try "func run() {\n    step()\n    // unsafe in a comment\n}\n".write(
            to: engine.appendingPathComponent("Loop.swift"), atomically: true, encoding: .utf8)
        return root
    }

    @Test func theLibraryKeepsItsUnsafeCodeInItsTwoFolders() throws {
        let (status, output) = try Self.lint(Documentation.packageRoot)
        #expect(status == 0, "\(output)")
    }

    @Test func unsafeCodeInTheTwoFoldersPasses() throws {
        let root = try Self.makePackage()
        defer { try? FileManager.default.removeItem(at: root) }
        let (status, output) = try Self.lint(root)
        #expect(status == 0, "\(output)")
        #expect(output.contains("lint-unsafe: unsafe code confined to Internal/Memory/ and Internal/Runtime/"))
    }

    @Test func unsafeCodeInAnyOtherFolderIsNamedLineByLine() throws {
        let root = try Self.makePackage()
        defer { try? FileManager.default.removeItem(at: root) }
        let loop = root.appendingPathComponent("Sources/Autowire/Internal/Engine/Loop.swift")
        try "func run() {\n    unsafe step()\n    let p: UnsafeRawPointer? = nil\n}\n".write(
            to: loop, atomically: true, encoding: .utf8)
        let api = root.appendingPathComponent("Sources/Autowire/Resolving")
        try FileManager.default.createDirectory(at: api, withIntermediateDirectories: true)
        try "func cast(_ x: AnyObject) -> Int { unsafe unsafeBitCast(x, to: Int.self) }\n".write(
            to: api.appendingPathComponent("Container.swift"), atomically: true, encoding: .utf8)
        let (status, output) = try Self.lint(root)
        #expect(status == 1)
        let outside = "   <- unsafe code outside Internal/Memory/ and Internal/Runtime/"
        #expect(output.contains("Internal/Engine/Loop.swift:2:    unsafe step()" + outside))
        #expect(output.contains("Internal/Engine/Loop.swift:3:    let p: UnsafeRawPointer? = nil" + outside))
        #expect(output.contains("Resolving/Container.swift:1:func cast(_ x: AnyObject) -> Int { unsafe"))
        #expect(output.contains("lint-unsafe: move the unsafe part behind a safe type in Internal/Memory/"))
        #expect(!output.contains("Slot.swift") && !output.contains("Metadata.swift"))
    }

    @Test func anUncheckedSendableNeedsACommentSayingWhatMakesItTrue() throws {
        let root = try Self.makePackage()
        defer { try? FileManager.default.removeItem(at: root) }
        let locks = root.appendingPathComponent("Sources/Autowire/Internal/Locks")
        try FileManager.default.createDirectory(at: locks, withIntermediateDirectories: true)
        let justified =
            "/// A box.\n///\n/// Sendable: `value` is read and written only under `lock`.\n"
            + "@usableFromInline\nfinal class Box: @unchecked Sendable {}\n"
        try justified.write(to: locks.appendingPathComponent("Box.swift"), atomically: true, encoding: .utf8)
        #expect(try Self.lint(root).status == 0)

        try "/// A cell, shared freely.\nfinal class Cell: @unchecked Sendable {}\n".write(
            to: locks.appendingPathComponent("Cell.swift"), atomically: true, encoding: .utf8)
        let (status, output) = try Self.lint(root)
        #expect(status == 1)
        let finding = "Internal/Locks/Cell.swift:2:final class Cell: @unchecked Sendable {}"
        #expect(output.contains(finding + "   <- @unchecked Sendable without a \"Sendable:\" comment above it"))
        #expect(!output.contains("Box.swift"))
    }
}
