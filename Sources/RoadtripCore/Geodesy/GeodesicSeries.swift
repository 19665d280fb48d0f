import Foundation

/// Six Fourier coefficients c₁…c₆ of a sine series Σ cₗ sin 2lσ, held inline so a call allocates nothing.
struct SineSeries {
    var c1 = 0.0, c2 = 0.0, c3 = 0.0, c4 = 0.0, c5 = 0.0, c6 = 0.0

    /// Σ cₗ sin 2lσ by Clenshaw summation, given sin σ and cos σ.
    ///
    /// A five-term series (C3) leaves c₆ at zero, which gives bit for bit what GeographicLib's
    /// odd-length summation gives.
    func evaluate(sin s: Double, cos c: Double) -> Double {
        let ar = 2 * (c - s) * (c + s)
        var y0 = 0.0, y1 = 0.0
        y1 = ar * y0 - y1 + c6
        y0 = ar * y1 - y0 + c5
        y1 = ar * y0 - y1 + c4
        y0 = ar * y1 - y0 + c3
        y1 = ar * y0 - y1 + c2
        y0 = ar * y1 - y0 + c1
        return 2 * s * c * y0
    }

    /// `a · self − b · other`, term by term.
    func combined(_ a: Double, minus b: Double, times other: SineSeries) -> SineSeries {
        SineSeries(
            c1: a * c1 - b * other.c1, c2: a * c2 - b * other.c2, c3: a * c3 - b * other.c3,
            c4: a * c4 - b * other.c4, c5: a * c5 - b * other.c5, c6: a * c6 - b * other.c6)
    }
}

/// The series of Karney (2013) to order 6 in the third flattening, eqs. (17)–(25) and (42).
///
/// The tables are GeographicLib's (geodesic.c, MIT licence): each block is a polynomial's
/// coefficients, highest power first, followed by a common denominator.
enum GeodesicSeries {
    /// p₀xᴺ + … + p_N, reading `N + 1` values of `p` from `offset`.
    @inline(__always)
    static func polyval(_ n: Int, _ p: [Double], _ offset: Int, _ x: Double) -> Double {
        guard n >= 0 else { return 0 }
        var y = p[offset]
        var i = offset + 1
        let end = offset + n
        while i <= end {
            y = y * x + p[i]
            i += 1
        }
        return y
    }

    /// A₁ − 1, the scale of the distance integral.
    static func a1m1(_ eps: Double) -> Double {
        let t = polyval(3, a1Table, 0, eps * eps) / a1Table[4]
        return (t + eps) / (1 - eps)
    }

    /// A₂ − 1, the scale of the reduced-length integral.
    static func a2m1(_ eps: Double) -> Double {
        let t = polyval(3, a2Table, 0, eps * eps) / a2Table[4]
        return (t - eps) / (1 + eps)
    }

    /// C₁ₗ: distance from arc length.
    static func c1(_ eps: Double) -> SineSeries { evenSeries(c1Table, eps) }
    /// C′₁ₗ: arc length from distance (the reverted series, for the direct problem).
    static func c1p(_ eps: Double) -> SineSeries { evenSeries(c1pTable, eps) }
    /// C₂ₗ: reduced length.
    static func c2(_ eps: Double) -> SineSeries { evenSeries(c2Table, eps) }

    /// Coefficients l = 1…6 whose l-th is εˡ times a polynomial in ε² of order ⌊(6 − l)/2⌋.
    private static func evenSeries(_ table: [Double], _ eps: Double) -> SineSeries {
        let eps2 = eps * eps
        var d = eps, o = 0
        var out = SineSeries()
        for l in 1...6 {
            let m = (6 - l) / 2
            let value = d * polyval(m, table, o, eps2) / table[o + m + 1]
            switch l {
            case 1: out.c1 = value
            case 2: out.c2 = value
            case 3: out.c3 = value
            case 4: out.c4 = value
            case 5: out.c5 = value
            default: out.c6 = value
            }
            o += m + 2
            d *= eps
        }
        return out
    }

    /// The coefficients of A₃ as a polynomial in ε (highest power first), for third flattening `n`.
    static func a3Coefficients(n: Double) -> [Double] {
        var out: [Double] = []
        var o = 0
        for j in stride(from: 5, through: 0, by: -1) {
            let m = min(6 - j - 1, j)
            out.append(polyval(m, a3Table, o, n) / a3Table[o + m + 1])
            o += m + 2
        }
        return out
    }

    /// The coefficients of C₃ₗ (l = 1…5) as polynomials in ε, for third flattening `n`.
    static func c3Coefficients(n: Double) -> [Double] {
        var out: [Double] = []
        var o = 0
        for l in 1..<6 {
            for j in stride(from: 5, through: l, by: -1) {
                let m = min(6 - j - 1, j)
                out.append(polyval(m, c3Table, o, n) / c3Table[o + m + 1])
                o += m + 2
            }
        }
        return out
    }

    private static let a1Table: [Double] = [1, 4, 64, 0, 256]
    private static let a2Table: [Double] = [-11, -28, -192, 0, 256]
    private static let c1Table: [Double] = [
        -1, 6, -16, 32,
        -9, 64, -128, 2048,
        9, -16, 768,
        3, -5, 512,
        -7, 1280,
        -7, 2048
    ]
    private static let c1pTable: [Double] = [
        205, -432, 768, 1536,
        4005, -4736, 3840, 12288,
        -225, 116, 384,
        -7173, 2695, 7680,
        3467, 7680,
        38081, 61440
    ]
    private static let c2Table: [Double] = [
        1, 2, 16, 32,
        35, 64, 384, 2048,
        15, 80, 768,
        7, 35, 512,
        63, 1280,
        77, 2048
    ]
    private static let a3Table: [Double] = [
        -3, 128,
        -2, -3, 64,
        -1, -3, -1, 16,
        3, -1, -2, 8,
        1, -1, 2,
        1, 1
    ]
    private static let c3Table: [Double] = [
        3, 128,
        2, 5, 128,
        -1, 3, 3, 64,
        -1, 0, 1, 8,
        -1, 1, 4,
        5, 256,
        1, 3, 128,
        -3, -2, 3, 64,
        1, -3, 2, 32,
        7, 512,
        -10, 9, 384,
        5, -9, 5, 192,
        7, 512,
        -14, 7, 512,
        21, 2560
    ]
}
