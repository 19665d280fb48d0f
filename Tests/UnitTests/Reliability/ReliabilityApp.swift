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
}
