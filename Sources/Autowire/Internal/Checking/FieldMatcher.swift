/// Finds the stored property each declared dependency fills, for the Mirror audit. Key paths name only a
/// final class's stored properties (by offset, and printing `\Type.name`; see `StoredPropertyNames`), so a
/// requirement is matched, in order:
/// 1. by the offset its key path holds (see `KeyPathLayout`), else the name it prints;
/// 2. by the one property its own injection step turned from nil to set, seen on a probe;
/// 3. by the one property of its type that injection turned from nil to set (set-and-compare);
/// 4. by the one optional property of its type.
/// An unmatched requirement makes every property of its type count as possibly declared. Step 2 tells apart
/// properties of one type: a required property whose setter drops the value, next to an optional one that
/// injection sets, would otherwise be matched by type to the optional one, and its problem never reported.
struct FieldMatcher {
    struct Match {
        let requirement: Requirement
        /// The index in the layout's fields.
        let field: Int?
    }

    let layout: ProbeLayout
    let afterInit: [Bool?]
    let afterInjection: [Bool?]?
    /// The field each requirement's injection step alone turned from nil to set, by key path.
    var written: [AnyKeyPath: Int] = [:]

    /// Whether several fields share the type of a requirement whose key path does not name its
    /// property: only then can `written` change a match.
    static func isAmbiguous(_ requirements: [Requirement], in layout: ProbeLayout) -> Bool {
        requirements.contains { requirement in
            guard layout.field(namedBy: requirement) == nil else { return false }
            let type = ObjectIdentifier(requirement.key.type)
            return layout.fields.count { ObjectIdentifier($0.wrappedType) == type } > 1
        }
    }

    func match(_ requirements: [Requirement]) -> [Match] {
        var claimed: Set<Int> = []
        var fields: [Int?] = requirements.map { requirement in
            guard let index = layout.field(namedBy: requirement) else { return nil }
            claimed.insert(index)
            return index
        }
        for (position, requirement) in requirements.enumerated() where fields[position] == nil {
            guard let keyPath = requirement.anyKeyPath, let index = written[keyPath], !claimed.contains(index),
                ObjectIdentifier(layout.fields[index].wrappedType) == ObjectIdentifier(requirement.key.type)
            else { continue }
            fields[position] = index
            claimed.insert(index)
        }
        for (position, requirement) in requirements.enumerated() where fields[position] == nil {
            let sameType = layout.fields.indices.filter {
                !claimed.contains($0)
                    && ObjectIdentifier(layout.fields[$0].wrappedType) == ObjectIdentifier(requirement.key.type)
            }
            let changed = sameType.filter { afterInit[$0] == true && afterInjection?[$0] == false }
            if let only = changed.only ?? (changed.isEmpty ? sameType.only : nil) {
                fields[position] = only
                claimed.insert(only)
            }
        }
        return zip(requirements, fields).map { Match(requirement: $0, field: $1) }
    }
}

extension ProbeLayout {
    /// The field `requirement`'s key path names (step 1 above).
    fileprivate func field(namedBy requirement: Requirement) -> Int? {
        if let keyPath = requirement.anyKeyPath,
            case .storedClassProperty(let offset) = KeyPathLayout.component(of: keyPath),
            let index = fields.firstIndex(where: { $0.offset == offset })
        {
            return index
        }
        let name = requirement.propertyName
        guard !name.hasPrefix("(") else { return nil }
        return fields.firstIndex { $0.name == name }
    }
}

extension Array {
    /// The single element, or nil when there are none or several.
    fileprivate var only: Element? { count == 1 ? first : nil }
}
