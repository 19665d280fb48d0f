import Foundation
import Gazetteer
import Itinerary
import RoadtripCore
import Routing

/// The services the options ask for: one place that turns `--osrm`, `--osrm-data`, `--router`
/// and the environment into a route provider, a travel-matrix provider and the place search.
struct Services: Sendable {
    let routes: any RouteProvider
    let matrix: any TravelTimeMatrixProviding
    /// The osrm-routed roadtrip started for `--osrm-data`; stopped when the command ends.
    var server: OSRMServer? = nil
    /// The imported road regions routed through when no router is named; their servers stop with `stop()`.
    var roads: ImportedRoadsRouteProvider? = nil

    /// Stops every osrm-routed these services started.
    func stop() {
        server?.stop()
        roads?.stop()
    }

    /// Builds the providers; a bad URL or a dataset that cannot be served is a one-line user error.
    static func make(_ options: GlobalOptions) throws -> Services {
        let timeout: Duration
        do { timeout = try RouteProviders.timeout(option: options.osrmTimeout) } catch { throw UserError("\(error)") }
        if let valhalla = options.valhalla {
            do {
                let routes = try RouteProviders.make(osrmURL: nil, valhallaURL: valhalla, timeout: timeout)
                let matrix = RouteProviders.matrix(for: routes) ?? EstimatedTravelMatrixProvider()
                return Services(routes: routes, matrix: matrix)
            } catch {
                throw UserError("\(error)")
            }
        }
        if let dataset = options.osrmData {
            let started = try CommandServices.wait { try await RouteProviders.startLocal(dataset: dataset, timeout: timeout) }
            return Services(
                routes: started.provider,
                matrix: OSRMTravelMatrixProvider(configuration: started.provider.configuration),
                server: started.server)
        }
        do {
            let routes = try RouteProviders.make(osrmURL: options.osrm, timeout: timeout)
            // No router named: the regions `roads import` prepared, served on demand.
            if routes is EstimateRouteProvider {
                let regions = RoadRegionsFolder(dataFile: options.dataURL).entries()
                if !regions.isEmpty {
                    let roads = ImportedRoadsRouteProvider(regions: regions, timeout: timeout)
                    return Services(routes: roads, matrix: roads.matrix(fallback: EstimatedTravelMatrixProvider()), roads: roads)
                }
            }
            let matrix: any TravelTimeMatrixProviding =
                (routes as? OSRMRouteProvider)
                .map { OSRMTravelMatrixProvider(configuration: $0.configuration) } ?? EstimatedTravelMatrixProvider()
            return Services(routes: routes, matrix: matrix)
        } catch {
            throw UserError("\(error)")
        }
    }

    /// Time zones of hand-typed stops: the nearest place's.
    static func timeZones(_ places: any NearestPlaceFinding) -> TimeZoneLookup {
        TimeZoneLookup(zones(places))
    }

    /// Where a split drive's night is suggested: an imported lodging or camp site, else a town of
    /// 1,000 people; when that town is a stop of the leg, the nearest place of any size within 30 km.
    static func nightPlaces(_ places: any NearestPlaceFinding) -> NightPlaceLookup {
        @Sendable func found(_ place: Place) -> NightPlaceLookup.Found {
            NightPlaceLookup.Found(
                name: place.name, region: place.region, country: place.country, kind: place.kind,
                coordinate: place.coordinate, timeZone: place.timeZone.isEmpty ? nil : place.timeZone)
        }
        return NightPlaceLookup(
            preferred: { places.placeForTheNight(near: $0).map(found) },
            fallback: { point in
                places.nearest(to: point).flatMap { Geodesic.distance($0.coordinate, point) <= 30_000 ? found($0) : nil }
            })
    }

    /// The zone of the place nearest a coordinate, nil while the gazetteer has none to offer.
    static func zones(_ places: any NearestPlaceFinding) -> @Sendable (Coordinate) -> TimeZone? {
        { places.nearest(to: $0).flatMap { TimeZone(identifier: $0.timeZone) } }
    }
}
