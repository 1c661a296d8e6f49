import SlideLockCore
import Testing

/// A recording's header carries the physical size the lock laid out with; a header from
/// before sizes in millimetres plays proportionally, whatever the player's config says.
@Suite struct RecordingHeaderSizeTests {
    func header(_ settings: [String]) -> RecordingHeader {
        RecordingHeader(verdict: "unlock", verdictTime: 1, width: 800, height: 480, rotation: 0, settings: settings)
    }

    func configured(_ size: String) throws -> Settings {
        try ConfigLoader.load(sources: [], overrides: ["display.physical_size=" + size])
    }

    @Test func theLockSizeIsWrittenAndReadBack() throws {
        let lines = RecordingHeader.settingLines(try configured("200x120"))
        #expect(lines.contains("display.physical_size=200x120"))
        let played = try header(lines).apply(to: try configured("108x65"), fileName: "rec.evemu")
        #expect(played.display.physicalSize == Size(width: 200, height: 120))
    }

    @Test func autoInTheHeaderIsProportional() throws {
        let played = try header(["display.physical_size=auto"]).apply(to: try configured("108x65"), fileName: "r")
        #expect(played.display.physicalSize == nil)
    }

    @Test func anOldHeaderWithoutTheSizeIsProportional() throws {
        let played = try header(["gesture.threshold=0.9"]).apply(to: try configured("108x65"), fileName: "r")
        #expect(played.display.physicalSize == nil)
        #expect(played.gesture.threshold == 0.9)
    }

    @Test func aBadSizeInTheHeaderIsAnError() throws {
        #expect(throws: ConfigError.self) {
            try header(["display.physical_size=0x480"]).apply(to: Settings(), fileName: "r")
        }
    }
}
