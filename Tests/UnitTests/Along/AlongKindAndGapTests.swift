import Foundation
import Testing
@testable import RoadtripCore
import ScreenKit
import TermUI

@Suite struct AlongKindAndGapTests {
    @Test func kindsAreReadAsPeopleTypeThem() throws {
        let kinds = try AlongKind.list("parks, Gas ,camp site,EV").get()
        #expect(kinds.map(\.name) == ["park", "fuel", "camp", "charging"])
        #expect(try AlongKind.list("").get() == AlongKind.standard)
        #expect(try AlongKind.list("all").get() == AlongKind.all)
        guard case let .failure(error) = AlongKind.list("park,unicorns") else {
            Issue.record("unicorns taken as a kind")
            return
        }
        #expect(error.description.contains("“unicorns” is not a kind") && error.description.contains("charging"))
        #expect(!error.description.contains("\n"))
    }

    @Test func rangesAreReadWithTheirUnitAndRefill() throws {
        #expect(try VehicleRange.parse("450 km").get() == VehicleRange(meters: 450_000))
        #expect(try VehicleRange.parse("300km electric").get() == VehicleRange(meters: 300_000, refill: .charging))
        let miles = try #require(try VehicleRange.parse("280 mi").get())
        #expect(abs(miles.meters - 450_616) < 1)
        #expect(try VehicleRange.parse("").get() == nil)
        for bad in ["7 km", "nan", "1e400 km", "far", "-300 km", "400 parsecs"] {
            guard case .failure = VehicleRange.parse(bad) else {
                Issue.record("“\(bad)” taken as a range")
                continue
            }
        }
    }

    @Test func gapsAreTheStretchesLongerThanTheRange() {
        // Two legs of about 333 km each, stations at km 100 and 150 only.
        let stops = [
            Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 0, longitude: 3), Coordinate(latitude: 0, longitude: 6)
        ]
        let line = RouteLine(legs: GeodesicRouteProvider().instantLegs(for: stops))
        let range = VehicleRange(meters: 200_000)
        let gaps = RefillGap.gaps(stations: [150_000, 100_000], line: line, range: range)
        #expect(gaps.count == 1)
        let gap = gaps[0]
        #expect(gap.fromMeters == 150_000 && abs(gap.toMeters - line.totalMeters) < 1)
        #expect(gap.fromLeg == 0 && gap.toLeg == 1)
        #expect(
            gap.text(range: range, unit: .kilometers).hasPrefix("518 km with no fuel known, from km 150 to km 668 (legs 1–2)"))
        // A station every 150 km leaves none; no station at all leaves the whole route.
        #expect(RefillGap.gaps(stations: [150_000, 300_000, 450_000, 600_000], line: line, range: range).isEmpty)
        #expect(RefillGap.gaps(stations: [], line: line, range: range).count == 1)
    }

    @Test func tableRowsFitEightyColumnsWhateverTheNames() {
        let position = RoutePosition(
            offRouteMeters: 1_234, alongMeters: 312_400, leg: 10, nearestPoint: Coordinate(latitude: 35, longitude: 139))
        for name in ["東京都庁舎の展望台と新宿御苑と明治神宮と代々木公園", "Zion National Park 🏜️🏜️🏜️🏜️🏜️🏜️🏜️🏜️🏜️🏜️🏜️🏜️🏜️", "x\u{1b}[31mred"] {
            var place = AlongPlace(
                name: name, kind: "park", coordinate: Coordinate(latitude: 35, longitude: 139), region: "Utah", prominence: 1,
                position: position)
            place.detour = Detour(meters: 2_468, seconds: 200, isEstimate: true)
            let line = AlongTable.line(AlongTable.row(place, unit: .kilometers), width: 80)
            #expect(TextWidth.of(line) <= 80, "\(line)")
            #expect(!line.contains("\u{1b}"))
            #expect(line.hasPrefix("   312 11→12   1.2  ≈ 2.5 km 3 min   park      "))
        }
    }
}
