/// The generations a run pinned in the custom scopes it reached: for each, the one current when the
/// run first asked (see `ScopeStorage`), so that its graph never mixes both sides of a reset. The
/// first four in place, with no allocation; any more in an array.
struct ScopePins {
    private static let inPlace = 4

    /// Unretained: the registry keeps the storage for the whole run.
    private struct Pin {
        let storage: Unowned<ScopeStorage>
        let generation: Int
    }

    /// Filled from the first: a nil pin ends the list.
    private var pins: (Pin?, Pin?, Pin?, Pin?) = (nil, nil, nil, nil)
    private var more: [Pin] = []

    func generation(in storage: ScopeStorage) -> Int? {
        var found: Int?
        visitEach { pinned, generation in
            if found == nil, pinned === storage { found = generation }
        }
        return found
    }

    /// Pins `generation` in `storage`, which has none pinned yet.
    mutating func record(_ generation: Int, in storage: ScopeStorage) {
        let pin = Pin(storage: Unowned(storage), generation: generation)
        if pins.0 == nil {
            pins.0 = pin
        } else if pins.1 == nil {
            pins.1 = pin
        } else if pins.2 == nil {
            pins.2 = pin
        } else if pins.3 == nil {
            pins.3 = pin
        } else {
            more.append(pin)
        }
    }

    func visitEach(_ body: (ScopeStorage, Int) -> Void) {
        for index in 0..<Self.inPlace {
            guard let pin = pin(at: index) else { return }
            pin.storage.withObject { body($0, pin.generation) }
        }
        for pin in more {
            pin.storage.withObject { body($0, pin.generation) }
        }
    }

    private func pin(at index: Int) -> Pin? {
        switch index {
        case 0: pins.0
        case 1: pins.1
        case 2: pins.2
        default: pins.3
        }
    }
}
