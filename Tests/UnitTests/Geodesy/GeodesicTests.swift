import Foundation
import Testing
@testable import RoadtripCore

/// The smaller angle between two azimuths, in degrees (so −180 and 180 agree).
private func azimuthGap(_ x: Double, _ y: Double) -> Double {
    abs(remainder(x - y, 360))
}

@Suite struct GeodesicTests {
    @Test(arguments: GeodSolveReference.rows(GeodSolveReference.inverse))
    func inverseMatchesGeodSolve(row: [Double]) {
        let a = Coordinate(latitude: row[0], longitude: row[1])
        let b = Coordinate(latitude: row[2], longitude: row[3])
        let line = Geodesic.inverse(a, b)
        #expect(abs(line.distance - row[6]) < 1e-6, "distance \(line.distance) vs \(row[6])")
        #expect(Geodesic.distance(a, b) == line.distance)
        #expect(azimuthGap(line.initialAzimuth, row[4]) < 1e-9, "azi1 \(line.initialAzimuth) vs \(row[4])")
        #expect(azimuthGap(line.finalAzimuth, row[5]) < 1e-9, "azi2 \(line.finalAzimuth) vs \(row[5])")
    }

    @Test(arguments: GeodSolveReference.rows(GeodSolveReference.direct))
    func directMatchesGeodSolve(row: [Double]) {
        let start = Coordinate(latitude: row[0], longitude: row[1])
        let end = Geodesic.directWithAzimuth(from: start, azimuth: row[2], distance: row[3])
        #expect(abs(end.coordinate.latitude - row[4]) < 1e-10)
        #expect(azimuthGap(end.coordinate.longitude, row[5]) < 1e-10)
        #expect(azimuthGap(end.finalAzimuth, row[6]) < 1e-9)
        #expect(Geodesic.direct(from: start, azimuth: row[2], distance: row[3]) == end.coordinate)
    }

    @Test func distanceIsSymmetric() {
        let chicago = Coordinate(latitude: 41.8781, longitude: -87.6298)
        let santaMonica = Coordinate(latitude: 34.0195, longitude: -118.4912)
        #expect(abs(Geodesic.distance(chicago, santaMonica) - Geodesic.distance(santaMonica, chicago)) < 1e-9)
    }

    @Test func directUndoesInverseOnNearlyAntipodalPoints() {
        // Vincenty's method fails to converge here; Karney's must land back on the target.
        let a = Coordinate(latitude: 0, longitude: 0)
        let b = Coordinate(latitude: 0.5, longitude: 179.7)
        let line = Geodesic.inverse(a, b)
        let back = Geodesic.direct(from: a, azimuth: line.initialAzimuth, distance: line.distance)
        #expect(Geodesic.distance(back, b) < 1e-6)
    }

    @Test func invalidLatitudeGivesNaN() {
        let a = Coordinate(latitude: 91, longitude: 0)
        #expect(Geodesic.distance(a, Coordinate(latitude: 0, longitude: 0)).isNaN)
    }
}
