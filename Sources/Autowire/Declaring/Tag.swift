/// A type that names one of several values of the same type, such as two `URL`s.
///
/// Tags are types, never strings, so a typo is a compile error and a tag whose ``Value`` does not
/// match the property it fills does not compile.
///
/// ```swift
/// enum APIBaseURL: Tag { typealias Value = URL }
///
/// binder.bind(URL.self).tagged(APIBaseURL.self).to(value: apiURL)
/// static let dependencies: [Dependency<Client>] = [.inject(\.baseURL, tag: APIBaseURL.self)]
/// ```
///
/// Swift Testing declares a `Tag` too: in a file that imports both modules, write `Autowire.Tag`.
public protocol Tag {
    /// The type of the value this tag names.
    associatedtype Value
}
