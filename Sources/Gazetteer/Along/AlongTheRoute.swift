import Foundation
import RoadtripCore
import Synchronization

/// The places along a route: built-in towns, curated destinations and imported places within a
/// width of the route line, found from the cells the corridor touches (`CorridorIndex`).
///
/// The index is built on the first search (off the UI thread, where searches run) and kept.
public final class AlongTheRoute: AlongRouteSearching, Sendable {
    /// The built-in towns, once loaded; nil when they could not be (the other places are still searched).
    private let gazetteer: @Sendable () -> Gazetteer?
    private let folder: ImportedPlacesFolder?
    private let destinationsDirectory: URL?
    private let cached = Mutex<Loaded?>(nil)

    private struct Loaded: Sendable {
        var index: CorridorIndex
        var towns: Gazetteer?
        /// The destinations' pack (when there is one), then each imported region's.
        var packs: [PackedPlaces]
        /// How many of `packs` lead which are not imports (the destinations).
        var curated: Int
        /// Each imported region's bounds: south, west, north, east.
        var importedBounds: [(south: Double, west: Double, north: Double, east: Double)]
    }

    /// - Parameters:
    ///   - folder: the imported regions; nil looks along none.
    ///   - destinationsDirectory: the folder holding `destinations.tsv`: roadtrip's data folder unless given.
    public convenience init(
        gazetteer: Gazetteer, folder: ImportedPlacesFolder?, destinationsDirectory: URL? = ResourceLocator.location.directory
    ) {
        self.init(loading: { gazetteer }, folder: folder, destinationsDirectory: destinationsDirectory)
    }

    /// - Parameter loading: the built-in towns, asked for on the first search (which may wait for them).
    public init(
        loading: @escaping @Sendable () -> Gazetteer?, folder: ImportedPlacesFolder?,
        destinationsDirectory: URL? = ResourceLocator.location.directory
    ) {
        self.gazetteer = loading
        self.folder = folder
        self.destinationsDirectory = destinationsDirectory
    }

    /// Builds the index now, as the first search otherwise would.
    public func prepare() { _ = loaded() }

    /// A place this close to a stop is that stop: the trip is there already.
    static let atAStop = 300.0

    /// Two rows of one name this close, from two sources, are one place known twice (an imported
    /// village that is also a built-in town).
    static let sameSpot = 2_000.0

    public func places(along line: RouteLine, _ request: AlongRequest) -> AlongAnswer {
        let loaded = loaded()
        let width = min(max(request.withinMeters.isFinite ? request.withinMeters : 0, 0), AlongRequest.widest)
        let wanted = request.dataKinds
        let kindWanted = loaded.index.kindNames.map { wanted.contains($0) }
        let segments = line.legOfSegment.indices.filter { request.legs?.contains(line.legOfSegment[$0]) ?? true }
        var found: [(entry: CorridorIndex.Entry, position: RoutePosition)] = []
        if kindWanted.contains(true) {
            var cellSegments: [Int: [Int]] = [:]
            for s in segments {
                for cell in CorridorIndex.cells(near: line.points[s], line.points[s + 1], meters: width) {
                    cellSegments[cell, default: []].append(s)
                }
            }
            for (cell, near) in cellSegments {
                for i in loaded.index.entries(inCell: cell) {
                    let entry = loaded.index.entries[i]
                    guard kindWanted[Int(entry.kind)] else { continue }
                    let at = Coordinate(latitude: entry.latitude, longitude: entry.longitude)
                    var best = (meters: Double.infinity, segment: 0, fraction: 0.0)
                    for s in near {
                        let r = RouteLine.project(at, line.points[s], line.points[s + 1])
                        if r.meters < best.meters { best = (r.meters, s, r.fraction) }
                    }
                    if best.meters <= width, !line.stops.contains(where: { Haversine.meters($0, at) < Self.atAStop }) {
                        found.append((entry, line.position(segment: best.segment, fraction: best.fraction, offRoute: best.meters)))
                    }
                }
            }
        }
        // Built-in towns first, then destinations, then imports: of one place known twice the first is kept.
        found.sort { ($0.entry.source, $0.entry.row) < ($1.entry.source, $1.entry.row) }
        var kept: [String: [(at: Coordinate, source: UInt16)]] = [:]
        var places: [AlongPlace] = []
        for (entry, position) in found {
            guard let place = entry.source == 0 ? loaded.towns?.place(at: Int(entry.row)) : loaded.packs[Int(entry.source) - 1].place(Int(entry.row))
            else { continue }
            let key = TypedName.folded(place.name)
            // Within one source, rows of one name are different places (four "Charging station"s a street apart).
            if kept[key]?.contains(where: { $0.source != entry.source && Haversine.meters($0.at, place.coordinate) < Self.sameSpot }) == true {
                continue
            }
            kept[key, default: []].append((place.coordinate, entry.source))
            let prominence = entry.source == 0 ? place.population : loaded.packs[Int(entry.source) - 1].size(Int(entry.row))
            places.append(
                AlongPlace(
                    name: place.name, kind: AlongKind.shownName(ofDataKind: loaded.index.kindNames[Int(entry.kind)]),
                    coordinate: place.coordinate, region: place.region, country: place.country, countryCode: place.countryCode,
                    timeZone: place.timeZone, elevation: place.elevation, prominence: prominence, position: position))
        }
        return AlongAnswer(places: AlongOrder.route.sorted(places), uncovered: uncovered(line, request, width: width, loaded))
    }

    /// The kinds asked for that only imports hold, and the legs looked along that no imported
    /// region reaches (all of them: an empty list, "this route"); nil when nothing is missing.
    private func uncovered(_ line: RouteLine, _ request: AlongRequest, width: Double, _ loaded: Loaded) -> (kinds: [String], legs: [Int])? {
        let kinds = request.kinds.filter(\.needsImport).map(\.name)
        guard !kinds.isEmpty else { return nil }
        let margin = width / 111_195
        var legsLooked = Set<Int>(), covered = Set<Int>()
        for s in line.legOfSegment.indices {
            let leg = line.legOfSegment[s]
            guard request.legs?.contains(leg) ?? true else { continue }
            legsLooked.insert(leg)
            let p = line.points[s]
            if loaded.importedBounds.contains(where: {
                p.latitude >= $0.south - margin && p.latitude <= $0.north + margin && p.longitude >= $0.west - margin
                    && p.longitude <= $0.east + margin
            }) {
                covered.insert(leg)
            }
        }
        let missing = legsLooked.subtracting(covered).sorted()
        guard !missing.isEmpty else { return nil }
        return (kinds, covered.isEmpty ? [] : missing)
    }

    private func loaded() -> Loaded {
        cached.withLock { cached in
            if let cached { return cached }
            var packs: [PackedPlaces] = []
            if let directory = destinationsDirectory, let destinations = Destinations.packed(in: directory) { packs.append(destinations) }
            let curated = packs.count
            let imported = folder?.namedPacks().map(\.pack) ?? []
            packs += imported
            let towns = gazetteer()
            let grid = towns?.positionGrid
            let bounds = imported.compactMap { pack -> (south: Double, west: Double, north: Double, east: Double)? in
                guard pack.count > 0 else { return nil }
                var b = (south: 90.0, west: 180.0, north: -90.0, east: -180.0)
                for e in 0..<pack.count {
                    let c = pack.coordinate(e)
                    b = (min(b.south, c.latitude), min(b.west, c.longitude), max(b.north, c.latitude), max(b.east, c.longitude))
                }
                return b
            }
            let loaded = Loaded(
                index: CorridorIndex(latitudes: grid?.latitudes ?? [], longitudes: grid?.longitudes ?? [], packs: packs), towns: towns,
                packs: packs,
                curated: curated, importedBounds: bounds)
            cached = loaded
            return loaded
        }
    }
}
