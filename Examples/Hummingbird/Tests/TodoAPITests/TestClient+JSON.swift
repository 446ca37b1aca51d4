import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore

/// Requests and responses as JSON, the way the API's clients see them.
extension TestClientProtocol {
    /// Sends `body` encoded as JSON.
    func post(_ uri: String, json body: some Encodable) async throws -> TestResponse {
        let data = try JSONEncoder().encode(body)
        return try await execute(
            uri: uri, method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(bytes: data))
    }

    /// Sends `text` as a JSON body, as it is.
    func post(_ uri: String, rawJSON text: String) async throws -> TestResponse {
        try await execute(
            uri: uri, method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: text))
    }

    func get(_ uri: String) async throws -> TestResponse {
        try await execute(uri: uri, method: .get)
    }
}

extension TestResponse {
    /// The body decoded as the API encodes it (dates in ISO 8601).
    func decoded<T: Decodable>(as type: T.Type) throws -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(T.self, from: Data(buffer: body))
    }

    /// The message of Hummingbird's JSON error body, `{"error":{"message":"…"}}`.
    func errorMessage() throws -> String {
        try decoded(as: ErrorBody.self).error.message
    }

    var text: String { String(buffer: body) }
}

private struct ErrorBody: Decodable {
    struct Message: Decodable { let message: String }
    let error: Message
}
