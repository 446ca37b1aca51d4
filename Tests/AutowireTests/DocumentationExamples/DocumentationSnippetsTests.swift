import Foundation
import Testing

/// Keeps the code in README.md and Documentation.docc from drifting: every ```swift block there must
/// appear, paragraph by paragraph, in one of the example test files next to this one, where it is
/// compiled and its behaviour is checked; every error shown in a ```text block must be asserted there.
///
/// Blocks that cannot compile here are exempt only when their first line says why: `// Package.swift`
/// (a manifest fragment), `// Swinject` or `// Cleanse` (another library's API, in migration guides).
@Suite struct DocumentationSnippetsTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let exemptions = ["// Package.swift", "// Swinject", "// Cleanse"]

    static var documents: [URL] {
        let catalog = packageRoot.appendingPathComponent("Documentation.docc")
        let files =
            FileManager.default.enumerator(at: catalog, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }
            .filter { $0.pathExtension == "md" } ?? []
        return [packageRoot.appendingPathComponent("README.md")] + files.sorted { $0.path < $1.path }
    }

    /// The blocks of a Markdown file in `language`, each with the line it starts on.
    static func blocks(_ language: String, in text: String) -> [(line: Int, code: [String])] {
        var blocks: [(line: Int, code: [String])] = []
        var current: [String]?
        var start = 0
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```" + language {
                current = []
                start = index + 2
            } else if let code = current, trimmed == "```" {
                blocks.append((start, code))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// Lines without surrounding whitespace and with runs of spaces collapsed, so that indentation
    /// inside a test and the formatter's spacing before end-of-line comments do not matter (the
    /// documentation aligns its comments).
    static func normalized(_ lines: [String]) -> String {
        lines.map { line in
            line.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
                .trimmingCharacters(in: .whitespaces)
        }
        .joined(separator: "\n")
    }

    /// The normalized text of each example file.
    static func exampleSources() throws -> [String] {
        let folder = packageRoot.appendingPathComponent("Tests/AutowireTests/DocumentationExamples")
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "swift" && $0.lastPathComponent != "DocumentationSnippetsTests.swift" }
        return try files.map { normalized(try String(contentsOf: $0, encoding: .utf8).components(separatedBy: "\n")) }
    }

    /// A block's paragraphs (split at blank lines): declarations and the statements that use them
    /// live in different places in a test, but each paragraph must appear whole, in one file.
    static func paragraphs(_ code: [String]) -> [String] {
        code.split { $0.trimmingCharacters(in: .whitespaces).isEmpty }.map { normalized(Array($0)) }
    }

    @Test func everySwiftBlockInTheDocumentationIsCompiledByAnExample() throws {
        let sources = try Self.exampleSources()
        var checked = 0
        for document in Self.documents {
            let text = try String(contentsOf: document, encoding: .utf8)
            let name = document.path.replacingOccurrences(of: Self.packageRoot.path + "/", with: "")
            for block in Self.blocks("swift", in: text) {
                let first = block.code.first?.trimmingCharacters(in: .whitespaces) ?? ""
                if Self.exemptions.contains(where: first.hasPrefix) { continue }
                checked += 1
                let paragraphs = Self.paragraphs(block.code)
                let isMirrored = sources.contains { source in paragraphs.allSatisfy(source.contains) }
                #expect(isMirrored, "\(name):\(block.line): this swift block is not mirrored in DocumentationExamples/")
            }
        }
        #expect(checked >= 20)
    }

    /// Error text shown in the documentation, with locations left out.
    static func normalizedOutput(_ lines: [String]) -> String {
        lines.map { $0.trimmingCharacters(in: .whitespaces) }
            .map { line in
                for prefix in ["at: ", "also: "] where line.hasPrefix(prefix) { return prefix + "…" }
                return line
            }
            .joined(separator: "\n")
    }

    @Test func everyErrorShownInTheDocumentationIsAssertedByAnExample() throws {
        let sources = try Self.exampleSources().map { Self.normalizedOutput($0.components(separatedBy: "\n")) }
        var checked = 0
        for document in Self.documents {
            let text = try String(contentsOf: document, encoding: .utf8)
            let name = document.path.replacingOccurrences(of: Self.packageRoot.path + "/", with: "")
            for block in Self.blocks("text", in: text) {
                let first = block.code.first ?? ""
                let isError =
                    ["error[", "warning[", "Container configuration"].contains(where: first.hasPrefix)
                    || first.hasSuffix(" problems:")
                guard isError else { continue }
                checked += 1
                let expected = Self.normalizedOutput(block.code)
                let isAsserted = sources.contains { $0.contains(expected) }
                #expect(isAsserted, "\(name):\(block.line): this error text is not asserted in DocumentationExamples/")
            }
        }
        #expect(checked >= 10)
    }
}

/// The text of an error as the documentation prints it: `at:` and `also:` lines name the place in the
/// documentation's imaginary app, not in this test file, so both sides drop the location; type names
/// lose the namespace of their article (`withoutArticleNamespaces`).
func withoutLocations(_ text: String) -> String {
    withoutArticleNamespaces(text).components(separatedBy: "\n")
        .map { line in
            for prefix in ["  at: ", "  also: "] where line.hasPrefix(prefix) { return prefix + "…" }
            return line
        }
        .joined(separator: "\n")
}
