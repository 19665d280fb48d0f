import Foundation
import RoadtripCore
import TripFile

/// The sample trips a first run starts from.
enum SampleTrips {
    static func load() -> Result<[Trip], SampleTripsError> {
        guard let dir = ResourceLocator.dataDirectory else {
            return .failure(SampleTripsError(ResourceLocator.location.missingMessage))
        }
        let store = JSONTripStore(url: dir.appendingPathComponent("sample-trips.json"))
        do {
            return .success(try store.load()?.trips ?? [])
        } catch {
            return .failure(SampleTripsError("sample data unreadable: \(error)"))
        }
    }

    /// The samples as examples: shown to a person with no trips file, saved only once edited.
    static func examples() -> Result<[Trip], SampleTripsError> {
        load().map { trips in
            trips.map {
                var example = $0
                example.isExample = true
                return example
            }
        }
    }
}
