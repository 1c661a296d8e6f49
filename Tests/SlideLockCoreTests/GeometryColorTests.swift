import Foundation
import Testing

@testable import SlideLockCore

@Suite struct GeometryTests {
    @Test func pixelRectUnionAndIntersection() {
        let a = PixelRect(x: 0, y: 0, width: 10, height: 10)
        let b = PixelRect(x: 5, y: 8, width: 10, height: 10)
        #expect(a.union(b) == PixelRect(x: 0, y: 0, width: 15, height: 18))
        #expect(a.intersection(b) == PixelRect(x: 5, y: 8, width: 5, height: 2))
        #expect(a.intersection(PixelRect(x: 20, y: 20, width: 1, height: 1)).isEmpty)
        #expect(PixelRect(x: 0, y: 0, width: 0, height: 0).union(b) == b)
    }

    @Test func enclosingPixelsCoversFractionalEdges() {
        let r = Rect(x: 1.5, y: 2.25, width: 3, height: 1.5).enclosingPixels
        #expect(r == PixelRect(x: 1, y: 2, width: 4, height: 2))
    }

    @Test func scaledKeepsCentre() {
        let r = Rect(x: 10, y: 10, width: 100, height: 50).scaled(by: 0.95)
        #expect(abs(r.midX - 60) < 1e-9 && abs(r.midY - 35) < 1e-9)
        #expect(abs(r.width - 95) < 1e-9)
    }
}

@Suite struct ColorTests {
    @Test(arguments: [
        ("#4361EE", 0x43, 0x61, 0xEE, 255), ("#fff", 255, 255, 255, 255),
        ("#3A0CA380", 0x3A, 0x0C, 0xA3, 0x80),
    ])
    func parsesHex(text: String, r: Int, g: Int, b: Int, a: Int) throws {
        let c = try #require(Color(hex: text))
        let bytes = c.bytes
        let actual: [Int] = [Int(bytes.r), Int(bytes.g), Int(bytes.b), Int(bytes.a)]
        let expected: [Int] = [r, g, b, a]
        #expect(actual == expected)
    }

    @Test(arguments: ["4361EE", "#12345", "#GGGGGG", "#", ""])
    func rejectsMalformedHex(text: String) {
        #expect(Color(hex: text) == nil)
    }

    @Test func descriptionRoundTrips() {
        #expect(Color(rgb: 0x3A0CA3).description == "#3A0CA3")
        #expect(Color(hex: Color(rgb: 0x12AB34, alpha: 0.5).description)?.description == "#12AB3480")
    }
}

@Suite struct HueRotationTests {
    @Test(arguments: [0.0, 360.0, -360.0])
    func fullTurnsAreIdentity(degrees: Double) {
        let m = HueRotation(degrees: degrees).matrix
        let identity: [Double] = [1, 0, 0, 0, 1, 0, 0, 0, 1]
        for (a, b) in zip(m, identity) { #expect(abs(a - b) < 1e-9) }
    }

    /// At 90 degrees cos = 0 and sin = 1, so the spec's matrix reduces to its constants.
    @Test func ninetyDegreesMatchesTheSpecMatrix() {
        let m = HueRotation(degrees: 90).matrix
        let expected: [Double] = [0, 0, 1, 0.356, 0.855, -0.211, -0.574, 1.43, 0.144]
        for (a, b) in zip(m, expected) { #expect(abs(a - b) < 1e-9) }
        let red = HueRotation(degrees: 90).apply(Color(red: 1, green: 0, blue: 0))
        #expect(abs(red.red) < 1e-9 && abs(red.green - 0.356) < 1e-9 && red.blue == 0)
    }

    @Test func preservesLuminanceOfGreys() {
        let grey = Color(red: 0.4, green: 0.4, blue: 0.4)
        let out = HueRotation(degrees: 137).apply(grey)
        #expect(abs(out.red - 0.4) < 1e-9 && abs(out.green - 0.4) < 1e-9 && abs(out.blue - 0.4) < 1e-9)
    }
}

@Suite struct MathTests {
    @Test func matchesTheCLibrary() {
        var x = -50.0
        while x < 50 {
            #expect(abs(sine(x) - Foundation.sin(x)) < 1e-12)
            #expect(abs(cosine(x) - Foundation.cos(x)) < 1e-12)
            x += 0.377
        }
        for v in stride(from: -30.0, through: 30.0, by: 0.71) {
            #expect(abs(exponential(v) - Foundation.exp(v)) <= 1e-13 * Foundation.exp(v))
        }
    }
}
