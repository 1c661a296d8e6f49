import Testing

@testable import SlideLockPlatform

@Suite struct ConsoleTests {
    @Test func controlCharactersAreSpeltOutAndNewlinesKept() {
        #expect(Console.visible("a\u{0}b\tc\u{1B}[2J\u{7F}\u{85}\u{9F}") == "a\\x00b\\x09c\\x1B[2J\\x7F\\u{85}\\u{9F}")
        #expect(Console.visible("two\nlines é \u{1F6AA}") == "two\nlines é \u{1F6AA}")
    }
}
