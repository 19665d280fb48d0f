import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import RoadtripCore
import Testing
import TestSupport

/// `roadtrip along`, `add-stop --along` and `along --gaps` through the real binary: places imported
/// from real extracts (Monaco, Helsinki), the route from a real osrm-routed.
@Suite struct CLIAlongTests {
    static let monaco = RoadtripProcess.repositoryRoot.appendingPathComponent("Tests/Fixtures/osrm/monaco.osm.pbf").path
    static let helsinki = RoadtripProcess.repositoryRoot.appendingPathComponent("Tests/Fixtures/places/helsinki.osm.pbf").path

    static func stop(_ name: String, _ c: Coordinate) -> Waypoint { Waypoint(name: name, coordinate: c) }

    /// The places of the imported region file, with their kinds.
    static func imported(_ sandbox: CLISandbox, _ region: String) throws -> [(name: String, kind: String, at: Coordinate)] {
        let object =
            try JSONSerialization.jsonObject(with: Data(contentsOf: sandbox.file("places/\(region).json"))) as? [String: Any]
        let places = try #require(object?["places"] as? [[String: Any]])
        return places.compactMap { p in
            guard let name = p["name"] as? String, let kind = p["kind"] as? String, let lat = p["latitude"] as? Double,
                let lon = p["longitude"] as? Double
            else { return nil }
            return (name, kind, Coordinate(latitude: lat, longitude: lon))
        }
    }

    /// Metres from `p` to the line: the least over its segments, each on a plane tangent at `p`
    /// (segments of a road's geometry are metres long).
    static func distance(_ p: Coordinate, to line: [Coordinate]) -> Double {
        let k = cos(p.latitude * .pi / 180)
        var best = Double.infinity
        for (a, b) in zip(line, line.dropFirst()) {
            let ax = (a.longitude - p.longitude) * k, ay = a.latitude - p.latitude
            let bx = (b.longitude - p.longitude) * k, by = b.latitude - p.latitude
            let dx = bx - ax, dy = by - ay, l = dx * dx + dy * dy
            let t = l > 0 ? min(1, max(0, -(ax * dx + ay * dy) / l)) : 0
            best = min(
                best, ((ax + t * dx) * (ax + t * dx) + (ay + t * dy) * (ay + t * dy)).squareRoot() * .pi / 180 * 6_371_008.8)
        }
        return best
    }

    /// OSRM's own full geometry of the route through `stops`.
    static func osrmLine(_ server: URL, _ stops: [Coordinate]) async throws -> [Coordinate] {
        let coordinates = stops.map { String(format: "%.6f,%.6f", $0.longitude, $0.latitude) }.joined(separator: ";")
        let url = try #require(
            URL(string: "\(server.absoluteString)/route/v1/driving/\(coordinates)?overview=full&geometries=geojson"))
        let (data, _) = try await URLSession.shared.data(from: url)
        let answer = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let routes = answer?["routes"] as? [[String: Any]]
        let geometry = routes?.first?["geometry"] as? [String: Any]
        let points = try #require(geometry?["coordinates"] as? [[Double]])
        return points.map { Coordinate(latitude: $0[1], longitude: $0[0]) }
    }

    @Test func fuelAndLodgingAlongARealRoadAreListedInRouteOrderWithRealDetours() async throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let server = try await OSRMFixture.startMonaco()
        defer { server.stop() }
        let stops = [Monaco.casino, Monaco.stadium, Monaco.larvotto]
        let sandbox = try CLISandbox(trips: [
            Trip(
                name: "Monaco loop",
                waypoints: [Self.stop("Casino", stops[0]), Self.stop("Stade", stops[1]), Self.stop("Larvotto", stops[2])])
        ])
        #expect(try sandbox.run("places", "import", Self.monaco).status == 0)
        let width = 300.0
        let result = try sandbox.run(
            [
                "along", "Monaco loop", "--kind", "fuel,lodging", "--within", "300m", "--json", "--osrm",
                server.baseURL.absoluteString,
                "--osrm-timeout", "120"
            ], environment: ["XDG_CACHE_HOME": sandbox.file("cache").path])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let listed = try #require(answer["places"] as? [[String: Any]])
        let line = try await Self.osrmLine(server.baseURL, stops)
        let known = try Self.imported(sandbox, "monaco").filter { $0.kind == "fuel" || $0.kind == "lodging" }
        let expected = known.filter { p in
            Self.distance(p.at, to: line) <= 0.9 * width && !stops.contains { Haversine.meters($0, p.at) < 300 }
        }
        #expect(expected.count >= 5, "\(expected.count) expected")
        let names = Set(listed.compactMap { $0["name"] as? String })
        let missing = expected.filter { !names.contains($0.name) }
        #expect(missing.isEmpty, "not listed: \(missing.map(\.name))")
        for place in listed {
            let at = Coordinate(latitude: place["latitude"] as? Double ?? 0, longitude: place["longitude"] as? Double ?? 0)
            let independent = Self.distance(at, to: line)
            #expect(independent <= 1.1 * width, "\(place["name"] ?? "")")
            #expect(abs(independent - (place["offRouteMeters"] as? Double ?? -1)) < 25, "\(place["name"] ?? "")")
            #expect(["fuel", "lodging"].contains(place["kind"] as? String ?? ""))
            // Measured on the roads: OSRM's table, not the estimate.
            let detour = place["detour"] as? [String: Any]
            #expect(detour?["estimated"] as? Bool == false && (detour?["meters"] as? Double ?? -1) >= 0)
        }
        let along = listed.compactMap { $0["alongMeters"] as? Double }
        #expect(along == along.sorted() && along.count == listed.count)
    }

    @Test func chargingComesFromTheHelsinkiImportAndTheTableFitsEightyColumns() throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let stations = try { () -> [(name: String, kind: String, at: Coordinate)] in
            let probe = try CLISandbox(trips: [])
            _ = try probe.run("places", "import", Self.helsinki)
            return try Self.imported(probe, "helsinki").filter { $0.kind == "charging" }
        }()
        try #require(stations.count >= 2)
        // A drive past every charging station the extract knows, west to east, each stop a kilometre north of one.
        let stops = stations.sorted { $0.at.longitude < $1.at.longitude }.enumerated().map { i, s in
            Self.stop("Stop \(i + 1)", Coordinate(latitude: s.at.latitude + 0.01, longitude: s.at.longitude))
        }
        let sandbox = try CLISandbox(trips: [Trip(name: "Helsinki", waypoints: stops)])
        let before = try sandbox.run("along", "Helsinki", "--kind", "charging")
        #expect(
            before.status == 0 && before.stderr.contains("Charging places come from imported OpenStreetMap extracts"), "\(before)"
        )
        #expect(try sandbox.run("places", "import", Self.helsinki).status == 0)
        let table = try sandbox.run("along", "Helsinki", "--kind", "charging", "--within", "5km")
        #expect(table.status == 0 && table.stderr.isEmpty, "\(table)")
        let lines = table.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.contains("stops") == true && lines.first?.contains("detour") == true)
        #expect(lines.count - 1 == stations.count, "\(table.stdout)")
        #expect(lines.dropFirst().allSatisfy { $0.contains(" charging ") && $0.contains("≈") })
        #expect(lines.allSatisfy { $0.unicodeScalars.count <= 80 })
    }

    @Test func badInputIsOneLineNamingTheProblem() throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let sandbox = try CLISandbox(trips: [CLITrips.alps, Trip(name: "Lonely", waypoints: [Self.stop("Here", Monaco.casino)])])
        let kind = try sandbox.run("along", "Alps", "--kind", "park,unicorns")
        #expect(
            kind.isOneLineUserError && kind.stderr.contains("“unicorns” is not a kind of place")
                && kind.stderr.contains("charging"))
        let width = try sandbox.run("along", "Alps", "--within", "ten km")
        #expect(width.isOneLineUserError && width.stderr.contains("is not a distance"), "\(width)")
        let wide = try sandbox.run("along", "Alps", "--within", "500km")
        #expect(wide.isOneLineUserError && wide.stderr.contains("at most"), "\(wide)")
        let lonely = try sandbox.run("along", "Lonely")
        #expect(lonely.isOneLineUserError && lonely.stderr.contains("a route needs two"), "\(lonely)")
        let range = try sandbox.run("edit-trip", "Alps", "--range", "9 km")
        #expect(range.isOneLineUserError && range.stderr.contains("not a range a car has"), "\(range)")
        let noRange = try sandbox.run("along", "Alps", "--gaps")
        #expect(noRange.isOneLineUserError && noRange.stderr.contains("--range"), "\(noRange)")
        let order = try sandbox.run("along", "Alps", "--from", "2", "--to", "1")
        #expect(order.isOneLineUserError && order.stderr.contains("--from must come before --to"), "\(order)")
    }

    @Test func addStopAlongPutsThePlaceOnItsLeg() throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        // Las Vegas → Salt Lake City → West Yellowstone: Grand Teton lies beside the second leg.
        let trip = Trip(
            name: "West",
            waypoints: [
                Self.stop("Las Vegas", Coordinate(latitude: 36.17, longitude: -115.14)),
                Self.stop("Salt Lake City", Coordinate(latitude: 40.76, longitude: -111.89)),
                Self.stop("West Yellowstone", Coordinate(latitude: 44.66, longitude: -111.10))
            ])
        let sandbox = try CLISandbox(trips: [trip])
        let listed = try sandbox.run("along", "West", "--kind", "park", "--within", "60km")
        #expect(listed.status == 0 && listed.stdout.contains("Grand Teton National Park"), "\(listed)")
        let added = try sandbox.run("add-stop", "West", "Grand Teton National Park", "--along")
        #expect(added.status == 0 && added.stdout.contains("as stop 3"), "\(added)")
        #expect(
            try sandbox.trips()[0].waypoints.map(\.name) == [
                "Las Vegas", "Salt Lake City", "Grand Teton National Park", "West Yellowstone"
            ])
        // A place before the first leg's middle goes after the first stop.
        #expect(try sandbox.run("add-stop", "West", "Valley of Fire State Park", "--along").stdout.contains("as stop 2"))
        let both = try sandbox.run("add-stop", "West", "Bryce Canyon", "--along", "--at", "2")
        #expect(both.status != 0 && both.stderr.contains("give one"), "\(both)")
    }

    @Test func gapsAreTheStretchesLongerThanTheRangeWithNoFuelKnown() throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        // Along the 40th parallel from 0° to 6° east (512 km straight, 640 km as the estimate drives it):
        // fuel at km ≈ 53, 160 and 213, then none until km ≈ 587: one stretch of about 374 km with
        // nothing known, longer than the 250 km range.
        let sandbox = try CLISandbox(trips: [
            Trip(
                name: "Crossing",
                waypoints: [
                    Self.stop("West", Coordinate(latitude: 40, longitude: 0)),
                    Self.stop("Middle", Coordinate(latitude: 40, longitude: 3)),
                    Self.stop("East", Coordinate(latitude: 40, longitude: 6))
                ])
        ])
        func station(_ name: String, _ longitude: Double) -> [String: Any] {
            [
                "name": name, "aliases": [String](), "kind": "fuel", "latitude": 40.01, "longitude": longitude, "population": 0,
                "prominence": 300, "region": "", "country": "", "countryCode": "", "timeZone": ""
            ]
        }
        let region: [String: Any] = [
            "region": "crossing", "source": "crossing.osm.pbf", "imported": "2026-11-29T10:00:00Z",
            "places": [station("Fuel A", 0.5), station("Fuel B", 1.5), station("Fuel C", 2.0), station("Fuel D", 5.5)]
        ]
        try FileManager.default.createDirectory(at: sandbox.file("places"), withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: region).write(to: sandbox.file("places/crossing.json"))
        #expect(try sandbox.run("edit-trip", "Crossing", "--range", "250km").status == 0)
        #expect(try sandbox.trips()[0].range == VehicleRange(meters: 250_000))
        let gaps = try sandbox.run("along", "Crossing", "--gaps")
        #expect(gaps.status == 0, "\(gaps)")
        let lines = gaps.stdout.split(separator: "\n")
        #expect(
            lines.count == 1 && lines[0].contains("with no fuel known, from km 21") && lines[0].contains("(legs 1–2)"),
            "\(gaps.stdout)")
        let json = try sandbox.run("along", "Crossing", "--gaps", "--json")
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let found = try #require(answer["gaps"] as? [[String: Any]])
        #expect(found.count == 1)
        let from = found[0]["fromMeters"] as? Double ?? 0, to = found[0]["toMeters"] as? Double ?? 0
        #expect(from > 200_000 && from < 230_000 && to > 560_000 && to < 610_000, "\(found)")
        // The itinerary says the same under the days.
        let itinerary = try sandbox.run("itinerary", "Crossing")
        #expect(itinerary.stdout.contains("Fuel (range 250 km):") && itinerary.stdout.contains("⚠ "), "\(itinerary.stdout)")
        // A range long enough leaves no gap.
        #expect(try sandbox.run("edit-trip", "Crossing", "--range", "400 km").status == 0)
        #expect(
            try sandbox.run("along", "Crossing", "--gaps").stdout.contains("No stretch of “Crossing” is longer than its range"))
    }
}
