import Foundation
import Testing

/// What the package offers its users: the libraries, and not the demo, which stays an executable
/// target so that `swift run AutowireDemo` still runs it.
@Suite struct PackageProductsTests {
    private static func manifest() throws -> String {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
    }

    /// The text of `products: [ … ]`, up to the bracket that closes it.
    private static func products(in manifest: String) throws -> Substring {
        let start = try #require(manifest.range(of: "products: [")).upperBound
        var depth = 1
        var index = start
        while depth > 0 {
            switch manifest[index] {
            case "[": depth += 1
            case "]": depth -= 1
            default: break
            }
            index = manifest.index(after: index)
        }
        return manifest[start..<index]
    }

    @Test func theProductsAreTheThreeLibrariesAndNotTheDemo() throws {
        let manifest = try Self.manifest()
        let products = try Self.products(in: manifest)
        let names = products.split(separator: "\n").compactMap { line -> String? in
            guard let name = line.range(of: "name: \"") else { return nil }
            return String(line.suffix(from: name.upperBound).prefix { $0 != "\"" })
        }
        #expect(names == ["Autowire", "AutowireTesting", "AutowireFoundation"])
        #expect(!products.contains(".executable("))
        #expect(!products.contains("AutowireDemo"))
        #expect(manifest.contains(#".executableTarget(name: "AutowireDemo", dependencies: ["Autowire"])"#))
    }
}
