import Foundation
import SlideLockCore
import Testing

@testable import SlideLockPlatform

/// A stand-in for /sys: class/backlight/NAME with max_brightness and brightness files, and
/// class/drm connector directories.
final class FakeSysfs {
    let root: String
    private let fm = FileManager.default

    init(_ tag: String = #function) {
        root = NSTemporaryDirectory() + "slidelock-sysfs-\(getpid())-\(tag.filter(\.isLetter))"
        try? fm.removeItem(atPath: root)
        try? fm.createDirectory(atPath: root + "/class/backlight", withIntermediateDirectories: true)
        try? fm.createDirectory(atPath: root + "/class/drm", withIntermediateDirectories: true)
    }

    deinit { try? fm.removeItem(atPath: root) }

    /// A backlight device at devices/<parent>/NAME, linked from class/backlight like the kernel does.
    @discardableResult
    func backlight(_ name: String, max: String = "255", brightness: String = "100", parent: String = "platform")
        -> String
    {
        let dir = root + "/devices/" + parent + "/" + name
        try? fm.createDirectory(atPath: dir, withIntermediateDirectories: true)
        fm.createFile(atPath: dir + "/max_brightness", contents: Data((max + "\n").utf8))
        fm.createFile(atPath: dir + "/brightness", contents: Data((brightness + "\n").utf8))
        try? fm.createSymbolicLink(atPath: dir + "/device", withDestinationPath: root + "/devices/" + parent)
        try? fm.createSymbolicLink(atPath: root + "/class/backlight/" + name, withDestinationPath: dir)
        return dir
    }

    /// A DRM connector device at devices/<path>, linked as class/drm/NAME.
    func connector(_ name: String, at path: String) {
        let dir = root + "/devices/" + path
        try? fm.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try? fm.createSymbolicLink(atPath: root + "/class/drm/" + name, withDestinationPath: dir)
    }

    func brightness(_ name: String) -> String {
        (try? String(contentsOfFile: root + "/class/backlight/" + name + "/brightness", encoding: .utf8)) ?? "?"
    }
}

@Suite struct BacklightTests {
    @Test func writesFractionsOfMaxAndRestores() throws {
        let sys = FakeSysfs()
        sys.backlight("rpi_backlight", max: "255", brightness: "200")
        let bl = try Backlight(name: "rpi_backlight", root: sys.root)
        #expect(bl.maxBrightness == 255 && bl.original == 200)
        try bl.set(fraction: 1)
        #expect(sys.brightness("rpi_backlight") == "255\n")
        try bl.set(fraction: 0.25)
        #expect(sys.brightness("rpi_backlight") == "64\n")
        try bl.set(fraction: 0)
        #expect(sys.brightness("rpi_backlight") == "0\n")
        try bl.restore()
        #expect(sys.brightness("rpi_backlight") == "200\n")
    }

    @Test func valueRounding() {
        #expect(Backlight.value(fraction: 0.5, max: 7) == 4)
        #expect(Backlight.value(fraction: 0.01, max: 7) == 1) // lit stays lit
        #expect(Backlight.value(fraction: 0, max: 7) == 0)
        #expect(Backlight.value(fraction: 2, max: 7) == 7)
        #expect(Backlight.value(fraction: -1, max: 7) == 0)
        #expect(Backlight.value(fraction: .nan, max: 7) == 0)
    }

    @Test func missingNamesTheOthers() {
        let sys = FakeSysfs()
        sys.backlight("a")
        sys.backlight("b")
        #expect(throws: DisplayError.noBacklight(name: "c", available: ["a", "b"])) {
            try Backlight(name: "c", root: sys.root)
        }
        #expect(
            DisplayError.noBacklight(name: "c", available: []).description
                == "display.backlight: no backlight named c in /sys/class/backlight (there is none)")
    }

    @Test func badMaxBrightness() {
        let sys = FakeSysfs()
        sys.backlight("x", max: "lots")
        sys.backlight("z", max: "0")
        #expect(
            throws: DisplayError.backlightUnreadable(
                path: sys.root + "/class/backlight/x/max_brightness",
                reason: "not a number: \"lots\"")
        ) {
            try Backlight(name: "x", root: sys.root)
        }
        #expect(
            throws: DisplayError.backlightUnreadable(
                path: sys.root + "/class/backlight/z/max_brightness",
                reason: "max_brightness is 0")
        ) {
            try Backlight(name: "z", root: sys.root)
        }
    }

    /// A stand-in backlight "ro" whose brightness nobody may write; false when this machine
    /// cannot make one. Root writes past file modes, so as root it is a read-only sysfs
    /// attribute (kernfs has no store for it): EACCES, like brightness under a unit that forbids it.
    static func readOnlyBacklight(_ sys: FakeSysfs) throws -> Bool {
        let dir = sys.backlight("ro")
        try FileManager.default.removeItem(atPath: dir + "/brightness")
        if getuid() == 0 {
            guard FileManager.default.fileExists(atPath: "/sys/class/net/lo/ifindex") else { return false }
            try FileManager.default.createSymbolicLink(
                atPath: dir + "/brightness", withDestinationPath: "/sys/class/net/lo/ifindex")
        } else {
            FileManager.default.createFile(
                atPath: dir + "/brightness", contents: Data("1\n".utf8),
                attributes: [.posixPermissions: 0o444])
        }
        return true
    }

    @Test func unwritableIsAStartUpError() throws {
        let sys = FakeSysfs()
        guard try Self.readOnlyBacklight(sys) else { return }
        #expect(
            throws: DisplayError.backlightNotWritable(
                path: sys.root + "/class/backlight/ro/brightness",
                reason: "Permission denied")
        ) {
            try Backlight(name: "ro", root: sys.root)
        }
    }

    @Test func autoLeavesAnUnwritableOneAloneButANamedOneIsAnError() throws {
        let sys = FakeSysfs()
        guard try Self.readOnlyBacklight(sys) else { return }
        let s = try BacklightSelection.resolve(.auto, card: "card0", connectors: ["DSI-1"], root: sys.root)
        #expect(s.backlight == nil)
        #expect(
            s.reason
                == "ro (the only one) but \(sys.root)/class/backlight/ro/brightness is not writable: Permission denied")
        #expect(throws: DisplayError.self) {
            try BacklightSelection.resolve(.named("ro"), card: "card0", connectors: [], root: sys.root)
        }
    }

    @Test func unwritableMessage() {
        let e = DisplayError.backlightNotWritable(
            path: "/sys/class/backlight/x/brightness", reason: "Read-only file system")
        #expect(
            e.description == "backlight: cannot write /sys/class/backlight/x/brightness: Read-only file system "
                + "(run as root or allow the path in the service; display.backlight = none dims by drawing instead)")
    }

    @Test func autoPicksTheOnlyOne() throws {
        let sys = FakeSysfs()
        sys.backlight("10-0045")
        let s = try BacklightSelection.resolve(.auto, card: "card1", connectors: ["DSI-1"], root: sys.root)
        #expect(s.backlight?.name == "10-0045")
        #expect(s.reason == "the only one")
    }

    @Test func autoPicksTheOneTiedToTheConnector() throws {
        let sys = FakeSysfs()
        sys.backlight("acpi_video0")
        sys.connector("card0-eDP-1", at: "pci0000:00/0000:00:02.0/drm/card0/card0-eDP-1")
        sys.backlight("intel_backlight", parent: "pci0000:00/0000:00:02.0/drm/card0/card0-eDP-1")
        let s = try BacklightSelection.resolve(.auto, card: "card0", connectors: ["HDMI-A-1", "eDP-1"], root: sys.root)
        #expect(s.backlight?.name == "intel_backlight")
        #expect(s.reason == "tied to eDP-1")
    }

    @Test func autoWithSeveralUntiedPicksNone() throws {
        let sys = FakeSysfs()
        sys.backlight("a")
        sys.backlight("b")
        let s = try BacklightSelection.resolve(.auto, card: "card0", connectors: ["DSI-1"], root: sys.root)
        #expect(s.backlight == nil)
        #expect(s.reason == "several, none tied to the connector (a, b): set display.backlight")
        let empty = FakeSysfs("empty")
        #expect(try BacklightSelection.resolve(.auto, card: "card0", connectors: [], root: empty.root).backlight == nil)
    }

    @Test func noneAndNamed() throws {
        let sys = FakeSysfs()
        sys.backlight("a")
        #expect(try BacklightSelection.resolve(.none, card: "card0", connectors: [], root: sys.root).backlight == nil)
        #expect(
            try BacklightSelection.resolve(.named("a"), card: "card0", connectors: [], root: sys.root).backlight?.name
                == "a")
        #expect(throws: DisplayError.self) {
            try BacklightSelection.resolve(.named("b"), card: "card0", connectors: [], root: sys.root)
        }
    }
}
