import Foundation
import RoadtripCore
import TripFile

/// The data files the benchmarks run on, written once per run into the work folder.
struct Workloads {
    static let seed: UInt64 = 2026

    let folder: URL
    /// Data/sample-trips.json, the file a first run starts from.
    let sample: URL
    let small: URL
    let large: URL
    let longTrip: URL

    init(folder: URL, repository: URL) throws {
        self.folder = folder
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        sample = folder.appendingPathComponent("sample-trips.json")
        try FileManager.default.copyItem(at: repository.appendingPathComponent("Data/sample-trips.json"), to: sample)
        small = folder.appendingPathComponent("generated-10x10.json")
        large = folder.appendingPathComponent("generated-10000x20.json")
        longTrip = folder.appendingPathComponent("generated-1x1000.json")
        for (url, size) in [(small, TripWorkload.sample), (large, TripWorkload.large), (longTrip, TripWorkload.longTrip)] {
            try JSONTripStore(url: url).save(TripWorkload.document(count: size.trips, stops: size.stops, seed: Self.seed))
        }
    }

    static func size(of url: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    /// "10,000 trips × 20 stops (36.1 MB)"
    static func label(_ url: URL) -> String {
        let name = url.lastPathComponent
        let shape: String = switch name {
        case "sample-trips.json": "sample file"
        case "generated-10x10.json": "10×10 gen."
        case "generated-10000x20.json": "10,000×20 gen."
        default: "1×1,000 gen."
        }
        return "\(shape) (\(formatMB(size(of: url))))"
    }
}
