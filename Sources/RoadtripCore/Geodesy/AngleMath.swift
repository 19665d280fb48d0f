import Foundation

/// Angle helpers in degrees that reduce arguments exactly before converting to radians.
///
/// Ported from GeographicLib's `Math` (C. F. F. Karney, MIT licence): exact reduction keeps
/// round-off out of the geodesic at round angles such as 90° or 180°.
enum AngleMath {
    static let degree = Double.pi / 180

    /// `x` reduced to (−180, 180], keeping the sign of ±180 as given.
    static func normalize(_ x: Double) -> Double {
        let y = remainder(x, 360)
        return abs(y) == 180 ? copysign(180, x) : y
    }

    /// `x` when it is a latitude, NaN otherwise.
    static func latFix(_ x: Double) -> Double { abs(x) > 90 ? .nan : x }

    /// `u + v` and the round-off it lost (an error-free sum).
    static func sum(_ u: Double, _ v: Double) -> (sum: Double, error: Double) {
        let s = u + v
        var up = s - v
        var vpp = s - up
        up -= u
        vpp -= v
        return (s, s != 0 ? 0 - (up + vpp) : s)
    }

    /// `y − x` reduced to [−180, 180], with the round-off in `error`.
    static func difference(_ x: Double, _ y: Double) -> (difference: Double, error: Double) {
        var (d, t) = sum(remainder(-x, 360), remainder(y, 360))
        (d, t) = sum(remainder(d, 360), t)
        if d == 0 || abs(d) == 180 {
            // The sign of a zero or half-turn difference comes from the exact difference.
            d = copysign(d, t == 0 ? y - x : -t)
        }
        return (d, t)
    }

    /// Rounds tiny angles to multiples of 2⁻⁵⁷ so that nearly-equatorial points count as equatorial.
    static func round(_ x: Double) -> Double {
        let z = 1.0 / 16.0
        var y = abs(x)
        let w = z - y
        y = w > 0 ? z - w : y
        return copysign(y, x)
    }

    /// Sine and cosine of `x` degrees.
    static func sincos(_ x: Double) -> (sin: Double, cos: Double) {
        let (r, quadrant) = remquo(x, 90)
        return sincos(reduced: r, quadrant: quadrant, sign: x)
    }

    /// Sine and cosine of `x + t` degrees, where `t` is a small correction to `x`.
    static func sincos(_ x: Double, plus t: Double) -> (sin: Double, cos: Double) {
        let (r, quadrant) = remquo(x, 90)
        return sincos(reduced: round(r + t), quadrant: quadrant, sign: x)
    }

    /// Sine and cosine of `quadrant` × 90° + `reduced`, with `reduced` in [−45°, 45°].
    private static func sincos(reduced: Double, quadrant: Int, sign x: Double) -> (sin: Double, cos: Double) {
        let r = reduced * degree
        let s = Foundation.sin(r), c = Foundation.cos(r)
        var sinx: Double, cosx: Double
        switch quadrant & 3 {
        case 0: (sinx, cosx) = (s, c)
        case 1: (sinx, cosx) = (c, -s)
        case 2: (sinx, cosx) = (-s, -c)
        default: (sinx, cosx) = (-c, s)
        }
        cosx += 0
        if sinx == 0 { sinx = copysign(sinx, x) }
        return (sinx, cosx)
    }

    /// atan2 in degrees, computed in [−45°, 45°] and then mapped to the quadrant.
    static func atan2d(_ y: Double, _ x: Double) -> Double {
        var x = x, y = y, q = 0
        if abs(y) > abs(x) {
            swap(&x, &y)
            q = 2
        }
        if x.sign == .minus {
            x = -x
            q += 1
        }
        let ang = Foundation.atan2(y, x) / degree
        switch q {
        case 1: return copysign(180, y) - ang
        case 2: return 90 - ang
        case 3: return -90 + ang
        default: return ang
        }
    }

    /// Scales (sin, cos) to unit length.
    static func norm(_ s: inout Double, _ c: inout Double) {
        let r = hypot(s, c)
        s /= r
        c /= r
    }
}
