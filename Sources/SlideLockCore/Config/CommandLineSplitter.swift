/// Why a hook command line could not be split into arguments.
public enum CommandLineError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing but blanks (or nothing at all).
    case empty
    /// A `'` or `"` opened at this character offset is never closed.
    case unbalancedQuote(Character, offset: Int)
    /// The line ends in a lone backslash with nothing to escape.
    case trailingBackslash
    /// The program name is an empty string (`'' arg`).
    case emptyProgram
    /// An unquoted word starts with `#` at this character offset: a shell would read a
    /// comment there, and this splitter would pass it to the program as arguments.
    case comment(offset: Int)

    public var description: String {
        switch self {
        case .empty:
            return "empty command"
        case .unbalancedQuote(let quote, let offset):
            return "unbalanced \(quote) opened at character \(offset + 1)"
        case .trailingBackslash:
            return "the command ends in a lone backslash"
        case .emptyProgram:
            return "the program name is empty"
        case .comment(let offset):
            return "a word starts with # at character \(offset + 1): comments go on their own line"
                + " (quote it, '#', to pass a #)"
        }
    }
}

/// Splits a hook command line such as `/usr/local/bin/relay --pulse 'open door'` into an
/// argument vector the way a POSIX shell would split *words*, without running a shell: no
/// variables, globs, pipes or redirections; `|`, `$` and `*` are ordinary characters.
///
/// - Blanks (space, tab, newline) separate words; runs of them count once.
/// - `'...'` keeps everything literally (no escapes inside, as in sh).
/// - `"..."` keeps everything, except that a backslash escapes `"`, `\`, `$` and `` ` ``
///   (and removes a following newline); before any other character it stays a backslash.
/// - Outside quotes a backslash makes the next character literal; backslash-newline is removed.
/// - An unquoted word may not start with `#`: a shell would make the rest a comment, and
///   a comment written after the command must not reach the program as its arguments.
/// - `''` or `""` is an empty argument; quoted and unquoted parts touching each other join
///   into one word (`a'b c'd` is one argument `ab cd`).
public enum CommandLineSplitter {
    /// The arguments of `line`; the first is the program. Throws `CommandLineError` for an
    /// unbalanced quote, a trailing backslash, or a line without any word.
    public static func split(_ line: String) throws(CommandLineError) -> [String] {
        var words: [String] = []
        var current = ""
        // A word exists once anything (even an empty quote pair) was seen since the last blank.
        var inWord = false
        let characters = Array(line)
        var index = 0
        while index < characters.count {
            let c = characters[index]
            switch c {
            case " ", "\t", "\n", "\r\n":
                if inWord {
                    words.append(current)
                    current = ""
                    inWord = false
                }
                index += 1
            case "'":
                guard let close = characters[(index + 1)...].firstIndex(of: "'") else {
                    throw .unbalancedQuote("'", offset: index)
                }
                current.append(contentsOf: characters[(index + 1)..<close])
                inWord = true
                index = close + 1
            case "\"":
                index = try readDoubleQuoted(characters, from: index, into: &current)
                inWord = true
            case "\\":
                guard index + 1 < characters.count else { throw .trailingBackslash }
                let next = characters[index + 1]
                if next != "\n" {
                    current.append(next)
                    inWord = true
                }
                index += 2
            case "#" where !inWord:
                throw .comment(offset: index)
            default:
                current.append(c)
                inWord = true
                index += 1
            }
        }
        if inWord { words.append(current) }
        guard let first = words.first else { throw .empty }
        if first.isEmpty { throw .emptyProgram }
        return words
    }

    /// Appends the contents of the double-quoted string opening at `start` to `word` and
    /// returns the index just past its closing quote.
    private static func readDoubleQuoted(
        _ characters: [Character], from start: Int, into word: inout String
    ) throws(CommandLineError) -> Int {
        var index = start + 1
        while index < characters.count {
            let c = characters[index]
            if c == "\"" { return index + 1 }
            if c == "\\", index + 1 < characters.count {
                let next = characters[index + 1]
                switch next {
                case "\"", "\\", "$", "`": word.append(next)
                case "\n": break
                default:
                    word.append(c)
                    word.append(next)
                }
                index += 2
                continue
            }
            word.append(c)
            index += 1
        }
        throw .unbalancedQuote("\"", offset: start)
    }
}
