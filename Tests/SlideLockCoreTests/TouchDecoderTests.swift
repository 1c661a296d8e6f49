import Testing

@testable import SlideLockCore

/// Normalised position of device units on a 1024x600 axis pair (the Goodix fixtures).
private func goodix(_ x: Int32, _ y: Int32) -> Point {
    Point(x: Double(x) / 1024, y: Double(y) / 600)
}

private func ev(_ t: Double, _ type: UInt16, _ code: UInt16, _ value: Int32) -> RawInputEvent {
    RawInputEvent(time: t, type: type, code: code, value: value)
}

private func syn(_ t: Double) -> RawInputEvent { ev(t, Evdev.EV_SYN, Evdev.SYN_REPORT, 0) }

private let mtAxes: [UInt16: AxisRange] = [
    Evdev.ABS_MT_SLOT: AxisRange(minimum: 0, maximum: 9),
    Evdev.ABS_MT_POSITION_X: AxisRange(minimum: 0, maximum: 1023),
    Evdev.ABS_MT_POSITION_Y: AxisRange(minimum: 0, maximum: 599),
    Evdev.ABS_MT_TRACKING_ID: AxisRange(minimum: 0, maximum: 65535),
]

struct TouchDecoderTests {
    @Test func modeFollowsTheAxes() throws {
        #expect(TouchDecoder(axes: try Fixture.load("mt-slide.events").axes)?.mode == .multitouch(slots: 10))
        #expect(TouchDecoder(axes: try Fixture.load("single-touch-slide.events").axes)?.mode == .singleTouch)
        #expect(TouchDecoder(axes: try Fixture.load("tablet.events").axes)?.mode == .singleTouch)
        #expect(TouchDecoder(axes: try Fixture.load("mouse.events").axes) == nil)
        let screen = Size(width: 800, height: 480)
        #expect(TouchDecoder(axes: [:], pointerScreen: screen)?.mode == .relativePointer(screen: screen))
    }

    @Test func multitouchSlideIsOneContactNotDoubledByTheEmulatedAxes() throws {
        let samples = try decode(try Fixture.load("mt-slide.events"))
        #expect(samples.count == 32)
        #expect(samples.first == TouchSample(kind: .down, id: 1, position: goodix(100, 300), time: 0))
        #expect(samples.dropFirst().dropLast().allSatisfy { $0.kind == .move && $0.id == 1 })
        #expect(samples[1].position == goodix(125, 301))
        // The lift carries no coordinates: the up keeps the last position.
        #expect(samples.last == TouchSample(kind: .up, id: 1, position: goodix(850, 300), time: 0.392))
    }

    @Test func singleTouchSlide() throws {
        let samples = try decode(try Fixture.load("single-touch-slide.events"))
        let at = { (x: Int32) in Point(x: Double(x) / 4096, y: 2000.0 / 4096) }
        #expect(samples.map(\.kind) == [.down] + Array(repeating: .move, count: 20) + [.up])
        #expect(samples.first?.position == at(400))
        #expect(samples.last?.position == at(3400))
        #expect(abs(samples.last!.time - 0.21) < 1e-9)
        #expect(Set(samples.map(\.id)) == [1])
    }

    @Test func absoluteTabletUsesTheLeftButton() throws {
        let samples = try decode(try Fixture.load("tablet.events"))
        #expect(samples.map(\.kind) == [.down] + Array(repeating: .move, count: 8) + [.up])
        #expect(samples.first?.position == Point(x: 0.5, y: 0.5))
        #expect(samples.last?.position == Point(x: 0.75, y: 0.5))
    }

    @Test func secondFingerGetsItsOwnContact() throws {
        let samples = try decode(try Fixture.load("mt-two-fingers.events"))
        let a = samples.filter { $0.id == 1 }
        let b = samples.filter { $0.id == 2 }
        #expect(a.count + b.count == samples.count)
        #expect(a.map(\.kind) == [.down] + Array(repeating: .move, count: 19) + [.up])
        #expect(b.map(\.kind) == [.down, .move, .move, .move, .move, .up])
        #expect(b.first?.position == goodix(700, 100))
        #expect(b.last?.position == goodix(700, 140))
        #expect(abs(b.first!.time - 0.060) < 1e-9 && abs(b.last!.time - 0.144) < 1e-9)
        #expect(a.last?.position == goodix(480, 300))
    }

    @Test func newTrackingIDWithoutLiftEndsTheOldContact() throws {
        var d = try #require(TouchDecoder(axes: mtAxes))
        _ = d.feed(ev(0, Evdev.EV_ABS, Evdev.ABS_MT_TRACKING_ID, 3))
        _ = d.feed(ev(0, Evdev.EV_ABS, Evdev.ABS_MT_POSITION_X, 100))
        #expect(d.feed(syn(0)).map(\.kind) == [.down])
        _ = d.feed(ev(0.01, Evdev.EV_ABS, Evdev.ABS_MT_TRACKING_ID, 4))
        _ = d.feed(ev(0.01, Evdev.EV_ABS, Evdev.ABS_MT_POSITION_X, 500))
        #expect(
            d.feed(syn(0.01)) == [
                TouchSample(kind: .up, id: 1, position: goodix(100, 0), time: 0.01),
                TouchSample(kind: .down, id: 2, position: goodix(500, 0), time: 0.01),
            ])
    }

    @Test func outOfRangeSlotIsIgnored() throws {
        var d = try #require(TouchDecoder(axes: mtAxes))
        _ = d.feed(ev(0, Evdev.EV_ABS, Evdev.ABS_MT_SLOT, 40))
        _ = d.feed(ev(0, Evdev.EV_ABS, Evdev.ABS_MT_TRACKING_ID, 3))
        #expect(d.feed(syn(0)).isEmpty)
    }

    /// Feeds `mt-syn-dropped.events` up to the end of the gap.
    private func decodeUntilGapEnds() throws -> (TouchDecoder, before: [TouchSample], rest: ArraySlice<RawInputEvent>) {
        let rec = try Fixture.load("mt-syn-dropped.events")
        var d = try #require(TouchDecoder(axes: rec.axes))
        var before: [TouchSample] = []
        var index = rec.events.startIndex
        while !d.needsResync {
            before += d.feed(rec.events[index])
            index += 1
        }
        return (d, before, rec.events[index...])
    }

    @Test func droppedEventsThenMovedContactIsCancelledNotJumped() throws {
        var (d, before, rest) = try decodeUntilGapEnds()
        #expect(before.map(\.kind) == [.down] + Array(repeating: .move, count: 10))
        #expect(before.last?.position == goodix(300, 300))
        let resynced = d.resync(slots: [SlotState(trackingID: 7, x: 580, y: 310)], time: 0.172)
        #expect(
            resynced == [
                TouchSample(kind: .cancel, id: 1, position: goodix(300, 300), time: 0.172),
                TouchSample(kind: .down, id: 2, position: goodix(580, 310), time: 0.172),
            ])
        let after = rest.flatMap { d.feed($0) }
        #expect(after.map(\.kind) == [.move, .move, .move, .move, .move, .up])
        #expect(after.allSatisfy { $0.id == 2 })
        #expect(after.first?.position == goodix(600, 310))
    }

    @Test func droppedEventsWithContactInPlaceContinueSilently() throws {
        var (d, _, rest) = try decodeUntilGapEnds()
        #expect(d.resync(slots: [SlotState(trackingID: 7, x: 300, y: 300)], time: 0.172).isEmpty)
        let after = rest.flatMap { d.feed($0) }
        #expect(after.map(\.kind) == [.move, .move, .move, .move, .move, .up])
        #expect(after.allSatisfy { $0.id == 1 })
    }

    @Test func contactLiftedDuringTheGapIsCancelled() throws {
        var (d, _, _) = try decodeUntilGapEnds()
        #expect(
            d.resync(slots: [], time: 0.2) == [
                TouchSample(kind: .cancel, id: 1, position: goodix(300, 300), time: 0.2)
            ])
    }

    @Test func withoutResyncEverythingDownIsCancelledAndIgnoredUntilLift() throws {
        var (d, _, rest) = try decodeUntilGapEnds()
        let after = rest.flatMap { d.feed($0) }
        #expect(after == [TouchSample(kind: .cancel, id: 1, position: goodix(300, 300), time: 0.184)])
        // The next real touch works again.
        _ = d.feed(ev(1, Evdev.EV_ABS, Evdev.ABS_MT_TRACKING_ID, 8))
        #expect(d.feed(syn(1)).map(\.kind) == [.down])
    }

    @Test func resyncAtStartupReportsAFingerAlreadyDown() throws {
        var d = try #require(TouchDecoder(axes: mtAxes))
        let s = d.resync(slots: [SlotState(), SlotState(trackingID: 9, x: 512, y: 300)], currentSlot: 1, time: 5)
        #expect(s == [TouchSample(kind: .down, id: 1, position: goodix(512, 300), time: 5)])
        _ = d.feed(ev(5.01, Evdev.EV_ABS, Evdev.ABS_MT_POSITION_X, 520))
        #expect(d.feed(syn(5.01)).map(\.kind) == [.move])
    }

    @Test func singleTouchResyncKeepsAHeldFingerOnePiece() throws {
        let axes = [
            Evdev.ABS_X: AxisRange(minimum: 0, maximum: 4095), Evdev.ABS_Y: AxisRange(minimum: 0, maximum: 4095),
        ]
        var d = try #require(TouchDecoder(axes: axes))
        _ = d.feed(ev(0, Evdev.EV_KEY, Evdev.BTN_TOUCH, 1))
        _ = d.feed(ev(0, Evdev.EV_ABS, Evdev.ABS_X, 1000))
        #expect(d.feed(syn(0)).map(\.kind) == [.down])
        _ = d.feed(ev(0.01, Evdev.EV_ABS, Evdev.ABS_X, 1100))
        _ = d.feed(ev(0.01, Evdev.EV_SYN, Evdev.SYN_DROPPED, 0))
        _ = d.feed(ev(0.02, Evdev.EV_ABS, Evdev.ABS_X, 1200))
        #expect(d.feed(syn(0.02)).isEmpty)
        #expect(d.needsResync)
        // Any non-negative id means "held"; same place, so nothing to report.
        #expect(d.resync(slots: [SlotState(trackingID: 5, x: 1000, y: 0)], time: 0.02).isEmpty)
        _ = d.feed(ev(0.03, Evdev.EV_ABS, Evdev.ABS_X, 1300))
        #expect(d.feed(syn(0.03)).map(\.kind) == [.move])
        _ = d.feed(ev(0.04, Evdev.EV_KEY, Evdev.BTN_TOUCH, 0))
        #expect(d.feed(syn(0.04)).map { [$0.kind.rawValue, "\($0.id)"] } == [["up", "1"]])
    }

    @Test func mouseDragsFromTheScreenCentreWhenEnabled() throws {
        let screen = Size(width: 800, height: 480)
        let samples = try decode(try Fixture.load("mouse.events"), pointerScreen: screen)
        let at = { (x: Double, y: Double) in Point(x: x / 800, y: y / 480) }
        #expect(samples.map(\.kind) == [.down] + Array(repeating: .move, count: 8) + [.up])
        #expect(samples.first?.position == at(300, 290))
        #expect(samples.last?.position == at(420, 290))
    }

    @Test func mouseIsClampedToTheScreen() throws {
        var d = try #require(TouchDecoder(axes: [:], pointerScreen: Size(width: 800, height: 480)))
        _ = d.feed(ev(0, Evdev.EV_KEY, Evdev.BTN_LEFT, 1))
        _ = d.feed(ev(0, Evdev.EV_REL, Evdev.REL_X, -10_000))
        _ = d.feed(ev(0, Evdev.EV_REL, Evdev.REL_Y, Int32.max))
        #expect(d.feed(syn(0)).map(\.position) == [Point(x: 0, y: 479.0 / 480)])
        _ = d.feed(ev(0.1, Evdev.EV_REL, Evdev.REL_X, 5000))
        #expect(d.feed(syn(0.1)).map(\.position) == [Point(x: 799.0 / 800, y: 479.0 / 480)])
    }

    @Test func axisNormalisationFollowsLibinput() {
        let axis = AxisRange(minimum: 0, maximum: 799)
        #expect(axis.normalise(0) == 0)
        #expect(axis.normalise(400) == 0.5)
        #expect(axis.normalise(799) * 800 == 799)
        #expect(AxisRange(minimum: 100, maximum: 199).normalise(150) == 0.5)
    }
}
