public import Foundation

/// Where todos are kept. The app binds it to ``SQLiteTodoRepository``; tests may bind another.
public protocol TodoRepository: Sendable {
    /// Every todo, oldest first.
    func all() async throws -> [Todo]
    /// The todo with this id, or nil.
    func find(id: Int64) async throws -> Todo?
    /// Stores a new todo and returns it with its id.
    func insert(title: String, done: Bool, createdAt: Date) async throws -> Todo
}
