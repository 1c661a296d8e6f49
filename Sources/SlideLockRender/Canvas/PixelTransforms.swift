import SlideLockCore

extension Canvas {
    /// Scales every channel of the pixels inside the clip by `factor` (0...1), rounded to
    /// 1/256 steps: the frame drawn darker when no backlight can dim the panel.
    public func scaleBrightness(_ factor: Double) {
        let k = UInt32((min(max(factor, 0), 1) * 256).rounded())
        guard k < 256 else { return }
        let r = clip
        for y in r.y..<r.maxY {
            let row = pixels + y * width
            for x in r.x..<r.maxX {
                let p = row[x]
                // Red and blue in one multiply, green in another: no channel overflows into the next.
                let rb = (((p & 0xFF00FF) &* k) >> 8) & 0xFF00FF
                let g = (((p & 0x00FF00) &* k) >> 8) & 0x00FF00
                row[x] = rb | g
            }
        }
    }

    /// Mixes every pixel inside the clip with the opaque `color` by `amount` (0...1, in
    /// 1/256 steps): the lock screen fading into the unlocked colour.
    public func fade(toward color: Color, amount: Double) {
        let a = UInt32((min(max(amount, 0), 1) * 256).rounded())
        guard a > 0 else { return }
        let c = PackedColor(color).opaque
        if a >= 256 { return fill(clip, color: color) }
        let keep = 256 - a
        let crb = (c & 0xFF00FF) &* a
        let cg = (c & 0x00FF00) &* a
        let r = clip
        for y in r.y..<r.maxY {
            let row = pixels + y * width
            for x in r.x..<r.maxX {
                let p = row[x]
                let rb = ((((p & 0xFF00FF) &* keep) &+ crb) >> 8) & 0xFF00FF
                let g = ((((p & 0x00FF00) &* keep) &+ cg) >> 8) & 0x00FF00
                row[x] = rb | g
            }
        }
    }

    /// The image turned clockwise by `degrees` (0, 90, 180, 270), for a panel mounted
    /// rotated: logical (x, y) lands on panel (H-1-y, x) at 90 degrees.
    public func rotated(by degrees: Int) -> Canvas {
        let quarter = ((degrees / 90) % 4 + 4) % 4
        let out = quarter % 2 == 0 ? Canvas(width: width, height: height) : Canvas(width: height, height: width)
        blitRotated(bounds, by: degrees, into: out)
        return out
    }

    /// Converts rows `rect` to RGB565 into `destination` (row stride in pixels).
    public func convertToRGB565(_ rect: PixelRect, into destination: UnsafeMutablePointer<UInt16>, stride: Int) {
        for y in rect.y..<rect.maxY {
            let src = pixels + y * width
            let dst = destination + y * stride
            for x in rect.x..<rect.maxX { dst[x] = PixelPacking.rgb565(src[x]) }
        }
    }

    /// What an RGB565 panel shows: every pixel reduced to 5-6-5 bits and expanded back.
    public func quantizedToRGB565() -> Canvas {
        let out = Canvas(width: width, height: height)
        for i in 0..<(width * height) {
            let p = pixels[i]
            let r = (p >> 19) & 0x1F
            let g = (p >> 10) & 0x3F
            let b = (p >> 3) & 0x1F
            out.pixels[i] = ((r << 3 | r >> 2) << 16) | ((g << 2 | g >> 4) << 8) | (b << 3 | b >> 2)
        }
        return out
    }
}

extension Canvas {
    /// Copies logical `region` of this canvas into `panel` turned clockwise by `degrees`
    /// (the same mapping as `rotated(by:)`), and returns the panel rectangle it covered:
    /// a damaged rectangle costs only its own pixels on a rotated panel.
    @discardableResult
    public func blitRotated(_ region: PixelRect, by degrees: Int, into panel: Canvas) -> PixelRect {
        let r = region.intersection(bounds)
        guard !r.isEmpty else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        let quarter = ((degrees / 90) % 4 + 4) % 4
        let w = width
        let h = height
        let pw = panel.width
        let src = pixels
        let dst = panel.pixels
        for y in r.y..<r.maxY {
            for x in r.x..<r.maxX {
                let v = src[y &* w &+ x]
                switch quarter {
                case 0: dst[y &* pw &+ x] = v
                case 1: dst[x &* pw &+ (h &- 1 &- y)] = v
                case 2: dst[(h &- 1 &- y) &* pw &+ (w &- 1 &- x)] = v
                default: dst[(w &- 1 &- x) &* pw &+ y] = v
                }
            }
        }
        switch quarter {
        case 0: return r
        case 1: return PixelRect(x: h - r.maxY, y: r.x, width: r.height, height: r.width)
        case 2: return PixelRect(x: w - r.maxX, y: h - r.maxY, width: r.width, height: r.height)
        default: return PixelRect(x: r.y, y: w - r.maxX, width: r.height, height: r.width)
        }
    }
}
