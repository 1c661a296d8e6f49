import Testing

@testable import SlideLockPlatform

@Suite struct OutputLineSplitterTests {
    @Test func linesSurviveArbitraryChunks() {
        var splitter = OutputLineSplitter()
        #expect(splitter.append(Array("one\ntw".utf8)) == ["one"])
        #expect(splitter.append(Array("o\r\n\nthr".utf8)) == ["two", ""])
        #expect(splitter.finish() == ["thr"])
        #expect(splitter.finish() == [])
    }

    @Test func longLinesAreCutAndBadUTF8Replaced() {
        var splitter = OutputLineSplitter()
        let lines = splitter.append([UInt8](repeating: UInt8(ascii: "x"), count: 2500) + [10])
        #expect(lines.map(\.count) == [1000, 1000, 500])
        #expect(splitter.append([0x61, 0xFF, 0x62, 10]) == ["a\u{FFFD}b"])
    }
}
