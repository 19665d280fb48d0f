import Foundation
import QRCode
import RoadtripCore
import Testing

/// Navigation links as each app documents them, and the QR codes drawn for them.
@Suite struct NavigationLinksTests {
    static func stops(_ count: Int, firstNumber: Int = 1) -> [LinkStop] {
        (0..<count).map {
            LinkStop(
                name: "Stop \($0 + 1)",
                coordinate: Coordinate(latitude: 45 + Double($0) * 0.01, longitude: 7 - Double($0) * 0.01),
                number: $0 + firstNumber)
        }
    }

    static func query(_ url: String) -> [String: String] {
        let items = URLComponents(string: url)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { a, _ in a })
    }

    @Test(arguments: [2, 10, 11, 12, 21, 22, 40])
    func googleChainsLinksOfAtMostNineWaypointsThroughEveryStop(count: Int) {
        let stops = Self.stops(count)
        let links = NavigationLinks.links(for: stops, app: .google)
        #expect(links.count == max(1, Int((Double(count - 1) / 10).rounded(.up))))
        var visited: [String] = []
        for link in links {
            let q = Self.query(link.url)
            let waypoints = q["waypoints"].map { $0.split(separator: "|").map(String.init) } ?? []
            #expect(waypoints.count <= NavigationLinks.googleWaypointLimit)
            let points = [q["origin"]!] + waypoints + [q["destination"]!]
            if let last = visited.last { #expect(points.first == last) }
            visited += visited.isEmpty ? points : Array(points.dropFirst())
            #expect(q["api"] == "1" && q["travelmode"] == "driving" && q["avoid"] == nil)
            #expect(link.url.hasPrefix("https://www.google.com/maps/dir/?api=1&"))
        }
        #expect(visited == stops.map { String(format: "%.5f,%.5f", $0.coordinate.latitude, $0.coordinate.longitude) })
    }

    @Test func avoidanceGoesInGooglesWordsAndTitlesCountFromTheFirstStopGiven() {
        let links = NavigationLinks.links(for: Self.stops(3, firstNumber: 7), app: .google, avoid: [.motorways, .tolls])
        #expect(Self.query(links[0].url)["avoid"] == "tolls|highways")
        #expect(links[0].title == "Stops 7–9: Stop 1 → Stop 3")
        #expect(links[0].url.contains("%7C") && !links[0].url.contains("|"))
        #expect(links[0].fromNumber == 7 && links[0].toNumber == 9)
        // A link to a night between stops carries no stop number and no "Stops" in its title.
        var points = Self.stops(2)
        points.append(LinkStop(name: "Night near Kingman", coordinate: Coordinate(latitude: 35.2, longitude: -114), number: nil))
        let night = NavigationLinks.links(for: points, app: .google)[0]
        #expect(night.title == "Stop 1 → Night near Kingman" && night.fromNumber == 1 && night.toNumber == nil)
    }

    @Test func oneStopIsALinkToItAndNoneIsNoLink() {
        #expect(NavigationLinks.links(for: [], app: .apple).isEmpty)
        for app in NavigationApp.allCases {
            let links = NavigationLinks.links(for: Self.stops(1), app: app)
            #expect(links.count == 1 && links[0].title == "To Stop 1" && links[0].url.contains("45.00000,7.00000"))
        }
    }

    @Test func appleAndOpenStreetMapAreALinkALeg() {
        let apple = NavigationLinks.links(for: Self.stops(4), app: .apple)
        #expect(
            apple.count == 3 && Self.query(apple[1].url)["saddr"] == "45.01000,6.99000"
                && Self.query(apple[1].url)["dirflg"] == "d")
        let osm = NavigationLinks.links(for: Self.stops(4), app: .osm)
        #expect(osm.count == 3 && Self.query(osm[2].url)["route"] == "45.02000,6.98000;45.03000,6.97000")
    }

    @Test func aNameWithControlsNeverReachesATitleRaw() {
        var stops = Self.stops(2)
        stops[0].name = "Evil\u{1B}[2Jname\nnext"
        let title = NavigationLinks.links(for: stops, app: .google)[0].title
        #expect(!title.contains("\u{1B}") && !title.contains("\n"))
    }

    @Test func qrCodesAreSquaresOfTheDocumentedSizes() throws {
        let small = try #require(QRCode("https://example.com"))
        #expect(small.size == 17 + 4 * small.version && small.modules.count == small.size * small.size)
        // The finder patterns: dark corners with a light ring.
        #expect(small.isDark(row: 0, column: 0) && small.isDark(row: 6, column: 6) && !small.isDark(row: 1, column: 1))
        let long = String(repeating: "https://www.google.com/maps/dir/?api=1", count: 12)
        let medium = try #require(QRCode(long, correction: .medium)), low = try #require(QRCode(long, correction: .low))
        #expect(low.size <= medium.size)
        #expect(QRCode(String(repeating: "x", count: 3000), correction: .low) == nil)
        #expect(QRCode("") == nil)
        // Half blocks: two module rows a line, the quiet zone light all round.
        let lines = small.halfBlockLines(quiet: 2)
        #expect(lines.count == (small.size + 4 + 1) / 2 && lines.allSatisfy { $0.count == small.size + 4 })
        #expect(lines[0].allSatisfy { $0 == "█" })
    }
}
