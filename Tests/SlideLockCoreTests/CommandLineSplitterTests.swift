import Testing

@testable import SlideLockCore

@Suite struct CommandLineSplitterTests {
    @Test(arguments: [
        ("/usr/bin/relay", ["/usr/bin/relay"]),
        ("  relay   --pulse\t500 \n", ["relay", "--pulse", "500"]),
        ("say 'open the door'", ["say", "open the door"]),
        ("say \"open the door\"", ["say", "open the door"]),
        ("say open\\ the\\ door", ["say", "open the door"]),
        ("a'b c'd", ["ab cd"]),
        ("cmd '' \"\" x", ["cmd", "", "", "x"]),
        ("cmd 'a\\b' 'it'\\''s'", ["cmd", "a\\b", "it's"]), // no escapes inside single quotes...
        ("cmd 'a\"b'", ["cmd", "a\"b"]),
        ("cmd \"a'b\"", ["cmd", "a'b"]),
        ("cmd \"say \\\"hi\\\" \\\\ \\$HOME \\`x\\`\"", ["cmd", "say \"hi\" \\ $HOME `x`"]),
        ("cmd \"keep \\n and \\a\"", ["cmd", "keep \\n and \\a"]), // ...and few inside double
        ("cmd \\'x\\\" \\\\", ["cmd", "'x\"", "\\"]),
        ("cmd one\\\ntwo", ["cmd", "onetwo"]), // backslash-newline joins lines
        ("cmd $HOME *.txt | wc > out", ["cmd", "$HOME", "*.txt", "|", "wc", ">", "out"]),
        ("cmd ünïcödé '日本語'", ["cmd", "ünïcödé", "日本語"]),
        ("cmd a#b '#' \\# \"#x\"", ["cmd", "a#b", "#", "#", "#x"]), // a # inside a word or quoted
    ])
    func splitsLikeAShell(line: String, expected: [String]) throws {
        #expect(try CommandLineSplitter.split(line) == expected)
    }

    @Test func errors() {
        #expect(throws: CommandLineError.empty) { try CommandLineSplitter.split("") }
        #expect(throws: CommandLineError.empty) { try CommandLineSplitter.split(" \t\n ") }
        #expect(throws: CommandLineError.emptyProgram) { try CommandLineSplitter.split("'' x") }
        #expect(throws: CommandLineError.unbalancedQuote("'", offset: 4)) {
            try CommandLineSplitter.split("cmd 'open door")
        }
        #expect(throws: CommandLineError.unbalancedQuote("\"", offset: 6)) {
            try CommandLineSplitter.split("cmd a \"b \\\"")
        }
        // As in sh, a backslash does not escape inside single quotes: the third ' opens again.
        #expect(throws: CommandLineError.unbalancedQuote("'", offset: 10)) {
            try CommandLineSplitter.split("cmd 'it\\'s'")
        }
        #expect(throws: CommandLineError.trailingBackslash) { try CommandLineSplitter.split("cmd x\\") }
        // A comment written after the hook in the config file: refused, not passed as arguments.
        #expect(throws: CommandLineError.comment(offset: 22)) {
            try CommandLineSplitter.split("/usr/local/bin/relay  # pulse the door")
        }
        #expect(throws: CommandLineError.comment(offset: 0)) { try CommandLineSplitter.split("#!/bin/sh") }
    }

    @Test func descriptionsAreReadable() {
        #expect(CommandLineError.unbalancedQuote("'", offset: 4).description == "unbalanced ' opened at character 5")
        #expect(CommandLineError.empty.description == "empty command")
        #expect(
            CommandLineError.comment(offset: 6).description
                == "a word starts with # at character 7: comments go on their own line (quote it, '#', to pass a #)")
    }
}
