/// A place in the user's source: where a dependency or a binding was declared.
///
/// Captured with `#fileID` and `#line`, so messages point at the line to change.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file, as `#fileID` spells it: `Module/File.swift`.
    public var fileID: String {
        switch file {
        case .literal(let literal): literal.description
        case .text(let text): text
        }
    }
    /// The line in that file.
    public let line: Int
    private let file: File

    /// Kept as the literal when given one: every `bind(…)` and `.inject(…)` captures a location and
    /// only messages read it, and a `String` cost an allocation per binding.
    private enum File: Sendable {
        case literal(StaticString)
        case text(String)
    }

    /// Creates a location from the values of `#fileID` and `#line`.
    public init(fileID: String, line: Int) {
        self.file = .text(fileID)
        self.line = line
    }

    @usableFromInline
    init(_ fileID: StaticString, _ line: UInt) {
        self.file = .literal(fileID)
        self.line = Int(line)
    }

    /// `Module/File.swift:12`.
    public var description: String { "\(fileID):\(line)" }

    /// Locations are equal when they name the same line of the same file, however it was given.
    public static func == (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        lhs.line == rhs.line && lhs.fileID == rhs.fileID
    }

    /// Hashes the line and the file's name, so that equal locations hash alike.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(line)
        hasher.combine(fileID)
    }
}
