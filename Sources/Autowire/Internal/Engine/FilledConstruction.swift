/// The program form of a ``ConstructorInjectable`` class that is also ``Injectable``: a program calls
/// `construction`, fills the product by `plan` (its hook runs as an autowired object's), and converts it
/// with `boxing` once filled. A cycle back through a property waits for the whole construction, filling
/// included, so a program records the object only once filled (see `ProgramLowering.completeConstruction`)
/// and calls `construction`, never this.
final class FilledConstruction: ProgramFactory {
    /// The initializer's call, whose product is the class itself.
    let construction: ProgramFactory
    let type: any Injectable.Type
    let plan: InjectionPlan
    /// For a binding of a type that is not a class: the conversion of the filled object to it.
    let boxing: ProgramFactory?

    init(
        _ construction: ProgramFactory, filling type: any Injectable.Type, by plan: InjectionPlan,
        boxedBy boxing: ProgramFactory?
    ) {
        self.construction = construction
        self.type = type
        self.plan = plan
        self.boxing = boxing
        super.init(key: construction.key, location: construction.location, references: construction.references)
    }

    // What a program asks of the call while it makes the arguments is the construction's.
    override var isSpecializedCall: Bool { construction.isSpecializedCall }
}
