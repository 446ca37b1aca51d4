/// Finds the stored property each declared dependency fills, for the Mirror audit.
///
/// Key-path descriptions name only some properties (FACTS: observers, wrappers and inherited
/// properties print `<computed …>`), so a requirement is matched, in order:
/// 1. by the name its key path prints;
/// 2. by the one property of its type that injection turned from nil to set (set-and-compare);
/// 3. by the one optional property of its type.
/// A requirement left unmatched makes every property of its type count as possibly declared.
struct FieldMatcher {
    struct Match {
        let requirement: Requirement
        /// The index in the layout's fields.
        let field: Int?
    }

    let layout: ProbeLayout
    let afterInit: [Bool?]
    let afterInjection: [Bool?]?

    func match(_ requirements: [Requirement]) -> [Match] {
        var claimed: Set<Int> = []
        var fields: [Int?] = requirements.map { requirement in
            let name = requirement.propertyName
            guard !name.hasPrefix("("),
                let index = layout.fields.firstIndex(where: { $0.name == name })
            else { return nil }
            claimed.insert(index)
            return index
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

extension Array {
    /// The single element, or nil when there are none or several.
    fileprivate var only: Element? { count == 1 ? first : nil }
}
