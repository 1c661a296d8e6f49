import Testing

@testable import SlideLockCore

/// The relay's keys (`[relay]`), read like every other key, and the old settings file's
/// values carried over.
@Suite struct RelaySettingsTests {
    func load(_ text: String) throws(ConfigErrors) -> Settings {
        try ConfigLoader.load(sources: [ConfigSource(name: "t.conf", text: text)], overrides: [], theme: nil)
    }

    @Test func theKeysAndTheirDefaults() throws {
        let defaults = try load("")
        #expect(defaults.relay == RelaySettings())
        #expect(defaults.relay.line.isEmpty && defaults.relay.active == .high && defaults.relay.pulse == 0.5)
        let s = try load(
            "[relay]\nline = pinctrl-bcm2711:17\nactive = low\npulse = 1.25\nbuzzer = /dev/gpiochip1:5\nbuzzer_active = low\n"
        )
        #expect(s.relay.line == "pinctrl-bcm2711:17" && s.relay.active == .low && s.relay.pulse == 1.25)
        #expect(s.relay.buzzer == "/dev/gpiochip1:5" && s.relay.buzzerActive == .low)
    }

    @Test func eachBadValueIsOneErrorNamingTheKey() {
        let bad: [(String, String)] = [
            ("line = 17", "relay.line"), ("line = gpiochip0:x", "relay.line"), ("line = :3", "relay.line"),
            ("active = up", "relay.active"), ("pulse = 0", "relay.pulse"), ("pulse = 61", "relay.pulse"),
            ("pulse = soon", "relay.pulse"), ("buzzer = gpiochip0", "relay.buzzer"),
            ("buzzer_active = on", "relay.buzzer_active"),
        ]
        for (line, key) in bad {
            do throws(ConfigErrors) {
                _ = try load("[relay]\n\(line)\n")
                Issue.record("accepted: \(line)")
            } catch {
                #expect(error.errors.count == 1 && "\(error)".contains(key), "\(error)")
            }
        }
    }

    @Test func aPulseThatCannotEndBeforeTheHooksTimeoutIsAProblem() throws {
        var relay = RelaySettings()
        relay.pulse = 10
        let problem = try #require(relay.pulseProblem(timeout: 10))
        #expect(problem.hasPrefix("relay.pulse = 10 does not end before action.timeout = 10"))
        relay.pulse = 9.5
        #expect(relay.pulseProblem(timeout: 10) == nil)
    }

    @Test func theOldFilesValuesBecomeKeys() throws {
        let old = try RelayDefaults.parse(
            "RELAY_CHIP=gpiochip4\nRELAY_LINE=27\nRELAY_ACTIVE=low\nRELAY_PULSE_MS=2250\nBUZZER_LINE=5\n", file: "f"
        ).get()
        let relay = RelaySettings(legacy: old)
        #expect(relay.line == "gpiochip4:27" && relay.active == .low && relay.pulse == 2.25)
        #expect(relay.buzzer == "gpiochip4:5" && relay.buzzerActive == .high)
        // The relay's keys render and load back as they were.
        var settings = Settings()
        settings.relay = relay
        #expect(try load(ConfigLoader.render(settings)).relay == relay)
    }
}
