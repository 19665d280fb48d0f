import Foundation
import RoadtripCore

/// One trip in the data file's own format: a `TripDocument` holding exactly that trip.
///
/// Exporting a whole document (rather than a bare `Trip`) keeps the format version with
/// the data, so a newer file is refused instead of misread, and the export is itself a
/// valid data file (`roadtrip --data export.json`). Import also takes a bare `Trip` object.
enum TripJSONCodec {
    /// Pretty-printed with sorted keys, as the data file is written.
    public static func write(trip: Trip) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let encoded = String(decoding: try encoder.encode(TripDocument(trips: [trip])), as: UTF8.self)
        return Data((JSONText.escapingHidden(encoded) + "\n").utf8)
    }

    /// The trip a file holds, exactly as written (ids included; the importer replaces them).
    static func read(_ bytes: [UInt8]) throws -> Trip {
        let root = try JSONValue.parse(bytes)
        guard case let .object(members) = root else {
            throw ParseFailure(.wrongRoot, "not a roadtrip trip: the top level is not a JSON object")
        }
        let data = Data(bytes)
        let decoder = JSONDecoder()
        if members["trips"] != nil || members["formatVersion"] != nil {
            if let version = members["formatVersion"]?.number, version > Double(TripDocument.currentFormatVersion) {
                throw ParseFailure(
                    .unsupported,
                    "format version \(Plausibility.wholeNumber(version).map(String.init) ?? Formatting.scientific(version)) is newer than this roadtrip reads (\(TripDocument.currentFormatVersion))"
                )
            }
            let document = try decode(TripDocument.self, data, decoder)
            guard document.trips.count == 1, let trip = document.trips.first else {
                throw ParseFailure(
                    .unsupported, "the file holds \(document.trips.count) trips; import takes a file with one trip")
            }
            return trip
        }
        guard members["waypoints"] != nil else {
            throw ParseFailure(.wrongRoot, "not a roadtrip trip: expected \"trips\" (a trip document) or \"waypoints\" (a trip)")
        }
        return try decode(Trip.self, data, decoder)
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ data: Data, _ decoder: JSONDecoder) throws -> T {
        do {
            return try decoder.decode(type, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            let kind: ExchangeError.Kind = ["latitude", "longitude"].contains(key.stringValue) ? .invalidCoordinate : .malformed
            throw ParseFailure(kind, "\(path(context.codingPath + [key])) is missing")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw ParseFailure(.malformed, "\(path(context.codingPath)) has the wrong type")
        } catch let DecodingError.dataCorrupted(context) {
            throw ParseFailure(.malformed, "\(path(context.codingPath)): \(context.debugDescription)")
        }
    }

    /// `trips[0].waypoints[2].latitude` from a coding path.
    private static func path(_ keys: [any CodingKey]) -> String {
        keys.reduce("") { text, key in
            if let index = key.intValue { return text + "[\(index)]" }
            return text.isEmpty ? key.stringValue : text + "." + key.stringValue
        }
    }
}
