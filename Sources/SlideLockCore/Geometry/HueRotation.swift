/// The luminance-preserving hue rotation of the W3C Filter Effects spec (`hue-rotate()`,
/// SwiftUI's `hueRotation`), applied to sRGB components as browsers and SwiftUI do.
public struct HueRotation: Equatable, Sendable {
    /// Row-major 3x3 matrix.
    public let matrix: [Double]

    public init(degrees: Double) {
        let a = degrees * Double.pi / 180
        let c = cosine(a)
        let s = sine(a)
        matrix = [
            0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928,
            0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283,
            0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072,
        ]
    }

    /// The rotated colour, clamped to the sRGB gamut; alpha is untouched.
    public func apply(_ color: Color) -> Color {
        let m = matrix
        func clamp(_ v: Double) -> Double { min(max(v, 0), 1) }
        return Color(
            red: clamp(m[0] * color.red + m[1] * color.green + m[2] * color.blue),
            green: clamp(m[3] * color.red + m[4] * color.green + m[5] * color.blue),
            blue: clamp(m[6] * color.red + m[7] * color.green + m[8] * color.blue),
            alpha: color.alpha)
    }
}
