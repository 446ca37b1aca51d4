public import Autowire

/// The SQLite file's path (``TeamSettings/databasePath``), bound in ``AppContainer``.
public enum DatabasePath: Autowire.Tag {
    public typealias Value = String
}

/// The user names the API accepts (``TeamSettings/users``), bound in ``AppContainer``.
public enum KnownUsers: Autowire.Tag {
    public typealias Value = [String]
}
