/// A file format trips travel in and out of the app.
public enum ExchangeFormat: String, Sendable, CaseIterable, Hashable {
    /// GPX 1.1: stops as waypoints and a route, the driven line as a track.
    case gpx
    /// RFC 7946 GeoJSON: a Point per stop and a LineString of the route.
    case geojson
    /// The data file's own format: a trip document holding one trip.
    case json
    /// `order,name,latitude,longitude` with a header row (RFC 4180).
    case csv
    /// KML 2.2 (Google Earth, Google My Maps): a Placemark per stop and the route as a LineString.
    case kml
    /// KML zipped as doc.kml.
    case kmz

    /// The usual file extension, without the dot.
    public var fileExtension: String { rawValue }

    /// The format a file name's extension names, if any (`.gpx`, `.geojson`, `.kml`, `.kmz`, `.json`, `.csv`).
    public init?(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "gpx": self = .gpx
        case "geojson": self = .geojson
        case "json": self = .json
        case "csv": self = .csv
        case "kml": self = .kml
        case "kmz": self = .kmz
        default: return nil
        }
    }

    /// Guesses the format from a file's name and, when that is not enough, its first bytes.
    ///
    /// A `.json` file holding GeoJSON (`"type": "FeatureCollection"`) counts as GeoJSON,
    /// since many tools write GeoJSON under that extension.
    static func detect(path: String, bytes: [UInt8]) -> ExchangeFormat? {
        let named = ExchangeFormat(path: path)
        if let named, named != .json { return named }
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return .kmz }
        var i = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        guard i < bytes.count else { return named }
        switch bytes[i] {
        case UInt8(ascii: "<"):
            if named != nil { return named }
            let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
            return head.contains("<kml") || head.contains(":kml") ? .kml : .gpx
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return looksLikeGeoJSON(bytes) ? .geojson : .json
        default:
            return named ?? (looksLikeCSVHeader(bytes[i...]) ? .csv : nil)
        }
    }

    /// Whether the JSON has a `"type"` member anywhere: every GeoJSON object has one and the
    /// trip format has none. Inside a JSON string a quote is escaped, so `"type"` followed by
    /// a colon can only be a key, whatever the trip's names say.
    private static func looksLikeGeoJSON(_ bytes: [UInt8]) -> Bool {
        let key = Array("\"type\"".utf8)
        var i = 0
        while i + key.count <= bytes.count {
            if bytes[i] == key[0], bytes[i..<(i + key.count)].elementsEqual(key) {
                var j = i + key.count
                while j < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[j]) { j += 1 }
                if j < bytes.count, bytes[j] == UInt8(ascii: ":") { return true }
            }
            i += 1
        }
        return false
    }

    private static func looksLikeCSVHeader(_ bytes: ArraySlice<UInt8>) -> Bool {
        let firstLine = String(decoding: bytes.prefix(while: { $0 != 0x0A }), as: UTF8.self).lowercased()
        return firstLine.contains("latitude") && firstLine.contains("longitude")
    }
}
