import Foundation
import RoadtripCore
import Testing
import TestSupport

/// `roadtrip link`: the links parsed back by Python's urllib hold every stop in order, at most 9
/// waypoints a Google link, chained at shared stops; the QR codes decode back (zbar's zbarimg) to the links.
@Suite struct CLILinkTests {
    /// Parses each URL with urllib.parse and prints, per link, the host, path and the positions in
    /// driving order (origin, waypoints, destination; saddr, daddr; route), one JSON object a line.
    static let parser = """
        import json, sys, urllib.parse
        for line in open(sys.argv[1]).read().split():
            url = urllib.parse.urlsplit(line)
            q = urllib.parse.parse_qs(url.query, keep_blank_values=True)
            one = lambda k: q[k][0] if k in q else None
            if url.netloc == "www.google.com":
                points = [one("origin")] + (one("waypoints").split("|") if one("waypoints") else []) + [one("destination")]
                extra = {"waypoints": len(one("waypoints").split("|")) if one("waypoints") else 0,
                         "travelmode": one("travelmode"), "api": one("api"), "avoid": one("avoid")}
            elif url.netloc == "maps.apple.com":
                points = [one("saddr"), one("daddr")]
                extra = {"dirflg": one("dirflg")}
            else:
                points = one("route").split(";")
                extra = {"engine": one("engine")}
            print(json.dumps({"host": url.netloc, "points": points, **extra}))
        """

    static func parsed(_ urls: [String]) throws -> [[String: Any]] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-links-\(UUID().uuidString)")
        try Data(urls.joined(separator: "\n").utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let out = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", parser, file.path])
        return try out.output.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    static func position(_ c: Coordinate) -> String { String(format: "%.5f,%.5f", c.latitude, c.longitude) }

    static func urls(_ outcome: RoadtripProcess.Outcome) throws -> [String] {
        let rows = try #require(
            try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]], "\(outcome)")
        return rows.compactMap { $0["url"] as? String }
    }

    static func longDrive() -> Trip {
        var trip = Trip(name: "Long drive")
        // 23 stops: three Google links of at most 11 stops, chained.
        for i in 0..<23 {
            trip.waypoints.append(
                Waypoint(
                    name: "Stop \(i + 1) & “quoted”",
                    coordinate: Coordinate(latitude: 35 + Double(i) * 0.1, longitude: -100 - Double(i) * 0.2)))
        }
        trip.avoid = [.tolls, .ferries]
        return trip
    }

    @Test func googleLinksHoldEveryStopInOrderNineWaypointsAtMostChainedAtSharedStops() throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let trip = Self.longDrive()
        let sandbox = try CLISandbox(trips: [trip])
        let out = try sandbox.run("link", "Long drive", "--json")
        #expect(out.status == 0 && out.stderr.isEmpty, "\(out)")
        let links = try Self.parsed(try Self.urls(out))
        #expect(links.count == 3)
        var driven: [String] = []
        for link in links {
            #expect(link["host"] as? String == "www.google.com" && link["api"] as? String == "1")
            #expect(link["travelmode"] as? String == "driving" && link["avoid"] as? String == "tolls|ferries")
            #expect((link["waypoints"] as? Int ?? 99) <= 9)
            let points = link["points"] as? [String] ?? []
            // Each link starts where the last one ended.
            if let last = driven.last { #expect(points.first == last) }
            driven += driven.isEmpty ? points : Array(points.dropFirst())
        }
        #expect(driven == trip.waypoints.map { Self.position($0.coordinate) })

        let from = try Self.parsed(try Self.urls(try sandbox.run("link", "Long drive", "--json", "--from", "20")))
        #expect(from.count == 1 && (from[0]["points"] as? [String]) == trip.waypoints[19...].map { Self.position($0.coordinate) })
    }

    @Test func appleAndOpenStreetMapLinksAreOneALeg() throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let trip = Self.longDrive()
        let sandbox = try CLISandbox(trips: [trip])
        for app in ["apple", "osm"] {
            let links = try Self.parsed(try Self.urls(try sandbox.run("link", "Long drive", "--json", "--to", app)))
            #expect(links.count == trip.waypoints.count - 1)
            for (index, link) in links.enumerated() {
                #expect(
                    (link["points"] as? [String])
                        == [Self.position(trip.waypoints[index].coordinate), Self.position(trip.waypoints[index + 1].coordinate)])
            }
            #expect(links.allSatisfy { $0["dirflg"] as? String == "d" || $0["engine"] as? String == "fossgis_osrm_car" })
        }
        let bad = try sandbox.run("link", "Long drive", "--to", "waze")
        #expect(bad.status != 0 && bad.stderr.contains("waze"))
        let both = try sandbox.run("link", "Long drive", "--from", "2", "--day", "1")
        #expect(both.status != 0 && both.stderr.contains("give one of them"))
    }

    @Test func qrCodesDecodeBackToTheLinks() throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/zbarimg"), "zbar-tools is not installed")
        let trip = Self.longDrive()
        let sandbox = try CLISandbox(trips: [trip])
        let expected = try Self.urls(try sandbox.run("link", "Long drive", "--json"))
        let drawn = try sandbox.run("link", "Long drive", "--qr")
        #expect(drawn.status == 0, "\(drawn)")
        let decoder = RoadtripProcess.repositoryRoot.appendingPathComponent("Scripts/tests/qr_decode.py").path
        try Data(drawn.stdout.utf8).write(to: sandbox.file("codes.txt"))
        let decoded = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/python3"), [decoder, sandbox.file("codes.txt").path])
        #expect(decoded.output.split(separator: "\n").map(String.init) == expected, "\(decoded.error)")
    }
}
