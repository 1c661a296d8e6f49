import Foundation
import Testing

/// `slidelock selftest`'s own flags (the shared dialect is in `CommandDialectTests`).
@Suite struct SelftestCLITests {
    @Test func aTimeoutOutOfRangeIsOneLineNamingTheFlag() throws {
        let run = try CLITests.run(["selftest", "--timeout", "0"])
        #expect(run.status == 2)
        #expect(
            run.stderr
                == "slidelock selftest: --timeout: 0 is out of range 1...3600 (see 'slidelock selftest --help')\n")
        #expect(run.stdout.isEmpty)
    }

    @Test func theHelpNamesEveryCheck() throws {
        let help = try CLITests.run(["selftest", "--help"]).stdout
        for check in ["config", "display", "touch", "readback", "colours", "slide", "hook", "relay"] {
            #expect(help.contains("\n  \(check) "), "\(check)")
        }
    }
}
