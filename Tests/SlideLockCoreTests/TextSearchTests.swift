import SlideLockCore
import Testing

/// The text search that stands in for _StringProcessing's (to keep it out of the binary) agrees with it.
@Suite struct TextSearchTests {
    @Test(
        arguments: [
            ("{\"t\":1.5,\"frame\":3}", "\"frame\":", 9..<17),
            ("aaab", "aab", 1..<4), // a partial match restarts one character on
            ("abc", "abc", 0..<3),
            ("abc", "", 0..<0),
            ("ab", "abc", nil), // runs off the end mid-match
            ("abc", "x", nil),
            ("", "x", nil),
            ("e\u{301}x", "e", nil), // Characters, not scalars: é is not e
        ] as [(String, String, Range<Int>?)])
    func firstRange(text: String, needle: String, expected: Range<Int>?) {
        let found = text.firstRange(ofText: needle).map {
            text.distance(
                from: text.startIndex, to: $0.lowerBound)..<text.distance(from: text.startIndex, to: $0.upperBound)
        }
        #expect(found == expected)
        #expect(text.containsText(needle) == (expected != nil))
    }

    @Test func substringsSearchWithinThemselves() {
        let line = "xx\"key\":1"[...].dropFirst(2)
        let range = line.firstRange(ofText: "\"key\":")
        #expect(range.map { line[$0.upperBound...] } == "1")
    }
}
