import Foundation
import RoadtripCore
import TripFile
import TermUI
import TestSupport
import TripDetail
import TripList
import WaypointEditor

/// The full app as `FullScreenApp` wires it, on a real `JSONTripStore`, drawn on the in-memory screen.
@MainActor
struct ReliabilityApp {
    let store: JSONTripStore
    let repository: TripRepository
    let harness: ScreenHarness

    init(dataFile: URL, trips: [Trip], width: Int = 80, height: Int = 24) {
        store = JSONTripStore(url: dataFile)
        repository = TripRepository(store: store, trips: trips)
        harness = ScreenHarness(width: width, height: height)
        harness.pushPlanner(repository: repository)
    }

    /// Renames the selected trip in place, as a user would: r, clear, type, Enter.
    func renameSelected(to name: String) {
        harness.type("r")
        harness.send(.ctrl("u"))
        harness.type(name)
        harness.send(.enter)
    }

    var statusLine: String { harness.lines.last ?? "" }
}

enum ReliabilityFixtures {
    static func trips() -> [Trip] {
        [
            Trip(
                id: UUID(uuidString: "00000000-0000-4000-8000-0000000000B1")!, name: "Alps",
                waypoints: [
                    Waypoint(
                        id: UUID(uuidString: "00000000-0000-4000-8000-0000000000C1")!, name: "Chamonix",
                        coordinate: Coordinate(latitude: 45.9237, longitude: 6.8694)),
                    Waypoint(
                        id: UUID(uuidString: "00000000-0000-4000-8000-0000000000C2")!, name: "Zermatt",
                        coordinate: Coordinate(latitude: 46.0207, longitude: 7.7491))
                ])
        ]
    }

    /// Trips whose names take two columns a character (CJK, emoji), for the fuzzer's check that a
    /// frame after any overlay (help, a question, a prompt) over them equals a full repaint.
    static func wideNamed() -> [Trip] {
        [
            Trip(
                name: "東京 → 京都 → 大阪",
                waypoints: [
                    Waypoint(name: "東京", coordinate: Coordinate(latitude: 35.6895, longitude: 139.6917)),
                    Waypoint(name: "京都 🏯", coordinate: Coordinate(latitude: 35.0116, longitude: 135.7681)),
                    Waypoint(name: "大阪", coordinate: Coordinate(latitude: 34.6937, longitude: 135.5023))
                ]),
            Trip(
                name: "Road 🚗 trip ⛰️ and back",
                waypoints: [
                    Waypoint(name: "Café 🏔 Zürich", coordinate: Coordinate(latitude: 47.3769, longitude: 8.5417)),
                    Waypoint(name: "Crème brûlée stop", coordinate: Coordinate(latitude: 46.2044, longitude: 6.1432))
                ])
        ]
    }
}
