/// Defends the session against ghost touches. Takes samples in logical screen pixels
/// (after `TouchTransform`) and passes on only contacts that have proved themselves,
/// with a debug log line for everything it drops and why.
///
/// Rules (all tunable in `TouchSettings`):
/// - **Proof.** A new contact is held back until it has lasted `minimumContactSeconds`
///   or produced `minimumContactSamples` samples, whichever happens first. Then the
///   session gets its original `down` (first position and time, so hit tests use where
///   the finger landed) followed by a `move` to where it is now. A contact that ends
///   before proving itself is never seen. Because a still finger sends no events, call
///   `advance(to:)` from the clock (frame ticks) to release contacts that pass by time.
/// - **Jump.** A step between consecutive samples longer than `maximumJumpFraction` of
///   the screen diagonal cancels the contact (`cancel` at its last good position if the
///   session had seen it); the rest of that contact is ignored.
/// - **Corner.** A contact whose down lands within `cornerMargin` pixels of a screen
///   corner (both axes; off-screen counts as near) is ignored for its whole life.
public struct GhostFilter: Sendable {
    /// What one call produced.
    public struct Output: Equatable, Sendable {
        /// What the session should see, in order.
        public var samples: [TouchSample] = []
        /// Human-readable lines saying what was dropped and why.
        public var log: [String] = []
        public init(samples: [TouchSample] = [], log: [String] = []) {
            self.samples = samples
            self.log = log
        }
    }

    /// The tunables this filter was made with.
    public let settings: TouchSettings
    /// The logical screen size, pixels.
    public let screen: Size

    private enum Phase { case pending, live, ignored }

    private struct Track {
        var phase: Phase
        var down: TouchSample
        var latest: TouchSample
        /// Moves while pending, released with the down so the session sees every real
        /// interval (at most `heldMoves`, the newest).
        var held: [TouchSample] = []
        var samples: Int
    }

    private var tracks: [Int: Track] = [:]

    public init(settings: TouchSettings = TouchSettings(), screen: Size) {
        self.settings = settings
        self.screen = screen
    }

    /// The time `maximumJump` is allowed per, seconds: one report at 60 Hz.
    public static let jumpInterval = 1.0 / 60
    /// Most intervals a step is allowed for, however long the silence before it.
    public static let jumpIntervalsMax = 4.0

    /// Most moves kept for a contact held back (the newest win).
    static let heldMoves = 64

    /// Longest allowed step between two samples of one contact `dt` seconds apart, pixels.
    public func maximumJump(over dt: Double) -> Double {
        let intervals = dt.isFinite ? min(max(dt / GhostFilter.jumpInterval, 1), GhostFilter.jumpIntervalsMax) : 1
        return maximumJump * intervals
    }

    /// Longest allowed step between two samples one `jumpInterval` (or less) apart, pixels.
    public var maximumJump: Double {
        settings.maximumJumpFraction * (screen.width * screen.width + screen.height * screen.height).squareRoot()
    }

    /// Takes one sample; returns what the session should see now.
    public mutating func filter(_ sample: TouchSample) -> Output {
        guard settings.ghostFilter else { return Output(samples: [sample]) }
        var out = Output()
        switch sample.kind {
        case .down: begin(sample, &out)
        case .move: move(sample, &out)
        case .up, .cancel: end(sample, &out)
        }
        return out
    }

    /// Releases held-back contacts that have now lasted long enough (`time` in seconds
    /// on the samples' clock).
    public mutating func advance(to time: Double) -> Output {
        var out = Output()
        for id in tracks.keys.sorted() where tracks[id]!.phase == .pending {
            if time - tracks[id]!.down.time >= settings.minimumContactSeconds { release(id, &out) }
        }
        return out
    }

    /// Contacts held back, waiting for proof (for tests and diagnostics).
    public var pendingCount: Int { tracks.values.filter { $0.phase == .pending }.count }

    // MARK: - Rules

    private mutating func begin(_ sample: TouchSample, _ out: inout Output) {
        if let corner = cornerName(sample.position) {
            tracks[sample.id] = Track(phase: .ignored, down: sample, latest: sample, samples: 1)
            out.log.append(
                "touch: ignored contact #\(sample.id): down at the \(corner) corner "
                    + "\(format(sample.position)), within \(number(settings.cornerMargin)) px")
            return
        }
        tracks[sample.id] = Track(phase: .pending, down: sample, latest: sample, samples: 1)
        if isProven(tracks[sample.id]!, now: sample.time) { release(sample.id, &out) }
    }

    private mutating func move(_ sample: TouchSample, _ out: inout Output) {
        guard var track = tracks[sample.id], track.phase != .ignored else { return }
        if jumped(track, to: sample, &out) { return }
        track.latest = sample
        if track.phase == .pending {
            track.held.append(sample)
            if track.held.count > GhostFilter.heldMoves { track.held.removeFirst() }
        }
        track.samples += 1
        tracks[sample.id] = track
        switch track.phase {
        case .live: out.samples.append(sample)
        case .pending: if isProven(track, now: sample.time) { release(sample.id, &out) }
        case .ignored: break
        }
    }

    private mutating func end(_ sample: TouchSample, _ out: inout Output) {
        guard let track = tracks[sample.id] else { return }
        if track.phase == .ignored {
            tracks[sample.id] = nil
            return
        }
        if sample.kind == .up && jumped(track, to: sample, &out) {
            tracks[sample.id] = nil
            return
        }
        if track.phase == .pending {
            // The lift itself tells how long the contact lasted; a cancel proves nothing.
            if sample.kind == .up && sample.time - track.down.time >= settings.minimumContactSeconds {
                release(sample.id, &out)
            } else {
                let ms = clampedInt(((sample.time - track.down.time) * 1000).rounded())
                out.log.append(
                    "touch: ignored contact #\(sample.id): \(sample.kind.rawValue) after \(ms) ms and "
                        + "\(track.samples) sample(s), needs \(number(settings.minimumContactSeconds * 1000)) ms "
                        + "or \(settings.minimumContactSamples) samples")
                tracks[sample.id] = nil
                return
            }
        }
        out.samples.append(sample)
        tracks[sample.id] = nil
    }

    /// Applies the jump rule; true when the contact was cancelled.
    private mutating func jumped(_ track: Track, to sample: TouchSample, _ out: inout Output) -> Bool {
        let dx = sample.position.x - track.latest.position.x
        let dy = sample.position.y - track.latest.position.y
        let distance = (dx * dx + dy * dy).squareRoot()
        let limit = maximumJump(over: sample.time - track.latest.time)
        guard distance > limit else { return false }
        let id = sample.id
        if track.phase == .live {
            var cancel = track.latest
            cancel.kind = .cancel
            cancel.time = sample.time
            out.samples.append(cancel)
        }
        let verb = track.phase == .live ? "cancelled" : "ignored"
        out.log.append(
            "touch: \(verb) contact #\(id): jumped \(number(distance)) px in one sample "
                + "to \(format(sample.position)), limit \(number(limit)) px")
        tracks[id]!.phase = .ignored
        return true
    }

    private func isProven(_ track: Track, now: Double) -> Bool {
        track.samples >= settings.minimumContactSamples || now - track.down.time >= settings.minimumContactSeconds
    }

    private mutating func release(_ id: Int, _ out: inout Output) {
        guard let track = tracks[id] else { return }
        out.samples.append(track.down)
        // Every move it made while held, with its own time: the unlock authority judges
        // each real interval, not one step standing for several.
        out.samples += track.held
        tracks[id]!.held = []
        tracks[id]!.phase = .live
    }

    private func cornerName(_ p: Point) -> String? {
        let m = settings.cornerMargin
        let left = p.x <= m
        let right = p.x >= screen.width - 1 - m
        let top = p.y <= m
        let bottom = p.y >= screen.height - 1 - m
        switch (top, bottom, left, right) {
        case (true, _, true, _): return "top-left"
        case (true, _, _, true): return "top-right"
        case (_, true, true, _): return "bottom-left"
        case (_, true, _, true): return "bottom-right"
        default: return nil
        }
    }

    private func format(_ p: Point) -> String { "(\(number(p.x)), \(number(p.y)))" }

    /// One decimal at most, so log lines stay readable.
    private func number(_ v: Double) -> String {
        let r = (v * 10).rounded() / 10
        return r == r.rounded() && abs(r) < 1e15 ? String(clampedInt(r)) : String(r)
    }
}
