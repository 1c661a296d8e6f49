/// An sRGB colour with straight (not premultiplied) alpha, components in 0...1.
public struct Color: Equatable, Sendable, CustomStringConvertible {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// `0xRRGGBB`.
    public init(rgb: UInt32, alpha: Double = 1) {
        self.init(
            red: Double((rgb >> 16) & 0xFF) / 255,
            green: Double((rgb >> 8) & 0xFF) / 255,
            blue: Double(rgb & 0xFF) / 255, alpha: alpha)
    }

    public static let white = Color(rgb: 0xFFFFFF)
    public static let black = Color(rgb: 0x000000)
    public static let clear = Color(rgb: 0, alpha: 0)

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA`; nil when malformed.
    public init?(hex text: String) {
        guard text.hasPrefix("#") else { return nil }
        let digits = Array(text.utf8.dropFirst())
        var values: [UInt32] = []
        for d in digits {
            switch d {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): values.append(UInt32(d - UInt8(ascii: "0")))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): values.append(UInt32(d - UInt8(ascii: "a") + 10))
            case UInt8(ascii: "A")...UInt8(ascii: "F"): values.append(UInt32(d - UInt8(ascii: "A") + 10))
            default: return nil
            }
        }
        func byte(_ i: Int) -> Double { Double(values[i] << 4 | values[i + 1]) / 255 }
        switch values.count {
        case 3:
            self.init(
                red: Double(values[0] * 17) / 255, green: Double(values[1] * 17) / 255,
                blue: Double(values[2] * 17) / 255)
        case 6: self.init(red: byte(0), green: byte(2), blue: byte(4))
        case 8: self.init(red: byte(0), green: byte(2), blue: byte(4), alpha: byte(6))
        default: return nil
        }
    }

    /// `#RRGGBB` (plus `AA` when not opaque).
    public var description: String {
        func hex2(_ v: Double) -> String {
            let n = Int((min(max(v, 0), 1) * 255).rounded())
            let s = String(n, radix: 16, uppercase: true)
            return n < 16 ? "0" + s : s
        }
        let rgb = "#" + hex2(red) + hex2(green) + hex2(blue)
        return alpha >= 1 ? rgb : rgb + hex2(alpha)
    }

    /// The same colour with its alpha multiplied by `opacity`.
    public func withOpacity(_ opacity: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha * opacity)
    }

    /// Linear interpolation of the sRGB components (what SwiftUI gradients do by default).
    public func mixed(with other: Color, by t: Double) -> Color {
        Color(
            red: red + (other.red - red) * t, green: green + (other.green - green) * t,
            blue: blue + (other.blue - blue) * t, alpha: alpha + (other.alpha - alpha) * t)
    }

    /// 8-bit straight-alpha components, rounded.
    public var bytes: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        func b(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * 255).rounded()) }
        return (b(red), b(green), b(blue), b(alpha))
    }
}
