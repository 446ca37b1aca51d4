/// The diagnostics of mistakes in how a class declares what it needs, found when the container
/// first fills an instance of it.
extension Diagnostic.Code {
    /// A stored optional property still nil after injection, not in `dependencies`, whose type the
    /// container can provide: a forgotten `.inject`.
    public static let forgottenDependency = Diagnostic.Code("forgotten-dependency")
}

extension Diagnostic {
    /// `declaredAt` is the first entry of the owner's `dependencies` list, if it has any.
    static func forgottenDependency(
        owner: Any.Type, property: String, valueType: Any.Type, declaredAt: SourceLocation?, path: [String]
    ) -> Diagnostic {
        let ownerName = typeName(owner)
        return Diagnostic(
            code: .forgottenDependency,
            message:
                "\(ownerName).\(property) is nil after injection but is not in \(ownerName).dependencies, and the "
                + "container can provide \(typeName(valueType)): it looks like a forgotten `.inject`.",
            location: declaredAt, path: path,
            fix:
                "Add `.inject(\\.\(property))` to \(ownerName).dependencies; if it may stay nil, "
                + "`.optional(\\.\(property))`; if something else sets it, `.notInjected(\\.\(property))`.")
    }
}
