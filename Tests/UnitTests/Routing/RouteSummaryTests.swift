import Foundation
import Testing
import RoadtripCore
@testable import Routing

/// The one summary every route is shown from: `show`, `route`, the trip screen's total.
@Suite struct RouteSummaryTests {
    let a = Coordinate(latitude: 43.7313, longitude: 7.4202)
    let b = Coordinate(latitude: 43.7396, longitude: 7.4276)
    let c = Coordinate(latitude: 43.7034, longitude: 7.2663)

    private var summary: RouteSummary {
        RouteSummary(
            names: ["Palais", "Casino", "Nice"],
            legs: [
                Leg(from: a, to: b, distanceMeters: 1377.3, durationSeconds: 153, source: .osrm),
                Leg(from: b, to: c, distanceMeters: 16_543.219, durationSeconds: 744.44, source: .estimate)
            ])
    }

    @Test func jsonHasTheDocumentedShapeToATenth() throws {
        #expect(
            try JSONText.encoded(summary) == """
                {
                  "legs" : [
                    {
                      "distanceMeters" : 1377.3,
                      "durationSeconds" : 153,
                      "from" : "Palais",
                      "source" : "osrm",
                      "to" : "Casino"
                    },
                    {
                      "distanceMeters" : 16543.2,
                      "durationSeconds" : 744.4,
                      "from" : "Casino",
                      "source" : "estimate",
                      "to" : "Nice"
                    }
                  ],
                  "totalDistanceMeters" : 17920.5,
                  "totalDurationSeconds" : 897.4
                }
                """)
    }

    @Test func jsonCarriesNoRawControlCharacters() throws {
        let hostile = RouteSummary(
            names: ["\u{1B}[2Jclear", "C1 \u{9B}31m", "del\u{7F}"],
            legs: [
                Leg(from: a, to: b, distanceMeters: 1, durationSeconds: 1, source: .osrm),
                Leg(from: b, to: c, distanceMeters: 1, durationSeconds: nil, source: .geodesic)
            ])
        let json = try JSONText.encoded(hostile)
        #expect(!json.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) })
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let legs = try #require(decoded?["legs"] as? [[String: Any]])
        #expect(legs[0]["from"] as? String == "\u{1B}[2Jclear")
        #expect(legs[0]["to"] as? String == "C1 \u{9B}31m")
        #expect(legs[1]["durationSeconds"] is NSNull)
        #expect(decoded?["totalDurationSeconds"] is NSNull)
    }

    @Test func tableMarksEstimatesAndAlignsColumns() {
        let lines = summary.lines(unit: .kilometers, width: { $0.count }, sanitize: { $0 })
        #expect(
            lines == [
                "FROM    TO          DISTANCE           DRIVE  SOURCE",
                "Palais  Casino        1.4 km           3 min  OSRM",
                "Casino  Nice       ≈ 16.5 km        ≈ 12 min  estimate",
                "Total ≈ 17.9 km, ≈ 15 min driving"
            ])
    }

    @Test func tableSanitisesNamesCutsWideOnesAndUsesTheUnit() {
        let lines = summary.lines(unit: .miles, width: { $0.count }, sanitize: { $0.uppercased() })
        #expect(lines[1].hasPrefix("PALAIS"))
        #expect(lines[2].contains("≈ 10.3 mi"))
        let long = String(repeating: "Llanfair", count: 6)
        let wide = RouteSummary(
            names: [long, "B"], legs: [Leg(from: a, to: b, distanceMeters: 10, durationSeconds: 1, source: .osrm)])
        let row = wide.lines(unit: .kilometers, width: { $0.count }, sanitize: { $0 })[1]
        #expect(row.hasPrefix(String(long.prefix(31)) + "…  B"))
    }

    @Test func aLegAcrossTheSeaIsNoDriveAndTheTotalSaysSo() {
        let crossing = RouteSummary(
            names: ["Dover", "Calais", "Reykjavík"],
            legs: [
                Leg(from: a, to: b, distanceMeters: 40_000, durationSeconds: 1800, source: .estimate),
                Leg(from: b, to: c, distanceMeters: 2_000_000, durationSeconds: nil, source: .estimate, crossing: .sea)
            ])
        let lines = crossing.lines(unit: .kilometers, width: { $0.count }, sanitize: { $0 })
        #expect(lines[2].contains("no road"))
        #expect(lines[3] == "Total ≈ 40.0 km, ≈ 30 min driving, + 1 sea crossing")
        #expect(crossing.totalDistance(unit: .kilometers) == "≈ 40.0 km")
    }
}

@Suite struct RoutePrintoutTests {
    let nice = Coordinate(latitude: 43.7034, longitude: 7.2663)
    let menton = Coordinate(latitude: 43.7747, longitude: 7.4975)

    @Test func printsTheTableAndSaysWhatTheEstimateIs() async {
        let printout = await RoutePrintout.run(
            names: ["Nice", "Menton"], stops: [nice, menton],
            provider: EstimateRouteProvider(), json: false, unit: .kilometers,
            width: { $0.count }, sanitize: { $0 })
        let lines = printout.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "FROM    TO          DISTANCE           DRIVE  SOURCE")
        #expect(lines[1].hasPrefix("Nice    Menton  ") && lines[1].contains(" ≈ ") && lines[1].hasSuffix("  estimate"))
        #expect(lines.last == "")
        #expect(lines[lines.count - 2] == "≈ estimate: straight-line distance × 1.25 at 80 km/h; --osrm URL gives real roads")
        #expect(printout.warning == nil)
    }

    @Test func printsJSONAndSanitisesTheWarning() async throws {
        let unreachable = OSRMRouteProvider(
            configuration: try #require(OSRMConfiguration(urlString: "http://127.0.0.1:1")),
            cacheFolder: nil)
        let printout = await RoutePrintout.run(
            names: ["Nice", "Menton"], stops: [nice, menton], provider: unreachable,
            json: true, unit: .kilometers, width: { $0.count },
            sanitize: { "<" + $0 + ">" })
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(printout.output.utf8)) as? [String: Any])
        let legs = try #require(decoded["legs"] as? [[String: Any]])
        #expect(legs.first?["from"] as? String == "Nice" && legs.first?["to"] as? String == "Menton")
        #expect(printout.output.hasSuffix("}\n"))
        #expect(printout.warning == "roadtrip: <leg 1 estimated: OSRM 127.0.0.1:1 unreachable (cannot connect)>")
    }
}
