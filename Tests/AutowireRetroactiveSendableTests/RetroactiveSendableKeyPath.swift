// What FluentKit and Vapor declare, and so what every module that imports them sees: with it, a key
// path is `Sendable` whatever it points to, which made the `Sendable` and `@MainActor` overloads of
// `Dependency.inject` tie ("ambiguous use") before they were one.
// swift-format-ignore: AvoidRetroactiveConformances
extension KeyPath: @unchecked @retroactive Sendable {}
