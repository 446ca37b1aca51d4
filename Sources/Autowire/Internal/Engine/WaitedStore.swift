/// A property that waited for a shared factory's product (see `ProgramLowering.WaitingStore`), written
/// once the factory returns where a plain store cannot: through aliases (the product converted by each,
/// failing the resolve there if it does not conform), or for an owner made in a region that closed
/// before then (written only if the region ran: a run that skipped it holds the scope's complete object,
/// or nothing). Returns the product: every call makes a value.
final class WaitedStore: ProgramFactory {
    private let store: ProgramStore
    /// What the property asked for, when it hands on the factory's product through aliases.
    private let throughAliases: AnyProducer?
    /// The innermost region open where the property met the factory, when it closed before.
    private let region: Int?

    init(_ store: ProgramStore, throughAliases: AnyProducer?, region: Int?, key: BindingKey) {
        self.store = store
        self.throughAliases = throughAliases
        self.region = region
        super.init(key: key, location: nil, references: 0b11)
    }

    override var namesPath: Bool { false }

    override func call(_ arguments: FactoryArguments, in run: StackReference<ProgramRun>) throws -> AnyObject {
        let product = arguments.recorded(1)
        // Skipped: the owner is complete, or its slot empty, and it is never read.
        if let region, run.pointee.skipped(region: region) { return product }
        let value = try throughAliases?.recorded(fromMakerValue: product) ?? product
        withExtendedLifetime(value) { store.assign(arguments.recorded(0), value) }
        return product
    }
}
