import Foundation
import Testing

/// Keeps the few places that open files: what root trusts is opened through the trusted
/// opener, what is written through the output files, sysfs and /proc (and the files a
/// person names: a script, a trace) through `FileIO`, and devices by their own openers.
/// Any other file that calls the C `open`, `openat` or `fopen` fails here, named.
struct OpenCallersTests {
    /// Each file allowed to call them, by name (a file moved to another folder keeps its
    /// place here), and why.
    static let allowed: [String: String] = [
        "TrustedOpener.swift": "the trusted opener: configs, fonts, hooks",
        "PathWalk.swift": "the trusted opener's walk, one directory at a time",
        "TrustedDirectory.swift": "the trusted opener's directories (conf.d)",
        "OutputFile.swift": "output files: --out, --frames, --trace",
        "RecordingDirectory.swift": "output files: the flight recorder's directory",
        "FileIO.swift": "sysfs and /proc readers, and the script or trace a person names",
        "Backlight.swift": "sysfs: the backlight's brightness",
        "DRMDevice.swift": "device opener: /dev/dri/card*",
        "FBDevOutput.swift": "device opener: /dev/fb*",
        "EvdevDevice.swift": "device opener: /dev/input/event*",
        "VirtualTouchscreen.swift": "device opener: /dev/uinput",
        "GPIOLineInfo.swift": "device opener: /dev/gpiochip*",
        "VirtualTerminal.swift": "device opener: /dev/tty0",
        "TerminalLockout.swift": "device opener: /dev/tty0",
    ]

    /// Lines that call the C `open`, `openat`, `open64`, `creat` or `fopen`. A Swift function
    /// of the same name is told apart by its call: C functions come into Swift without
    /// argument labels, and every one of these needs an argument.
    static func openCalls(_ text: String) -> [String] {
        let call = try! NSRegularExpression(pattern: #"(?<![.\w])(?:open|openat|open64|creat|fopen)\s*\((?!\s*\))"#)
        let label = try! NSRegularExpression(pattern: #"^[^()]*?\b\w+:\s"#)
        return ErrnoPathTests.code(text).split(separator: "\n").map(String.init).filter { line in
            call.matches(in: line, range: NSRange(line.startIndex..., in: line)).contains { match in
                let rest = String(line[Range(match.range, in: line)!.upperBound...])
                return label.firstMatch(in: rest, range: NSRange(rest.startIndex..., in: rest)) == nil
            }
        }
    }

    @Test func theDetectorSeesWhatItMustAndNothingElse() {
        #expect(Self.openCalls("let fd = open(path, O_RDONLY | O_CLOEXEC)").count == 1)
        #expect(Self.openCalls("fd = try systemCall(\"open\") { open(path, O_RDWR) }").count == 1)
        #expect(Self.openCalls("openat(dir, name, O_WRONLY | O_CREAT, 0o600)").count == 1)
        #expect(Self.openCalls("let f = fopen(path, \"r\")").count == 1)
        #expect(Self.openCalls("let fd = openat(").count == 1)
        #expect(Self.openCalls("return try open(name, root: root, reason: \"the only one\")").isEmpty)
        #expect(Self.openCalls("let dir = try open()").isEmpty)
        #expect(Self.openCalls("try TrustedOpener.open(path, policy: policy)").isEmpty)
        #expect(Self.openCalls("let fd = slidelock_pidfd_open(pid)").isEmpty)
        #expect(Self.openCalls("func open(_ name: String) throws -> Int32").isEmpty)
        #expect(Self.openCalls("// open(path, O_RDONLY) in a comment").isEmpty)
    }

    @Test func onlyTheListedFilesOpen() throws {
        let files = try ErrnoPathTests.swiftFiles()
        #expect(files.count > 100)
        var found: [String] = []
        for (path, text) in files where Self.allowed[String(path.split(separator: "/").last!)] == nil {
            found += Self.openCalls(text).map { "\(path): \($0.trimmingCharacters(in: .whitespaces))" }
        }
        #expect(found == [], "open files through TrustedOpener, OutputFile, FileIO or a device opener")
    }

    /// Each listed file exists once and still opens: the list names no stale file.
    @Test func everyListedFileOpens() throws {
        let files = try ErrnoPathTests.swiftFiles()
        for name in Self.allowed.keys.sorted() {
            let matching = files.filter { $0.path.hasSuffix("/" + name) }
            #expect(matching.count == 1, "\(name): \(matching.count) files of that name under Sources")
            #expect(matching.contains { !Self.openCalls($0.text).isEmpty }, "\(name) no longer calls open")
        }
    }
}
