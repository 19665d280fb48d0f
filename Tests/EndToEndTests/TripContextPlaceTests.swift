import Foundation
import RoadtripCore
import Testing
import TestSupport
import TripFile

/// One case of Tests/Fixtures/places/trip-context.tsv: a trip, where the new stop goes, what is
/// typed, and the place a person means.
struct TripContextCase: CustomTestStringConvertible, Sendable {
    var stops: [(name: String, coordinate: Coordinate)]
    /// From 1, as `add-stop --at`; nil for the end.
    var at: Int?
    var query: String
    var expected: String
    var coordinate: Coordinate
    var note: String

    var testDescription: String { "\(query) → \(expected)" }

    /// Every case of the file.
    static let all: [TripContextCase] = {
        let url = RoadtripProcess.repositoryRoot.appendingPathComponent("Tests/Fixtures/places/trip-context.tsv")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        var rows = text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }.map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
        guard !rows.isEmpty else { return [] }
        rows.removeFirst()  // the header
        return rows.compactMap { cells in
            guard cells.count >= 6, let lat = Double(cells[4]), let lon = Double(cells[5]) else { return nil }
            let stops = cells[0].components(separatedBy: " ; ").compactMap { part -> (String, Coordinate)? in
                let pieces = part.split(separator: "@", maxSplits: 1).map(String.init)
                guard pieces.count == 2 else { return nil }
                let numbers = pieces[1].split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
                guard numbers.count == 2 else { return nil }
                return (pieces[0].trimmingCharacters(in: .whitespaces), Coordinate(latitude: numbers[0], longitude: numbers[1]))
            }
            return TripContextCase(
                stops: stops, at: Int(cells[1]), query: cells[2], expected: cells[3],
                coordinate: Coordinate(latitude: lat, longitude: lon), note: cells.count > 6 ? cells[6] : "")
        }
    }()

    /// The trip, as the store writes it.
    var trip: Trip {
        var trip = Trip(name: "Context trip")
        trip.waypoints = stops.map { Waypoint(name: $0.name, coordinate: $0.coordinate) }
        return trip
    }

    /// Whether the query only begins the place's name ("Horseshoe B"): the planner's highlight
    /// takes it, the command line does not.
    var isPrefix: Bool {
        let typed = query.lowercased(), name = expected.lowercased()
        guard typed != name, name.hasPrefix(typed) else { return false }
        // Ended mid-word: "Portl", not "Zion" (a whole other name of Zion National Park).
        return name.dropFirst(typed.count).first?.isLetter == true
    }

    /// Where the new stop lands, from 0.
    var index: Int { (at ?? stops.count + 1) - 1 }
}

/// The place meant given the trip, through `add-stop` as a person types it (issue 27): a name
/// means the place near the stops the new one goes between. One case at a time: 143 processes at
/// once would load the machine the terminal tests share.
@Suite(.serialized)
struct TripContextPlaceTests {
    @Test func theCaseFileHoldsEveryContinent() {
        let cases = TripContextCase.all
        #expect(cases.count >= 40)
        // Longitude bands of the Americas, Europe and Africa, Asia and Oceania.
        #expect(cases.contains { $0.coordinate.longitude < -30 })
        #expect(cases.contains { (-30...60).contains($0.coordinate.longitude) && $0.coordinate.latitude < 0 })
        #expect(cases.contains { (-30...60).contains($0.coordinate.longitude) && $0.coordinate.latitude > 35 })
        #expect(cases.contains { $0.coordinate.longitude > 60 && $0.coordinate.latitude > 0 })
        #expect(cases.contains { $0.coordinate.longitude > 100 && $0.coordinate.latitude < 0 })
    }

    @Test(arguments: TripContextCase.all)
    func addStopTakesThePlaceMeant(_ c: TripContextCase) throws {
        let sandbox = try CLISandbox(trips: [c.trip])
        var args = ["add-stop", "Context trip", c.query]
        if let at = c.at { args += ["--at", String(at)] }
        let result = try sandbox.run(args)
        if c.isPrefix {
            // A name begun is no name: the command lists the candidates, the one meant first, and takes none.
            #expect(result.status == 1)
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count > 2 && lines[1].contains(c.expected), "\(c.query): \(result.stderr)")
            #expect(try JSONTripStore(url: sandbox.dataURL).load()?.trips.first?.waypoints.count == c.stops.count)
            return
        }
        #expect(result.status == 0, "\(c.query): \(result.stderr)")
        let trip = try #require(try JSONTripStore(url: sandbox.dataURL).load()?.trips.first)
        try #require(trip.waypoints.count == c.stops.count + 1, "\(c.query): nothing added")
        let added = trip.waypoints[c.index]
        let meters = Geodesic.distance(added.coordinate, c.coordinate)
        #expect(meters < 25_000, "\(c.query) → \(added.name) at \(added.coordinate), not \(c.expected) (\(c.note))")
        // The confirmation says which place it took: region and country, not only the numbers.
        #expect(result.stdout.contains("Added “"))
    }
}
