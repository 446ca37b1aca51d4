/// A type's name as users write it: `OrderService`, `Shipping.Client` (so that a suggested
/// `bind(Shipping.Client.self)` compiles), `[Plugin]`, `[String: Plugin]`, `URL?`, `Void`, raw
/// identifiers in backticks. Made from the runtime's qualified name by `TypeNameSpelling`'s scans,
/// by hand: a regex costs ~0.5 ms to build.
func typeName(_ type: Any.Type) -> String {
    let name = TypeNameSpelling.withoutUnnameableContexts(
        TypeNameSpelling.withoutModules(TypeNameSpelling.sugared(String(reflecting: type).withSpacesInRawIdentifiers)))
    return name == "()" ? "Void" : name
}

/// A type's name where code needs an expression, as in `bind(\(name).self)`: parenthesized when
/// it has spaces outside brackets (`((Int) -> String).self`, `(P & Q).self`).
func typeExpression(_ type: Any.Type) -> String {
    let name = typeName(type)
    return TypeNameSpelling.hasTopLevelSpace(name) ? "(\(name))" : name
}

/// The steps of `typeName(_:)`, each a scan of the runtime's spelling.
enum TypeNameSpelling {
    /// Drops the scopes code cannot name (`(unknown context at $1f2e3d).`) with the path before them:
    /// a private or local type is written as from inside its scope (`Shop.(unknown context at $…).Hidden`
    /// is `Hidden`).
    static func withoutUnnameableContexts(_ name: String) -> String {
        var name = name
        while let context = name.firstRange(of: unnameableContext),
            let end = name[context.upperBound...].firstRange(of: ").")
        {
            name.removeSubrange(pathStart(in: name, before: context.lowerBound)..<end.upperBound)
        }
        return name
    }

    /// The start of the dotted path that ends at `end`.
    private static func pathStart(in name: String, before end: String.Index) -> String.Index {
        var start = end
        while start > name.startIndex {
            let previous = name.index(before: start)
            if name[previous] == "`", let open = name[..<previous].lastIndex(of: "`") {
                start = open
            } else if name[previous] == "." || isIdentifierPart(name[previous]) {
                start = previous
            } else {
                break
            }
        }
        return start
    }

    /// Rewrites `Swift.Array<T>` as `[T]`, `Swift.Dictionary<K, V>` as `[K: V]` and
    /// `Swift.Optional<T>` as `T?`, rightmost first: the rightmost spelling never contains another,
    /// so each rewrite sees only finished ones inside, without recursion.
    static func sugared(_ name: String) -> String {
        var name = name
        let spellings = ["Swift.Array<", "Swift.Dictionary<", "Swift.Optional<"]
        while let (prefix, start) = rightmost(of: spellings, in: name),
            let close = firstTopLevel(in: name, from: start.upperBound, where: { $0 == ">" })
        {
            let inner = String(name[start.upperBound..<close])
            let replacement: String
            switch prefix {
            case "Swift.Array<": replacement = "[\(inner)]"
            case "Swift.Dictionary<":
                let comma = firstTopLevel(in: inner, from: inner.startIndex) { $0 == "," }
                replacement =
                    comma.map { "[\(inner[..<$0]): \(inner[inner.index($0, offsetBy: 2)...])]" } ?? "[\(inner)]"
            default:
                // `(any P & Q)?` and `((Int) -> Int)?` need parentheses to mean the optional.
                replacement = hasTopLevelSpace(inner) ? "(\(inner))?" : "\(inner)?"
            }
            name.replaceSubrange(start.lowerBound...close, with: replacement)
        }
        return name
    }

    /// Drops the module from each qualified name: the first component of every dotted path that
    /// does not continue a nested generic type (`Outer<Int>.Inner`).
    static func withoutModules(_ name: String) -> String {
        var result = ""
        var index = name.startIndex
        while index < name.endIndex {
            guard isComponentStart(name, at: index) else {
                result.append(name[index])
                index = name.index(after: index)
                continue
            }
            let continuesPath = result.last == "."
            let firstEnd = identifierEnd(in: name, from: index)
            var end = firstEnd
            while let next = componentStart(in: name, after: end) {
                end = identifierEnd(in: name, from: next)
            }
            let keptStart = continuesPath || end == firstEnd ? index : name.index(after: firstEnd)
            result += name[keptStart..<end]
            index = end
        }
        return result
    }

    /// Where the next component of a dotted path starts, if `end` is followed by `.` and a name.
    private static func componentStart(in name: String, after end: String.Index) -> String.Index? {
        guard end < name.endIndex, name[end] == "." else { return nil }
        let next = name.index(after: end)
        return next < name.endIndex && isComponentStart(name, at: next) ? next : nil
    }

    private static let unnameableContext = "(unknown context at "

    /// Whether a path component starts at `index`: a name, or a scope code cannot name.
    private static func isComponentStart(_ name: String, at index: String.Index) -> Bool {
        name[index] == "_" || name[index] == "`" || name[index].isLetter || name[index...].hasPrefix(unnameableContext)
    }

    /// Whether `name` has a space outside `()`, `[]`, `<>` and raw identifiers.
    static func hasTopLevelSpace(_ name: String) -> Bool {
        firstTopLevel(in: name, from: name.startIndex) { $0 == " " } != nil
    }

    private static func isIdentifierPart(_ character: Character) -> Bool {
        character == "_" || character.isLetter || character.isNumber
    }

    /// The end of the path component at `start`: a plain name, a raw identifier in backticks, or an
    /// unnameable scope in parentheses.
    private static func identifierEnd(in name: String, from start: String.Index) -> String.Index {
        if let closing: Character = name[start] == "(" ? ")" : name[start] == "`" ? "`" : nil {
            guard let close = name[name.index(after: start)...].firstIndex(of: closing) else { return name.endIndex }
            return name.index(after: close)
        }
        return name[start...].firstIndex { !isIdentifierPart($0) } ?? name.endIndex
    }

    private static func rightmost(of prefixes: [String], in name: String) -> (String, Range<String.Index>)? {
        prefixes.compactMap { prefix in name.ranges(of: prefix).last.map { (prefix, $0) } }
            .max { $0.1.lowerBound < $1.1.lowerBound }
    }

    /// The first character from `start` that `isWanted` accepts outside `()`, `[]`, `<>` and raw
    /// identifiers; `->` is an arrow, not a bracket. Started just inside generic arguments, the
    /// first top-level `>` is the one that closes them.
    private static func firstTopLevel(
        in text: String, from start: String.Index, where isWanted: (Character) -> Bool
    ) -> String.Index? {
        var depth = 0
        var previous: Character = " "
        var inRawIdentifier = false
        for index in text[start...].indices {
            let character = text[index]
            defer { previous = character }
            if character == "`" { inRawIdentifier.toggle() }
            guard !inRawIdentifier, character != "`" else { continue }
            let isArrow = character == ">" && previous == "-"
            if depth == 0, !isArrow, isWanted(character) { return index }
            switch character {
            case "(", "[", "<": depth += 1
            case ")", "]": depth -= 1
            case ">" where !isArrow: depth -= 1
            default: break
            }
        }
        return nil
    }
}

/// The module that declares a nominal type (`Vapor` for `Vapor.Request`), from the runtime's
/// qualified name.
func moduleName(of type: Any.Type) -> String {
    String(String(reflecting: type).prefix { $0 != "." })
}
