import Foundation
import Testing

/// `Scripts/lint-unsafe.sh`: unsafe code lives in `Internal/Memory/` and `Internal/Runtime/`, other
/// files keep at most their allowance, and every `@unchecked Sendable` says what makes it true.
@Suite struct UnsafeCodeLintTests {
    private static func lint(_ root: URL, update: Bool = false) throws -> (status: Int32, output: String) {
        try PackageScript.run("lint-unsafe.sh", update ? ["--update", root.path] : [root.path])
    }

    /// A package with one confined file, one engine file with an allowance of one unsafe line, and a
    /// public file with none.
    private static func makePackage() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lint-unsafe-\(UUID().uuidString)")
        let memory = root.appendingPathComponent("Sources/Autowire/Internal/Memory")
        let engine = root.appendingPathComponent("Sources/Autowire/Internal/Engine")
        let scripts = root.appendingPathComponent("Scripts")
        for folder in [memory, engine, scripts] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try "@safe struct Slot {\n    let word: UnsafeMutableRawPointer\n}\n".write(
            to: memory.appendingPathComponent("Slot.swift"), atomically: true, encoding: .utf8)
        try "func run() {\n    unsafe step()\n    // unsafe in a comment\n}\n".write(
            to: engine.appendingPathComponent("Loop.swift"), atomically: true, encoding: .utf8)
        try "# header\n1\tSources/Autowire/Internal/Engine/Loop.swift\n".write(
            to: scripts.appendingPathComponent("unsafe-allowance.txt"), atomically: true, encoding: .utf8)
        return root
    }

    @Test func theLibraryKeepsItsUnsafeCodeWhereItIsAllowed() throws {
        let (status, output) = try Self.lint(Documentation.packageRoot)
        #expect(status == 0, "\(output)")
    }

    @Test func unsafeCodeInTheTwoFoldersAndWithinItsAllowancePasses() throws {
        let root = try Self.makePackage()
        defer { try? FileManager.default.removeItem(at: root) }
        let (status, output) = try Self.lint(root)
        #expect(status == 0, "\(output)")
        #expect(output.contains("(1 allowed lines in 1 files outside Internal/Memory/ and Internal/Runtime/)"))
    }

    @Test func aFileOverItsAllowanceIsNamedLineByLine() throws {
        let root = try Self.makePackage()
        defer { try? FileManager.default.removeItem(at: root) }
        let loop = root.appendingPathComponent("Sources/Autowire/Internal/Engine/Loop.swift")
        try "func run() {\n    unsafe step()\n    let p: UnsafeRawPointer? = nil\n}\n".write(
            to: loop, atomically: true, encoding: .utf8)
        let (status, output) = try Self.lint(root)
        #expect(status == 1)
        #expect(output.contains("Internal/Engine/Loop.swift:2:    unsafe step()"))
        #expect(output.contains("Internal/Engine/Loop.swift:3:    let p: UnsafeRawPointer? = nil"))
        #expect(output.contains("Internal/Engine/Loop.swift has 2 unsafe lines, 1 allowed"))
        #expect(!output.contains("Slot.swift"))
    }

    @Test func aFileWithNoAllowanceMayHoldNoUnsafeCode() throws {
        let root = try Self.makePackage()
        defer { try? FileManager.default.removeItem(at: root) }
        let api = root.appendingPathComponent("Sources/Autowire/Resolving")
        try FileManager.default.createDirectory(at: api, withIntermediateDirectories: true)
        try "func cast(_ x: AnyObject) -> Int { unsafe unsafeBitCast(x, to: Int.self) }\n".write(
            to: api.appendingPathComponent("Container.swift"), atomically: true, encoding: .utf8)
        let (status, output) = try Self.lint(root)
        #expect(status == 1)
        #expect(output.contains("Sources/Autowire/Resolving/Container.swift has 1 unsafe lines, 0 allowed"))
    }

    @Test func anAllowanceOnlyGoesDown() throws {
        let root = try Self.makePackage()
        defer { try? FileManager.default.removeItem(at: root) }
        let loop = root.appendingPathComponent("Sources/Autowire/Internal/Engine/Loop.swift")
        try "func run() {\n    step()\n}\n".write(to: loop, atomically: true, encoding: .utf8)
        let (status, output) = try Self.lint(root)
        #expect(status == 1)
        #expect(output.contains("Internal/Engine/Loop.swift has no unsafe lines left (or is gone)"))
        #expect(try Self.lint(root, update: true).status == 0)
        #expect(try Self.lint(root).status == 0)
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
