import Foundation
import Testing

@testable import SlideLockCore

/// Fixtures: our own synthetic recordings (see Tests/Tools/make-evemu-fixtures.py).
enum Fixture {
    static func url(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Evemu/\(name)")
    }

    static func load(_ name: String) throws -> EvemuRecording {
        let text = try String(contentsOf: url(name), encoding: .utf8)
        return try EvemuRecording(parsing: text, fileName: name)
    }

    /// The shared real-device recording, when this checkout sits next to it.
    static let atmelPath: String? = {
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [
            "/work/shared/data/evemu/atmel-maxtouch-800x480-drag.events",
            repo.appendingPathComponent("../shared/data/evemu/atmel-maxtouch-800x480-drag.events").path,
        ]
        return candidates.first { FileManager.default.isReadableFile(atPath: $0) }
    }()
}

/// Every sample the decoder makes from a recording's events.
func decode(_ rec: EvemuRecording, pointerScreen: Size? = nil) throws -> [TouchSample] {
    var decoder = try #require(TouchDecoder(axes: rec.axes, pointerScreen: pointerScreen))
    return rec.events.flatMap { decoder.feed($0) }
}

func near(_ a: Point, _ b: Point, tolerance: Double = 1e-9) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

struct EvemuRecordingTests {
    @Test func parsesHeaderAxesPropertiesAndBitmasks() throws {
        let rec = try Fixture.load("single-touch-slide.events")
        #expect(rec.name == "ADS7846 Touchscreen")
        #expect(rec.id == .init(bus: 0x1c, vendor: 0, product: 0x1e96, version: 0))
        #expect(rec.isDirect)
        #expect(rec.axes[Evdev.ABS_X] == AxisRange(minimum: 0, maximum: 4095))
        #expect(rec.axes[Evdev.ABS_Y] == AxisRange(minimum: 0, maximum: 4095))
        #expect(rec.axes[0x18] == AxisRange(minimum: 0, maximum: 255))
        #expect(rec.supports(type: Evdev.EV_KEY, code: Evdev.BTN_TOUCH))
        #expect(!rec.supports(type: Evdev.EV_KEY, code: Evdev.BTN_LEFT))
        #expect(rec.supports(type: 0, code: Evdev.EV_ABS))
        #expect(!rec.supports(type: 0, code: Evdev.EV_REL))
    }

    @Test func eventTimesAreRelativeToTheFirstEvent() throws {
        // This file has absolute epoch timestamps, like older evemu-record.
        let rec = try Fixture.load("single-touch-slide.events")
        #expect(rec.events.first == RawInputEvent(time: 0, type: Evdev.EV_KEY, code: Evdev.BTN_TOUCH, value: 1))
        let reports = rec.events.filter { $0.type == Evdev.EV_SYN }
        #expect(reports.count == 22)
        #expect(abs(reports[1].time - 0.010) < 1e-9)
        #expect(abs(reports.last!.time - 0.210) < 1e-9)
    }

    @Test func negativeValuesAndHexCodes() throws {
        let rec = try Fixture.load("mt-slide.events")
        #expect(
            rec.events.contains(
                RawInputEvent(
                    time: rec.events.last!.time, type: Evdev.EV_ABS,
                    code: Evdev.ABS_MT_TRACKING_ID, value: -1)))
        #expect(rec.events.first?.code == Evdev.ABS_MT_TRACKING_ID)
        #expect(rec.events.first?.value == 41)
    }

    @Test func relativeDeviceHasNoAxes() throws {
        let rec = try Fixture.load("mouse.events")
        #expect(rec.axes.isEmpty)
        #expect(!rec.isDirect)
        #expect(rec.supports(type: Evdev.EV_REL, code: Evdev.REL_X))
        #expect(rec.supports(type: Evdev.EV_KEY, code: Evdev.BTN_LEFT))
    }

    @Test func headerBlocksStandInForMissingAxisLines() throws {
        let text = """
            # Input device name: "Bare Panel"
            #   Event type 3 (EV_ABS)
            #     Event code 0 (ABS_X)
            #       Min            10
            #       Max          1033
            #     Event code 1 (ABS_Y)
            #       Min             0
            #       Max           599
            # Properties:
            E: 5.500000 0000 0000 0000
            """
        let rec = try EvemuRecording(parsing: text)
        #expect(rec.name == "Bare Panel")
        #expect(rec.axes[Evdev.ABS_X] == AxisRange(minimum: 10, maximum: 1033))
        #expect(rec.axes[Evdev.ABS_Y] == AxisRange(minimum: 0, maximum: 599))
        #expect(rec.events == [RawInputEvent(time: 0, type: 0, code: 0, value: 0)])
    }

    @Test(arguments: [
        ("E: 0.000001 0003 zz 0001", "malformed event line"),
        ("E: 0.000001 0003 0035", "malformed event line"),
        ("E: 1,5 0003 0035 0001", "malformed event line"),
        ("A: 00 0 799 0", "malformed axis line"),
        ("A: 00 0 x 0 0 0", "malformed axis line"),
        ("B: 03 0g", "malformed bitmask line"),
        ("P: 02 00 zz", "malformed property line"),
        ("I: 0018 0000", "malformed id line"),
        ("X: what", "unrecognised line"),
    ])
    func malformedLinesNameTheirLine(line: String, message: String) {
        let text = "N: Panel\nA: 00 0 799 0 0 0\n\(line)\nE: 0.0 0000 0000 0000\n"
        #expect(throws: EvemuParseError(file: "bad.events", line: 3, message: message)) {
            try EvemuRecording(parsing: text, fileName: "bad.events")
        }
        #expect(
            EvemuParseError(file: "bad.events", line: 3, message: message).description
                == "bad.events:3: \(message)")
    }

    @Test(.enabled(if: Fixture.atmelPath != nil, "the shared Atmel recording is not present"))
    func realAtmelRecordingIsOneLongContactOnScreen() throws {
        let path = try #require(Fixture.atmelPath)
        let rec = try EvemuRecording(
            parsing: try String(contentsOfFile: path, encoding: .utf8),
            fileName: "atmel-maxtouch-800x480-drag.events")
        #expect(rec.name == "Atmel maXTouch Touchscreen")
        #expect(rec.isDirect)
        #expect(rec.axes[Evdev.ABS_MT_POSITION_X] == AxisRange(minimum: 0, maximum: 799))
        #expect(rec.axes[Evdev.ABS_MT_POSITION_Y] == AxisRange(minimum: 0, maximum: 479))
        let samples = try decode(rec)
        let transform = TouchTransform(screen: Size(width: 800, height: 480))
        let screen = samples.map(transform.map)
        #expect(screen.filter { $0.kind == .down }.count == 1)
        #expect(screen.filter { $0.kind == .up }.count == 1)
        #expect(screen.first?.kind == .down && screen.last?.kind == .up)
        #expect(Set(screen.map(\.id)).count == 1)
        #expect(screen.count > 1000)
        #expect(screen.allSatisfy { (0..<800).contains($0.position.x) && (0..<480).contains($0.position.y) })
        #expect(near(screen.first!.position, Point(x: 307, y: 401)))
        #expect(screen.last!.time - screen.first!.time > 18)
        // The ghost filter lets a real drag through whole: same start, same end.
        var filter = GhostFilter(screen: Size(width: 800, height: 480))
        let kept = screen.flatMap { filter.filter($0).samples }
        #expect(kept.first == screen.first && kept.last == screen.last)
    }
}
