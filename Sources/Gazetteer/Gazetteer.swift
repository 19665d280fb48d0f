import Foundation
import RoadtripCore
import Synchronization

/// Every GeoNames place of about 1,000 people or more, searchable offline in well under a
/// millisecond: the files in Data/ that Scripts/data/build_gazetteer.py writes, mapped into memory.
///
/// Immutable once loaded, so one instance serves every thread.
public final class Gazetteer: PlaceSearching, NearestPlaceFinding, Sendable {
    /// Names of the files `load(from:)` reads.
    static let fileNames = [
        "gazetteer-index.bin", "gazetteer-places.tsv", "gazetteer-countries.tsv",
        "gazetteer-regions.tsv", "gazetteer-fold.tsv"
    ]

    let fold: FoldTable
    let tables: GazetteerTables
    /// gazetteer-index.bin: every array below reads from it in place.
    let index: MappedFile
    /// Keys that start a name, and keys that start a later word of one.
    let whole: KeyList
    let inner: KeyList
    /// Per place row (population order, largest first).
    let countryIndex: MappedArray<UInt16>
    let regionIndex: MappedArray<UInt16>
    /// Positions in degrees, for the nearest place.
    let positions = Positions()
    /// How many rows are towns of `NightPlace.townPopulation`, found once.
    private let townRows = Mutex<Int?>(nil)
    /// gazetteer-places.tsv, row by row.
    let places: PlaceRows

    /// Number of places.
    public var count: Int { places.count }

    init(directory: URL) throws {
        func url(_ name: String) -> URL { directory.appendingPathComponent(name) }
        let foldURL = url("gazetteer-fold.tsv")
        fold = try FoldTable(tsv: ByteParsing.read(foldURL), path: foldURL.path)
        let countriesURL = url("gazetteer-countries.tsv"), regionsURL = url("gazetteer-regions.tsv")
        tables = try GazetteerTables(
            countriesTSV: ByteParsing.read(countriesURL), countriesPath: countriesURL.path,
            regionsTSV: ByteParsing.read(regionsURL), regionsPath: regionsURL.path)

        let indexURL = url("gazetteer-index.bin")
        index = try MappedFile(indexURL)
        let parts = try IndexFile(
            bytes: index.bytes, path: indexURL.path,
            countryCount: tables.countries.count, regionCount: tables.regions.count)
        whole = KeyList.names(parts)
        inner = KeyList.words(parts)
        countryIndex = parts.countries
        regionIndex = parts.regions
        let placesURL = url("gazetteer-places.tsv")
        places = try PlaceRows(MappedFile(placesURL), index: parts, path: placesURL.path)
    }

    /// Loads the gazetteer files from `directory` (the repository's Data/ folder).
    public static func load(from directory: URL) throws -> Gazetteer {
        try Gazetteer(directory: directory)
    }

    /// The place at `row` (0..<count; larger populations first), its text fields read
    /// from the places file on demand.
    public func place(at row: Int) -> Place {
        let f = Self.fields(places.line(row))
        let region = regionIndex[row] == .max ? "" : tables.regions.name(Int(regionIndex[row]))
        let country = tables.countries.name(Int(countryIndex[row]))
        return Place(
            name: ByteParsing.string(f[1]), region: region, country: country,
            countryCode: ByteParsing.string(f[3]),
            coordinate: Coordinate(
                latitude: ByteParsing.decimal(f[5]) ?? 0, longitude: ByteParsing.decimal(f[6]) ?? 0),
            population: Int(ByteParsing.decimal(f[7]) ?? 0),
            timeZone: ByteParsing.string(f[8]))
    }

    /// The place closest to `coordinate` along the great circle; nil for an invalid one.
    ///
    /// A flat-earth distance (longitude scaled by the cosine of the latitude) picks a few
    /// candidates in one cheap pass; the great-circle distance decides among them.
    public func nearest(to coordinate: Coordinate) -> Place? { nearest(to: coordinate, minimumPopulation: 0) }

    public func placeForTheNight(near coordinate: Coordinate) -> Place? {
        nearest(to: coordinate, minimumPopulation: NightPlace.townPopulation)
    }

    /// The place of at least `minimumPopulation` people closest to `coordinate`: a town to spend the
    /// night in, not a hamlet. Rows are sorted by size, so only the first rows are looked at.
    func nearest(to coordinate: Coordinate, minimumPopulation: Int) -> Place? {
        guard coordinate.isValid, count > 0 else { return nil }
        return positionGrid.nearest(to: coordinate, rowsBelow: rows(ofAtLeast: minimumPopulation)).map(place(at:))
    }

    /// Every row's position in cells, parsed from the places file on first use.
    var positionGrid: PositionGrid { positions.get { parsePositions() } }

    /// How many rows, from the first, hold at least `population` people (rows are sorted by size).
    private func rows(ofAtLeast population: Int) -> Int {
        guard population > 0 else { return count }
        if population == NightPlace.townPopulation {
            return townRows.withLock { known in
                if let known { return known }
                let found = search(rowsOfAtLeast: population)
                known = found
                return found
            }
        }
        return search(rowsOfAtLeast: population)
    }

    private func search(rowsOfAtLeast population: Int) -> Int {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if place(at: mid).population >= population { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Latitude and longitude of every row, from the places file.
    private func parsePositions() -> (latitudes: [Double], longitudes: [Double]) {
        var latitudes = [Double](), longitudes = [Double]()
        latitudes.reserveCapacity(count)
        longitudes.reserveCapacity(count)
        places.forEachLine { line in
            let f = Self.fields(line)
            latitudes.append(ByteParsing.decimal(f[5]) ?? 0)
            longitudes.append(ByteParsing.decimal(f[6]) ?? 0)
        }
        return (latitudes, longitudes)
    }

    /// The 9 tab-separated fields of a row; a damaged row reads as empty fields, not a crash.
    private static func fields(_ line: Slice<UnsafeBufferPointer<UInt8>>) -> [Slice<UnsafeBufferPointer<UInt8>>] {
        var f = ByteParsing.fields(line)
        while f.count < 9 { f.append(line[line.startIndex..<line.startIndex]) }
        return f
    }
}
