import Foundation
import RoadtripCore

/// What a GPX file holds that can become stops.
struct GPXContent {
    struct Point {
        var coordinate: Coordinate
        var name: String?
    }

    struct Path {
        var name: String?
        var points: [Point] = []
    }

    var name: String?
    var waypoints: [Point] = []
    var routes: [Path] = []
    var tracks: [Path] = []
}

/// Reads the waypoints, routes and tracks of a GPX 1.0 or 1.1 file.
///
/// Only the structure the schema defines is read (`gpx/wpt`, `gpx/rte/rtept`,
/// `gpx/trk/trkseg/trkpt` and their `name`); extensions are passed over.
enum GPXReader {
    static func read(_ bytes: [UInt8]) throws -> GPXContent {
        var tokenizer = XMLTokenizer(bytes: try XMLText.utf8Bytes(bytes))
        var content = GPXContent()
        var path: [String] = []
        var point: GPXContent.Point?
        var nameText: String?
        // The depth of the <name> being read: elements nested in it (a fuzzer found <trk><name> inside
        // an unclosed <name>) must not end it, or the name lands on a track that was never started.
        var nameDepth = 0

        try tokenizer.run { event in
            switch event {
            case let .start(name, attributes, line):
                if path.isEmpty, name != "gpx" {
                    throw ParseFailure(.wrongRoot, line: line, "not a GPX file: the root element is <\(name)>, expected <gpx>")
                }
                path.append(name)
                if isPointPath(path) {
                    point = GPXContent.Point(coordinate: try coordinate(attributes, element: name, line: line))
                } else if path.count == 2 && name == "rte" {
                    content.routes.append(.init())
                } else if path.count == 2 && name == "trk" {
                    content.tracks.append(.init())
                } else if name == "name", isNamed(path) {
                    nameText = ""
                    nameDepth = path.count
                }
            case let .text(text):
                if nameText != nil { nameText! += try text.string() }
            case let .end(name):
                defer { path.removeLast() }
                if name == "name", let text = nameText, path.count == nameDepth {
                    assignName(text, owner: path.dropLast(), point: &point, content: &content)
                    nameText = nil
                } else if let finished = point, isPointPath(path) {
                    switch name {
                    case "wpt": content.waypoints.append(finished)
                    case "rtept": content.routes[content.routes.count - 1].points.append(finished)
                    default: content.tracks[content.tracks.count - 1].points.append(finished)
                    }
                    point = nil
                }
            }
        }
        return content
    }

    /// Whether a `name` at the end of `path` belongs to something a trip can use.
    private static func isNamed(_ path: [String]) -> Bool {
        let owner = path.dropLast()
        switch owner.count {
        case 1: return true  // GPX 1.0 names the file directly under <gpx>
        case 2: return owner.last == "metadata" || owner.last == "rte" || owner.last == "trk" || owner.last == "wpt"
        default: return isPointPath(owner)
        }
    }

    /// `gpx/wpt`, `gpx/rte/rtept` or `gpx/trk/trkseg/trkpt`, checked without building arrays:
    /// this runs for every element of a file that may hold half a million points.
    private static func isPointPath(_ path: some RandomAccessCollection<String>) -> Bool {
        let i = path.startIndex
        switch path.count {
        case 2: return path[path.index(i, offsetBy: 1)] == "wpt"
        case 3: return path[path.index(i, offsetBy: 2)] == "rtept" && path[path.index(i, offsetBy: 1)] == "rte"
        case 4:
            return path[path.index(i, offsetBy: 3)] == "trkpt" && path[path.index(i, offsetBy: 2)] == "trkseg"
                && path[path.index(i, offsetBy: 1)] == "trk"
        default: return false
        }
    }

    private static func assignName(
        _ text: String, owner: ArraySlice<String>, point: inout GPXContent.Point?,
        content: inout GPXContent
    ) {
        switch owner.last {
        case "metadata", "gpx": content.name = text
        case "rte": content.routes[content.routes.count - 1].name = text
        case "trk": content.tracks[content.tracks.count - 1].name = text
        default: point?.name = text
        }
    }

    private static func coordinate(_ attributes: [String: String], element: String, line: Int) throws -> Coordinate {
        func value(_ key: String, range: ClosedRange<Double>, label: String) throws -> Double {
            guard let raw = attributes[key] else {
                throw ParseFailure(.invalidCoordinate, line: line, "<\(element)> has no \(key) attribute")
            }
            let padded = raw.first?.isWhitespace == true || raw.last?.isWhitespace == true
            let trimmed = padded ? raw.trimmingCharacters(in: .whitespacesAndNewlines) : raw
            guard let number = DecimalText.number(trimmed) else {
                throw ParseFailure(.invalidCoordinate, line: line, "<\(element)> \(key)=\"\(raw.prefix(40))\" is not a number")
            }
            if let problem = Plausibility.outOfRange(number, range) {
                throw ParseFailure(.invalidCoordinate, line: line, "<\(element)> \(label) \(trimmed) \(problem)")
            }
            return number
        }
        return Coordinate(
            latitude: try value("lat", range: Plausibility.latitudes, label: "latitude"),
            longitude: try value("lon", range: Plausibility.longitudes, label: "longitude"))
    }
}
