import Foundation
import Testing

/// README.md and the DocC catalog, read as the documentation tests compare them with the tests.
enum Documentation {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A fenced block: its document (relative to the package root), the line its first line of
    /// content is on, its language (empty for a bare fence) and its lines.
    struct Block {
        let document: String
        let line: Int
        let language: String
        let lines: [String]

        var text: String { lines.joined(separator: "\n") }
        var place: String { "\(document):\(line)" }
    }

    static var documents: [URL] {
        let catalog = packageRoot.appendingPathComponent("Documentation.docc")
        let files =
            FileManager.default.enumerator(at: catalog, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }
            .filter { $0.pathExtension == "md" } ?? []
        return [packageRoot.appendingPathComponent("README.md")] + files.sorted { $0.path < $1.path }
    }

    /// Every fenced block of `text`, the document at `document`.
    static func blocks(in text: String, document: String) -> [Block] {
        var blocks: [Block] = []
        var open: (language: String, start: Int, lines: [String])?
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let block = open {
                if trimmed == "```" {
                    blocks.append(
                        Block(document: document, line: block.start, language: block.language, lines: block.lines))
                    open = nil
                } else {
                    open?.lines.append(line)
                }
            } else if trimmed.hasPrefix("```") {
                open = (String(trimmed.dropFirst(3)), index + 2, [])
            }
        }
        return blocks
    }

    /// Every fenced block of every document.
    static let allBlocks: [Block] = documents.flatMap { url in
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return blocks(in: text, document: url.path.replacingOccurrences(of: packageRoot.path + "/", with: ""))
    }

    /// The first words of a line of a block that shows commands to type rather than output.
    static let commandPrefixes = ["swift ", "Scripts/"]

    /// The blocks that show what the library prints (errors, warnings, reports, graphs): ```text and
    /// bare blocks, except those that list commands.
    static var outputBlocks: [Block] {
        allBlocks.filter { block in
            guard block.language == "text" || block.language.isEmpty else { return false }
            let first = block.lines.first ?? ""
            return !commandPrefixes.contains(where: first.hasPrefix)
        }
    }
}

/// Asserts that `actual`, something the library printed, is `documented`, and that `documented` is
/// shown, character for character, in a block of README.md or Documentation.docc.
///
/// The documentation's examples are set in an imaginary app: its `at:` and `also:` lines name
/// places such as `App/Bindings.swift:3`, where this test's output names its own file, and its types
/// are declared at the top level, where the examples nest them in a namespace per article. So
/// location lines are compared as present or absent, and the namespace is dropped from `actual`
/// (see `withoutLocations`); everything else is compared exactly.
/// `documented` must be a raw string literal (`#"""`) written in the call: `DocumentationSnippetsTests`
/// reads it from the source, to require that every output block of the documentation is asserted.
func expectDocumented(_ actual: String, _ documented: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(withoutLocations(actual) == withoutLocations(documented), sourceLocation: sourceLocation)
    let isShown = Documentation.outputBlocks.contains { $0.text == documented }
    #expect(
        isShown, "this text is not shown in README.md or Documentation.docc as it is written here",
        sourceLocation: sourceLocation)
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

/// The multi-line string literals of a Swift source, as the compiler reads them: without the
/// indentation of their closing delimiter, escapes undone in non-raw ones (`\\`, `\"`); literals
/// with interpolations are left out. Each comes with the line it starts on and the code before its
/// opening delimiter since the previous literal ended.
func multilineStringLiterals(in source: String) -> [(line: Int, text: String, before: String)] {
    let quotes = String(repeating: "\"", count: 3)
    var literals: [(line: Int, text: String, before: String)] = []
    var before: [String] = []
    var open: (line: Int, isRaw: Bool, lines: [String])?
    for (index, line) in source.components(separatedBy: "\n").enumerated() {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if let literal = open {
            guard trimmed.hasPrefix(literal.isRaw ? quotes + "#" : quotes) else {
                open?.lines.append(line)
                continue
            }
            let indentation = line.prefix { $0 == " " }.count
            let body = literal.lines.map { String($0.dropFirst(min(indentation, $0.prefix { $0 == " " }.count))) }
            var text = body.joined(separator: "\n")
            let hasInterpolation = text.contains(literal.isRaw ? "\\#(" : "\\(")
            if !literal.isRaw {
                text = text.replacingOccurrences(of: "\\\\", with: "\u{0}")
                    .replacingOccurrences(of: "\\\"", with: "\"")
                    .replacingOccurrences(of: "\u{0}", with: "\\")
            }
            if !hasInterpolation { literals.append((literal.line, text, before.joined(separator: "\n"))) }
            open = nil
            before = []
        } else if trimmed.hasSuffix(quotes) {
            let isRaw = trimmed.hasSuffix("#" + quotes)
            before.append(String(trimmed.dropLast(isRaw ? 4 : 3)))
            open = (index + 1, isRaw, [])
        } else {
            before.append(line)
        }
    }
    return literals
}

/// What `body` throws, as `print(error)` shows it, or `no error`.
func thrownText<T>(_ body: () throws -> T) -> String {
    do {
        _ = try body()
        return "no error"
    } catch {
        return "\(error)"
    }
}
