import Foundation
import RoadtripCore
import TripFile

/// The sample trips a first run starts from.
enum SampleTrips {
    static func load() -> Result<[Trip], SampleError> {
        guard let dir = ResourceLocator.dataDirectory else {
            return .failure(SampleError(ResourceLocator.location.missingMessage))
        }
        let store = JSONTripStore(url: dir.appendingPathComponent("sample-trips.json"))
        do {
            return .success(try store.load()?.trips ?? [])
        } catch {
            return .failure(SampleError("sample data unreadable: \(error)"))
        }
    }

    struct SampleError: Error, CustomStringConvertible {
        var description: String
        init(_ d: String) { description = d }
    }
}
