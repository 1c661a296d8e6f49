import Foundation
import Glibc
import Testing

@testable import SlideLockPlatform

@Suite struct SelftestEdgeTests {
    @Test func aChipIsNamedAsLibgpiodNamesIt() {
        #expect(GPIOLineInfo.chipPath("gpiochip0") == "/dev/gpiochip0")
        #expect(GPIOLineInfo.chipPath("4") == "/dev/gpiochip4")
        #expect(GPIOLineInfo.chipPath("/dev/gpiochip2") == "/dev/gpiochip2")
    }

    @Test func aMissingChipIsNamed() {
        #expect(throws: GPIOError(chip: "gpiochip97", line: 3, problem: .noChip)) {
            try GPIOLineInfo.read(chip: "gpiochip97", offset: 3)
        }
        #expect(
            GPIOError(chip: "gpiochip97", line: 3, problem: .noChip).description
                == "gpiochip97: no such GPIO chip (see gpiodetect)")
    }

    @Test func onlyTheLockScreenItselfCountsAsHoldingTheScreen() {
        func cmdline(_ argv: String...) -> [UInt8] { Array(argv.joined(separator: "\0").utf8) + [0] }
        #expect(LockProcesses.isLockScreen(commandLine: cmdline("/usr/bin/slidelock")))
        #expect(LockProcesses.isLockScreen(commandLine: cmdline("slidelock", "--on-unlock", "hook")))
        #expect(!LockProcesses.isLockScreen(commandLine: cmdline("/usr/bin/slidelock", "selftest", "--inject")))
        #expect(!LockProcesses.isLockScreen(commandLine: cmdline("/usr/bin/slidelock", "check-config")))
        #expect(!LockProcesses.isLockScreen(commandLine: cmdline("/usr/bin/slidelockd")))
        #expect(!LockProcesses.isLockScreen(commandLine: []))
    }

    @Test func aLockScreenIsFoundInProc() throws {
        let proc = NSTemporaryDirectory() + "slidelock-proc-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { try? FileManager.default.removeItem(atPath: proc) }
        for (pid, argv) in [("412", "/usr/bin/slidelock\0"), ("413", "/usr/bin/slidelock\0selftest\0"), ("self", "x")] {
            try FileManager.default.createDirectory(atPath: proc + "/" + pid, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: proc + "/" + pid + "/cmdline", contents: Data(argv.utf8))
        }
        #expect(LockProcesses.running(proc: proc) == [412])
    }

    @Test func thisProcessIsNeverFound() {
        #expect(!LockProcesses.running().contains(getpid()))
    }
}
