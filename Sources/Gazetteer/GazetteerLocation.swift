import Foundation
import RoadtripCore

extension Gazetteer {
    /// The folder of the gazetteer files: roadtrip's data folder, as `ResourceLocator` finds it.
    public static func defaultDirectory(location: ResourceLocator.Location = ResourceLocator.location) throws -> URL {
        guard let dir = location.directory else { throw GazetteerError.notFound(location.missingMessage) }
        guard FileManager.default.fileExists(atPath: dir.appendingPathComponent("gazetteer-index.bin").path) else {
            throw GazetteerError.notFound(
                "the place search's files are missing from \(dir.path) (gazetteer-index.bin and the rest)")
        }
        return dir
    }
}
