@_spi(Reflection) import Swift

/// The offset of the stored property `name` of `type`, from its field records.
func fieldOffset(_ name: String, in type: AnyClass) -> Int? {
    var found: Int?
    _ = _forEachField(of: type, options: _EachFieldOptions(rawValue: 1 << 0)) { label, offset, _, _ in
        if String(cString: label) == name { found = offset }
        return found == nil
    }
    return found
}
