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
    /// A place this close to a stop named after it ("Golden Gate Bridge, San Francisco") is that stop too.
    static let atANamedStop = 3_000.0

    /// Two rows of one name this close, from two sources, are one place known twice (an imported
    /// village that is also a built-in town).
    static let sameSpot = 2_000.0

    public func places(along fullLine: RouteLine, _ request: AlongRequest) -> AlongAnswer {
        let loaded = loaded()
        let width = min(max(request.withinMeters.isFinite ? request.withinMeters : 0, 0), AlongRequest.widest)
        // A road's every bend is not needed to tell 10 km from 9.8: 2% of the width, at least 10 m.
        let line = fullLine.simplified(toleranceMeters: max(10, width / 50))
        let wanted = request.dataKinds
        let kindWanted = loaded.index.kindNames.map { wanted.contains($0) }
        let found = kindWanted.contains(true) ? candidates(line, request, width: width, kindWanted: kindWanted, loaded) : []
        // Only kinds that two sources hold can be one place twice (fuel and food cannot); of one
        // place known twice the first source's row is kept: built-in towns, destinations, imports.
        let onlyImported = loaded.index.kindNames.map { Self.onlyImported.contains($0) }
        var unique = found.filter { onlyImported[Int(loaded.index.entries[Int($0.entry)].kind)] }
        var twice = found.filter { !onlyImported[Int(loaded.index.entries[Int($0.entry)].kind)] }
        if !twice.isEmpty {
            func order(_ c: Candidate) -> (UInt16, Int32) {
                (loaded.index.entries[Int(c.entry)].source, loaded.index.entries[Int(c.entry)].row)
            }
            twice.sort { order($0) < order($1) }
            var kept: [String: [(at: Coordinate, source: UInt16)]] = [:]
            for candidate in twice {
                let entry = loaded.index.entries[Int(candidate.entry)]
                let key =
                    entry.source == 0
                    ? TypedName.folded(loaded.towns?.place(at: Int(entry.row)).name ?? "")
                    : loaded.packs[Int(entry.source) - 1].foldedName(Int(entry.row))
                let at = Coordinate(latitude: entry.latitude, longitude: entry.longitude)
                // Within one source, rows of one name are different places (two "Grand View Point"s a valley apart).
                if kept[key]?.contains(where: { $0.source != entry.source && Haversine.meters($0.at, at) < Self.sameSpot })
                    == true
                {
                    continue
                }
                kept[key, default: []].append((at, entry.source))
                unique.append(candidate)
            }
        }
        // Route order, then made into places: only as many as asked for are read out of the tables.
        unique.sort { $0.along != $1.along ? $0.along < $1.along : $0.entry < $1.entry }
        let stopNames = request.stopNames.map(TypedName.folded)
        /// Whether the place is a stop already: a stop of its name near it.
        func isAStop(_ place: Place) -> Bool {
            let near = zip(line.stops, stopNames).filter { Haversine.meters($0.0, place.coordinate) < Self.atANamedStop }
            guard !near.isEmpty else { return false }
            let name = TypedName.folded(place.name)
            return !name.isEmpty && near.contains { $0.1.hasPrefix(name) }
        }
        var skipped = 0
        let places = unique.prefix(request.limit ?? unique.count).compactMap { candidate -> AlongPlace? in
            let entry = loaded.index.entries[Int(candidate.entry)]
            guard
                let place = entry.source == 0
                    ? loaded.towns?.place(at: Int(entry.row)) : loaded.packs[Int(entry.source) - 1].place(Int(entry.row))
            else { return nil }
            if !stopNames.isEmpty, isAStop(place) {
                skipped += 1
                return nil
            }
            let prominence = entry.source == 0 ? place.population : loaded.packs[Int(entry.source) - 1].size(Int(entry.row))
            return AlongPlace(
                name: place.name, kind: AlongKind.shownName(ofDataKind: loaded.index.kindNames[Int(entry.kind)]),
                coordinate: place.coordinate, region: place.region, country: place.country, countryCode: place.countryCode,
                timeZone: place.timeZone, elevation: place.elevation, prominence: prominence,
                position: line.position(segment: Int(candidate.segment), fraction: candidate.fraction, offRoute: candidate.meters)
            )
        }
        return AlongAnswer(
            places: places, total: unique.count - skipped, uncovered: uncovered(line, request, width: width, loaded))
    }

    /// A place within the width: its entry, the segment it is nearest and where along it, and how far.
    private struct Candidate {
        var entry: Int32
        var segment: Int32
        var fraction: Double
        var meters: Double
        var along: Double
    }

    /// Every entry of a wanted kind within `width` of the line (and not at a stop): each cell the
    /// corridor touches is read once, each entry measured against the segments near its cell only.
    private func candidates(
        _ line: RouteLine, _ request: AlongRequest, width: Double, kindWanted: [Bool], _ loaded: Loaded
    ) -> [Candidate] {
        var cellSegments: [Int: [Int32]] = [:]
        for s in line.legOfSegment.indices
        where (request.legs?.contains(line.legOfSegment[s]) ?? true) && line.drivable[line.legOfSegment[s]] {
            for cell in CorridorIndex.cells(near: line.points[s], line.points[s + 1], meters: width) {
                cellSegments[cell, default: []].append(Int32(s))
            }
        }
        // Each segment's box widened by the width, in degrees: a place outside it is farther than
        // the width from that segment, found with four comparisons instead of a projection.
        let latitudeMargin = width / 111_195 + 1e-9
        let boxes = line.legOfSegment.indices.map { s -> SIMD4<Double> in
            let a = line.points[s], b = line.points[s + 1]
            let south = min(a.latitude, b.latitude) - latitudeMargin, north = max(a.latitude, b.latitude) + latitudeMargin
            let delta = RouteLine.longitudeDeltaOf(a.longitude, b.longitude)
            // A segment across the antimeridian gets no box: every place near its cells is measured.
            guard abs(a.longitude + delta) <= 180 else { return SIMD4(-90, 90, -.infinity, .infinity) }
            let lonMargin = min(360, latitudeMargin / max(1e-6, cos(min(89.9, max(abs(south), abs(north))) * .pi / 180)))
            return SIMD4(south, north, min(a.longitude, b.longitude) - lonMargin, max(a.longitude, b.longitude) + lonMargin)
        }
        var found: [Candidate] = []
        let stops = line.stops
        loaded.index.entries.withUnsafeBufferPointer { entries in
            line.points.withUnsafeBufferPointer { points in
                for (cell, near) in cellSegments {
                    for i in loaded.index.entries(inCell: cell) {
                        let entry = entries[i]
                        guard kindWanted[Int(entry.kind)] else { continue }
                        let at = Coordinate(latitude: entry.latitude, longitude: entry.longitude)
                        var best = (meters: Double.infinity, segment: Int32(0), fraction: 0.0)
                        for s in near {
                            let box = boxes[Int(s)]
                            guard at.latitude >= box.x, at.latitude <= box.y, at.longitude >= box.z, at.longitude <= box.w else {
                                continue
                            }
                            let r = RouteLine.project(at, points[Int(s)], points[Int(s) + 1])
                            if r.meters < best.meters { best = (r.meters, s, r.fraction) }
                        }
                        guard best.meters <= width else { continue }
                        let s = Int(best.segment), leg = line.legOfSegment[s]
                        // At one of its leg's stops, the place is that stop.
                        if Haversine.meters(stops[leg], at) < Self.atAStop || Haversine.meters(stops[leg + 1], at) < Self.atAStop
                        {
                            continue
                        }
                        let along = line.along[s] + (line.along[s + 1] - line.along[s]) * best.fraction
                        found.append(
                            Candidate(
                                entry: Int32(i), segment: best.segment, fraction: best.fraction, meters: best.meters, along: along
                            ))
                    }
                }
            }
        }
        return found
    }

    /// The kinds only OpenStreetMap imports hold: no other source can know the same place.
    static let onlyImported: Set<String> = ["fuel", "charging", "lodging", "camp site", "food"]

    /// The kinds asked for that only imports hold, and the legs looked along that no imported
    /// region reaches (all of them: an empty list, "this route"); nil when nothing is missing.
    private func uncovered(_ line: RouteLine, _ request: AlongRequest, width: Double, _ loaded: Loaded) -> (
        kinds: [String], legs: [Int]
    )? {
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
            if let directory = destinationsDirectory, let destinations = Destinations.packed(in: directory) {
                packs.append(destinations)
            }
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
                index: CorridorIndex(latitudes: grid?.latitudes ?? [], longitudes: grid?.longitudes ?? [], packs: packs),
                towns: towns,
                packs: packs,
                curated: curated, importedBounds: bounds)
            cached = loaded
            return loaded
        }
    }
}
