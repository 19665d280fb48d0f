import Foundation
import Itinerary
import RoadtripCore
import TermUI

/// Plans the itinerary for the page, in the background for a long trip, and adds the night it suggests.
@MainActor
final class ItineraryPageInteractor: ItineraryPageInteractorProtocol {
    private let repository: TripRepository
    private let deliver: UIDelivery
    private let timeZones: TimeZoneLookup
    private let nightPlaces: NightPlaceLookup
    /// The last itinerary and what it was planned from: the page reads it at every draw.
    private var cache: (trip: Trip, legs: [Leg], unit: DistanceUnit, lines: [String], nights: [SuggestedNight])?
    /// The long itinerary being planned in the background, and for what.
    private var job: (trip: Trip, legs: [Leg], unit: DistanceUnit, task: Task<Void, Never>)?

    /// The places along the route, for the stretches longer than the trip's range; nil: none looked for.
    private let along: (any AlongRouteSearching)?
    /// The range's lines and what they were found for; the search runs in the background.
    private var rangeCache: (trip: Trip, legs: [Leg], unit: DistanceUnit, lines: [String])?
    private var rangeJob: (trip: Trip, legs: [Leg], unit: DistanceUnit, task: Task<Void, Never>)?

    /// Above this many stops the itinerary is planned in the background.
    static let backgroundStops = 500

    init(
        repository: TripRepository, deliver: UIDelivery, timeZones: TimeZoneLookup, nightPlaces: NightPlaceLookup,
        along: (any AlongRouteSearching)? = nil
    ) {
        self.along = along
        self.repository = repository
        self.deliver = deliver
        self.timeZones = timeZones
        self.nightPlaces = nightPlaces
    }

    func lines(of trip: Trip, legs: [Leg], unit: DistanceUnit) -> [String] {
        planLines(of: trip, legs: legs, unit: unit) + rangeLines(of: trip, legs: legs, unit: unit)
    }

    /// The stretches longer than the trip's range with no fuel (or charging) known along them,
    /// looked for in the background: the first index of the places takes a moment.
    private func rangeLines(of trip: Trip, legs: [Leg], unit: DistanceUnit) -> [String] {
        guard let range = trip.range, let along, trip.waypoints.count >= 2 else { return [] }
        if let rangeCache, rangeCache.trip == trip, rangeCache.legs == legs, rangeCache.unit == unit { return rangeCache.lines }
        if rangeJob?.trip != trip || rangeJob?.legs != legs || rangeJob?.unit != unit {
            rangeJob?.task.cancel()
            let deliver = self.deliver
            deliver.begin()
            let stops = trip.coordinates
            let task = Task.detached {
                let line = RouteLine(legs: legs.isEmpty ? GeodesicRouteProvider().instantLegs(for: stops) : legs)
                let kinds = [AlongKind.named(range.refill.rawValue)].compactMap { $0 }
                let answer = along.places(along: line, AlongRequest(kinds: kinds))
                let lines = RefillGap.itineraryLines(answer: answer, line: line, range: range, unit: unit)
                let cancelled = Task.isCancelled
                deliver.finish { [weak self] in
                    guard !cancelled, let self else { return }
                    self.rangeCache = (trip, legs, unit, lines)
                    self.rangeJob = nil
                }
            }
            rangeJob = (trip, legs, unit, task)
        }
        return ["", "  Looking for \(range.refill == .fuel ? "fuel" : "charging") along the route…"]
    }

    private func planLines(of trip: Trip, legs: [Leg], unit: DistanceUnit) -> [String] {
        if let cache, cache.trip == trip, cache.legs == legs, cache.unit == unit { return cache.lines }
        let timeZones = self.timeZones, nightPlaces = self.nightPlaces
        guard trip.waypoints.count > Self.backgroundStops else {
            let plan = ItineraryPlanner.plan(trip: trip, legs: legs, timeZones: timeZones, nightPlaces: nightPlaces)
            let lines = ItineraryTextRenderer.lines(plan, unit: unit)
            cache = (trip, legs, unit, lines, plan.suggestedNights)
            return lines
        }
        // A long trip is planned off the UI thread, so every key (Esc first) still answers at once.
        if job?.trip != trip || job?.legs != legs || job?.unit != unit {
            job?.task.cancel()
            let deliver = self.deliver
            deliver.begin()
            let task = Task.detached {
                let plan = ItineraryPlanner.plan(trip: trip, legs: legs, timeZones: timeZones, nightPlaces: nightPlaces)
                let lines = ItineraryTextRenderer.lines(plan, unit: unit)
                let cancelled = Task.isCancelled
                deliver.finish { [weak self] in
                    guard !cancelled, let self else { return }
                    self.cache = (trip, legs, unit, lines, plan.suggestedNights)
                    self.job = nil
                }
            }
            job = (trip, legs, unit, task)
        }
        return ["", "  Planning the itinerary of \(Formatting.grouped(trip.waypoints.count)) stops…"]
    }

    func addSuggestedNight(to trip: Trip) -> StatusMessage? {
        if job != nil {
            return StatusMessage(
                "The itinerary is still being planned: a moment, then a adds its first suggested night.", isError: true)
        }
        guard let cache, cache.trip == trip, let night = cache.nights.first,
            let before = trip.waypoints.firstIndex(where: { $0.id == night.beforeStop })
        else { return nil }
        let stop = Waypoint(
            name: night.name, coordinate: night.coordinate, nights: 1, timeZone: night.timeZone,
            region: night.region.isEmpty ? nil : night.region, country: night.country.isEmpty ? nil : night.country)
        let error = repository.update(tripID: trip.id, "adding the night at \(night.name)") { trip in
            trip.waypoints.insert(stop, at: min(before, trip.waypoints.count))
        }
        if let error { return StatusMessage(error, isError: true) }
        return StatusMessage(
            "Added “\(PlainText.quoted(night.name, limit: 30))” as stop \(before + 1), one night (u undoes it).",
            isError: false)
    }
}
