import Foundation
import Itinerary
import RoadtripCore

/// The services subcommands share: routes, travel matrices, time zones.
enum CommandServices {
    /// The legs between `stops` from the configured route provider.
    static func legs(for stops: [Coordinate], options: GlobalOptions) throws -> [Leg] {
        GeodesicRouteProvider().instantLegs(for: stops)
    }

    static func matrix(options: GlobalOptions) -> any TravelTimeMatrixProviding {
        EstimatedTravelMatrixProvider()
    }

    static func timeZones(options: GlobalOptions) -> TimeZoneLookup { .none }

    /// Runs async work to completion from a synchronous command.
    static func wait<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do { box.result = .success(try await work()) } catch { box.result = .failure(error) }
            done.signal()
        }
        done.wait()
        switch box.result! {
        case let .success(value): return value
        case let .failure(error as UserError): throw error
        case let .failure(error): throw UserError("\(error)")
        }
    }
}

private final class ResultBox<T: Sendable>: @unchecked Sendable {
    var result: Result<T, Error>?
}
