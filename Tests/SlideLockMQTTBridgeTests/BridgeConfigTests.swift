@preconcurrency import Glibc
import SlideLockCore
import SlideLockMQTTBridge
import Testing

/// mqtt.conf and its secrets through the trusted opener: one line naming file, line, key.
@Suite struct BridgeConfigTests {
    func setUp(password mode: mode_t, owner: uid_t = 0) throws -> String {
        let directory = try temporaryDirectory("config")
        try writeFile(directory + "/password", "s3cret\nignored\n", mode: mode)
        chown(directory + "/password", owner, 0)
        let text = """
            [mqtt]
            broker = mqtt://127.0.0.1:1883
            client_id = panel-1
            username = panel
            password_file = \(directory)/password

            """
        try writeFile(directory + "/mqtt.conf", text)
        return directory
    }

    func error(_ directory: String) -> String? {
        do {
            _ = try BridgeConfig.load(path: directory + "/mqtt.conf")
            return nil
        } catch { return error.description }
    }

    @Test func aPasswordFileOfRootsGroupIsReadFirstLineOnly() throws {
        let directory = try setUp(password: 0o640)
        defer { removeDirectory(directory) }
        let config = try BridgeConfig.load(path: directory + "/mqtt.conf")
        #expect(config.password == "s3cret")
    }

    @Test func aPasswordReadableByOthersIsOneErrorNamingTheLineAndKey() throws {
        let directory = try setUp(password: 0o644)
        defer { removeDirectory(directory) }
        #expect(
            error(directory)
                == "\(directory)/mqtt.conf:5: mqtt.password_file: \(directory)/password is readable by others (mode 0644): a secret must not be"
        )
    }

    @Test func aPasswordFileNotRootsIsRefused() throws {
        guard geteuid() == 0 else { return } // chown needs root; the tests run as root in CI
        let directory = try setUp(password: 0o600, owner: 65534)
        defer { removeDirectory(directory) }
        let text = try #require(error(directory))
        #expect(text.hasPrefix("\(directory)/mqtt.conf:5: mqtt.password_file: "))
        #expect(text.contains("is owned by uid 65534, not root"))
    }

    @Test func aMissingPasswordFileIsRefused() throws {
        let directory = try setUp(password: 0o600)
        defer { removeDirectory(directory) }
        unlink(directory + "/password")
        #expect(
            error(directory)
                == "\(directory)/mqtt.conf:5: mqtt.password_file: \(directory)/password: No such file or directory")
    }

    @Test func aConfigOthersMayWriteIsRefused() throws {
        let directory = try setUp(password: 0o600)
        defer { removeDirectory(directory) }
        chmod(directory + "/mqtt.conf", 0o666)
        let text = try #require(error(directory))
        #expect(text.hasPrefix("cannot read \(directory)/mqtt.conf: "))
        #expect(text.contains("writable by"))
    }

    @Test func theExitStatusSaysWhatWentWrong() throws {
        let directory = try setUp(password: 0o600)
        defer { removeDirectory(directory) }
        #expect(BridgeCommandLine.run(["--config", directory + "/mqtt.conf", "--check"]) == 0)
        #expect(BridgeCommandLine.run(["--config", directory + "/mqtt.conf", "--print-discovery"]) == 0)
        #expect(BridgeCommandLine.run(["--config", directory + "/nothing.conf", "--check"]) == 1)
        #expect(BridgeCommandLine.run(["--check", "--forget"]) == 2)
        #expect(BridgeCommandLine.run(["--config"]) == 2)
        #expect(BridgeCommandLine.run(["--bogus"]) == 2)
        chmod(directory + "/password", 0o604)
        #expect(BridgeCommandLine.run(["--config", directory + "/mqtt.conf", "--check"]) == 1)
    }
}
