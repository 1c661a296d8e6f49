/// Plain text search, written here rather than taken from `firstRange(of:)` or `contains(_:)`
/// with a string: those live in _StringProcessing, and one call links it and
/// its regex parser (about 1.1 MB of code and tables) into the static binary, most of whose
/// pages then end up resident in the lock screen through fault-around, on panels with
/// little memory to spare.
extension StringProtocol {
    /// The first occurrence of `needle`, matched Character by Character like `firstRange(of:)`.
    public func firstRange(ofText needle: some StringProtocol) -> Range<Index>? {
        guard let head = needle.first else { return startIndex..<startIndex }
        var i = startIndex
        while let at = self[i...].firstIndex(of: head) {
            var s = at
            var n = needle.startIndex
            while n != needle.endIndex, s != endIndex, self[s] == needle[n] {
                formIndex(after: &s)
                needle.formIndex(after: &n)
            }
            if n == needle.endIndex { return at..<s }
            if s == endIndex { return nil }
            i = index(after: at)
        }
        return nil
    }

    /// Whether `needle` occurs anywhere in the text.
    public func containsText(_ needle: some StringProtocol) -> Bool { firstRange(ofText: needle) != nil }
}
