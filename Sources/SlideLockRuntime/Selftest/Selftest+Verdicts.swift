import SlideLockCore

extension Selftest {
    /// Every output read back equals the pattern exactly; one that differs or cannot be
    /// read fails.
    static func readbackVerdict(_ readback: PatternReadback) -> SelftestVerdict {
        if let why = readback.unsupported { return .skip(why) }
        guard !readback.outputs.isEmpty else { return .fail("no output was read back") }
        let parts = readback.outputs.map { output -> String in
            guard let compared = output.compared else { return "\(output.name): \(output.source)" }
            return output.differing == 0
                ? "\(output.name) \(output.source): all \(compared) pixels are the pattern"
                : "\(output.name) \(output.source): \(output.differing) of \(compared) pixels differ from the pattern"
        }
        let good = readback.outputs.allSatisfy { $0.compared != nil && $0.differing == 0 }
        return good ? .pass(parts.joined(separator: "; ")) : .fail(parts.joined(separator: "; "))
    }

    /// A slide passes when the finger landed on the thumb as drawn.
    static func slideVerdict(_ slide: SlideReport, injected: Bool) -> SelftestVerdict {
        let centre = Point(x: slide.thumb.x + slide.thumb.width / 2, y: slide.thumb.y + slide.thumb.height / 2)
        let dx = slide.landed.x - centre.x
        let dy = slide.landed.y - centre.y
        let off = (dx * dx + dy * dy).squareRoot()
        let text =
            "\(injected ? "injected touch" : "touch") landed at \(point(slide.landed)), thumb drawn at "
            + "\(point(centre)): \(Int(off.rounded())) px off; slid \(Int(slide.travel.rounded())) px along the track"
        let onThumb =
            slide.landed.x >= slide.thumb.x && slide.landed.x <= slide.thumb.maxX
            && slide.landed.y >= slide.thumb.y && slide.landed.y <= slide.thumb.maxY
        return onThumb ? .pass(text) : .fail(text + " (not on the thumb: check display.rotate and input.calibration)")
    }

    static func relayVerdict(_ line: RelayLineReport) -> SelftestVerdict {
        switch line {
        case .notWatched(let why): .skip(why)
        case .missing(let why): .fail(why)
        case .held(let line, let consumer, let direction):
            .pass("\(line) held by \"\(consumer)\" as an \(direction) while the hook ran")
        case .neverHeld(let line): .fail("\(line) was never requested while the hook ran")
        }
    }

    /// What the lock would do on unlock.
    static func configSummary(_ settings: Settings) -> String {
        let action = settings.action.mode == .hook ? "runs \(settings.action.hook)" : "exits"
        return "loaded, every file trusted; theme \(settings.theme.name), unlock \(action)"
    }

    /// The first line of an error (`ConfigErrors` carry one per line), and how many more.
    static func oneLine(_ error: Error) -> String {
        let lines = "\(error)".split(whereSeparator: \.isNewline)
        guard let first = lines.first else { return "\(error)" }
        return lines.count > 1 ? "\(first) (and \(lines.count - 1) more)" : String(first)
    }

    static func point(_ p: Point) -> String { "(\(Int(p.x.rounded())), \(Int(p.y.rounded())))" }

    static func seconds(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
}
