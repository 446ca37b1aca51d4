/// A property that waited for a shared factory's product (see `ProgramLowering.WaitingStore`),
/// written once the factory returns, when the object that owns it was made in a region that closed
/// before then: a run that skipped that region holds the object its scope kept, complete since it
/// was kept, or nothing for an object made inside it, so the property is written only when the
/// region ran.
///
/// Called with the owner and the product as its arguments, it returns the product: a program's
/// call makes a value, and the slot holding this one is released like any other.
final class StoreUnlessSkipped: ProgramFactory {
    private let store: ProgramStore
    /// The innermost region open where the property met the factory: the owner's.
    private let region: Int

    init(_ store: ProgramStore, region: Int, key: BindingKey) {
        self.store = store
        self.region = region
        super.init(key: key, location: nil, references: 0b11)
    }

    override var namesPath: Bool { false }

    override func call(_ arguments: FactoryArguments, in run: StackReference<ProgramRun>) throws -> AnyObject {
        let product = arguments.recorded(1)
        // Skipped: the owner is complete, or its slot empty, and it is never read.
        if !run.pointee.skipped(region: region) { store.assign(arguments.recorded(0), product) }
        return product
    }
}
