import Foundation
import RoadtripCore

/// Turns the data file's bytes into a checked `TripDocument` and back.
///
/// Encoding is pretty-printed with sorted keys and a final newline so the file diffs well;
/// `TripDocumentWriter` writes it by hand, byte for byte as `JSONEncoder` would.
/// Decoding refuses anything it cannot take whole, with one line that says where and why:
/// `line:column` for broken JSON, the JSON path and line for content that is wrong.
/// `TripDocumentReader` reads the files the app writes; whatever it does not take goes to
/// `JSONDecoder`, whose verdict, and wording, stand.
enum TripDocumentCodec {
    /// The file's bytes in memory; the store streams them into the file instead (`TripDocumentWriter.stream`).
    static func encode(_ document: TripDocument) throws -> Data {
        Data(try TripDocumentWriter.encode(document))
    }

    /// The document in `data`, read from the file at `path` (named in errors).
    static func decode(_ data: Data, path: String) throws(TripStoreError) -> TripDocument {
        let document: TripDocument
        if let fast = try? TripDocumentReader.read(data) {
            document = fast
        } else {
            do {
                document = try JSONDecoder().decode(TripDocument.self, from: data)
            } catch {
                throw refusal(for: error, data: data, path: path)
            }
        }
        try check(document, data: data, path: path)
        return document
    }

    /// Only the version, so a file from a newer build is named as such even if its layout changed.
    /// A Double, because Foundation reports a version like 1.5 only as "not valid JSON".
    private struct VersionProbe: Decodable { var formatVersion: Double }

    private static func refusal(for error: any Error, data: Data, path: String) -> TripStoreError {
        let bytes = [UInt8](data)
        do {
            try JSONScanner.validate(bytes)
        } catch {
            let at = TextPosition(offset: error.offset, in: bytes)
            return TripStoreError(kind: .malformed(line: at.line, column: at.column), path: path, reason: error.reason)
        }
        if let version = (try? JSONDecoder().decode(VersionProbe.self, from: data))?.formatVersion {
            if version != version.rounded() {
                return contentError(at: [.key("formatVersion")], "\(version) is not a whole number", bytes: bytes, path: path)
            }
            if version > Double(TripDocument.currentFormatVersion) {
                return newerVersion(version, path: path)
            }
        }
        guard let decoding = error as? DecodingError else {
            return TripStoreError(kind: .invalidContent, path: path, reason: oneLine("\(error)"))
        }
        let (codingPath, problem) = explain(decoding)
        return contentError(at: codingPath.map(component), problem, bytes: bytes, path: path)
    }

    private static func explain(_ error: DecodingError) -> ([any CodingKey], String) {
        switch error {
        case let .keyNotFound(key, context):
            return (context.codingPath, "missing \"\(key.stringValue)\"")
        case let .typeMismatch(type, context):
            return (context.codingPath, "expected \(describe(type))")
        case let .valueNotFound(type, context):
            return (context.codingPath, "is null, expected \(describe(type))")
        case let .dataCorrupted(context) where context.codingPath.last?.stringValue == "id":
            return (context.codingPath, "not an id; ids are UUIDs such as E44CF1E0-8C21-5B5E-A0FF-BAEEE0977316")
        case let .dataCorrupted(context):
            return (context.codingPath, oneLine(context.debugDescription))
        @unknown default:
            return ([], oneLine("\(error)"))
        }
    }

    private static func component(_ key: any CodingKey) -> JSONPathComponent {
        if let index = key.intValue { return .index(index) }
        return .key(key.stringValue)
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Float.Type: "a number"
        case is Int.Type: "a whole number"
        case is UUID.Type: "an id (a UUID string)"
        case is String.Type: "a string"
        case is [Trip].Type, is [Waypoint].Type: "a list"
        default: "an object"
        }
    }

    /// Checks what decoding cannot: the version, coordinates in range, ids used once, and dates,
    /// stays, limits and prices a trip can have (`Plausibility.timeProblem`).
    private static func check(_ document: TripDocument, data: Data, path: String) throws(TripStoreError) {
        if document.formatVersion > TripDocument.currentFormatVersion {
            throw newerVersion(Double(document.formatVersion), path: path)
        }
        if document.formatVersion < 1 {
            throw contentError(
                at: [.key("formatVersion")], "\(document.formatVersion) is not a format version (the first is 1)",
                bytes: [UInt8](data), path: path)
        }
        // Paths are made only for a refusal: made for every stop, they were most of the check's time.
        var tripIDs: [UUID: Int] = [:]
        tripIDs.reserveCapacity(document.trips.count)
        for (t, trip) in document.trips.enumerated() {
            func refusal(_ rest: [JSONPathComponent], _ problem: String) -> TripStoreError {
                contentError(at: [.key("trips"), .index(t)] + rest, problem, bytes: [UInt8](data), path: path)
            }
            if let first = tripIDs.updateValue(t, forKey: trip.id) {
                throw refusal([.key("id")], "the same id as trips[\(first)]; give each trip its own id")
            }
            if let (field, problem) = Plausibility.timeProblem(in: trip) {
                throw refusal(field.map { Int($0).map(JSONPathComponent.index) ?? .key($0) }, problem)
            }
            let repeated = firstRepeatedID(in: trip.waypoints)
            for (w, stop) in trip.waypoints.enumerated() {
                if let repeated, repeated.at == w {
                    throw refusal(
                        [.key("waypoints"), .index(w), .key("id")],
                        "the same id as waypoints[\(repeated.first)] of this trip; give each stop its own id")
                }
                let c = stop.coordinate
                if !Plausibility.isLatitude(c.latitude) {
                    throw refusal([.key("waypoints"), .index(w), .key("latitude")], "\(c.latitude) is outside -90…90")
                }
                if !Plausibility.isLongitude(c.longitude) {
                    throw refusal([.key("waypoints"), .index(w), .key("longitude")], "\(c.longitude) is outside -180…180")
                }
            }
        }
    }

    /// The first stop whose id an earlier stop has, and that earlier stop's position.
    private static func firstRepeatedID(in stops: [Waypoint]) -> (at: Int, first: Int)? {
        // A trip has a few dozen stops at most, usually: comparing pairs beats hashing into a table.
        if stops.count <= 32 {
            for w in stops.indices.dropFirst() {
                for v in 0..<w where stops[v].id == stops[w].id { return (w, v) }
            }
            return nil
        }
        var seen: [UUID: Int] = [:]
        seen.reserveCapacity(stops.count)
        for (w, stop) in stops.enumerated() {
            if let first = seen.updateValue(w, forKey: stop.id) { return (w, first) }
        }
        return nil
    }

    private static func newerVersion(_ version: Double, path: String) -> TripStoreError {
        let whole = Int(exactly: version)
        return TripStoreError(
            kind: .newerVersion(whole ?? Int.max), path: path,
            reason: "format version \(whole.map(String.init) ?? "\(version)") was written by a newer "
                + "roadtrip (this one reads up to \(TripDocument.currentFormatVersion)); "
                + "not opened, and left as it is")
    }

    /// "line 12: trips[2].waypoints[0].latitude: <problem>", the line found by scanning for the path.
    private static func contentError(
        at jsonPath: [JSONPathComponent], _ problem: String,
        bytes: [UInt8], path: String
    ) -> TripStoreError {
        var reason = "\(describeJSONPath(jsonPath)): \(problem)"
        if let offset = JSONScanner.offset(of: jsonPath, in: bytes) {
            reason = "line \(TextPosition(offset: offset, in: bytes).line): " + reason
        }
        return TripStoreError(kind: .invalidContent, path: path, reason: reason)
    }

    /// Messages from Foundation may span lines; the store promises one.
    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
