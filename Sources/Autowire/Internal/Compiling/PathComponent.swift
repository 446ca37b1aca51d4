/// One component of a compiler's path, linked to those before it; named only when a problem reads the path.
final class PathComponent {
    /// A property, the common case, needs no closure (an allocation); any other label is made by one.
    enum Label {
        case property(of: AnyObject.Type, Requirement)
        case text(() -> String)
    }

    let parent: PathComponent?
    private let label: Label

    init(_ label: Label, after parent: PathComponent?) {
        self.label = label
        self.parent = parent
    }

    var components: [String] {
        var labels: [String] = []
        var current: PathComponent? = self
        while let component = current {
            switch component.label {
            case .property(let owner, let requirement): labels.append("\(typeName(owner)).\(requirement.propertyName)")
            case .text(let text): labels.append(text())
            }
            current = component.parent
        }
        return labels.reversed()
    }
}
