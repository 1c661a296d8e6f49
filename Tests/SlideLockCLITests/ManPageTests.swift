import Foundation
import Testing

@testable import SlideLockCore

/// The man page and the docs against what the binary and the core say: every command and
/// flag of `slidelock --help` in the man page, every theme the docs list a built-in one.
@Suite struct ManPageTests {
    static func text(_ path: String) throws -> String {
        try String(contentsOf: CheckConfigTests.repo.appendingPathComponent(path), encoding: .utf8)
    }

    /// The man page as plain words: roff's `\-` is a `-`.
    static func manPage() throws -> String {
        try text("deploy/debian/slidelock.1").replacingOccurrences(of: "\\-", with: "-")
    }

    /// The commands `slidelock --help` lists (its `Commands:` block).
    static func helpCommands(_ help: String) -> [String] {
        let block = help.components(separatedBy: "Commands:\n").dropFirst().first ?? ""
        return block.components(separatedBy: "\n\n")[0].split(separator: "\n").compactMap {
            $0.split(separator: " ").first.map(String.init)
        }
    }

    @Test func everyCommandInHelpIsInTheManPageAndBack() throws {
        let help = try CLITests.run(["--help"])
        #expect(help.status == 0)
        let commands = Self.helpCommands(help.stdout)
        #expect(commands.contains("selftest") && commands.contains("ctl"), "\(help.stdout)")
        let man = try Self.manPage()
        let section =
            man.components(separatedBy: ".SH COMMANDS\n").dropFirst().first?
            .components(separatedBy: ".SH ").first ?? ""
        // Each command is a `.TP` paragraph whose tag line is `.B name`.
        let manCommands = section.components(separatedBy: ".TP\n").dropFirst()
            .compactMap { $0.split(separator: "\n").first }.filter { $0.hasPrefix(".B ") }
            .map { String($0.dropFirst(3)) }
        #expect(manCommands == commands)
    }

    @Test func everyFlagInHelpIsInTheManPage() throws {
        let help = try CLITests.run(["--help"]).stdout
        let man = try Self.manPage()
        let flags = Set(
            help.split(whereSeparator: { !($0.isLetter || $0 == "-") }).filter { $0.hasPrefix("--") && $0.count > 2 })
        #expect(flags.count >= 20, "\(flags.sorted())")
        for flag in flags.sorted() { #expect(man.contains(flag), "\(flag) is missing from the man page") }
    }

    @Test func helpReachesTheLockOptionsAndVersion() throws {
        let help = try CLITests.run(["--help"]).stdout
        for flag in ["--touch-output", "--no-grab", "--fbdev", "--format", "--version"] {
            #expect(help.contains(flag), "\(flag)")
        }
        let version = try CLITests.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout == "slidelock \(SlideLockVersion.number)\n")
        #expect(try CLITests.run(["--version", "--mouse"]).status == 2)
    }

    /// `a, b or c` / `a|b|c` lists on lines naming `classic`: exactly the built-in themes.
    @Test func everyThemeListNamesTheBuiltInThemes() throws {
        let files = [
            "README.md", "docs/configuration.md", "docs/architecture.md", "deploy/slidelock.conf",
            "deploy/debian/slidelock.1", "Sources/slidelock/RenderCommand.swift",
        ]
        let names = Theme.builtIn.map(\.name)
        let list = try NSRegularExpression(pattern: "[a-z][a-z0-9-]*(?:(?:, or |, | or |\\|)[a-z][a-z0-9-]*)+")
        var lists = 0
        for file in files {
            let text = try Self.text(file).replacingOccurrences(of: "\\-", with: "-")
            for line in text.split(separator: "\n").map(String.init) where line.contains("classic") {
                let range = NSRange(line.startIndex..., in: line)
                for match in list.matches(in: line, range: range) {
                    let found = String(line[Range(match.range, in: line)!])
                    guard found.contains("classic") else { continue }
                    let words = found.replacingOccurrences(of: ", or ", with: ",")
                        .replacingOccurrences(of: " or ", with: ",").replacingOccurrences(of: "|", with: ",")
                        .components(separatedBy: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                    #expect(words == names, "\(file): \(line)")
                    lists += 1
                }
            }
        }
        #expect(lists >= files.count, "a theme list went missing")
    }
}
