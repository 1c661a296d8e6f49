import Testing

@testable import SlideLockCore

/// Values that would make the lock impossible to open (or a tap enough to open it) are
/// refused with one line naming the key.
@Suite struct LockableConfigTests {
    func errors(_ text: String) -> [String] {
        do {
            _ = try ConfigLoader.load(sources: [ConfigSource(name: "c.conf", text: text)])
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    func settings(_ text: String) throws -> Settings {
        try ConfigLoader.load(sources: [ConfigSource(name: "c.conf", text: text)])
    }

    /// `layout.track_width=0.1` and `track_max_aspect=1.05` left 8 and 4 px of travel on
    /// an 800x480 panel: a tap with jitter unlocked.
    @Test(arguments: [
        ("[layout]\ntrack_width = 0.1\n", "layout.track_width: leaves 8 px of thumb travel on a screen of 800x480"),
        ("[layout]\ntrack_max_aspect = 1.05\n", "layout.track_max_aspect: leaves 4 px of thumb travel"),
    ])
    func aTrackTooShortToSlideIsRefused(_ text: String, _ message: String) throws {
        let s = try settings(text)
        let error = try #require(Layout.travelError(s, screen: Layout.referenceScreen(s)))
        #expect(error.hasPrefix(message), "\(error)")
        #expect(!error.contains("\n"))
    }

    /// A 40 mm thumb on a portrait 5" panel is 352 px of a 432 px track: the thumb's size
    /// is what to change, not the track's width.
    @Test func aThumbSizedInMillimetresThatEatsTheTrackNamesThumbMillimetres() throws {
        let s = try settings("[layout]\nthumb_mm = 40\n[display]\nrotate = 90\nphysical_size = 65x108\n")
        #expect(
            Layout.travelError(s, screen: Layout.referenceScreen(s))
                == "layout.thumb_mm: a 40 mm thumb on a panel of 65x108 mm (display.physical_size): leaves 80 px"
                + " of thumb travel on a screen of 480x800 (at least 100 needed)")
    }

    @Test func theDefaultsAndAPortraitPanelLeaveEnoughTravel() throws {
        #expect(Layout.travelError(Settings(), screen: Size(width: 800, height: 480)) == nil)
        #expect(Layout.travelError(Settings(), screen: Size(width: 480, height: 800)) == nil)
        let portrait = try settings("[display]\nrotate = 90\n")
        #expect(Layout.referenceScreen(portrait) == Size(width: 480, height: 800))
    }

    /// An all-zero calibration mapped every touch to one point: accepted, and the lock
    /// could never be opened.
    @Test(arguments: ["0 0 0 0 0 0", "1 1 0 1 1 0", "0.001 0 0 0 1 0"])
    func aSingularCalibrationIsRefused(_ matrix: String) {
        #expect(
            errors("[input]\ncalibration = \(matrix)\n") == [
                "c.conf:2: input.calibration: bad calibration \"\(matrix)\" (singular: a·e - b·d must be at least 0.01 in size)"
            ])
    }

    @Test func aTurnedOrMirroredCalibrationIsFine() {
        #expect(errors("[input]\ncalibration = 0 -1 1 1 0 0\n").isEmpty)
        #expect(errors("[input]\ncalibration = -1 0 1 0 1 0\n").isEmpty)
    }

    /// `display.dim_after=0.05` was accepted: the panel dimmed before a finger could land.
    @Test(arguments: ["dim_after", "blank_after"]) func anIdleDelayTooShortIsRefused(_ key: String) {
        #expect(
            errors("[display]\n\(key) = 0.05\n") == [
                "c.conf:2: display.\(key): 0.05 is too short (0 for never, or at least 1 s)"
            ])
        #expect(errors("[display]\n\(key) = 0\n").isEmpty)
        #expect(errors("[display]\n\(key) = 1\n").isEmpty)
    }
}
