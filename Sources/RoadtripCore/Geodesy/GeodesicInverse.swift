import Foundation

/// Karney's solution of the inverse geodesic problem, a port of GeographicLib's
/// `geod_geninverse_int` (geodesic.c, C. F. F. Karney, MIT licence) restricted to the outputs
/// the app needs: distance and the azimuths at both ends.
///
/// The points are first brought to a canonical form (0 ≤ λ₁₂ ≤ 180°, φ₁ ≤ −0, φ₁ ≤ φ₂ ≤ −φ₁);
/// meridional and equatorial lines are solved directly, short lines on an auxiliary sphere,
/// and the rest by Newton's method on α₁ started from the astroid estimate, which is what
/// keeps nearly antipodal points convergent where Vincenty's method fails.
extension Ellipsoid {
    /// Distance (m) and the sines and cosines of the azimuths at both ends.
    func inverse(lat1: Double, lon1: Double, lat2: Double, lon2: Double)
        -> (s12: Double, salp1: Double, calp1: Double, salp2: Double, calp2: Double)
    {
        typealias T = GeodesicTolerance
        var (lon12, lon12s) = AngleMath.difference(lon1, lon2)
        var lonsign: Double = lon12.sign == .minus ? -1 : 1
        lon12 *= lonsign
        lon12s *= lonsign
        let lam12 = lon12 * AngleMath.degree
        let (slam12, clam12) = AngleMath.sincos(lon12, plus: lon12s)
        lon12s = (180 - lon12) - lon12s  // the supplementary longitude difference

        var lat1 = AngleMath.round(AngleMath.latFix(lat1))
        var lat2 = AngleMath.round(AngleMath.latFix(lat2))
        let swapp: Double = abs(lat1) < abs(lat2) || lat2.isNaN ? -1 : 1
        if swapp < 0 {
            lonsign *= -1
            swap(&lat1, &lat2)
        }
        let latsign: Double = lat1.sign == .minus ? 1 : -1
        lat1 *= latsign
        lat2 *= latsign

        var (sbet1, cbet1) = AngleMath.sincos(lat1)
        sbet1 *= f1
        AngleMath.norm(&sbet1, &cbet1)
        cbet1 = fmax(T.tiny, cbet1)
        var (sbet2, cbet2) = AngleMath.sincos(lat2)
        sbet2 *= f1
        AngleMath.norm(&sbet2, &cbet2)
        cbet2 = fmax(T.tiny, cbet2)

        // Force |β₂| = |β₁| exactly when round-off hides it; Lambda12 relies on the equality.
        if cbet1 < -sbet1 {
            if cbet2 == cbet1 { sbet2 = copysign(sbet1, sbet2) }
        } else if abs(sbet2) == -sbet1 {
            cbet2 = cbet1
        }

        let dn1 = sqrt(1 + ep2 * sbet1 * sbet1)
        let dn2 = sqrt(1 + ep2 * sbet2 * sbet2)
        var s12x = 0.0
        var salp1 = 0.0, calp1 = 0.0, salp2 = 0.0, calp2 = 0.0

        var meridian = lat1 == -90 || slam12 == 0
        if meridian {
            calp1 = clam12
            salp1 = slam12
            calp2 = 1
            salp2 = 0
            let ssig1 = sbet1, csig1 = calp1 * cbet1
            let ssig2 = sbet2, csig2 = calp2 * cbet2
            var sig12 = atan2(fmax(0.0, csig1 * ssig2 - ssig1 * csig2) + 0, csig1 * csig2 + ssig1 * ssig2)
            let lengths = lengths(
                eps: n, sig12: sig12, ssig1: ssig1, csig1: csig1, dn1: dn1,
                ssig2: ssig2, csig2: csig2, dn2: dn2, distance: true, reduced: true)
            var m12x = lengths.m12b
            s12x = lengths.s12b
            // A meridian longer than half a turn with negative reduced length is not shortest.
            if sig12 < 1 || m12x >= 0 {
                if sig12 < 3 * T.tiny || (sig12 < T.tol0 && (s12x < 0 || m12x < 0)) {
                    sig12 = 0
                    m12x = 0
                    s12x = 0
                }
                s12x *= b
            } else {
                meridian = false
            }
        }

        if !meridian && sbet1 == 0 && lon12s >= f * 180 {
            // Along the equator.
            calp1 = 0
            calp2 = 0
            salp1 = 1
            salp2 = 1
            s12x = a * lam12
        } else if !meridian {
            let start = inverseStart(
                sbet1: sbet1, cbet1: cbet1, sbet2: sbet2, cbet2: cbet2,
                lam12: lam12, slam12: slam12, clam12: clam12)
            salp1 = start.salp1
            calp1 = start.calp1
            if start.sig12 >= 0 {
                // Short line solved on the auxiliary sphere.
                salp2 = start.salp2
                calp2 = start.calp2
                s12x = start.sig12 * b * start.dnm
            } else {
                let solved = newton(
                    sbet1: sbet1, cbet1: cbet1, dn1: dn1, sbet2: sbet2, cbet2: cbet2, dn2: dn2,
                    slam12: slam12, clam12: clam12, salp1: salp1, calp1: calp1)
                salp1 = solved.salp1
                calp1 = solved.calp1
                salp2 = solved.salp2
                calp2 = solved.calp2
                s12x = solved.s12b * b
            }
        }

        let s12 = 0 + s12x  // turns −0 into 0
        if swapp < 0 {
            swap(&salp1, &salp2)
            swap(&calp1, &calp2)
        }
        salp1 *= swapp * lonsign
        calp1 *= swapp * latsign
        salp2 *= swapp * lonsign
        calp2 *= swapp * latsign
        return (s12, salp1, calp1, salp2, calp2)
    }

    /// Newton's method on α₁ with a bracket that falls back to bisection when a step misbehaves.
    private func newton(
        sbet1: Double, cbet1: Double, dn1: Double, sbet2: Double, cbet2: Double, dn2: Double,
        slam12: Double, clam12: Double, salp1: Double, calp1: Double
    )
        -> (salp1: Double, calp1: Double, salp2: Double, calp2: Double, s12b: Double)
    {
        typealias T = GeodesicTolerance
        var salp1 = salp1, calp1 = calp1
        var numit = 0
        var salp1a = T.tiny, calp1a = 1.0, salp1b = T.tiny, calp1b = -1.0
        var tripn = false, tripb = false
        var r: Lambda12Result
        while true {
            r = lambda12(
                sbet1: sbet1, cbet1: cbet1, dn1: dn1, sbet2: sbet2, cbet2: cbet2, dn2: dn2,
                salp1: salp1, calp1: calp1, slam120: slam12, clam120: clam12, diffp: numit < T.maxit1)
            let v = r.lam12
            // Written so that a NaN ends the loop.
            if tripb || !(abs(v) >= (tripn ? 8 : 1) * T.tol0) || numit == T.maxit2 { break }
            if v > 0 && (numit > T.maxit1 || calp1 / salp1 > calp1b / salp1b) {
                salp1b = salp1
                calp1b = calp1
            } else if v < 0 && (numit > T.maxit1 || calp1 / salp1 < calp1a / salp1a) {
                salp1a = salp1
                calp1a = calp1
            }
            if numit < T.maxit1 && r.dlam12 > 0 {
                let dalp1 = -v / r.dlam12
                if abs(dalp1) < .pi {
                    let sdalp1 = sin(dalp1), cdalp1 = cos(dalp1)
                    let nsalp1 = salp1 * cdalp1 + calp1 * sdalp1
                    if nsalp1 > 0 {
                        calp1 = calp1 * cdalp1 - salp1 * sdalp1
                        salp1 = nsalp1
                        AngleMath.norm(&salp1, &calp1)
                        // Near a vanishing slope convergence is linear: judge it on ε, not √ε.
                        tripn = abs(v) <= 16 * T.tol0
                        numit += 1
                        continue
                    }
                }
            }
            salp1 = (salp1a + salp1b) / 2
            calp1 = (calp1a + calp1b) / 2
            AngleMath.norm(&salp1, &calp1)
            tripn = false
            tripb =
                abs(salp1a - salp1) + (calp1a - calp1) < T.tolb
                || abs(salp1 - salp1b) + (calp1 - calp1b) < T.tolb
            numit += 1
        }
        let s12b = lengths(
            eps: r.eps, sig12: r.sig12, ssig1: r.ssig1, csig1: r.csig1, dn1: dn1,
            ssig2: r.ssig2, csig2: r.csig2, dn2: dn2, distance: true, reduced: false
        ).s12b
        return (salp1, calp1, r.salp2, r.calp2, s12b)
    }
}
