// Foundation's `localizedDescription` reads an error's text only from `LocalizedError` (on Linux
// and on Apple platforms alike); any other error prints "The operation could not be completed".
// `LocalizedError` is Foundation's own protocol, so Autowire cannot conform to it without making
// every user link Foundation. This small library does it instead, for apps that print errors
// through `localizedDescription`.

public import Autowire
public import Foundation

extension ResolutionError: LocalizedError {
    /// The full ``Autowire/ResolutionError/description``: every problem, with its path and fix.
    public var errorDescription: String? { description }
    /// The fix of the first problem.
    public var recoverySuggestion: String? { fix }
}

extension ConfigurationError: LocalizedError {
    /// The full ``Autowire/ConfigurationError/description``: a heading, then every problem.
    public var errorDescription: String? { description }
}

extension ValidationError: LocalizedError {
    /// The full ``Autowire/ValidationError/description``: the report's heading, then every problem.
    public var errorDescription: String? { description }
}
