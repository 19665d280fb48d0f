import Foundation
import RoadtripCore
import Testing
@testable import TripMap

@Suite struct ProjectionTests {
    @Test func equatorAndGreenwichAreTheOrigin() {
        let p = WebMercator.project(latitude: 0, longitude: 0)
        #expect(p.x == 0 && abs(p.y) < 1e-15)
    }

    @Test func knownPoints() {
        // ln(tan(45° + 30°)) = 1.3169579; 90° of longitude is π/2.
        let p = WebMercator.project(latitude: 60, longitude: 90)
        #expect(abs(p.x - .pi / 2) < 1e-12)
        #expect(abs(p.y - 1.3169578969248166) < 1e-12)
        #expect(abs(WebMercator.project(latitude: -60, longitude: 0).y + 1.3169578969248166) < 1e-12)
    }

    @Test func polesAreClippedTo85Degrees() {
        #expect(abs(WebMercator.maxY - 3.131301331) < 1e-8)
        #expect(WebMercator.y(latitude: 90) == WebMercator.maxY)
        #expect(abs(WebMercator.y(latitude: -90) + WebMercator.maxY) < 1e-12)
        #expect(WebMercator.y(latitude: 89.9).isFinite)
    }

    @Test func latitudeInvertsNorthing() {
        for lat in stride(from: -85.0, through: 85, by: 5) {
            #expect(abs(WebMercator.latitude(y: WebMercator.y(latitude: lat)) - lat) < 1e-9)
        }
    }

    @Test func frameOfATripAcrossTheAntimeridianKeepsItInOnePiece() {
        // Anchorage to Petropavlovsk-Kamchatsky: 50° apart across ±180°, not 310° around the world.
        let frame = LongitudeFrame(fitting: [-149.9, 158.65])
        let a = frame.unwrap(-149.9), b = frame.unwrap(158.65)
        #expect(abs(abs(a - b) - 51.45) < 1e-9)
        #expect(abs(frame.center) > 170)
    }

    @Test func frameOfFijiSpansFourDegrees() {
        let frame = LongitudeFrame(fitting: [177.4, -179.9, 178.4])
        let lons = [177.4, -179.9, 178.4].map(frame.unwrap)
        #expect(lons.max()! - lons.min()! < 3)
    }

    @Test func frameOfAnOrdinaryTripDoesNotWrap() {
        let frame = LongitudeFrame(fitting: [2.35, 13.4, -3.7])
        #expect(frame.unwrap(2.35) == 2.35)
        #expect(abs(frame.unwrap(-3.7) + 3.7) < 1e-12)
        #expect(abs(frame.center - 4.85) < 1e-9)
    }

    @Test func pathsAreUnwrappedContinuously() {
        let frame = LongitudeFrame(center: 175)
        #expect(frame.unwrapPath([170, 179, -179, -170]) == [170, 179, 181, 190])
        #expect(frame.unwrapPath([-170, 179]) == [190, 179])
    }

    @Test func frameOfNoStopsIsGreenwich() {
        #expect(LongitudeFrame(fitting: []).center == 0)
        #expect(LongitudeFrame(fitting: [.nan]).center == 0)
    }

    @Test func greatCircleArcCurvesPoleward() {
        // New York to London: the arc reaches further north than either end.
        let jfk = Coordinate(latitude: 40.64, longitude: -73.78), lhr = Coordinate(latitude: 51.47, longitude: -0.45)
        let arc = GreatCircle.densify(jfk, lhr)
        #expect(arc.first == jfk && arc.last == lhr)
        #expect(arc.map(\.latitude).max()! > 52)
        for (a, b) in zip(arc, arc.dropFirst()) { #expect(Geodesic.distance(a, b) < 112_000) }
    }

    @Test func greatCircleMidpointOnTheEquator() {
        let arc = GreatCircle.densify(
            Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 0, longitude: 90), maxStepMeters: 5_004_000)
        #expect(arc.count == 3)
        #expect(abs(arc[1].latitude) < 1e-9 && abs(arc[1].longitude - 45) < 1e-9)
    }

    @Test func degenerateArcsAreStraight() {
        let p = Coordinate(latitude: 10, longitude: 10)
        #expect(GreatCircle.densify(p, p) == [p])
        let q = Coordinate(latitude: -10, longitude: -170)
        #expect(GreatCircle.densify(p, q).count == 2)
    }
}
