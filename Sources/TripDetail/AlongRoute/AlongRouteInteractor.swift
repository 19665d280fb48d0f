import Foundation
import Itinerary
import RoadtripCore
import TermUI

/// Looks along the trip's route in the background, measures detours on the roads when it can, and
/// adds a place as a stop on its leg through the shared repository.
@MainActor
final class AlongRouteInteractor: AlongRouteInteractorProtocol {
    weak var output: AlongRouteInteractorOutput?
    private let shown: ShownTrip
    private let along: any AlongRouteSearching
    private let matrix: any TravelTimeMatrixProviding
    private var job: Task<Void, Never>?

    init(shown: ShownTrip, along: any AlongRouteSearching, matrix: any TravelTimeMatrixProviding) {
        self.shown = shown
        self.along = along
        self.matrix = matrix
    }

    var trip: Trip? { shown.trip() }
    var unit: DistanceUnit { shown.settings.unit }
    var measuresDetours: Bool { !(matrix is EstimatedTravelMatrixProvider) }

    func search(_ request: AlongRequest) {
        job?.cancel()
        guard let trip, trip.waypoints.count >= 2 else { return }
        let routes = shown.router(for: trip), along = self.along
        let matrix = self.matrix.avoiding(trip.avoid)
        let measures = measuresDetours
        let deliver = shown.deliver
        let stops = trip.coordinates
        deliver.begin()
        job = Task.detached {
            // The route as the trip screen has it (cached road legs come back at once), then the places along it.
            let legs = await routes.route(for: stops).legs
            let line = RouteLine(legs: legs)
            var answer = along.places(along: line, request)
            answer.places = AlongDetours.estimated(answer.places)
            let found = answer
            let cancelled = Task.isCancelled
            deliver.finish { [weak self] in
                guard !cancelled, let self else { return }
                self.output?.placesDidArrive(found, legs: legs, request: request)
            }
            guard measures, !cancelled, !found.places.isEmpty else { return }
            deliver.begin()
            let measured = await AlongDetours.measured(found.places, matrix: matrix)
            let stopped = Task.isCancelled
            deliver.finish { [weak self] in
                guard !stopped, let self else { return }
                self.output?.detoursDidArrive(measured.places, failure: measured.failure, request: request)
            }
        }
    }

    func add(_ place: AlongPlace) -> Result<(id: Waypoint.ID, number: Int), AlongAddError> {
        guard let trip else { return .failure(AlongAddError(message: "The trip is gone.")) }
        guard trip.waypoints.count < TextLimits.stopsPerTrip else {
            return .failure(AlongAddError(message: "“\(trip.name)” already has the most stops a trip holds."))
        }
        let index = min(max(1, place.position.leg + 1), trip.waypoints.count)
        let stop = Waypoint(
            name: String(place.name.prefix(TextLimits.name)), coordinate: place.coordinate,
            timeZone: place.timeZone.isEmpty ? nil : place.timeZone, region: place.region.isEmpty ? nil : place.region,
            country: place.country.isEmpty ? nil : place.country)
        if let error = shown.repository.update(
            tripID: trip.id, "adding “\(stop.name)” along the route", { $0.waypoints.insert(stop, at: index) })
        {
            return .failure(AlongAddError(message: error))
        }
        return .success((stop.id, index + 1))
    }

    func cancel() {
        job?.cancel()
        job = nil
    }
}
