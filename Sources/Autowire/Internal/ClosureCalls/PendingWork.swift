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
    /// Singletons that read what this resolve still built outside any creation: published on its success.
    var creationsDeferredToEnd: [ProgramScope] = []
    /// Hooks of objects that read what this resolve was still building outside any frame: run at its end.
    var hooksDeferredToEnd: [PendingHook] = []
    /// Fills waiting for a factory still running here: a cycle through a constructor, closed by a property.
    var waitingFills: [WaitingFill] = []
}
