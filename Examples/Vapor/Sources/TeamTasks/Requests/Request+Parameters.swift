public import Foundation
public import Vapor

extension Request {
    /// The route parameter `name` as a UUID.
    ///
    /// - Throws: `Abort(.badRequest)` naming the parameter when it is not a UUID.
    public func uuid(_ name: String) throws -> UUID {
        let text = parameters.get(name) ?? ""
        guard let id = UUID(uuidString: text) else {
            throw Abort(.badRequest, reason: "\(name) \"\(text)\" is not a UUID.")
        }
        return id
    }
}
