import Foundation

/// The direct geodesic problem, a port of GeographicLib's `geod_lineinit` + `geod_genposition`
/// in distance mode (geodesic.c, C. F. F. Karney, MIT licence).
extension Ellipsoid {
    /// The end point and azimuth (degrees) after `s12` metres from (lat1, lon1) heading `azi1`.
    func direct(lat1: Double, lon1: Double, azi1: Double, s12: Double)
        -> (lat2: Double, lon2: Double, azi2: Double)
    {
        typealias T = GeodesicTolerance
        let (salp1, calp1) = AngleMath.sincos(AngleMath.round(AngleMath.normalize(azi1)))
        var (sbet1, cbet1) = AngleMath.sincos(AngleMath.round(AngleMath.latFix(lat1)))
        sbet1 *= f1
        AngleMath.norm(&sbet1, &cbet1)
        cbet1 = fmax(T.tiny, cbet1)

        let salp0 = salp1 * cbet1
        let calp0 = hypot(calp1, salp1 * sbet1)
        // σ = 0 is the northward equator crossing; at a pole cbet1 = tiny keeps atan2 defined.
        var ssig1 = sbet1
        let somg1 = salp0 * sbet1
        var csig1 = sbet1 != 0 || calp1 != 0 ? cbet1 * calp1 : 1
        let comg1 = csig1
        AngleMath.norm(&ssig1, &csig1)

        let eps = Ellipsoid.epsilon(k2: calp0 * calp0 * ep2)
        let a1m1 = GeodesicSeries.a1m1(eps)
        let c1a = GeodesicSeries.c1(eps)
        let c1pa = GeodesicSeries.c1p(eps)
        let c3a = c3(eps)
        let b11 = c1a.evaluate(sin: ssig1, cos: csig1)
        let stau1 = ssig1 * cos(b11) + csig1 * sin(b11)
        let ctau1 = csig1 * cos(b11) - ssig1 * sin(b11)
        let a3c = -f * salp0 * a3(eps)
        let b31 = c3a.evaluate(sin: ssig1, cos: csig1)

        // Distance to arc length through the reverted series; accurate for |f| < 1/100.
        let tau12 = s12 / (b * (1 + a1m1))
        let s = sin(tau12), c = cos(tau12)
        let b12 = -c1pa.evaluate(sin: stau1 * c + ctau1 * s, cos: ctau1 * c - stau1 * s)
        let sig12 = tau12 - (b12 - b11)
        let ssig12 = sin(sig12), csig12 = cos(sig12)

        let ssig2 = ssig1 * csig12 + csig1 * ssig12
        var csig2 = csig1 * csig12 - ssig1 * ssig12
        let sbet2 = calp0 * ssig2
        var cbet2 = hypot(salp0, calp0 * csig2)
        if cbet2 == 0 {
            // A meridian through the pole: break the degeneracy.
            cbet2 = T.tiny
            csig2 = T.tiny
        }
        let salp2 = salp0, calp2 = calp0 * csig2
        let somg2 = salp0 * ssig2, comg2 = csig2
        let omg12 = atan2(somg2 * comg1 - comg2 * somg1, comg2 * comg1 + somg2 * somg1)
        let lam12 = omg12 + a3c * (sig12 + (c3a.evaluate(sin: ssig2, cos: csig2) - b31))
        let lon12 = lam12 / AngleMath.degree
        let lon2 = AngleMath.normalize(AngleMath.normalize(lon1) + AngleMath.normalize(lon12))
        return (AngleMath.atan2d(sbet2, f1 * cbet2), lon2, AngleMath.atan2d(salp2, calp2))
    }
}
