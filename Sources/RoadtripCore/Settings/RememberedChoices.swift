import Foundation

/// What the planner keeps between launches: the unit last chosen with `t`, the map shown or hidden
/// (`M`) and its zoom, and the trip and stop the person was on, so the next launch opens where they
/// left off.
///
/// These are the person's last choices, not settings: they live in a small file beside the data
/// file (`trips.json` → `trips.state.json`), never in the config, and a missing or unreadable one
/// only means starting fresh.
public struct RememberedChoices: Codable, Equatable, Sendable {
    public var unit: DistanceUnit?
    /// The trip last opened, and whether its screen was still open when the planner ended.
    public var trip: UUID?
    public var tripWasOpen: Bool?
    /// The stop selected on that trip's screen.
    public var stop: UUID?
    /// Whether the trip screen shows its map (`M`), and its zoom in steps from the fitted view.
    public var map: Bool?
    public var mapZoom: Int?

    public init(
        unit: DistanceUnit? = nil, trip: UUID? = nil, tripWasOpen: Bool? = nil, stop: UUID? = nil, map: Bool? = nil,
        mapZoom: Int? = nil
    ) {
        self.unit = unit
        self.trip = trip
        self.tripWasOpen = tripWasOpen
        self.stop = stop
        self.map = map
        self.mapZoom = mapZoom
    }

    /// The file beside `dataFile` that holds them.
    public static func fileURL(beside dataFile: URL) -> URL {
        let name = dataFile.deletingPathExtension().lastPathComponent
        return dataFile.deletingLastPathComponent().appendingPathComponent(name + ".state.json")
    }

    /// The choices in the file beside `dataFile`; none when it is missing, too large or not ours.
    public static func load(beside dataFile: URL) -> RememberedChoices {
        let url = fileURL(beside: dataFile)
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            (attributes[.size] as? Int ?? .max) <= 4096, let data = try? Data(contentsOf: url),
            let choices = try? JSONDecoder().decode(RememberedChoices.self, from: data)
        else { return RememberedChoices() }
        return choices
    }

    /// Writes them beside `dataFile`, atomically; nil when done, else why not (one line).
    public func save(beside dataFile: URL) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            let data = try encoder.encode(self)
            // The data folder is made by the first save of a trip; the choices may come first.
            // Private, as every folder roadtrip makes.
            try FileManager.default.createDirectory(
                at: dataFile.deletingLastPathComponent(), withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            try AtomicFileWriter(target: Self.fileURL(beside: dataFile), keepsBackup: false).write(data)
            return nil
        } catch {
            return "Could not keep your last choices in \(Self.fileURL(beside: dataFile).path): \(error)"
        }
    }
}
