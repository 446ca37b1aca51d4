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

    /// The value in `resolution`, as recorded, for a closure's `Resolver`: by this producer's
    /// nested program when it has one, else the constant it is, or its closure's call (see
    /// `produceRecorded(_:)`).
    @inline(__always)
    final func produceNested(_ resolution: Resolution) throws -> AnyObject {
        guard let program = try nestedProgram(in: resolution) else { return try produceRecorded(resolution) }
        return try program.runNested(in: resolution)
    }

    /// The nested program to run in `resolution`, if any: the one lowered for the inside of an
    /// object the container keeps while the resolution makes one. Inlined as far as the test for
    /// a root that has none (a closure factory's own), which every closure's resolve of one pays.
    @inline(__always)
    final func nestedProgram(in resolution: Resolution) throws -> ResolveProgram? {
        let kind: ProgramKind = resolution.pointee.isMakingKeptObject ? .nestedInsideKeptObject : .nested
        guard programWord(of: kind) != ProgramWord.none else { return nil }
        return try nestedProgram(of: kind, in: resolution)
    }

    /// The nested program of `kind` to run in `resolution`, if any: lowered now if it never was.
    @inline(never)
    private func nestedProgram(of kind: ProgramKind, in resolution: Resolution) throws -> ResolveProgram? {
        let word = programWord(of: kind)
        var program: ResolveProgram?
        if ProgramWord.isProgram(word), !ResolveProgram.published(word).canImprove {
            program = ResolveProgram.published(word)
        } else if word != ProgramWord.none {
            program = try registry.program(for: self, kind: kind)
        }
        guard let program else { return nil }
        if program.canRunNested(in: resolution) { return program }
        return try registry.variant(
            of: program, for: self, ProgramVariant(waitsFor: program.factoriesRunning(in: resolution)))
    }
}

extension Producer {
    /// The value in `resolution` for a closure's `Resolver`: by the nested program when the
    /// producer has one, else as `produceNested` makes it (see `produce(_:)`).
    @inline(__always)
    final func produceNestedValue(_ resolution: Resolution) throws -> T {
        guard let program = try nestedProgram(in: resolution) else { return try produce(resolution) }
        return recordedValue(try program.runNested(in: resolution))
    }
}
