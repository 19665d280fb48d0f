import Foundation
import RoadtripCore
import Testing
@testable import Gazetteer

/// The nearest place through the 1° grid is the nearest place: checked against reading every row.
@Suite struct NearestGridTests {
    @Test func theGridFindsWhatReadingEveryRowFinds() throws {
        let g = try GazetteerFixture.gazetteer()
        let grid = g.positionGrid
        var random = SystemRandomNumberGenerator()
        // Towns, the open ocean, the poles, both sides of the date line.
        var points = [
            Coordinate(latitude: 38.38, longitude: -110.06), Coordinate(latitude: 0, longitude: -140),
            Coordinate(latitude: 89.9, longitude: 10), Coordinate(latitude: -89.9, longitude: 0),
            Coordinate(latitude: -17.7, longitude: 179.99), Coordinate(latitude: -17.7, longitude: -179.99),
            // Far out at sea, where the nearest place is a thousand kilometres or more away and a
            // flat measure at the point's latitude once picked the wrong one.
            Coordinate(latitude: -45.07513907131753, longitude: 95.58861215745998),
            Coordinate(latitude: -60, longitude: -120), Coordinate(latitude: 30, longitude: -40),
            Coordinate(latitude: -35, longitude: -15)
        ]
        points += (0..<12).map { _ in
            Coordinate(latitude: .random(in: -70...75, using: &random), longitude: .random(in: -180...180, using: &random))
        }
        for limit in [g.count, 5_000] {
            for point in points {
                let found = try #require(grid.nearest(to: point, rowsBelow: limit))
                var best = Double.infinity
                for row in 0..<limit {
                    best = min(
                        best, Haversine.meters(point, Coordinate(latitude: grid.latitudes[row], longitude: grid.longitudes[row])))
                }
                let got = Haversine.meters(point, Coordinate(latitude: grid.latitudes[found], longitude: grid.longitudes[found]))
                #expect(got <= best * 1.005 + 50, "\(point): \(got) m, the nearest row is \(best) m")
            }
        }
    }

    @Test func aNightIsInATownOfAThousand() throws {
        let g = try GazetteerFixture.gazetteer()
        // In the Utah desert the nearest place of any size can be a hamlet; the night's is a town.
        let town = try #require(g.placeForTheNight(near: Coordinate(latitude: 38.38, longitude: -110.06)))
        #expect(town.population >= 1_000)
    }
}
