import Testing

@testable import SlideLockCore

/// `door.*` and `tamper.*`: defaults, values, and each bad value naming its key.
@Suite struct DoorConfigTests {
    @Test func theDefaultsWatchNothingAndAlarmWhenWired() throws {
        let s = try ConfigLoader.load(sources: [], overrides: [])
        #expect(s.door.contact.isEmpty && s.tamper.input.isEmpty)
        #expect(s.door.contactDebounce == 0.05 && s.door.openWindow == 10 && s.door.heldOpenAfter == 30)
        #expect(s.door.forcedAlarm && !s.tamper.lockdown)
        #expect(s.door.contactActive == .high && s.tamper.inputActive == .high)
    }

    @Test func theKeysLoad() throws {
        let s = try ConfigLoader.load(
            sources: [
                ConfigSource(
                    name: "door.conf",
                    text: """
                        [door]
                        contact = pinctrl-bcm2711:27
                        contact_active = low
                        contact_bias = pull-up
                        contact_debounce = 0.02
                        open_window = 15
                        held_open_after = 0
                        forced_alarm = off
                        [tamper]
                        input = /dev/gpiochip0:22
                        input_active = low
                        input_bias = pull-down
                        input_debounce = 0
                        lockdown = on
                        """)
            ], overrides: [])
        #expect(s.door.contact == "pinctrl-bcm2711:27" && s.door.contactActive == .low && s.door.contactBias == .pullUp)
        #expect(s.door.contactDebounce == 0.02 && s.door.openWindow == 15 && s.door.heldOpenAfter == 0)
        #expect(!s.door.forcedAlarm)
        #expect(
            s.tamper.input == "/dev/gpiochip0:22" && s.tamper.inputActive == .low && s.tamper.inputBias == .pullDown)
        #expect(s.tamper.inputDebounce == 0 && s.tamper.lockdown)
        // The lines as the GPIO code requests them: the lock debounces, not the kernel.
        #expect(s.door.contactLine.line == "pinctrl-bcm2711:27" && s.door.contactLine.debounce == 0)
        #expect(s.tamper.inputLine.active == .low && s.tamper.inputLine.bias == .pullDown)
    }

    @Test(arguments: [
        ("door.contact=gpiochip0", "door.contact"), ("door.contact=chip:99999999", "door.contact"),
        ("door.contact_active=open", "door.contact_active"), ("door.contact_bias=up", "door.contact_bias"),
        ("door.contact_debounce=1", "door.contact_debounce"), ("door.contact_debounce=-0.01", "door.contact_debounce"),
        ("door.open_window=0", "door.open_window"), ("door.open_window=1e300", "door.open_window"),
        ("door.open_window=inf", "door.open_window"), ("door.held_open_after=3601", "door.held_open_after"),
        ("door.held_open_after=-1", "door.held_open_after"), ("door.forced_alarm=maybe", "door.forced_alarm"),
        ("tamper.input=:3", "tamper.input"), ("tamper.input_active=closed", "tamper.input_active"),
        ("tamper.input_bias=none", "tamper.input_bias"), ("tamper.input_debounce=0.6", "tamper.input_debounce"),
        ("tamper.lockdown=2", "tamper.lockdown"),
    ])
    func eachBadValueNamesItsKey(_ bad: String, key: String) {
        do {
            _ = try ConfigLoader.load(sources: [], overrides: [bad])
            Issue.record("\(bad) was accepted")
        } catch {
            #expect("\(error)".contains(key), "\(error)")
        }
    }

    @Test func renderedSettingsLoadBackWithTheDoorAndTamper() throws {
        var s = Settings()
        s.door.contact = "gpiochip0:27"
        s.door.heldOpenAfter = 45
        s.door.forcedAlarm = false
        s.tamper.input = "gpiochip0:22"
        s.tamper.lockdown = true
        let text = ConfigLoader.render(s)
        #expect(text.contains("[door]") && text.contains("[tamper]"))
        let back = try ConfigLoader.load(sources: [ConfigSource(name: "x.conf", text: text)], overrides: [])
        #expect(back.door == s.door && back.tamper == s.tamper)
    }
}
