import Foundation

/// An oblate ellipsoid of revolution and the constants its geodesics need.
///
/// Only oblate ellipsoids (f > 0) are supported: the prolate branches of GeographicLib are
/// left out because the app only ever uses WGS84.
struct Ellipsoid: Sendable {
    /// The equatorial radius `a` (m), the flattening `f` and `f1` = 1 − f, the polar semi-axis `b`
    /// (m), the first and second eccentricities squared `e2` and `ep2`, the third flattening `n`.
    let a, f, f1, b, e2, ep2, n: Double
    /// Below this arc (rad) a line counts as "really short" and needs no Newton iteration.
    let etol2: Double
    private let a3x: [Double]
    private let c3x: [Double]

    /// The WGS84 ellipsoid (a = 6378137 m, f = 1/298.257223563).
    static let wgs84 = Ellipsoid(a: 6_378_137, f: 1 / 298.257223563)

    init(a: Double, f: Double) {
        precondition(f > 0 && f < 1, "only oblate ellipsoids are supported")
        self.a = a
        self.f = f
        f1 = 1 - f
        b = a * f1
        e2 = f * (2 - f)
        ep2 = e2 / (f1 * f1)
        n = f / (2 - f)
        etol2 = 0.1 * GeodesicTolerance.tol2 / sqrt(fmax(0.001, abs(f)) * fmin(1.0, 1 - f / 2) / 2)
        a3x = GeodesicSeries.a3Coefficients(n: n)
        c3x = GeodesicSeries.c3Coefficients(n: n)
    }

    /// A₃, the scale of the longitude integral.
    func a3(_ eps: Double) -> Double { GeodesicSeries.polyval(5, a3x, 0, eps) }

    /// C₃ₗ for l = 1…5 (c₆ stays zero).
    func c3(_ eps: Double) -> SineSeries {
        var out = SineSeries()
        var mult = 1.0, o = 0
        for l in 1..<6 {
            let m = 6 - l - 1
            mult *= eps
            let value = mult * GeodesicSeries.polyval(m, c3x, o, eps)
            switch l {
            case 1: out.c1 = value
            case 2: out.c2 = value
            case 3: out.c3 = value
            case 4: out.c4 = value
            default: out.c5 = value
            }
            o += m + 1
        }
        return out
    }

    /// ε = k²/(2(1 + √(1 + k²)) + k²), the expansion parameter for a geodesic with this k².
    @inline(__always)
    static func epsilon(k2: Double) -> Double { k2 / (2 * (1 + sqrt(1 + k2)) + k2) }
}

/// Tolerances of GeographicLib's iteration, for IEEE doubles.
enum GeodesicTolerance {
    static let tiny = sqrt(Double.leastNormalMagnitude)
    static let tol0 = Double.ulpOfOne
    static let tol1 = 200 * tol0
    static let tol2 = sqrt(tol0)
    static let tolb = tol0
    static let xthresh = 1000 * tol2
    static let maxit1 = 20
    static let maxit2 = maxit1 + Double.significandBitCount + 1 + 10
}
