/// One component of a compiler's resolution path, linked to the ones before it. Its name is made
/// only when a problem reads the path.
final class PathComponent {
    /// What the component names: a class's property (the common case, which needs no closure and
    /// so no allocation of its own), or any other label, made by a closure.
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

    /// The path from the first component to this one, named.
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
