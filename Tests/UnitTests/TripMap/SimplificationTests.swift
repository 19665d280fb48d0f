import Foundation
import RoadtripCore
import Testing
@testable import TripMap

@Suite struct SimplificationTests {
    /// A wiggly deterministic line (a random walk from a fixed linear congruential generator).
    static func walk(_ n: Int) -> [MapPoint] {
        var seed: UInt64 = 42
        func next() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53) - 0.5
        }
        var x = 0.0, y = 0.0
        return (0..<n).map { _ in
            x += 0.01 + next() * 0.02
            y += next() * 0.02
            return MapPoint(x: x, y: y)
        }
    }

    @Test(arguments: [0.0, 0.001, 0.01, 0.05, 1.0])
    func keepsEndsAndBoundsTheError(tolerance: Double) {
        let line = MapLine(Self.walk(2000))
        let kept = line.simplified(tolerance: tolerance)
        #expect(kept.first == line.points.first && kept.last == line.points.last)
        #expect(kept.count >= 2)
        // Every original point lies within the tolerance of the simplified line.
        for p in line.points {
            let d = zip(kept, kept.dropFirst()).map { DouglasPeucker.distance(p.plane, segment: $0.plane, $1.plane) }.min()!
            #expect(d <= tolerance + 1e-12)
        }
    }

    @Test func simplifiesMoreAtCoarserTolerance() {
        let line = MapLine(Self.walk(2000))
        let counts = [0.0, 0.001, 0.01, 0.1].map { line.simplified(tolerance: $0).count }
        #expect(counts == counts.sorted(by: >))
        #expect(counts[0] == 2000)
        #expect(counts[3] < 50)
    }

    @Test func matchesPlainRecursiveDouglasPeucker() {
        let points = Self.walk(300)
        func reference(_ a: Int, _ b: Int, _ t: Double, _ out: inout Set<Int>) {
            guard b - a > 1 else { return }
            var best = -1.0, index = a
            for i in (a + 1)..<b {
                let d = DouglasPeucker.distance(points[i].plane, segment: points[a].plane, points[b].plane)
                if d > best {
                    best = d
                    index = i
                }
            }
            guard best > t else { return }
            out.insert(index)
            reference(a, index, t, &out)
            reference(index, b, t, &out)
        }
        for t in [0.002, 0.02, 0.2] {
            var kept: Set<Int> = [0, points.count - 1]
            reference(0, points.count - 1, t, &kept)
            #expect(MapLine(points).simplified(tolerance: t) == kept.sorted().map { points[$0] })
        }
    }

    @Test func shortAndClosedLines() {
        #expect(MapLine([]).simplified(tolerance: 1).isEmpty)
        let one = MapPoint(x: 1, y: 1)
        #expect(MapLine([one]).simplified(tolerance: 1) == [one])
        // A closed ring keeps its far side at small tolerance.
        let ring = [MapPoint(x: 0, y: 0), MapPoint(x: 1, y: 0), MapPoint(x: 1, y: 1), MapPoint(x: 0, y: 0)]
        #expect(MapLine(ring).simplified(tolerance: 0.1).count == 4)
    }

    @Test func clippingKeepsTheInsidePart() {
        let clip = ClipRect(minX: 0, minY: 0, maxX: 10, maxY: 10)
        let (a, b) = clip.clip(MapPoint(x: -5, y: 5), MapPoint(x: 15, y: 5))!
        #expect(a == MapPoint(x: 0, y: 5) && b == MapPoint(x: 10, y: 5))
        #expect(clip.clip(MapPoint(x: -5, y: -5), MapPoint(x: -1, y: 20)) == nil)
        let (c, d) = clip.clip(MapPoint(x: 2, y: 2), MapPoint(x: 3, y: 4))!
        #expect(c == MapPoint(x: 2, y: 2) && d == MapPoint(x: 3, y: 4))
    }
}

@Suite struct PreparedRouteTests {
    /// Reusing the legs of the trip before a change gives the same route as preparing it afresh.
    @Test func reuseAfterEditsMatchesAFreshPreparation() {
        let base = MapFixtures.california.stops.map(\.coordinate)
        let road = [base[0], Coordinate(latitude: 36, longitude: -121), base[1]]
        var before = PreparedRoute(stops: base, legGeometries: [road])
        let edits: [[Coordinate]] = [
            [base[1], base[0], base[2], base[3]],  // reorder
            Array(base.dropFirst()),  // delete
            base + [Coordinate(latitude: 47.6, longitude: -122.3)],  // add
            [base[0], Coordinate(latitude: 37, longitude: -119), base[2], base[3]]  // edit
        ]
        for stops in edits {
            let geometry: [[Coordinate]?] = stops.first == base[0] ? [road] : []
            let reused = PreparedRoute(stops: stops, legGeometries: geometry, reusing: before)
            let fresh = PreparedRoute(stops: stops, legGeometries: geometry)
            #expect(reused.lines.map(\.points) == fresh.lines.map(\.points))
            #expect(reused.bounds == fresh.bounds)
            before = reused
        }
    }
}
