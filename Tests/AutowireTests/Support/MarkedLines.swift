import Foundation
import Testing

/// The `file:line` of a line of test source marked with a trailing `// @name` comment, as the
/// library prints a location (`#fileID`, then the line): what an expected error text shows for a
/// fixture's `dependencies` entry or binding, computed, so that adding a line above the fixture
/// does not break the test.
///
/// `file` is a file in the same folder as the caller, which is the default. The marker must be on
/// exactly one line of it; otherwise the issue is recorded and the result names the problem, so
/// that the text it is part of cannot match.
func marked(
    _ name: String, in file: String? = nil, fileID: String = #fileID, filePath: String = #filePath,
    sourceLocation: SourceLocation = #_sourceLocation
) -> String {
    let folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    let fileName = file ?? URL(fileURLWithPath: filePath).lastPathComponent
    let module = fileID.split(separator: "/").first.map(String.init) ?? ""
    let marker = "// @" + name
    let lines = MarkedLines.lines(of: folder.appendingPathComponent(fileName).path)
    let found = lines.indices.filter { index in
        lines[index].hasSuffix(marker) || lines[index].contains(marker + " ")
    }
    guard found.count == 1, let index = found.first else {
        Issue.record(
            "\(fileName) has \(found.count) lines marked `\(marker)`, not one", sourceLocation: sourceLocation)
        return "<\(found.count) lines marked \(marker) in \(fileName)>"
    }
    return "\(module)/\(fileName):\(index + 1)"
}

/// The test sources read so far, by path: tests run in parallel, and each file is read once.
enum MarkedLines {
    private static let cache = Locked<[String: [String]]>([:])

    static func lines(of path: String) -> [String] {
        if let known = cache.withLock({ $0[path] }) { return known }
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let lines = text.components(separatedBy: "\n")
        cache.withLock { $0[path] = lines }
        return lines
    }
}
