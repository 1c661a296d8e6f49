import Foundation
import Glibc
import Testing

/// `slidelock relay import`: an upgrade moves the old relay settings file into a drop-in
/// that the lock reads after slidelock.conf, so a door keeps its line.
@Suite struct RelayImportCLITests {
    static func run(_ args: [String], root: String) throws -> CLITests.Run {
        try CLITests.run(
            args, environment: ["SLIDELOCK_CONFIG_ROOT": root, "SLIDELOCK_RELAY_DEFAULTS": root + "/none"])
    }

    @Test func anEditedOldFileBecomesADropInThatWinsOverTheShippedLine() throws {
        let root = TrustedFilesTests.directory("import-root")
        mkdir(root + "/conf.d", 0o755)
        TrustedFilesTests.write(root + "/slidelock.conf", "[relay]\nline = gpiochip0:17\n")
        let old = root + "/old-relay"
        TrustedFilesTests.write(
            old, "# edited\nRELAY_CHIP=gpiochip4\nRELAY_LINE=27\nRELAY_ACTIVE=low\nRELAY_PULSE_MS=800\nBUZZER_LINE=22\n"
        )
        let imported = try Self.run(["relay", "import", old], root: root)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(
            imported.stdout.contains("[relay]\nline = gpiochip4:27\nactive = low\npulse = 0.8\n"), "\(imported.stdout)")
        #expect(imported.stdout.contains("buzzer = gpiochip4:22\nbuzzer_active = high\n"))
        TrustedFilesTests.write(root + "/conf.d/relay-from-default.conf", imported.stdout)
        let effective = try Self.run(["check-config"], root: root)
        #expect(effective.stdout.contains("line = gpiochip4:27"), "\(effective.stdout)\(effective.stderr)")
        #expect(!effective.stdout.contains("gpiochip0:17"))
    }

    @Test func theShippedOldFileGivesTheOldDefaults() throws {
        let root = TrustedFilesTests.directory("import-shipped")
        let old = root + "/old-relay"
        TrustedFilesTests.write(old, "RELAY_CHIP=gpiochip0\nRELAY_LINE=17\nRELAY_ACTIVE=high\nRELAY_PULSE_MS=500\n")
        let imported = try Self.run(["relay", "import", old], root: root)
        #expect(
            imported.status == 0
                && imported.stdout.hasSuffix("[relay]\nline = gpiochip0:17\nactive = high\npulse = 0.5\n"))
    }

    @Test func aBadOldFileIsRefusedNamingItsLineAndKey() throws {
        let root = TrustedFilesTests.directory("import-bad")
        let old = root + "/old-relay"
        TrustedFilesTests.write(old, "RELAY_CHIP=gpiochip0\nRELAY_LINE=seventeen\n")
        let r = try Self.run(["relay", "import", old], root: root)
        #expect(r.status == 2 && r.stdout.isEmpty, "\(r.stdout)")
        #expect(r.stderr.hasPrefix("slidelock relay: import: \(old):2: RELAY_LINE"), "\(r.stderr)")
    }

    @Test func aMissingFileOrNoneIsRefused() throws {
        let root = TrustedFilesTests.directory("import-missing")
        let missing = try Self.run(["relay", "import", root + "/nothing"], root: root)
        #expect(missing.status == 2 && missing.stderr.contains("no such file"), "\(missing.stderr)")
        let none = try Self.run(["relay", "import"], root: root)
        #expect(none.status == 2 && none.stderr.contains("import takes one FILE"), "\(none.stderr)")
    }
}
