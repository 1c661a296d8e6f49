import Foundation
import Testing

@testable import SlideLockCore

/// docs/architecture.md's "What unlocks" is the one statement of the promise: its source
/// table lists every `UnlockSource` and its reason table every `UnlockRefusal.Reason`, each
/// by its logged word, and neither names one the code does not have.
@Suite struct WhatUnlocksDocsTests {
    static let docPath = "docs/architecture.md"

    static func doc() throws -> String {
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return try String(contentsOf: repo.appendingPathComponent(docPath), encoding: .utf8)
    }

    /// The text from the `### What unlocks` heading to the next heading of any level.
    static func section(_ doc: String) -> String {
        var lines: [Substring] = []
        var inside = false
        for line in doc.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#") {
                if inside { break }
                inside = line == "### What unlocks"
                continue
            }
            if inside { lines.append(line) }
        }
        return lines.joined(separator: "\n")
    }

    /// The names in the first column of the tables whose first header cell is `header`,
    /// several to a cell when separated by commas, without their backquotes.
    static func firstColumn(_ text: String, header: String) -> [String] {
        var names: [String] = []
        var inTable = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard line.hasPrefix("|"), cells.count > 2 else {
                inTable = false
                continue
            }
            if !inTable {
                inTable = cells[1] == header
                continue
            }
            guard !cells[1].hasPrefix("---") else { continue }
            names += cells[1].split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            }
        }
        return names
    }

    @Test func theSectionListsEverySourceAndNoOther() throws {
        let listed = Self.firstColumn(Self.section(try Self.doc()), header: "source")
        let sources = UnlockSource.allCases.map(\.rawValue)
        for source in sources {
            #expect(listed.contains(source), "source \(source) is missing from What unlocks in \(Self.docPath)")
        }
        for name in listed {
            #expect(sources.contains(name), "What unlocks in \(Self.docPath) lists source \(name): no such source")
        }
        #expect(listed.count == Set(listed).count, "a source listed twice: \(listed)")
    }

    @Test func theSectionListsEveryReasonAndNoOther() throws {
        let listed = Self.firstColumn(Self.section(try Self.doc()), header: "reason")
        let reasons = UnlockRefusal.Reason.allCases.map(\.rawValue)
        #expect(reasons.count > 40)
        for reason in reasons {
            #expect(listed.contains(reason), "reason \(reason) is missing from What unlocks in \(Self.docPath)")
        }
        for name in listed {
            #expect(reasons.contains(name), "What unlocks in \(Self.docPath) lists reason \(name): no such reason")
        }
        #expect(listed.count == Set(listed).count, "a reason listed twice: \(listed)")
    }

    /// The other documents point here instead of stating the rule again.
    @Test func theOtherDocumentsPointHere() throws {
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        for path in ["README.md", "docs/ctl.md", "docs/configuration.md"] {
            let text = try String(contentsOf: repo.appendingPathComponent(path), encoding: .utf8)
            #expect(text.contains("architecture.md#what-unlocks"), "\(path) does not point to What unlocks")
            #expect(!text.contains("The crossing takes three samples"), "\(path) restates the slide rule")
        }
    }

    /// The parser itself: the section ends at the next heading, commas split a cell, a
    /// table under another header is not read, and a stale name is seen.
    @Test func theParserSeesWhatItMustCatch() {
        let doc = """
            ### Before
            | reason | x |
            |---|---|
            | `outside` | no |
            ### What unlocks
            | source | opens when |
            |---|---|
            | `slide` | rules |

            | reason | why |
            |---|---|
            | `lockdown`, `no-such-reason` | y |
            #### After
            | reason | z |
            |---|---|
            | `after` | no |
            """
        let section = Self.section(doc)
        #expect(Self.firstColumn(section, header: "source") == ["slide"])
        #expect(Self.firstColumn(section, header: "reason") == ["lockdown", "no-such-reason"])
    }
}
