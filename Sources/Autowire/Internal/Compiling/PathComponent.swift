/// One component of a compiler's resolution path, linked to the ones before it.
final class PathComponent {
    let parent: PathComponent?
    private let label: () -> String

    init(_ label: @escaping () -> String, after parent: PathComponent?) {
        self.label = label
        self.parent = parent
    }

    /// The path from the first component to this one, named.
    var components: [String] {
        var labels: [String] = []
        var current: PathComponent? = self
        while let component = current {
            labels.append(component.label())
            current = component.parent
        }
        return labels.reversed()
    }
}
