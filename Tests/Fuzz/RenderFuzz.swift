// libFuzzer target: the renderer's raw-pointer code (fills, blends, glyph masks, rounded
// rows, the rotated blit, the 16-bit packing) under AddressSanitizer. Bytes become a lock
// screen the real lock can show (a built-in theme on a screen from 1x1 to 800x800, turned,
// in any pixel format the panels take) and up to three frames of it; each frame is drawn
// from its damage, as the lock draws it, turned into the panel's image and packed into a
// scanout buffer with padded rows. Checks: nothing outside the buffers is touched (ASan);
// every frame drawn from its damage is pixel for pixel a full redraw; the panel's buffer
// holds exactly the full redraw, turned and packed, and its row padding is never written.
//
// Input (missing bytes read as 0):
//   byte 0: bits 0-1 theme (default, classic, mint, high-contrast), 2-3 rotation in quarter
//     turns, 4-5 format (XRGB8888, RGB565, BGR565, XRGB8888), 6 layout.group = centre,
//     7 physical size 150x90 mm (the thumb in millimetres)
//   byte 1: bits 0-1 direction (ltr, rtl, auto, auto), 2-3 unlock transition (none, slide,
//     fade, interactive), 4 the theme's label and words from the input, 5 label doesn't fade
//   bytes 2-3, 4-5: width 1 + ab % 800, height 1 + ab % 800 (ab big-endian)
//   byte 6: row padding, byte % 17 pixels
//   [byte 1 bit 4: the label, then the held-open, tampered and lockdown words (texts)]
//   then frames while bytes remain (at most 3), each:
//     state (% 6); progress, press, hue, shake, spinner phase, state seconds, exit offset,
//     brightness, shimmer (numbers); flags: 0 lockdown, 1 no touch, 2 held open,
//     3 tampered, 4 out of service, 5 identify, 6 Open button, 7 failed since grab;
//     flags: 0 clock, 1 message, 2 shimmer on, 3 out of service without fonts;
//     then the clock's time and date, the message, the out-of-service problem (texts, each
//     only when its flag is set)
//   a number: byte < 16 picks 0, 1, 0.5, -0.5, 1.5, NaN, inf, -inf, 1e9, -1e9, 0.999,
//     1e-9, 2, -1, 100, the largest double; otherwise (byte - 16) / 239 x 1.5 - 0.25
//   a text: a length byte (255: 2000 characters repeating the next 8; else % 48), then a
//     byte per character from `palette` (0xFF: the next two bytes as a BMP scalar)
@testable import SlideLockCore
@testable import SlideLockPlatform
@testable import SlideLockRender

/// The font the test packages install: the fuzzer never depends on the machine's font setup.
let fontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

/// The fonts, opened once per weight and shared by every renderer (the lock opens them once).
nonisolated(unsafe) var openFonts: [FontWeight: LabelFonts] = [:]

func fonts(_ weight: FontWeight) -> LabelFonts {
    if let f = openFonts[weight] { return f }
    guard let f = try? LabelFonts([fontPath], weight: weight) else { fatalError("cannot open \(fontPath)") }
    openFonts[weight] = f
    return f
}

/// Characters a text is made of: Latin, right-to-left scripts, CJK, emoji, combining marks,
/// joiners, direction marks, controls, a glyph no font has.
let palette: [String] =
    Array(
        "Slide to unlock 0123456789:/- "
    )
    .map(String.init) + [
        "ש", "ל", "ו", "ם", "م", "ر", "ح", "ب", "ا", "ي", "開", "門", "中", "文", "字", "鎖", "한", "글",
        "🔒", "😀", "👍🏽", "e\u{301}", "\u{200D}", "\u{200F}", "\u{200E}", "\u{202E}", "\t", "\n", "\u{0}",
        "\u{FFFD}", "\u{10FFFF}", "\u{E000}", "ﷺ", "…", "W", "g", "|",
    ]

struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    var at = 0

    var isEmpty: Bool { at >= bytes.count }

    mutating func byte() -> UInt8 {
        defer { at += 1 }
        return at < bytes.count ? bytes[at] : 0
    }

    mutating func pair() -> Int { Int(byte()) << 8 | Int(byte()) }

    static let specials: [Double] = [
        0, 1, 0.5, -0.5, 1.5, .nan, .infinity, -.infinity, 1e9, -1e9, 0.999, 1e-9, 2, -1, 100,
        .greatestFiniteMagnitude,
    ]

    mutating func number() -> Double {
        let b = byte()
        return b < 16 ? Self.specials[Int(b)] : Double(b - 16) / 239 * 1.5 - 0.25
    }

    mutating func text() -> String {
        let length = byte()
        if length == 255 {
            let unit = (0..<8).map { _ in character() }.joined()
            return String(String(repeating: unit, count: 250).prefix(2000))
        }
        return (0..<Int(length % 48)).map { _ in character() }.joined()
    }

    mutating func character() -> String {
        let b = byte()
        guard b == 0xFF else { return palette[Int(b) % palette.count] }
        return Unicode.Scalar(UInt32(pair())).map { String(Character($0)) } ?? "\u{FFFD}"
    }
}

/// The screen and its settings, from the input's first bytes.
struct Screen {
    var settings = Settings()
    var width = 1
    var height = 1
    var rotation = ImageRotation.upright
    var layout = FramebufferLayout.xrgb8888
    var padding = 0

    init(_ r: inout Reader) {
        let a = r.byte()
        let b = r.byte()
        var theme = Theme.builtIn[Int(a & 3)]
        theme.fonts = [fontPath]
        rotation = ImageRotation.allCases[Int(a >> 2 & 3)]
        layout = [FramebufferLayout.xrgb8888, .rgb565, .bgr565, .xrgb8888][Int(a >> 4 & 3)]
        if a & 64 != 0 { settings.layout.group = .centre }
        if a & 128 != 0 { settings.display.physicalSize = Size(width: 150, height: 90) }
        settings.layout.direction = [Direction.ltr, .rtl, .auto, .auto][Int(b & 3)]
        settings.animation.unlockTransition = UnlockTransition.allCases[Int(b >> 2 & 3)]
        width = 1 + r.pair() % 800
        height = 1 + r.pair() % 800
        padding = Int(r.byte() % 17)
        if b & 16 != 0 {
            theme.labelText = r.text()
            theme.words.heldOpen = r.text()
            theme.words.tampered = r.text()
            theme.words.lockdown = r.text()
        }
        if b & 32 != 0 { theme.labelFades = false }
        settings.theme = theme
    }
}

func visual(_ r: inout Reader) -> ControlVisual {
    var v = ControlVisual(state: LockState.allCases[Int(r.byte() % 6)], progress: r.number())
    v.press = r.number()
    v.hueDegrees = r.number() * 90
    v.shake = r.number() * 40
    v.spinnerPhase = r.number() * 4
    v.stateSeconds = r.number() * 2
    v.exitOffset = r.number()
    v.brightness = r.number()
    let shimmer = r.number()
    let flags = r.byte()
    let more = r.byte()
    v.notice.lockdown = flags & 1 != 0
    v.notice.noTouch = flags & 2 != 0
    v.notice.heldOpen = flags & 4 != 0
    v.notice.tampered = flags & 8 != 0
    v.identify = flags & 32 != 0
    v.openButton = flags & 64 != 0
    v.failedSinceGrab = flags & 128 != 0
    if more & 4 != 0 { v.shimmer = shimmer }
    if more & 1 != 0 { v.clock = ClockText(time: r.text(), date: r.text()) }
    if more & 2 != 0 { v.notice.message = r.text() }
    if flags & 16 != 0 {
        v.notice.outOfService = OutOfService(problems: [r.text()])
        v.notice.outOfService?.fontless = more & 8 != 0
    }
    return v
}

/// A scanout buffer as the panel's driver maps it: rows of `stride` pixels of which the
/// first `width` are shown; the padding holds a pattern nothing may overwrite.
final class Scanout {
    let layout: FramebufferLayout
    let width: Int
    let height: Int
    let stride: Int
    let wide: UnsafeMutableBufferPointer<UInt32>
    let narrow: UnsafeMutableBufferPointer<UInt16>
    static let untouched: UInt32 = 0xA5A5_A5A5

    init(layout: FramebufferLayout, width: Int, height: Int, padding: Int) {
        self.layout = layout
        self.width = width
        self.height = height
        stride = width + padding
        let count = stride * height
        wide = .allocate(capacity: layout == .xrgb8888 ? count : 0)
        wide.initialize(repeating: Self.untouched)
        narrow = .allocate(capacity: layout == .xrgb8888 ? 0 : count)
        narrow.initialize(repeating: UInt16(truncatingIfNeeded: Self.untouched))
    }

    deinit {
        wide.deallocate()
        narrow.deallocate()
    }

    /// The damaged rectangles of `image` copied in, packed as the panel takes them.
    func present(_ image: Canvas, damage: [PixelRect]) {
        let screen = PixelRect(x: 0, y: 0, width: width, height: height)
        for r in damage.map({ $0.intersection(screen) }) where !r.isEmpty {
            switch layout {
            case .xrgb8888:
                for y in r.y..<r.maxY {
                    (wide.baseAddress! + y * stride + r.x).update(from: image.pixels + y * width + r.x, count: r.width)
                }
            case .rgb565:
                image.convertToRGB565(r, into: narrow.baseAddress!, stride: stride)
            case .bgr565:
                for y in r.y..<r.maxY {
                    for x in r.x..<r.maxX { narrow[y * stride + x] = layout.pack16(image.pixels[y * width + x]) }
                }
            }
        }
    }

    /// The first pixel (x, y) where the buffer does not hold `image` packed, or padding
    /// that was written.
    func mismatch(_ image: Canvas) -> (x: Int, y: Int)? {
        for y in 0..<height {
            for x in 0..<stride {
                let want: UInt32
                if x >= width {
                    want = layout == .xrgb8888 ? Self.untouched : Self.untouched & 0xFFFF
                } else if layout == .xrgb8888 {
                    want = image.pixel(x: x, y: y)
                } else {
                    want = UInt32(layout.pack16(image.pixel(x: x, y: y)))
                }
                let have = layout == .xrgb8888 ? wide[y * stride + x] : UInt32(narrow[y * stride + x])
                if have != want { return (x, y) }
            }
        }
        return nil
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func renderFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    var r = Reader(bytes: UnsafeBufferPointer(start: data, count: size))
    let screen = Screen(&r)
    let (w, h) = (screen.width, screen.height)
    let weight = screen.settings.theme.labelWeight
    let builder = SceneBuilder(settings: screen.settings, width: w, height: h)
    // As the lock draws: the logical frame from its damage, turned onto the panel's image,
    // the damaged panel rectangles packed into the scanout buffer.
    let drawn = SceneRenderer(width: w, height: h, fonts: fonts(weight))
    let degrees = screen.rotation.degrees
    let turned = screen.rotation.swapsAxes
    let (pw, ph) = turned ? (h, w) : (w, h)
    let panel = Canvas(width: pw, height: ph)
    let scanout = Scanout(layout: screen.layout, width: pw, height: ph, padding: screen.padding)
    // The reference: every frame drawn whole.
    let whole = SceneRenderer(width: w, height: h, fonts: fonts(weight))
    var frames = 0
    repeat {
        let scene = builder.scene(visual(&r))
        frames += 1
        do {
            let damage = try drawn.render(scene)
            let panelDamage = damage.map { drawn.canvas.blitRotated($0, by: degrees, into: panel) }
            scanout.present(panel, damage: Damage.merge(panelDamage))
            whole.invalidate()
            try whole.render(scene)
        } catch {
            fatalError("frame \(frames): \(error)")
        }
        for i in 0..<(w * h) where drawn.canvas.pixels[i] != whole.canvas.pixels[i] {
            fatalError("frame \(frames) drawn from its damage differs from a full redraw at (\(i % w), \(i / w))")
        }
        let expected = degrees == 0 ? whole.canvas : whole.canvas.rotated(by: degrees)
        if let (x, y) = scanout.mismatch(expected) {
            fatalError("frame \(frames): the \(screen.layout.name) buffer differs at panel (\(x), \(y))")
        }
    } while !r.isEmpty && frames < 3
    return 0
}
