/// Told of every task created, to tell the team (a chat message, a mail). App-wide: bound in
/// ``AppContainer`` to ``LogTaskNotifier``; tests override it with one that records.
public protocol TaskNotifier: Sendable {
    /// `task` was just created in the team named `teamName`.
    func taskCreated(_ task: TaskDTO, teamName: String) async
}
