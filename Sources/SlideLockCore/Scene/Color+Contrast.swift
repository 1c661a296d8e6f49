// Contrast as WCAG measures it, for choosing which of a theme's colours a text is drawn in.

extension Color {
    /// Relative luminance of the opaque sRGB colour (WCAG 2).
    public var relativeLuminance: Double {
        func linear(_ c: Double) -> Double {
            let c = min(max(c, 0), 1)
            return c <= 0.04045 ? c / 12.92 : Self.power((c + 0.055) / 1.055)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// The WCAG contrast ratio against `other`, 1...21.
    public func contrast(with other: Color) -> Double {
        let (a, b) = (relativeLuminance, other.relativeLuminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// This colour laid at `opacity` over the opaque `base`.
    public func over(_ base: Color, opacity: Double) -> Color {
        let k = min(max(opacity, 0), 1)
        return Color(
            red: base.red + (red - base.red) * k, green: base.green + (green - base.green) * k,
            blue: base.blue + (blue - base.blue) * k)
    }

    /// x^2.4 for x in 0...1 (the core has no `pow`): x^2 times the fifth root of x^2, by
    /// Newton's method from above, which converges for every root in 0...1.
    static func power(_ x: Double) -> Double {
        guard x > 0 else { return 0 }
        let square = min(x, 1) * min(x, 1)
        var y = 1.0
        for _ in 0..<40 { y -= (y * y * y * y * y - square) / (5 * y * y * y * y) }
        return square * y
    }
}
