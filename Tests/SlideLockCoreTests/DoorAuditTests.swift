import Testing

@testable import SlideLockCore

/// The door's audit records as the journal gets them, spelt out by hand.
@Suite struct DoorAuditTests {
    @Test func anOpeningAfterAnUnlockSaysWhoAndWhetherTheRelayWasDriven() {
        let evidence = OpeningEvidence(
            source: .slide, recording: "0003-unlock-event1.evemu",
            relay: (line: "/dev/gpiochip0 line 17", driven: true),
            contact: "/dev/gpiochip0 line 27")
        let r = AuditRecord.door(DoorNotice(.doorOpen, time: 12.5, unlockAt: 10), evidence: evidence)
        #expect(r.kind == .door && r.priority == 6)
        #expect(r.message == "door opened after an unlock (by slide, relay driven)")
        #expect(r.field("SLIDELOCK_EVENT") == "door-open" && r.field("SLIDELOCK_SOURCE") == "door")
        #expect(r.field("SLIDELOCK_AFTER_UNLOCK_MS") == "2500")
        #expect(r.field("SLIDELOCK_UNLOCK_SOURCE") == "slide")
        #expect(r.field("SLIDELOCK_RECORDING") == "0003-unlock-event1.evemu")
        #expect(r.field("SLIDELOCK_RELAY") == "driven" && r.field("SLIDELOCK_RELAY_LINE") == "/dev/gpiochip0 line 17")
        #expect(r.field("SLIDELOCK_CONTACT_LINE") == "/dev/gpiochip0 line 27")
    }

    @Test func withoutARelayOrARecordingTheRecordSaysSo() {
        let evidence = OpeningEvidence(source: .ctl, contact: "c")
        let r = AuditRecord.door(DoorNotice(.notOpened, time: 20, unlockAt: 10), evidence: evidence)
        #expect(r.message == "door not opened after an unlock (by ctl, no relay)")
        #expect(r.field("SLIDELOCK_RELAY") == nil && r.field("SLIDELOCK_RECORDING") == nil)
        #expect(AuditRecord.door(DoorNotice(.tampered, time: 1)).field("SLIDELOCK_SOURCE") == "tamper")
        #expect(AuditRecord.door(DoorNotice(.tampered, time: 1)).priority == 4)
    }
}
