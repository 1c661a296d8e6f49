// The pure core may not import Glibc, and the Swift standard library has no
// transcendental functions of its own, so the few we need live here. They are accurate
// to ~1e-15 relative, far beyond what pixels or springs can show.

/// sin(x) for any finite x.
public func sine(_ x: Double) -> Double {
    guard x.isFinite else { return 0 }
    // Reduce to [-pi/4, pi/4] with a quadrant number, then a Taylor series.
    let halfPi = Double.pi / 2
    let k = (x / halfPi).rounded()
    let r = x - k * halfPi
    let quadrant = Int(k.truncatingRemainder(dividingBy: 4) + 4) % 4
    switch quadrant {
    case 0: return sinSeries(r)
    case 1: return cosSeries(r)
    case 2: return -sinSeries(r)
    default: return -cosSeries(r)
    }
}

/// cos(x) for any finite x.
public func cosine(_ x: Double) -> Double { sine(x + Double.pi / 2) }

/// e^x.
public func exponential(_ x: Double) -> Double {
    guard !x.isNaN else { return 0 }
    if x < -745 { return 0 }
    if x > 709 { return .infinity }
    // e^x = 2^k * e^r with |r| <= ln2/2.
    let ln2 = 0.693147180559945309417232121458
    let k = (x / ln2).rounded()
    let r = x - k * ln2
    var term = 1.0
    var sum = 1.0
    for n in 1...20 {
        term *= r / Double(n)
        sum += term
    }
    return sum * pow2(Int(k))
}

private func pow2(_ k: Int) -> Double {
    Double(sign: .plus, exponent: k, significand: 1)
}

private func sinSeries(_ r: Double) -> Double {
    let r2 = r * r
    var term = r
    var sum = r
    for n in stride(from: 2, through: 22, by: 2) {
        term *= -r2 / Double(n * (n + 1))
        sum += term
    }
    return sum
}

private func cosSeries(_ r: Double) -> Double {
    let r2 = r * r
    var term = 1.0
    var sum = 1.0
    for n in stride(from: 1, through: 21, by: 2) {
        term *= -r2 / Double(n * (n + 1))
        sum += term
    }
    return sum
}

/// `value` truncated toward zero to an Int, clamped to ±2^50, NaN as 0. `Int(_:)` traps on
/// NaN, infinities and values past Int's range, and a lock screen must not trap whatever a
/// config file, a script or a device hands it: every Double-to-Int conversion that is not
/// bounded right there goes through here.
@inlinable
public func clampedInt(_ value: Double) -> Int {
    guard !value.isNaN else { return 0 }
    return Int(min(max(value, -0x1p50), 0x1p50))
}
