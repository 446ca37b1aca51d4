public import Foundation

/// Tells the time. Named `AppClock` so that it never reads as `Swift.Clock`, the standard library's
/// protocol for measuring durations: this one answers "what time is it" for records.
public protocol AppClock: Sendable {
    /// The current date.
    func now() -> Date
}

/// The machine's clock.
public struct SystemAppClock: AppClock {
    /// A clock reading the system time.
    public init() {}

    /// `Date()`.
    public func now() -> Date { Date() }
}
