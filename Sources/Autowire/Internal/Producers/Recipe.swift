/// How to make one fresh value of `T`; a scoped producer decides when to call it.
///
/// Not `Sendable` by declaration: recipes live inside producers, which are immutable once
/// published and vouched for as `@unchecked Sendable`.
struct Recipe<T> {
    /// Makes the value. When `registeringAs` is given, an object records itself under that producer
    /// as soon as it exists, before its properties are filled, so cycles back to it close.
    let make: (Resolution, AnyProducer?) throws -> T
    /// Whether `make` records the object early (autowired classes) rather than only returning it.
    let registersEarly: Bool
    /// Whether `make` runs a factory that must be guarded against re-entry.
    let isFactory: Bool
}
