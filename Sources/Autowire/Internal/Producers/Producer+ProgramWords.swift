import Synchronization

extension AnyProducer {
    /// The program word of `kind`, loaded acquiring.
    final func programWord(of kind: ProgramKind) -> UInt {
        switch kind {
        case .root: programWord.load(ordering: .acquiring)
        case .rootForKeptObject: keptRootProgramWord.load(ordering: .acquiring)
        case .nested: nestedProgramWord.load(ordering: .acquiring)
        case .nestedInsideKeptObject: keptNestedProgramWord.load(ordering: .acquiring)
        }
    }

    /// Stores `word` (releasing) as the program word of `kind`.
    final func publishProgramWord(_ word: UInt, of kind: ProgramKind) {
        switch kind {
        case .root: programWord.store(word, ordering: .releasing)
        case .rootForKeptObject: keptRootProgramWord.store(word, ordering: .releasing)
        case .nested: nestedProgramWord.store(word, ordering: .releasing)
        case .nestedInsideKeptObject: keptNestedProgramWord.store(word, ordering: .releasing)
        }
    }
}
