import Foundation
import Testing

/// Keeps README.md and Documentation.docc from drifting: every ```swift block there must appear,
/// paragraph by paragraph, in one of the example test files next to this one, where it is compiled
/// and its behaviour is checked; every block of output (an error, a report, a graph) must be, character
/// for character, a text that an example asserts with `expectDocumented`. The bad-input catalogue's
/// texts are compared with the catalogue's rows by `BadInputCatalogueTests`.
///
/// Swift blocks that cannot compile here are exempt only when their first line says why:
/// `// Package.swift` (a manifest fragment), `// swift-tools-version` (a whole manifest), `// Swinject`
/// or `// Cleanse` (another library's API, in migration guides). A block taken from an example server,
/// which needs Hummingbird or Vapor and builds in the `Examples` package, names its file on its first
/// line (`// Examples/Vapor/Sources/…`), and each of its paragraphs must be in that file.
@Suite struct DocumentationSnippetsTests {
    static let exemptions = ["// Package.swift", "// swift-tools-version", "// Swinject", "// Cleanse"]
    static let examplePrefix = "// Examples/"
    static let catalogue = "Documentation.docc/Articles/BadInputCatalogue.md"

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

    /// The example files and their text.
    static func exampleFiles() throws -> [(name: String, text: String)] {
        let folder = Documentation.packageRoot.appendingPathComponent("Tests/AutowireTests/DocumentationExamples")
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "swift" && $0.lastPathComponent != "DocumentationSnippetsTests.swift" }
        return try files.map { ($0.lastPathComponent, try String(contentsOf: $0, encoding: .utf8)) }
    }

    /// A block's paragraphs (split at blank lines): declarations and the statements that use them
    /// live in different places in a test, but each paragraph must appear whole, in one file.
    static func paragraphs(_ code: [String]) -> [String] {
        code.split { $0.trimmingCharacters(in: .whitespaces).isEmpty }.map { normalized(Array($0)) }
    }

    @Test func everySwiftBlockInTheDocumentationIsCompiledByAnExample() throws {
        let sources = try Self.exampleFiles().map { Self.normalized($0.text.components(separatedBy: "\n")) }
        var checked = 0
        for block in Documentation.allBlocks where block.language == "swift" {
            let first = block.lines.first?.trimmingCharacters(in: .whitespaces) ?? ""
            if Self.exemptions.contains(where: first.hasPrefix) { continue }
            checked += 1
            if first.hasPrefix(Self.examplePrefix) {
                let path = String(first.dropFirst("// ".count))
                let file = Documentation.packageRoot.appendingPathComponent(path)
                let source = try Self.normalized(
                    String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n"))
                let isInTheExample = Self.paragraphs(Array(block.lines.dropFirst())).allSatisfy(source.contains)
                #expect(isInTheExample, "\(block.place): this swift block is not, paragraph by paragraph, in \(path)")
                continue
            }
            let paragraphs = Self.paragraphs(block.lines)
            let isMirrored = sources.contains { source in paragraphs.allSatisfy(source.contains) }
            #expect(isMirrored, "\(block.place): this swift block is not mirrored in DocumentationExamples/")
        }
        #expect(checked >= 20)
    }

    /// The texts the examples pass to `expectDocumented`, read from their source, each with the
    /// place it is written: the first multi-line literal after a call, in the same function.
    static func documentedTexts() throws -> [(place: String, text: String)] {
        try exampleFiles().flatMap { file in
            multilineStringLiterals(in: file.text)
                .filter { literal in
                    guard let call = literal.before.range(of: "expectDocumented(", options: .backwards) else {
                        return false
                    }
                    let between = literal.before[call.upperBound...]
                    return !between.contains("@Test") && !between.contains("func ")
                }
                .map { ("\(file.name):\($0.line)", $0.text) }
        }
    }

    @Test func everyOutputShownInTheDocumentationIsATextAnExampleAsserts() throws {
        let asserted = try Self.documentedTexts()
        #expect(asserted.count >= 25)
        var checked = 0
        for block in Documentation.outputBlocks where block.document != Self.catalogue {
            checked += 1
            #expect(
                asserted.contains { $0.text == block.text },
                """
                \(block.place): no example asserts this text with `expectDocumented` (exactly as shown):
                \(block.text)
                """)
        }
        #expect(checked >= 25)
    }

    /// The other direction, read from the source: what `expectDocumented` also checks when it runs.
    @Test func everyTextAnExampleDocumentsIsShownInTheDocumentation() throws {
        let shown = Documentation.outputBlocks.map(\.text)
        for (place, text) in try Self.documentedTexts() {
            let isShown = shown.contains(text)
            #expect(isShown, "\(place): this text is not shown in the documentation")
        }
    }
}
