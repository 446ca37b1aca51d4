/// A property fill waiting for a running factory's value.
struct WaitingFill {
    /// The identity of the factory's producer.
    let factory: UInt
    let object: AnyObject
    let store: ProgramStore
    /// The alias the property asked through, if any: the product is converted as the aliases do.
    let throughAliases: AnyProducer?
}

/// What a resolve keeps only while work waits for its end, or fills wait for a running factory.
/// Owned by one resolve's state, on one thread.
final class PendingWork {
    /// Singletons that read what this resolve was still building outside any creation: published
    /// (and their locks released) only when the whole resolve succeeds.
    var creationsDeferredToEnd: [Creation] = []
    /// Hooks of objects that read what this resolve was still building outside any frame: run
    /// once the whole resolve is built.
    var hooksDeferredToEnd: [PendingHook] = []
    /// Property fills waiting for a factory still running in this resolve, written when it
    /// returns: a cycle through a constructor that closes through a property.
    var waitingFills: [WaitingFill] = []
}
