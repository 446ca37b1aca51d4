/// A place in the user's source: where a dependency or a binding was declared.
///
/// Captured with `#fileID` and `#line`, so messages point at the line to change.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file, as `#fileID` spells it: `Module/File.swift`.
    public let fileID: String
    /// The line in that file.
    public let line: Int

    /// Creates a location from the values of `#fileID` and `#line`.
    public init(fileID: String, line: Int) {
        self.fileID = fileID
        self.line = line
    }

    @usableFromInline
    init(_ fileID: StaticString, _ line: UInt) {
        self.fileID = "\(fileID)"
        self.line = Int(line)
    }

    /// `Module/File.swift:12`.
    public var description: String { "\(fileID):\(line)" }
}
