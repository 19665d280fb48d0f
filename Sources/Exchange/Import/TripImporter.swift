import Foundation
import RoadtripCore

/// Reads a GPX, GeoJSON, KML, KMZ, JSON or CSV file into one new trip, all or nothing.
///
/// The trip comes back complete, with new ids and cleaned names, or an `ExchangeError`
/// says in one line what is wrong with which file; nothing is ever half-imported.
public struct TripImporter: Sendable {
    /// Files above this size are refused without being read (50 MB: about half a million track points).
    public static let defaultMaxBytes = 50_000_000
    /// A long track or line is reduced to at most this many stops.
    public static let defaultMaxStops = 25

    public var maxBytes: Int
    public var maxStops: Int

    public init(maxBytes: Int = TripImporter.defaultMaxBytes, maxStops: Int = TripImporter.defaultMaxStops) {
        self.maxBytes = maxBytes
        self.maxStops = max(2, maxStops)
    }

    /// Imports the file at `path`.
    ///
    /// - Parameters:
    ///   - format: how to read it; nil guesses from the extension and the first bytes.
    ///   - name: the new trip's name; nil takes the name in the file, else the file's name.
    public func importFile(
        at path: String, format: ExchangeFormat? = nil, name: String? = nil, control: TransferControl? = nil
    ) throws(ExchangeError) -> ImportResult {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path, maxBytes: maxBytes, control: control)
        } catch {
            throw (error as? ParseFailure)?.attached(to: path) ?? ExchangeError(.unreadable, file: path, reason: "\(error)")
        }
        return try importBytes(bytes, fileName: path, format: format, name: name)
    }

    /// Imports bytes already read (for example standard input); `fileName` names them in messages.
    public func importData(
        _ data: Data, fileName: String, format: ExchangeFormat? = nil,
        name: String? = nil
    ) throws(ExchangeError) -> ImportResult {
        guard data.count <= maxBytes else { throw FileBytes.tooLarge(data.count, maxBytes).attached(to: fileName) }
        return try importBytes([UInt8](data), fileName: fileName, format: format, name: name)
    }

    private func importBytes(
        _ bytes: [UInt8], fileName: String, format: ExchangeFormat?,
        name: String?
    ) throws(ExchangeError) -> ImportResult {
        do {
            guard bytes.contains(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }) else {
                throw ParseFailure(.empty, "the file is empty")
            }
            guard let format = format ?? ExchangeFormat.detect(path: fileName, bytes: bytes) else {
                throw ParseFailure(.unsupported, "cannot tell the format; name it with --format gpx|geojson|kml|kmz|json|csv")
            }
            try InputBudget.check(bytes, as: format)
            let fallbackName = Self.baseName(fileName)
            var trip: Trip
            let explanation: String
            switch format {
            case .gpx:
                let picked = try StopSelection.gpx(try GPXReader.read(bytes), maxStops: maxStops)
                trip = Self.trip(picked.stops, name: picked.name)
                explanation = picked.explanation
            case .geojson:
                let content = try GeoJSONReader.read(bytes)
                let picked = try StopSelection.geoJSON(content, maxStops: maxStops)
                trip = Self.trip(picked.stops, name: content.name)
                explanation = picked.explanation
            case .kml, .kmz:
                let document = format == .kmz ? try KMZArchive.unpack(bytes, maxBytes: maxBytes) : bytes
                if format == .kmz { try InputBudget.check(document, as: .kml) }
                let content = try KMLReader.read(document)
                let picked = try StopSelection.kml(content, maxStops: maxStops)
                trip = Self.trip(picked.stops, name: content.name)
                explanation = picked.explanation
            case .csv:
                let picked = try StopSelection.csv(try CSVReader.read(bytes))
                trip = Self.trip(picked.stops, name: nil)
                explanation = picked.explanation
            case .json:
                trip = try Self.renewed(try TripJSONCodec.read(bytes))
                explanation = "Trip with \(counted(trip.waypoints.count, "stop")) imported with new ids."
            }
            trip.name = name.flatMap(ImportedText.name) ?? (trip.name.isEmpty ? fallbackName : trip.name)
            guard trip.waypoints.count <= TextLimits.stopsPerTrip else {
                throw ParseFailure(
                    .unsupported,
                    "\(counted(trip.waypoints.count, "stop")): a trip holds at most "
                        + "\(Formatting.grouped(TextLimits.stopsPerTrip)); split the file first")
            }
            if let (field, problem) = Plausibility.timeProblem(in: trip) {
                throw ParseFailure(.unsupported, "\(field.joined(separator: ".")): \(problem)")
            }
            let capped = TextLimits.capped(trip)
            let note =
                capped.cut == 0
                ? ""
                : " \(counted(capped.cut, "name or note")) too long were cut to \(TextLimits.name) characters (notes \(TextLimits.note))."
            return ImportResult(trip: capped.trip, explanation: explanation + note, format: format)
        } catch let failure as ParseFailure {
            throw failure.attached(to: fileName)
        } catch {
            throw ExchangeError(.malformed, file: fileName, reason: "\(error)")
        }
    }

    /// A new trip from picked stops; unnamed stops are called "Stop N" after their place.
    private static func trip(_ stops: [ImportedStop], name: String?) -> Trip {
        let waypoints = stops.enumerated().map { offset, stop in
            Waypoint(
                name: stop.name.flatMap(ImportedText.name) ?? "Stop \(offset + 1)", coordinate: stop.coordinate,
                stay: stop.stay, nights: stop.nights, note: stop.note.map(ImportedText.singleLine) ?? "",
                fixedArrival: stop.fixedArrival, timeZone: stop.timeZone)
        }
        return Trip(name: name.flatMap(ImportedText.name) ?? "", waypoints: waypoints)
    }

    /// A trip from a JSON file with every field kept but fresh ids (so it never collides with the
    /// one it was exported from), cleaned text and checked coordinates and zones.
    private static func renewed(_ trip: Trip) throws -> Trip {
        var renewed = trip.duplicated(named: ImportedText.name(trip.name) ?? "")
        for offset in renewed.waypoints.indices {
            var stop = renewed.waypoints[offset]
            let c = stop.coordinate
            if let problem = Plausibility.coordinateProblem(latitude: c.latitude, longitude: c.longitude) {
                throw ParseFailure(.invalidCoordinate, "stop \(offset + 1): " + problem)
            }
            stop.name = ImportedText.name(stop.name) ?? "Stop \(offset + 1)"
            stop.note = ImportedText.singleLine(stop.note)
            stop.region = stop.region.flatMap(ImportedText.name)
            stop.country = stop.country.flatMap(ImportedText.name)
            // A zone this system does not know would put every time of the stop in UTC unannounced.
            stop.timeZone = stop.timeZone.flatMap { TimeZone(identifier: $0)?.identifier }
            renewed.waypoints[offset] = stop
        }
        return renewed
    }

    /// "alps" from "/tmp/alps.gpx"; "Imported trip" for standard input or an unprintable name.
    static func baseName(_ path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        let stem = file.lastIndex(of: ".").map { file[..<$0] }.map(String.init) ?? file
        guard path != "-", let name = ImportedText.name(stem) else { return "Imported trip" }
        return name
    }
}
