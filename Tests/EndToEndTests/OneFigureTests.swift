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
}
