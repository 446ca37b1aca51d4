@_spi(Reflection) import Swift
import Synchronization

/// The only place Autowire reflects on objects: `validate` probes, never a resolve.
///
/// Loading an `unowned` or `unowned(unsafe)` reference whose object is gone traps or crashes, and a `Mirror`
/// loads what it reads without telling those apart. So the layout comes from the runtime's field records
/// (`_forEachField`, which reads no value), and a property is read only when that is safe:
/// - an optional of a class or class-bound existential (the only kinds that can be `weak` or `unowned`) is
///   tested by its first word, zero exactly when nil for every ownership, with nothing loaded or retained;
/// - any other optional is strong, read through its `Mirror` child (built lazily: no other is touched);
/// - non-optional properties, `unowned(unsafe)` ones included, are never read.
/// A weak reference whose object is gone still has a non-zero word, so it counts as set.
enum MirrorAudit {
    /// When set, counts every `Mirror` built in the current task: tests prove with it that
    /// resolving and injecting never reflect.
    @TaskLocal static var counter: MirrorCounter?

    private static let layouts = PerTypeCache<ProbeLayout>()

    /// The optional stored properties of `object`'s class and superclasses, computed once per class.
    static func layout(of object: AnyObject) -> ProbeLayout {
        let type: AnyObject.Type = Swift.type(of: object)
        // A lock failure only costs the cache: the layout is computed again.
        return layouts.entry(for: ObjectIdentifier(type)) { ProbeLayout(of: type) }
    }

    /// Whether each field of `layout` is nil in `object` right now; nil where it cannot be told.
    static func nilStates(of object: AnyObject, in layout: ProbeLayout) -> [Bool?] {
        var levels: [Mirror] = []
        if layout.fields.contains(where: { if case .mirror = $0.reading { true } else { false } }) {
            // The only place Autowire builds a `Mirror`.
            counter?.increment()
            levels = Array(sequence(first: Mirror(reflecting: object)) { $0.superclassMirror })
        }
        return layout.fields.map { field in
            switch field.reading {
            case .referenceWord(let record):
                return layout.records?.isZeroWord(at: record, in: object)
            case .mirror(let level, let index):
                guard levels.indices.contains(level) else { return nil }
                let children = levels[level].children
                guard index < children.count else { return nil }
                let child = children[children.index(children.startIndex, offsetBy: index)]
                guard child.label == field.label else { return nil }
                return (child.value as? any OptionalMarker)?.isNone
            }
        }
    }
}

/// Counts `Mirror` constructions, for tests.
final class MirrorCounter: Sendable {
    private let value = Atomic<Int>(0)

    func increment() { value.add(1, ordering: .relaxed) }

    var count: Int { value.load(ordering: .relaxed) }
}

/// The optional stored properties of a class hierarchy and how to test each for nil safely.
struct ProbeLayout: Sendable {
    struct Field: Sendable {
        /// The stored name: `_name` for a property wrapper's storage.
        let label: String
        /// The property as written in code.
        let name: String
        let offset: Int
        /// `T` for a `T?` or `T!` property.
        let wrappedType: Any.Type
        let reading: Reading
        /// False for a `weak`, `unowned` or `unowned(unsafe)` property (see `FieldOwnership`): a delegate or
        /// back-reference other code sets, never a forgotten dependency unless `dependencies` lists it.
        let isStrong: Bool
    }

    enum Reading: Sendable {
        /// Zero word means nil; the reference is never loaded. `record` indexes `ProbeLayout.records`.
        case referenceWord(record: Int)
        /// A strong value, read through the `Mirror` of this hierarchy level at this child index.
        case mirror(level: Int, index: Int)
    }

    private(set) var fields: [Field] = []
    /// The class's field records, which `referenceWord` fields are read through; nil when incomplete.
    private(set) var records: ClassFields?

    /// False when the class's stored properties could not be listed whole, with their names (no
    /// reflection metadata, or none of its names): then nothing can be checked.
    var isComplete: Bool { records != nil }

    /// From the field records alone: a `Mirror` would cost two protocol-conformance checks of the object,
    /// each a walk over every conformance in the program, the first time a type is filled.
    init(of type: AnyClass) {
        // Without field records `_forEachField` sees no stored properties at all: an empty layout
        // that must not pass for a checked one.
        guard !FieldRecords.areMissing(in: type) else { return }
        // `_forEachField` lists superclasses' fields first; `Mirror`'s levels (read by `nilStates`) go the
        // other way, class then superclasses, each level's fields being the last listed for it.
        let records = ClassFields(of: type)
        let declared = records.fields
        var levels: [Int] = []
        var level: AnyClass? = type
        var listed = declared.count
        while let current = level {
            let superclass: AnyClass? = _getSuperclass(current)
            let inherited = superclass.map { ClassFields(of: $0).fields.count } ?? 0
            levels.append(listed - inherited)
            listed = inherited
            level = superclass
        }
        // The same fields in the same order, as the runtime counts them with superclasses'.
        let strong = FieldOwnership.strongFields(of: type, count: declared.count)
        // Field records without names (`-disable-reflection-names`) cannot be matched to the
        // declared properties: nothing is checked rather than something guessed.
        guard records.isComplete, levels.allSatisfy({ $0 >= 0 }), !declared.contains(where: \.name.isEmpty)
        else { return }
        self.records = records
        var fields: [Field] = []
        var end = declared.count
        for (level, count) in levels.enumerated() {
            let start = end - count
            for (position, entry) in declared[start..<end].enumerated() {
                guard let optional = entry.type as? any OptionalMarker.Type,
                    !entry.name.hasPrefix("$__lazy_storage_$_")
                else { continue }
                let name = entry.name.hasPrefix("_") ? String(entry.name.dropFirst()) : entry.name
                fields.append(
                    Field(
                        label: entry.name, name: name, offset: entry.offset,
                        wrappedType: optional.wrappedType,
                        reading: optional.wrapsReference
                            ? .referenceWord(record: start + position) : .mirror(level: level, index: position),
                        isStrong: strong?[start + position] ?? true))
            }
            end = start
        }
        // Superclass properties first, as they are declared.
        self.fields = fields.sorted { $0.offset < $1.offset }
    }
}

/// Lets reflection look inside `Optional` without knowing its `Wrapped` type.
protocol OptionalMarker {
    static var wrappedType: Any.Type { get }
    /// Whether `Wrapped` is held by reference: a class, or an existential whose first word is a
    /// reference (class-bound protocols, `AnyObject`, `Error`).
    static var wrapsReference: Bool { get }
    var isNone: Bool { get }
}

extension Optional: OptionalMarker {
    static var wrappedType: Any.Type { Wrapped.self }

    /// Decided from the metadata kind, which needs no field records: without reflection metadata
    /// in Autowire, `_forEachField` finds nothing in a wrapper struct, and guessing a reference
    /// would read a `Bool?` as a word (a misaligned load) and `0`, `""` and `0.0` as nil.
    static var wrapsReference: Bool {
        switch MetadataKind.of(Wrapped.self) {
        // A Swift class (0), a foreign class, a foreign reference type, an Objective-C class
        // wrapper; above 0x7FF the word is an Objective-C isa pointer, so a class too.
        case 0, 0x203, 0x204, 0x305, 0x800...: return true
        // Existentials, plain or constrained: opaque ones (`any P` for a non-class protocol) are
        // four words or more and strong.
        case 0x303, 0x307: return MemoryLayout<Wrapped>.size < 4 * MemoryLayout<UInt>.size
        default: return false
        }
    }

    var isNone: Bool { self == nil }
}
