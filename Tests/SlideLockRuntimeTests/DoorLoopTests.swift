import SlideLockCore
import SlideLockPlatform
import Testing

@testable import SlideLockRuntime

/// The door's contact and the tamper input in the loop: each change an audit record and a
/// feedback event, in order; nothing they do opens the door.
@Suite struct DoorLoopTests {
    static let contactFD: Int32 = 1101
    static let tamperFD: Int32 = 1102

    final class Rig {
        let f: LoopFixture
        let contact: FakeDoorLine
        let tamper: FakeDoorLine
        let button: FakeButton
        let audit = FakeAudit()
        let door: DoorSource
        let action = FakeAction(succeeds: true, duration: 0.5)
        /// The control socket (`ctl tamper-reset`, `ctl watch`).
        let ctl = FakeControlListener()

        init(
            _ overrides: [String] = [], contactOpen: Bool = false, tamperActive: Bool = false, relay: RelayHold? = nil
        ) throws {
            f = try LoopFixture(["action.on_unlock=hook", "action.hook=/bin/true"] + overrides, action: action)
            contact = FakeDoorLine(world: f.world, descriptor: DoorLoopTests.contactFD, level: contactOpen)
            tamper = FakeDoorLine(world: f.world, descriptor: DoorLoopTests.tamperFD, level: tamperActive)
            button = FakeButton(world: f.world)
            door = DoorSource(
                door: f.settings.door, tamper: f.settings.tamper, contact: contact, tamperLine: tamper,
                now: f.world.now(), audit: audit, relay: relay)
            let control = LockControl(server: ControlServer(listener: ctl, access: ControlAccess()))
            try f.add(button, door, control)
        }

        /// The door's feedback runs, `event@time`.
        var events: [String] {
            action.feedbacks.filter { $0.source == "door" || $0.source == "tamper" }.map {
                "\($0.event.rawValue)@\($0.time)"
            }
        }
        var audited: [String] { audit.records.map { $0.field("SLIDELOCK_EVENT") ?? "?" } }
        var unlocks: Int { f.logLines.filter { $0.contains("unlocked by") }.count }
    }

    @Test func anUnlockThenTheDoorOpeningAndClosingIsAuditedAndFedBackInOrder() throws {
        let r = try Rig()
        let watcher = r.ctl.send(r.f.world, "watch", at: 100.5)
        r.button.press(101)
        r.contact.set(true, at: 103)
        r.contact.set(false, at: 106)
        r.f.world.endOfTest = 120
        _ = try r.f.run()
        #expect(r.audited == ["door-open", "door-closed"], "\(r.audit.records)")
        // Opened 2 s after the unlock, plus the 50 ms the level must hold.
        #expect(r.audit.records.first?.field("SLIDELOCK_AFTER_UNLOCK_MS") == "2050")
        #expect(r.events == ["door-open@103.05", "door-closed@106.05"], "\(r.events)")
        #expect(r.action.feedbacks.filter { $0.event == .doorOpen }.map(\.source) == ["door"])
        #expect(
            watcher.lines.filter { $0.hasPrefix("door ") || $0.hasPrefix("unlock ") } == [
                "unlock button", "door open", "door closed",
            ], "\(watcher.lines)")
        #expect(r.unlocks == 1)
    }

    /// The opening's record answers "who opened it, and did it open?": the unlock's source,
    /// its recording, the relay (here one that could not be had: never driven) and the contact.
    @Test func theOpeningAfterAnUnlockCarriesItsEvidence() throws {
        var relaySettings = RelaySettings()
        relaySettings.line = "gpiochip9:3"
        let relay = RelayHold.open(relaySettings, timeout: 10, log: LogCollector().logger, devices: "/nonexistent")
        let r = try Rig(relay: relay)
        r.button.press(101)
        r.f.world.at(101.5, fd: DoorLoopTests.contactFD) {
            r.door.observe(
                .recorded(verdict: "unlock", files: ["0007-unlock-event1.evemu"]), lock: r.f.loop, now: 101.5)
        }
        r.contact.set(true, at: 103)
        r.contact.set(false, at: 104)
        r.button.press(110)
        r.f.world.endOfTest = 125
        _ = try r.f.run()
        #expect(r.audited == ["door-open", "door-closed", "not-opened"], "\(r.audit.records)")
        let opened = r.audit.records[0]
        #expect(opened.message == "door opened after an unlock (by button, relay not driven)")
        #expect(opened.field("SLIDELOCK_UNLOCK_SOURCE") == "button")
        #expect(opened.field("SLIDELOCK_RECORDING") == "0007-unlock-event1.evemu")
        #expect(opened.field("SLIDELOCK_RELAY") == "not-driven")
        #expect(opened.field("SLIDELOCK_RELAY_LINE") == "gpiochip9:3")
        #expect(opened.field("SLIDELOCK_CONTACT_LINE") == "fake-chip line 1101")
        #expect(r.audit.records[1].field("SLIDELOCK_UNLOCK_SOURCE") == nil, "a closing carries none")
        // The second unlock's own evidence: no recording was written for it.
        let notOpened = r.audit.records[2]
        #expect(notOpened.message == "door not opened after an unlock (by button, relay not driven)")
        #expect(notOpened.field("SLIDELOCK_RECORDING") == nil)
    }

    /// A chip that goes away (its descriptors stay readable): its lines are let go of with
    /// one line each, status says missing, nothing spins and nothing opens; the button too.
    @Test func aChipThatVanishesIsLetGoOnceAndNothingSpins() throws {
        let wired = ["door.contact=fake:1", "tamper.input=fake:2"]
        let control = try Rig(wired)
        control.f.world.endOfTest = 110
        _ = try control.f.run()
        let r = try Rig(wired)
        r.contact.unplug(102)
        r.tamper.unplug(102)
        r.button.unplug(102)
        let status = r.ctl.send(r.f.world, "status", at: 103)
        r.f.world.endOfTest = 110
        _ = try r.f.run()
        #expect(status.reply.contains(" door=missing tamper=missing "), "\(status.reply)")
        for key in ["door.contact", "tamper.input", "input.button"] {
            #expect(r.f.logLines.filter { $0.contains("\(key): its GPIO chip is gone") }.count == 1, "\(key)")
        }
        #expect(r.door.pollDescriptors.isEmpty && r.button.pollDescriptors.isEmpty)
        // After the loss the loop turns as often as one that lost nothing (the frames' pace).
        let turns = r.f.world.waits.filter { $0.at > 104 }.count
        let controlTurns = control.f.world.waits.filter { $0.at > 104 }.count
        #expect(turns <= controlTurns + 2, "\(turns) turns in 6 s, \(controlTurns) without the loss")
        #expect(r.unlocks == 0)
    }

    @Test func anOpeningWithoutAnUnlockIsForcedAndOpensNothing() throws {
        let r = try Rig()
        r.contact.set(true, at: 102)
        r.f.world.endOfTest = 140
        _ = try r.f.run()
        #expect(r.audited == ["door-open", "forced", "held-open"], "\(r.audit.records)")
        #expect(r.audit.records[1].priority == 4)
        #expect(r.f.logLines.contains("warning: door: door forced: opened without an unlock"), "\(r.f.logLines)")
        // Held open exactly 30 s after the opening counted.
        #expect(r.events.last == "held-open@132.05")
        #expect(r.unlocks == 0 && !r.f.states.contains(.unlocked))
    }

    @Test func anUnlockWhoseDoorStaysShutIsNotOpened() throws {
        let r = try Rig()
        let watcher = r.ctl.send(r.f.world, "watch", at: 100.5)
        r.button.press(101)
        r.f.world.endOfTest = 115
        _ = try r.f.run()
        #expect(watcher.lines.last == "not-opened", "\(watcher.lines)")
        #expect(r.audited == ["not-opened"])
        #expect(r.events.count == 1 && r.events[0].hasPrefix("not-opened@111"), "\(r.events)")
    }

    @Test func aContactBouncing40MsApartIsOneChange() throws {
        let r = try Rig()
        r.button.press(101)
        for i in 0..<10 { r.contact.set(i % 2 == 0, at: 102 + Double(i) * 0.04) }
        r.f.world.endOfTest = 110
        _ = try r.f.run()
        // Ten edges ending closed: no change at all; then a clean opening.
        #expect(r.audited.isEmpty, "\(r.audit.records)")
        let s = try Rig()
        s.button.press(101)
        for i in 0..<9 { s.contact.set(i % 2 == 0, at: 102 + Double(i) * 0.04) }
        s.f.world.endOfTest = 110
        _ = try s.f.run()
        #expect(s.audited == ["door-open"], "\(s.audit.records)")
    }

    @Test func aContactTogglingDuringAnUnlockNeverUnlocksAgain() throws {
        let r = try Rig()
        r.button.press(101)
        for i in 0..<40 { r.contact.set(i % 2 == 0, at: 101.2 + Double(i) * 0.1) }
        r.f.world.endOfTest = 120
        _ = try r.f.run()
        #expect(r.unlocks == 1)
        #expect(r.audited.filter { $0 == "door-open" }.count == 20)
        #expect(!r.audited.contains("forced"))
    }

    @Test func tamperWithLockdownRefusesTheButtonUntilReset() throws {
        let r = try Rig(["tamper.lockdown=on"])
        r.tamper.set(true, at: 101)
        r.button.press(102)
        r.tamper.set(false, at: 104)
        let watcher = r.ctl.send(r.f.world, "watch", at: 100.5)
        let reset = r.ctl.send(r.f.world, "tamper-reset", at: 105)
        r.button.press(107)
        r.f.world.endOfTest = 112
        _ = try r.f.run()
        #expect(reset.reply == "ok reset\n")
        #expect(watcher.lines.first?.contains(" door=closed tamper=off ") == true, "\(watcher.lines)")
        #expect(
            Array(watcher.lines.dropFirst().prefix(4)) == [
                "lockdown on", "tamper on", "rejected button lockdown", "lockdown off",
            ], "\(watcher.lines)")
        #expect(watcher.lines.contains("tamper off") && watcher.lines.contains("unlock button"))
        #expect(r.audited == ["tampered", "tamper-reset"], "\(r.audit.records)")
        #expect(r.f.logLines.contains { $0.contains("lockdown button") }, "\(r.f.logLines)")
        #expect(r.unlocks == 1, "the press after the reset opens")
        #expect(r.f.logLines.contains("warning: door: lockdown on while tampered"))
    }

    @Test func aResetWhileTheTamperInputIsActiveIsRefusedAndLockdownHolds() throws {
        let r = try Rig(["tamper.lockdown=on"], tamperActive: true)
        let reset = r.ctl.send(r.f.world, "tamper-reset", at: 102)
        let again = r.ctl.send(r.f.world, "tamper-reset", at: 102.5)
        r.button.press(103)
        let status = r.ctl.send(r.f.world, "status", at: 104)
        r.f.world.endOfTest = 106
        _ = try r.f.run()
        #expect(reset.reply == "error still-active\n")
        #expect(again.reply == "error still-active\n")
        #expect(status.reply.contains(" lockdown=on ") && status.reply.contains(" tamper=on "), "\(status.reply)")
        #expect(r.audited == ["tampered"])
        #expect(r.unlocks == 0)
    }

    @Test func tamperWithoutTheLockdownKeyLocksNothingDown() throws {
        let r = try Rig()
        r.tamper.set(true, at: 101)
        r.button.press(102)
        r.f.world.endOfTest = 106
        _ = try r.f.run()
        #expect(r.audited == ["tampered"])
        #expect(r.unlocks == 1)
    }

    @Test func aMissingChipIsOneLineAndStatusSaysSo() {
        let log = LogCollector()
        var settings = Settings()
        settings.door.contact = "no-such-chip:27"
        let door = LockScreen.makeDoor(settings, audit: nil, log: log.logger, now: 0, devices: "/nonexistent")
        #expect(door?.doorWord == "missing")
        #expect(door?.tamperWord == "none")
        #expect(door?.pollDescriptors == [])
        #expect(
            log.all == [
                "error: door.contact = no-such-chip:27: no GPIO chip \"no-such-chip\" (by path or label; no chips found); running without it"
            ], "\(log.all)")
        settings.tamper.input = "/dev/no-gpiochip:3"
        #expect(LockScreen.makeDoor(settings, audit: nil, log: log.logger, now: 0)?.tamperWord == "missing")
        #expect(LockScreen.makeDoor(Settings(), audit: nil, log: log.logger, now: 0) == nil)
        #expect(log.all.last?.contains("tamper.input = /dev/no-gpiochip:3: no GPIO chip") == true, "\(log.all)")
    }
}
