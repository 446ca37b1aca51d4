/// Constructions written in the Swift 5 language mode, where `T.init` is not inferred `@Sendable`:
/// the same `Construction(T.init)` compiles there without a warning. Obsoleted in Swift 6, whose
/// code sees only the checked initializers.
extension Construction {
    /// A construction through `initializer`, in the Swift 5 language mode; see
    /// ``init(_:fileID:line:)``.
    @_documentation(visibility: internal)
    @available(swift, obsoleted: 6.0, message: "Swift 6 checks that the initializer is Sendable")
    public init<each Parameter>(
        _ initializer: @escaping (repeat each Parameter) throws -> T, fileID: StaticString = #fileID,
        line: UInt = #line
    ) {
        self.init(
            initializer: UncheckedSendableFunction(call: initializer).sendable, labels: [], specialized: nil,
            fileID: fileID, line: line)
    }

    /// A construction through `initializer` whose parameters are named, in the Swift 5 language
    /// mode; see ``init(_:labels:fileID:line:)``.
    @_documentation(visibility: internal)
    @available(swift, obsoleted: 6.0, message: "Swift 6 checks that the initializer is Sendable")
    public init<each Parameter>(
        _ initializer: @escaping (repeat each Parameter) throws -> T,
        labels: repeat ParameterLabel<each Parameter>, fileID: StaticString = #fileID, line: UInt = #line
    ) {
        self.init(
            initializer: UncheckedSendableFunction(call: initializer).sendable,
            labels: labelNames(repeat each labels), specialized: nil, fileID: fileID, line: line)
    }
}
