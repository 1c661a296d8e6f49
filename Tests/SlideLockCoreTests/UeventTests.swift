import Testing

@testable import SlideLockCore

@Suite struct UeventTests {
    func datagram(_ parts: [String]) -> [UInt8] { parts.flatMap { Array($0.utf8) + [0] } }

    @Test func drmHotplug() throws {
        let bytes = datagram([
            "change@/devices/pci0000:00/0000:00:02.0/drm/card0", "ACTION=change",
            "DEVPATH=/devices/pci0000:00/0000:00:02.0/drm/card0", "SUBSYSTEM=drm",
            "HOTPLUG=1", "DEVNAME=dri/card0", "DEVTYPE=drm_minor", "SEQNUM=2210", "MAJOR=226", "MINOR=0",
        ])
        let e = try #require(Uevent(datagram: bytes))
        #expect(e.action == "change")
        #expect(e.isDRMHotplug)
        #expect(e.drmCard == "card0")
    }

    @Test func otherEventsAreNotHotplugs() throws {
        let input = try #require(
            Uevent(
                datagram: datagram([
                    "add@/devices/virtual/input/input5", "ACTION=add",
                    "SUBSYSTEM=input",
                ])))
        #expect(!input.isDRMHotplug)
        let synthetic = try #require(
            Uevent(
                datagram: datagram([
                    "change@/devices/x/drm/card1", "ACTION=change",
                    "SUBSYSTEM=drm", "SYNTH_UUID=0",
                ])))
        #expect(synthetic.isDRMHotplug) // `echo change > /sys/class/drm/card1/uevent`
        #expect(synthetic.drmCard == "card1")
        let added = try #require(Uevent(datagram: datagram(["add@/devices/x/drm/card1", "SUBSYSTEM=drm"])))
        #expect(!added.isDRMHotplug)
    }

    @Test func rejectsWhatIsNotAKernelUevent() {
        #expect(Uevent(datagram: []) == nil)
        #expect(Uevent(datagram: datagram(["libudev", "garbage"])) == nil)
        #expect(Uevent(datagram: datagram(["@/devices/x"])) == nil)
        #expect(Uevent(datagram: datagram(["change@devices/x"])) == nil)
        #expect(Uevent(datagram: datagram(["change@/devices/x", "ACTION=add"])) == nil)
        #expect(Uevent(datagram: datagram(["change@/devices/x", "DEVPATH=/devices/y"])) == nil)
        #expect(Uevent(datagram: [0xFF, 0xFE, 0x40, 0x2F, 0x00]) == nil)
    }

    @Test func outputChanges() {
        let c = [
            ConnectorSummary(name: "HDMI-A-1", status: .connected, modeCount: 5),
            ConnectorSummary(name: "DSI-1", status: .disconnected, modeCount: 0),
            ConnectorSummary(name: "HDMI-A-2", status: .connected, modeCount: 3),
        ]
        #expect(
            OutputChanges.between(lit: ["DSI-1", "HDMI-A-1"], connectors: c, named: nil)
                == OutputChanges(add: ["HDMI-A-2"], remove: ["DSI-1"]))
        #expect(OutputChanges.between(lit: ["HDMI-A-1", "HDMI-A-2"], connectors: c, named: nil).isEmpty)
        #expect(
            OutputChanges.between(lit: [], connectors: c, named: "hdmi-a-2")
                == OutputChanges(add: ["HDMI-A-2"], remove: []))
        // Nothing connected: every lit output goes, nothing is added.
        let none = c.map { ConnectorSummary(name: $0.name, status: .disconnected, modeCount: 0) }
        #expect(
            OutputChanges.between(lit: ["HDMI-A-1"], connectors: none, named: nil)
                == OutputChanges(add: [], remove: ["HDMI-A-1"]))
        // A named connector that went away.
        #expect(
            OutputChanges.between(lit: ["DSI-1"], connectors: c, named: "DSI-1")
                == OutputChanges(add: [], remove: ["DSI-1"]))
    }
}
