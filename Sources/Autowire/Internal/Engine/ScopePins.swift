/// The generations a run pinned in the custom scopes it reached: for each, the one current when
/// the run (or its joined resolution) first asked (see `ScopeStorage`), so that its graph never
/// mixes instances from both sides of a reset. At most `capacity` scopes, which the lowering
/// checks; no allocation.
struct ScopePins {
    static let capacity = 4
    /// A scope's storage (its unretained address: the registry keeps it for the whole run) and its
    /// pinned generation, in pairs; address 0 is a free pair.
    private var pairs: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)

    private static func address(of storage: ScopeStorage) -> Int {
        unsafe Int(bitPattern: Unmanaged.passUnretained(storage).toOpaque())
    }

    /// The generation pinned in `storage`, if any.
    mutating func generation(in storage: ScopeStorage) -> Int? {
        let address = Self.address(of: storage)
        return unsafe withPairs { pairs in
            for index in stride(from: 0, to: 2 * Self.capacity, by: 2) where unsafe pairs[index] == address {
                return unsafe pairs[index + 1]
            }
            return nil
        }
    }

    /// Pins `generation` in `storage`, which has none pinned yet.
    mutating func record(_ generation: Int, in storage: ScopeStorage) {
        let address = Self.address(of: storage)
        unsafe withPairs { pairs in
            // Never full: a program reaches at most `capacity` scopes.
            for index in stride(from: 0, to: 2 * Self.capacity, by: 2) where unsafe pairs[index] == 0 {
                unsafe pairs[index] = address
                unsafe pairs[index + 1] = generation
                return
            }
        }
    }

    /// Calls `body` with each storage pinned and its generation.
    mutating func visitEach(_ body: (ScopeStorage, Int) -> Void) {
        unsafe withPairs { pairs in
            for index in stride(from: 0, to: 2 * Self.capacity, by: 2) {
                guard let pointer = unsafe UnsafeRawPointer(bitPattern: pairs[index]) else { return }
                unsafe body(Unmanaged<ScopeStorage>.fromOpaque(pointer).takeUnretainedValue(), pairs[index + 1])
            }
        }
    }

    private mutating func withPairs<R>(_ body: (UnsafeMutablePointer<Int>) -> R) -> R {
        unsafe withUnsafeMutablePointer(to: &pairs) { tuple in
            // Eight `Int`s laid out contiguously, as a homogeneous tuple is.
            unsafe tuple.withMemoryRebound(to: Int.self, capacity: 2 * Self.capacity, body)
        }
    }
}
