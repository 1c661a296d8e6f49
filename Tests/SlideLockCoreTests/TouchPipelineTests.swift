import Testing

@testable import SlideLockCore

private let goodix = Size(width: 1024, height: 600)
private let ilitek = Size(width: 800, height: 480)

/// A fixture through one pipeline, the way `TouchInput` drives it.
private struct PipelineRun {
    var pipeline: TouchPipeline
    var nextID = 1
    /// Events of contacts the ghost filter let through (downs, their moves and ends).
    var events: [LockEvent] = []
    /// Everything else: withheld contacts (and their ends), uncertain moments.
    var held: [LockEvent] = []
    var log: [String] = []
    var released: Set<Int> = []

    init(
        _ rec: EvemuRecording, screen: Size, rotation: ImageRotation = .upright,
        settings: TouchSettings = TouchSettings()
    ) throws {
        pipeline = try #require(TouchPipeline(axes: rec.axes, screen: screen, rotation: rotation, settings: settings))
    }

    mutating func take(_ out: TouchPipeline.Output) {
        for event in out.events {
            switch event {
            case .touchDown(let id, _, _):
                released.insert(id)
                events.append(event)
            case .touchMove(let id, _, _), .touchUp(let id, _), .touchCancel(let id?, _):
                if released.contains(id) { events.append(event) } else { held.append(event) }
            default: held.append(event)
            }
        }
        log += out.log
    }

    mutating func feed<S: Sequence>(_ raw: S) where S.Element == RawInputEvent {
        for event in raw { take(pipeline.feed(event, nextID: &nextID)) }
    }

    static func all(_ name: String, screen: Size, rotation: ImageRotation = .upright) throws -> PipelineRun {
        let rec = try Fixture.load(name)
        var run = try PipelineRun(rec, screen: screen, rotation: rotation)
        run.feed(rec.events)
        return run
    }
}

private func kinds(_ events: [LockEvent]) -> [String] {
    events.map {
        switch $0 {
        case .touchDown: "down"
        case .touchMove: "move"
        case .touchUp: "up"
        case .touchCancel: "cancel"
        default: "other"
        }
    }
}

private func point(_ event: LockEvent?) -> Point? {
    switch event {
    case .touchDown(_, let p, _), .touchMove(_, let p, _): p
    default: nil
    }
}

struct TouchPipelineTests {
    @Test func multitouchSlideIsDownMovesUp() throws {
        let run = try PipelineRun.all("mt-slide.events", screen: goodix)
        #expect(run.log.isEmpty)
        // 32 samples; the filter holds the first 3 back, then sends them all.
        #expect(kinds(run.events) == ["down"] + Array(repeating: "move", count: 30) + ["up"])
        #expect(run.events.first == .touchDown(id: 1, point: Point(x: 100, y: 300), time: 0))
        #expect(run.events.last == .touchUp(id: 1, time: 0.392))
        #expect(point(run.events[run.events.count - 2]) == Point(x: 850, y: 300))
    }

    @Test func droppedEventsMidDragCancelInsteadOfJumping() throws {
        let rec = try Fixture.load("mt-syn-dropped.events")
        var run = try PipelineRun(rec, screen: goodix)
        var index = rec.events.startIndex
        while !run.pipeline.needsResync {
            run.feed([rec.events[index]])
            index += 1
        }
        let before = run.events
        #expect(kinds(before) == ["down"] + Array(repeating: "move", count: 10))
        #expect(point(before.last) == Point(x: 300, y: 300))
        // What libevdev reports after its sync: the finger is now at 580.
        run.take(
            run.pipeline.resync(
                slots: [SlotState(trackingID: 7, x: 580, y: 310)], time: 0.172,
                nextID: &run.nextID))
        #expect(run.events.count == before.count + 1)
        #expect(run.events.last == .touchCancel(id: 1, time: 0.172))
        #expect(run.held.contains(.uncertain(.resync, time: 0.172)))
        #expect(run.log == ["touch: cancelled contact #1: events lost (SYN_DROPPED), it moved or lifted meanwhile"])
        run.feed(rec.events[index...])
        let after = Array(run.events[(before.count + 1)...])
        // The finger continues as a new contact from where it really is: never a move of #1 to 580.
        #expect(!run.events.contains { if case .touchMove(1, let p, _) = $0 { p.x > 320 } else { false } })
        guard case .touchDown(2, let landed, 0.172) = after.first else {
            Issue.record("\(after)")
            return
        }
        #expect(near(landed, Point(x: 580, y: 310), tolerance: 1e-6))
        #expect(after.last == .touchUp(id: 2, time: 0.259))
    }

    @Test func droppedEventsWithoutResyncCancelOnTheNextFrame() throws {
        let run = try PipelineRun.all("mt-syn-dropped.events", screen: goodix)
        #expect(kinds(run.events) == ["down"] + Array(repeating: "move", count: 10) + ["cancel"])
        #expect(run.log.count == 1)
        #expect(run.log[0].hasSuffix("not resynced"))
    }

    @Test func ghostCornerTapsNeverReachTheSession() throws {
        let run = try PipelineRun.all("ghost-corner-taps.events", screen: ilitek)
        #expect(run.events.isEmpty)
        #expect(run.log.count == 11)
        #expect(run.log.allSatisfy { $0.contains("corner") })
    }

    @Test func ghostShortTapsNeverReachTheSession() throws {
        var run = try PipelineRun.all("ghost-short-taps.events", screen: ilitek)
        run.take(run.pipeline.advance(to: 10, nextID: &run.nextID))
        #expect(run.events.isEmpty)
        #expect(run.log.count == 2)
        // They were on the glass all the same: withheld, then lifted.
        #expect(run.nextID == 3)
        #expect(run.held.filter { if case .touchWithheld = $0 { true } else { false } }.count == 2)
    }

    @Test func ghostTeleportCancelsTheContact() throws {
        let run = try PipelineRun.all("ghost-teleport.events", screen: ilitek)
        // The finger is still on the glass: kept from the thumb until it lifts, after a
        // moment of uncertainty.
        #expect(kinds(run.events) == ["down"] + Array(repeating: "move", count: 7) + ["up"])
        // (Its places while withheld follow, for the stuck rule.)
        let withheld = run.held.filter { if case .touchHeld = $0 { false } else { true } }
        #expect(withheld.suffix(2) == [.uncertain(.cancel, time: 0.112), .touchWithheld(id: 1, time: 0.112)])
        #expect(run.held.contains(.touchHeld(id: 1, point: Point(x: 250, y: 240), time: 0.21)))
        #expect(!run.events.contains { point($0).map { $0.x > 200 } ?? false })
        #expect(run.log.count == 1 && run.log[0].hasPrefix("touch: cancelled contact #1: jumped"))
    }

    @Test func secondFingerPassesThroughWithItsOwnID() throws {
        let run = try PipelineRun.all("mt-two-fingers.events", screen: goodix)
        let downs = run.events.filter { kinds([$0]) == ["down"] }
        #expect(
            downs == [
                .touchDown(id: 1, point: Point(x: 100, y: 300), time: 0),
                .touchDown(id: 2, point: Point(x: 700, y: 100), time: 0.060),
            ])
        #expect(run.events.contains(.touchUp(id: 2, time: 0.144)))
        #expect(kinds(run.events).last == "up")
        #expect(!run.events.contains(.touchCancel(id: 2, time: 0.144)))
    }

    @Test func rotation90MapsThePanelTouchOntoTheLogicalPoint() throws {
        // The Goodix panel (1024x600, landscape) shows a portrait UI turned 90 degrees
        // clockwise: the UI's top edge is on the panel's right edge.
        let portrait = Size(width: 600, height: 1024)
        let run = try PipelineRun.all("mt-slide.events", screen: portrait, rotation: .clockwise90)
        // Panel (100, 300): 100 px from the panel's left = 100 px above the UI's bottom.
        #expect(run.events.first == .touchDown(id: 1, point: Point(x: 300, y: 924), time: 0))
        // Sliding right on the panel moves up the UI.
        #expect(point(run.events[run.events.count - 2]) == Point(x: 300, y: 174))
        #expect(run.events.last == .touchUp(id: 1, time: 0.392))
    }

    @Test func removedDeviceCancelsItsLiveContacts() throws {
        let rec = try Fixture.load("mt-slide.events")
        var run = try PipelineRun(rec, screen: goodix)
        run.feed(rec.events.prefix(40))
        #expect(run.pipeline.liveContacts == 1)
        run.take(run.pipeline.deviceRemoved(time: 0.2))
        #expect(run.events.last == .touchCancel(id: 1, time: 0.2))
        #expect(run.held.last == .uncertain(.deviceRemoved, time: 0.2))
        #expect(run.log == ["touch: cancelled contact #1: device removed"])
        // Nothing down: nothing to cancel, and still a moment of uncertainty.
        #expect(
            run.pipeline.deviceRemoved(time: 0.3)
                == TouchPipeline.Output(events: [.uncertain(.deviceRemoved, time: 0.3)]))
    }

    @Test func idsAreSharedBetweenDevices() throws {
        let rec = try Fixture.load("mt-slide.events")
        var a = try #require(TouchPipeline(axes: rec.axes, screen: goodix))
        var b = try #require(TouchPipeline(axes: rec.axes, screen: goodix))
        var nextID = 1
        var events: [LockEvent] = []
        for event in rec.events {
            events += a.feed(event, nextID: &nextID).events
            events += b.feed(event, nextID: &nextID).events
        }
        #expect(Set(events.compactMap { if case .touchDown(let id, _, _) = $0 { id } else { nil } }) == [1, 2])
    }

    @Test func mouseStartsAtTheScreenCentreAndIgnoresRotation() throws {
        let rec = try Fixture.load("mouse.events")
        var settings = TouchSettings()
        settings.ghostFilter = false
        var p = try #require(
            TouchPipeline(
                axes: rec.axes, screen: ilitek, rotation: .clockwise90,
                settings: settings, relativePointer: true))
        var nextID = 1
        let events = rec.events.flatMap { p.feed($0, nextID: &nextID).events }
        #expect(events.first == .touchDown(id: 1, point: Point(x: 300, y: 290), time: events.first!.time))
        #expect(TouchPipeline(axes: rec.axes, screen: ilitek) == nil)
    }
}
