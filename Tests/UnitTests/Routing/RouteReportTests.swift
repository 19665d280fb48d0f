import Foundation
import Testing
import RoadtripCore
@testable import Routing

@Suite struct RouteReportTests {
    let a = Coordinate(latitude: 43.7313, longitude: 7.4202)
    let b = Coordinate(latitude: 43.7396, longitude: 7.4276)
    let c = Coordinate(latitude: 43.7034, longitude: 7.2663)

    private var report: RouteReport {
        RouteReport(
            names: ["Palais", "Casino", "Nice"],
            legs: [
                Leg(from: a, to: b, distanceMeters: 1377.3, durationSeconds: 153, source: .osrm),
                Leg(from: b, to: c, distanceMeters: 16_543.219, durationSeconds: 744.44, source: .estimate)
            ])
    }

    @Test func jsonHasTheDocumentedShape() throws {
        #expect(
            report.json() == """
                {"legs":[{"from":"Palais","to":"Casino","distanceMeters":1377.3,"durationSeconds":153,"source":"osrm"},\
                {"from":"Casino","to":"Nice","distanceMeters":16543.2,"durationSeconds":744.4,"source":"estimate"}],\
                "totalDistanceMeters":17920.5,"totalDurationSeconds":897.4}
                """)
    }

    @Test func jsonCarriesNoRawControlCharacters() throws {
        let hostile = RouteReport(
            names: ["\u{1B}[2Jclear", "C1 \u{9B}31m", "del\u{7F}"],
            legs: [
                Leg(from: a, to: b, distanceMeters: 1, durationSeconds: 1, source: .osrm),
                Leg(from: b, to: c, distanceMeters: 1, durationSeconds: nil, source: .geodesic)
            ])
        let json = hostile.json()
        #expect(!json.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let legs = try #require(decoded?["legs"] as? [[String: Any]])
        #expect(legs[0]["from"] as? String == "\u{1B}[2Jclear")
        #expect(legs[0]["to"] as? String == "C1 \u{9B}31m")
        #expect(legs[1]["durationSeconds"] is NSNull)
        #expect(decoded?["totalDurationSeconds"] is NSNull)
    }

    @Test func tableMarksEstimatesAndAlignsColumns() {
        let lines = report.tableLines(unit: .kilometers, width: { $0.count }, sanitize: { $0 })
        #expect(
            lines == [
                "#  From    To       Distance  Drive time  Source",
                "1  Palais  Casino     1.4 km       3 min  OSRM",
                "2  Casino  Nice    ≈ 16.5 km    ≈ 12 min  estimate",
                "   Total           ≈ 17.9 km    ≈ 15 min"
            ])
    }

    @Test func tableSanitisesNamesAndUsesTheUnit() {
        let lines = report.tableLines(unit: .miles, width: { $0.count }, sanitize: { $0.uppercased() })
        #expect(lines[1].contains("PALAIS"))
        #expect(lines[2].contains("≈ 10.3 mi"))
    }
}

@Suite struct RouteCommandTests {
    let nice = Coordinate(latitude: 43.7034, longitude: 7.2663)
    let menton = Coordinate(latitude: 43.7747, longitude: 7.4975)

    @Test func printsTheTableAndSaysWhatTheEstimateIs() async {
        let printout = await RouteCommand.run(
            names: ["Nice", "Menton"], stops: [nice, menton],
            provider: EstimateRouteProvider(), json: false, unit: .kilometers,
            width: { $0.count }, sanitize: { $0 })
        let lines = printout.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "#  From   To       Distance  Drive time  Source")
        #expect(lines[1].hasPrefix("1  Nice   Menton  ≈ "))
        #expect(lines.last == "")
        #expect(lines[lines.count - 2] == "≈ estimate: straight-line distance × 1.25 at 80 km/h; --osrm URL gives real roads")
        #expect(printout.warning == nil)
    }

    @Test func printsJSONAndSanitisesTheWarning() async throws {
        let unreachable = OSRMRouteProvider(
            configuration: try #require(OSRMConfiguration(urlString: "http://127.0.0.1:1")),
            cacheFolder: nil)
        let printout = await RouteCommand.run(
            names: ["Nice", "Menton"], stops: [nice, menton], provider: unreachable,
            json: true, unit: .kilometers, width: { $0.count },
            sanitize: { "<" + $0 + ">" })
        #expect(printout.output.hasPrefix(#"{"legs":[{"from":"Nice","to":"Menton","distanceMeters":"#))
        #expect(printout.output.hasSuffix("}\n"))
        #expect(printout.warning == "roadtrip: <leg 1 estimated: OSRM 127.0.0.1:1 unreachable (cannot connect)>")
    }
}
