import Foundation
@testable import RoadtripCore

/// A fresh folder under the system's temporary directory, removed when `body` returns.
func withTemporaryFolder<R>(_ body: (URL) throws -> R) rethrows -> R {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("roadtrip-store-\(UUID().uuidString)", isDirectory: true)
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer {
        // Undo permission changes a test made so the folder can be removed.
        chmod(folder.path, 0o700)
        try? FileManager.default.removeItem(at: folder)
    }
    return try body(folder)
}

/// The permission bits of the file at `url` (without following a final symlink).
func mode(of url: URL) -> mode_t {
    var info = stat()
    lstat(url.path, &info)
    return info.st_mode & 0o7777
}

func bytes(of url: URL) -> Data? { FileManager.default.contents(atPath: url.path) }

/// Names in `folder` other than the data file and its backup.
func strayFiles(in folder: URL, besides names: Set<String> = ["trips.json", "trips.json.bak"]) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !names.contains($0) }
}

enum StoreFixtures {
    static let tokyo = Waypoint(
        id: UUID(uuidString: "00000000-0000-4000-8000-000000000001")!,
        name: "東京駅", coordinate: Coordinate(latitude: 35.68123, longitude: 139.76712))
    static let kyoto = Waypoint(
        id: UUID(uuidString: "00000000-0000-4000-8000-000000000002")!,
        name: "京都", coordinate: Coordinate(latitude: 34.98576, longitude: 135.75883))
    static let paris = Waypoint(
        id: UUID(uuidString: "00000000-0000-4000-8000-000000000003")!,
        name: "Tour Eiffel \u{1B}]0;x\u{07} \"quoted\"", coordinate: Coordinate(latitude: 48.8584, longitude: 2.2945))

    static let documentA = TripDocument(trips: [
        Trip(id: UUID(uuidString: "00000000-0000-4000-8000-0000000000A1")!, name: "東京 → 京都", waypoints: [tokyo, kyoto]),
        Trip(id: UUID(uuidString: "00000000-0000-4000-8000-0000000000A2")!, name: "Paris 🗼", waypoints: [paris]),
        Trip(id: UUID(uuidString: "00000000-0000-4000-8000-0000000000A3")!, name: "", waypoints: [])
    ])

    static var documentB: TripDocument {
        var d = documentA
        d.trips[0].name = "renamed"
        d.trips.remove(at: 1)
        return d
    }

    /// A valid document text with `stop` as the only waypoint's fields, for hand-edit tests.
    static func text(formatVersion: String = "1", stop: String) -> String {
        """
        {
          "formatVersion" : \(formatVersion),
          "trips" : [
            {
              "id" : "00000000-0000-4000-8000-0000000000A1",
              "name" : "Trip",
              "waypoints" : [
                {
        \(stop)
                }
              ]
            }
          ]
        }

        """
    }

    static let goodStop = """
                  "id" : "00000000-0000-4000-8000-000000000001",
                  "latitude" : 35.68123,
                  "longitude" : 139.76712,
                  "name" : "東京"
        """
}
