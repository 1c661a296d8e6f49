import Testing

@testable import SlideLockCore

/// Decoder -> transform -> ghost filter over a fixture, the way the platform wires it
/// (with the clock advanced to each sample's time first).
private func run(_ name: String, screen: Size, settings: TouchSettings = TouchSettings()) throws
    -> (raw: [TouchSample], kept: [TouchSample], log: [String])
{
    let transform = TouchTransform(screen: screen)
    let raw = try decode(try Fixture.load(name)).map(transform.map)
    var filter = GhostFilter(settings: settings, screen: screen)
    var kept: [TouchSample] = []
    var log: [String] = []
    for sample in raw {
        for out in [filter.advance(to: sample.time), filter.filter(sample)] {
            kept += out.samples
            log += out.log
        }
    }
    return (raw, kept, log)
}

private let panel = Size(width: 800, height: 480)

private func s(_ kind: TouchSample.Kind, _ x: Double, _ y: Double, _ t: Double, id: Int = 1) -> TouchSample {
    TouchSample(kind: kind, id: id, position: Point(x: x, y: y), time: t)
}

struct GhostFilterTests {
    @Test func cornerTapsNeverReachTheSession() throws {
        let (raw, kept, log) = try run("ghost-corner-taps.events", screen: panel)
        #expect(raw.filter { $0.kind == .down }.count == 11)
        #expect(kept.isEmpty)
        #expect(log.count == 11)
        #expect(log.allSatisfy { $0.contains("corner") })
        #expect(log.first == "touch: ignored contact #1: down at the top-left corner (0, 0), within 4 px")
    }

    @Test func shortTapsNeverReachTheSession() throws {
        let (raw, kept, log) = try run("ghost-short-taps.events", screen: panel)
        #expect(raw.count == 5)
        #expect(kept.isEmpty)
        #expect(
            log == [
                "touch: ignored contact #1: up after 8 ms and 1 sample(s), needs 30 ms or 3 samples",
                "touch: ignored contact #2: up after 16 ms and 2 sample(s), needs 30 ms or 3 samples",
            ])
    }

    @Test func teleportingSampleCancelsTheContact() throws {
        let (_, kept, log) = try run("ghost-teleport.events", screen: panel)
        #expect(kept.map(\.kind) == [.down, .move, .move, .move, .move, .move, .move, .move, .cancel])
        #expect(kept.first == s(.down, 100, 240, 0))
        // Released with every move it made while held, each at its own time.
        #expect(kept[2] == s(.move, 120, 240, 0.028))
        #expect(kept.last == s(.cancel, 170, 240, 0.112))
        #expect(log.count == 1)
        #expect(log[0].hasPrefix("touch: cancelled contact #1: jumped 566.5 px in one sample to (700, 40)"))
    }

    @Test func realSlidePassesWithItsOriginalDown() throws {
        let screen = Size(width: 1024, height: 600)
        let (raw, kept, log) = try run("mt-slide.events", screen: screen)
        #expect(log.isEmpty)
        // Proof arrives with the third sample: the down and both moves come out then, every
        // sample as it was.
        #expect(kept == raw)
        #expect(kept.last == raw.last)
    }

    @Test func stillFingerIsReleasedByTheClock() {
        var f = GhostFilter(screen: panel)
        #expect(f.filter(s(.down, 400, 240, 1)).samples.isEmpty)
        #expect(f.pendingCount == 1)
        #expect(f.advance(to: 1.02).samples.isEmpty)
        #expect(f.advance(to: 1.031).samples == [s(.down, 400, 240, 1)])
        #expect(f.pendingCount == 0)
        #expect(f.filter(s(.up, 400, 240, 1.5)).samples == [s(.up, 400, 240, 1.5)])
    }

    @Test func liftAfterTheMinimumTimeReleasesTheWholeContact() {
        var f = GhostFilter(screen: panel)
        _ = f.filter(s(.down, 400, 240, 0))
        #expect(f.filter(s(.move, 410, 240, 0.02)).samples.isEmpty)
        #expect(
            f.filter(s(.up, 410, 240, 0.035)).samples
                == [s(.down, 400, 240, 0), s(.move, 410, 240, 0.02), s(.up, 410, 240, 0.035)])
    }

    @Test func cancelledBeforeProofIsDropped() {
        var f = GhostFilter(screen: panel)
        _ = f.filter(s(.down, 400, 240, 0))
        let out = f.filter(s(.cancel, 400, 240, 0.05))
        #expect(out.samples.isEmpty)
        #expect(out.log.count == 1)
        #expect(f.pendingCount == 0)
    }

    @Test func everyContactIsIndependent() {
        var f = GhostFilter(screen: panel)
        var kept: [TouchSample] = []
        kept += f.filter(s(.down, 400, 240, 0, id: 1)).samples
        kept += f.filter(s(.down, 0, 479, 0.01, id: 2)).samples
        kept += f.advance(to: 0.05).samples
        kept += f.filter(s(.up, 0, 479, 0.06, id: 2)).samples
        #expect(kept == [s(.down, 400, 240, 0, id: 1)])
    }

    @Test func disabledFilterPassesEverything() throws {
        var settings = TouchSettings()
        settings.ghostFilter = false
        let (raw, kept, log) = try run("ghost-corner-taps.events", screen: panel, settings: settings)
        #expect(kept == raw)
        #expect(log.isEmpty)
    }

    @Test func tunables() throws {
        #expect(abs(GhostFilter(screen: panel).maximumJump - 233.24) < 0.01)
        var settings = TouchSettings()
        settings.minimumContactSamples = 1
        var f = GhostFilter(settings: settings, screen: panel)
        #expect(f.filter(s(.down, 400, 240, 0)).samples == [s(.down, 400, 240, 0)])
        settings.cornerMargin = 0
        let (_, kept, _) = try run("ghost-corner-taps.events", screen: panel, settings: settings)
        // A zero margin still catches downs on the corner pixel itself.
        #expect(kept.isEmpty)
    }
}
