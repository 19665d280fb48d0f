import Foundation

/// One evaluation of λ₁₂(α₁) on the auxiliary sphere and what the caller needs from it.
struct Lambda12Result {
    /// λ₁₂(α₁) minus the target longitude difference: the Newton residual.
    var lam12: Double
    var salp2: Double, calp2: Double
    var sig12: Double
    var ssig1: Double, csig1: Double, ssig2: Double, csig2: Double
    var eps: Double
    /// dλ₁₂/dα₁, when asked for.
    var dlam12: Double
}

/// The steps of the inverse solution (GeographicLib's `Lambda12`, `InverseStart`, `Astroid`, `Lengths`).
extension Ellipsoid {
    /// s₁₂/b and m₁₂/b between σ₁ and σ₂ (eqs. 38–41 of Karney 2013); each computed only when asked.
    func lengths(
        eps: Double, sig12: Double, ssig1: Double, csig1: Double, dn1: Double,
        ssig2: Double, csig2: Double, dn2: Double, distance: Bool, reduced: Bool
    )
        -> (s12b: Double, m12b: Double)
    {
        var s12b = 0.0, m12b = 0.0
        let a1m1 = GeodesicSeries.a1m1(eps)
        let a1 = 1 + a1m1
        let ca = GeodesicSeries.c1(eps)
        var j12 = 0.0
        var a2 = 0.0, m0 = 0.0, cb = SineSeries()
        if reduced {
            let a2m1 = GeodesicSeries.a2m1(eps)
            cb = GeodesicSeries.c2(eps)
            m0 = a1m1 - a2m1
            a2 = 1 + a2m1
        }
        if distance {
            let b1 = ca.evaluate(sin: ssig2, cos: csig2) - ca.evaluate(sin: ssig1, cos: csig1)
            s12b = a1 * (sig12 + b1)
            if reduced {
                let b2 = cb.evaluate(sin: ssig2, cos: csig2) - cb.evaluate(sin: ssig1, cos: csig1)
                j12 = m0 * sig12 + (a1 * b1 - a2 * b2)
            }
        } else if reduced {
            let c = ca.combined(a1, minus: a2, times: cb)
            j12 = m0 * sig12 + (c.evaluate(sin: ssig2, cos: csig2) - c.evaluate(sin: ssig1, cos: csig1))
        }
        if reduced {
            // The parentheses keep the cancellation exact for coincident points.
            m12b = dn2 * (csig1 * ssig2) - dn1 * (ssig1 * csig2) - csig1 * csig2 * j12
        }
        return (s12b, m12b)
    }

    /// λ₁₂ − λ₁₂⁰ for a trial azimuth α₁, and its derivative when `diffp`.
    func lambda12(
        sbet1: Double, cbet1: Double, dn1: Double, sbet2: Double, cbet2: Double, dn2: Double,
        salp1: Double, calp1: Double, slam120: Double, clam120: Double, diffp: Bool
    ) -> Lambda12Result {
        var calp1 = calp1
        // Breaks the degeneracy of the equatorial line (already handled by the caller).
        if sbet1 == 0 && calp1 == 0 { calp1 = -GeodesicTolerance.tiny }
        let salp0 = salp1 * cbet1
        let calp0 = hypot(calp1, salp1 * sbet1)
        var ssig1 = sbet1, csig1 = calp1 * cbet1
        let somg1 = salp0 * sbet1, comg1 = calp1 * cbet1
        AngleMath.norm(&ssig1, &csig1)

        // Keeps the symmetry |β₂| = −β₁ exact, where the iteration would otherwise be singular.
        let salp2 = cbet2 != cbet1 ? salp0 / cbet2 : salp1
        let calp2 =
            cbet2 != cbet1 || abs(sbet2) != -sbet1
            ? sqrt(
                calp1 * cbet1 * (calp1 * cbet1)
                    + (cbet1 < -sbet1 ? (cbet2 - cbet1) * (cbet1 + cbet2) : (sbet1 - sbet2) * (sbet1 + sbet2))) / cbet2
            : abs(calp1)
        var ssig2 = sbet2, csig2 = calp2 * cbet2
        let somg2 = salp0 * sbet2, comg2 = calp2 * cbet2
        AngleMath.norm(&ssig2, &csig2)

        let sig12 = atan2(fmax(0.0, csig1 * ssig2 - ssig1 * csig2) + 0, csig1 * csig2 + ssig1 * ssig2)
        let somg12 = fmax(0.0, comg1 * somg2 - somg1 * comg2) + 0
        let comg12 = comg1 * comg2 + somg1 * somg2
        let eta = atan2(somg12 * clam120 - comg12 * slam120, comg12 * clam120 + somg12 * slam120)
        let eps = Ellipsoid.epsilon(k2: calp0 * calp0 * ep2)
        let c3 = c3(eps)
        let b312 = c3.evaluate(sin: ssig2, cos: csig2) - c3.evaluate(sin: ssig1, cos: csig1)
        let domg12 = -f * a3(eps) * salp0 * (sig12 + b312)

        var dlam12 = 0.0
        if diffp {
            if calp2 == 0 {
                dlam12 = -2 * f1 * dn1 / sbet1
            } else {
                dlam12 =
                    lengths(
                        eps: eps, sig12: sig12, ssig1: ssig1, csig1: csig1, dn1: dn1,
                        ssig2: ssig2, csig2: csig2, dn2: dn2, distance: false, reduced: true
                    ).m12b
                dlam12 *= f1 / (calp2 * cbet2)
            }
        }
        return Lambda12Result(
            lam12: eta + domg12, salp2: salp2, calp2: calp2, sig12: sig12,
            ssig1: ssig1, csig1: csig1, ssig2: ssig2, csig2: csig2, eps: eps, dlam12: dlam12)
    }

    /// A starting α₁ for Newton's method; for really short lines the whole answer (`sig12 ≥ 0`).
    func inverseStart(
        sbet1: Double, cbet1: Double, sbet2: Double, cbet2: Double,
        lam12: Double, slam12: Double, clam12: Double
    )
        -> (sig12: Double, salp1: Double, calp1: Double, salp2: Double, calp2: Double, dnm: Double)
    {
        typealias T = GeodesicTolerance
        var sig12 = -1.0, salp2 = 0.0, calp2 = 0.0, dnm = 0.0
        let sbet12 = sbet2 * cbet1 - cbet2 * sbet1
        let cbet12 = cbet2 * cbet1 + sbet2 * sbet1
        let shortline = cbet12 >= 0 && sbet12 < 0.5 && cbet2 * lam12 < 0.5
        let sbet12a = sbet2 * cbet1 + cbet2 * sbet1
        var somg12: Double, comg12: Double
        if shortline {
            var sbetm2 = (sbet1 + sbet2) * (sbet1 + sbet2)
            sbetm2 /= sbetm2 + (cbet1 + cbet2) * (cbet1 + cbet2)
            dnm = sqrt(1 + ep2 * sbetm2)
            let omg12 = lam12 / (f1 * dnm)
            somg12 = sin(omg12)
            comg12 = cos(omg12)
        } else {
            somg12 = slam12
            comg12 = clam12
        }

        var salp1 = cbet2 * somg12
        var calp1 =
            comg12 >= 0
            ? sbet12 + cbet2 * sbet1 * somg12 * somg12 / (1 + comg12)
            : sbet12a - cbet2 * sbet1 * somg12 * somg12 / (1 - comg12)
        let ssig12 = hypot(salp1, calp1)
        let csig12 = sbet1 * sbet2 + cbet1 * cbet2 * comg12

        if shortline && ssig12 < etol2 {
            salp2 = cbet1 * somg12
            calp2 = sbet12 - cbet1 * sbet2 * (comg12 >= 0 ? somg12 * somg12 / (1 + comg12) : 1 - comg12)
            AngleMath.norm(&salp2, &calp2)
            sig12 = atan2(ssig12, csig12)
        } else if abs(n) > 0.1 || csig12 >= 0 || ssig12 >= 6 * abs(n) * .pi * cbet1 * cbet1 {
            // The zeroth-order spherical estimate is good enough.
        } else {
            // Nearly antipodal: scale to coordinates where the antipode is the origin and
            // solve the astroid problem for a starting azimuth.
            let lam12x = atan2(-slam12, -clam12)
            let eps = Ellipsoid.epsilon(k2: sbet1 * sbet1 * ep2)
            let lamscale = f * cbet1 * a3(eps) * .pi
            let betscale = lamscale * cbet1
            let x = lam12x / lamscale
            let y = sbet12a / betscale
            if y > -T.tol1 && x > -1 - T.xthresh {
                salp1 = fmin(1.0, -x)
                calp1 = -sqrt(1 - salp1 * salp1)
            } else {
                let k = Ellipsoid.astroid(x, y)
                let omg12a = lamscale * (-x * k / (1 + k))
                somg12 = sin(omg12a)
                comg12 = -cos(omg12a)
                salp1 = cbet2 * somg12
                calp1 = sbet12a - cbet2 * sbet1 * somg12 * somg12 / (1 - comg12)
            }
        }
        // Written so that a NaN passes through.
        if !(salp1 <= 0) {
            AngleMath.norm(&salp1, &calp1)
        } else {
            salp1 = 1
            calp1 = 0
        }
        return (sig12, salp1, calp1, salp2, calp2, dnm)
    }

    /// The positive root k of k⁴ + 2k³ − (x² + y² − 1)k² − 2y²k − y² = 0.
    static func astroid(_ x: Double, _ y: Double) -> Double {
        let p = x * x, q = y * y
        let r = (p + q - 1) / 6
        guard !(q == 0 && r <= 0) else { return 0 }
        let s = p * q / 4
        let r2 = r * r, r3 = r * r2
        let disc = s * (s + 2 * r3)
        var u = r
        if disc >= 0 {
            var t3 = s + r3
            // The sign of the root maximises |T³| to avoid cancellation.
            t3 += t3 < 0 ? -sqrt(disc) : sqrt(disc)
            let t = cbrt(t3)
            u += t + (t != 0 ? r2 / t : 0)
        } else {
            let ang = atan2(sqrt(-disc), -(s + r3))
            u += 2 * r * cos(ang / 3)
        }
        let v = sqrt(u * u + q)
        let uv = u < 0 ? q / (v - u) : u + v
        let w = (uv - q) / (2 * v)
        return uv / (sqrt(uv + w * w) + w)
    }
}
