/// Diagnostics about assisted factories.
extension Diagnostic {
    /// An `AssistedFactory<Seed, T>` requested with no binding, for a `T` the container cannot make
    /// with a seed by itself (it is not an `Injectable` class, even if `T` is bound).
    static func unboundAssistedFactory(
        _ factory: any AssistedFactoryType.Type, location: SourceLocation?, path: [String]
    ) -> Diagnostic {
        let name = typeName(factory)
        let product = typeName(factory.productType)
        let seed = typeName(factory.seedType)
        return Diagnostic(
            code: .missingBinding,
            message:
                "\(name) cannot be provided: \(product) is not an Injectable class, so the container cannot make it from a \(seed) by itself.",
            location: location, path: path.isEmpty ? [] : path.dropLast() + [name],
            fix:
                "Bind the factory with `binder.bind(\(typeExpression(factory)).self).to(assisted: …)`, passing a function whose "
                + "first parameter is the \(seed) and whose other parameters the container resolves.")
    }

    /// An `AssistedFactory<Seed, T>` that fills an assisted property of another type than `Seed`.
    static func assistedSeedMismatch(_ requirement: Requirement, owner: Any.Type, seed: Any.Type, path: [String])
        -> Diagnostic
    {
        let ownerName = typeName(owner)
        let seedName = typeName(seed)
        let propertyType = requirement.key.typeName
        let property = "\(ownerName).\(requirement.propertyName)"
        return Diagnostic(
            code: .assistedSeedMismatch,
            message:
                "AssistedFactory<\(seedName), \(ownerName)> is given a \(seedName), but \(property), the assisted property it fills, is a \(propertyType).",
            location: requirement.location, path: path,
            fix: "Depend on `AssistedFactory<\(propertyType), \(ownerName)>`, or declare \(property) as a \(seedName).")
    }
}
