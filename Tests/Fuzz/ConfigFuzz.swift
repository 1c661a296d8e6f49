// libFuzzer target: the config parser and loader. Bytes become a config file (and the
// last line also a `--set`); whatever loads must render back to the same settings, lay
// out on a screen and drive a session without trapping.
@testable import SlideLockCore

@_cdecl("LLVMFuzzerTestOneInput")
public func configFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let override = text.split(separator: "\n").last.map(String.init) ?? ""
    for overrides in [[], [override]] {
        guard
            let settings = try? ConfigLoader.load(
                sources: [ConfigSource(name: "fuzz.conf", text: text)],
                overrides: overrides)
        else { continue }
        // Oracle: what loads renders to a file that loads to the same settings.
        let again = try? ConfigLoader.load(sources: [ConfigSource(name: "render", text: ConfigLoader.render(settings))])
        if again != settings { fatalError("render does not round-trip:\n\(ConfigLoader.render(settings))") }
        exercise(settings)
    }
    return 0
}

/// Lays the settings out on a few screens and runs a slide through a session.
func exercise(_ settings: Settings) {
    for (w, h) in [(800, 480), (480, 800), (64, 48)] {
        let builder = SceneBuilder(settings: settings, width: w, height: h)
        var session = LockSession(settings: settings, layout: builder.layout)
        let home = builder.layout.thumb(progress: 0).center
        let end = builder.layout.thumb(progress: 1).center
        var events: [LockEvent] = [.touchDown(id: 1, point: home, time: 0)]
        for i in 1...30 {
            let f = Double(i) / 30
            events.append(.touchMove(id: 1, point: Point(x: home.x + (end.x - home.x) * f, y: home.y), time: f * 0.5))
        }
        events += [.touchUp(id: 1, time: 0.6), .actionFinished(success: false, time: 0.7)]
        for e in events { _ = session.handle(e) }
        for t in stride(from: 0.0, through: 3, by: 0.25) {
            _ = builder.scene(session.visual(at: t))
            _ = session.handle(.tick(time: t))
        }
        _ = session.nextDeadline
    }
}
