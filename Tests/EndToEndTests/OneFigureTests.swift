import Foundation
import RoadtripCore
import Testing
import TestSupport

/// One figure per trip: `roadtrip list` prints the same total as the trip list screen, for every sample trip.
@Suite(.serialized) struct OneFigureTests {
    @Test func theCommandLineAndTheScreenAgreeOnEverySampleTrip() throws {
        let dir = try TemporaryDirectory()
        let data = dir.file("trips.json")
        try FileManager.default.copyItem(
            at: RoadtripProcess.repositoryRoot.appendingPathComponent("Data/sample-trips.json"), to: data)
        let listed = try RoadtripProcess.run(["list", "--data", data.path])
        #expect(listed.status == 0, "\(listed)")
        // "Route 66: Chicago → Santa Monica       13    ≈ 3,900 km  E44C…": the distance sits before the id.
        let cli: [(name: String, distance: String)] = listed.stdout.split(separator: "\n").dropFirst().compactMap { line in
            let columns = line.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                !$0.isEmpty
            }
            guard columns.count >= 4 else { return nil }
            return (columns[0], columns[columns.count - 2])
        }
        #expect(cli.count == 10)

        let session = try TmuxSession(
            command: [RoadtripBinary.url.path, "--data", data.path], width: 120, height: 30,
            environment: ["LANG": "C.UTF-8"])
        defer { session.kill() }
        let screen = try session.waitFor(text: "Garden Route")
        for trip in cli {
            let row = screen.split(separator: "\n").first { $0.contains(trip.name) }.map(String.init) ?? ""
            #expect(
                row.trimmingCharacters(in: .whitespaces).hasSuffix(trip.distance),
                "\(trip.name): list says \(trip.distance), the screen \(row)")
        }
    }

    /// Every leg and the total of every sample trip read the same in `roadtrip show` and on the trip screen.
    @Test func theTripScreenShowsTheLegsAndTotalThatShowPrints() throws {
        let dir = try TemporaryDirectory()
        let data = dir.file("trips.json")
        try FileManager.default.copyItem(
            at: RoadtripProcess.repositoryRoot.appendingPathComponent("Data/sample-trips.json"), to: data)
        let names = try RoadtripProcess.run(["list", "--data", data.path]).stdout.split(separator: "\n").dropFirst()
            .compactMap { $0.components(separatedBy: "  ").first.map { $0.trimmingCharacters(in: .whitespaces) } }
        #expect(names.count == 10)

        let session = try TmuxSession(
            command: [RoadtripBinary.url.path, "--data", data.path], width: 120, height: 40,
            environment: ["LANG": "C.UTF-8"])
        defer { session.kill() }
        _ = try session.waitFor(text: "Garden Route")
        for (index, name) in names.enumerated() {
            let shown = try RoadtripProcess.run(["show", "--data", data.path, name])
            #expect(shown.status == 0, "\(shown)")
            // "Melbourne   Geelong   ≈ 80.9 km   ≈ 1 h 1 min  estimate": the distance is the third column.
            let lines = shown.stdout.split(separator: "\n").map(String.init)
            let legs = lines.drop { !$0.hasPrefix("FROM") }.dropFirst().prefix { !$0.hasPrefix("Total") }.map { line in
                line.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }[2]
            }
            let total = try #require(lines.first { $0.hasPrefix("Total ") })
            #expect(legs.count >= 10, "\(name): \(shown.stdout)")

            try session.send(keys: ["Home"] + Array(repeating: "Down", count: index) + ["Enter"])
            // The total comes from the background, a frame after the stops.
            let screen = try session.waitUntil("\(name) with its total") {
                $0.contains("Trip: \(name)") && $0.contains("Total")
            }
            let rows = screen.split(separator: "\n").map(String.init)
            for (leg, distance) in legs.enumerated() {
                // Stop leg + 2 is the row "  12 Port Fairy   ≈ 27.0 km": its leg from the stop before.
                let number = String(leg + 2)
                let row = rows.first { $0.trimmingCharacters(in: CharacterSet(charactersIn: " ▶")).hasPrefix(number + " ") }
                #expect(
                    row?.contains(distance) == true,
                    "\(name), stop \(number): show says \(distance), the screen \(row ?? "nothing")")
            }
            // "Total ≈ 378 km, ≈ 4 h 44 min driving" on the CLI; "Total  ≈ 378 km · ≈ 4 h 44 min" or alike on the screen.
            let distanceTotal = total.dropFirst("Total ".count).components(separatedBy: ",")[0]
            #expect(
                rows.contains { $0.contains("Total") && $0.contains(distanceTotal) },
                "\(name): show says \(total), the screen:\n\(screen)")
            try session.send(keys: ["Escape"])
            _ = try session.waitFor(text: "Garden Route")
        }
    }
}
