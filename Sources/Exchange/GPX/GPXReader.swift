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

        try tokenizer.run { event in
            switch event {
            case let .start(name, attributes, line):
                if path.isEmpty, name != "gpx" {
                    throw ParseFailure(.wrongRoot, line: line, "not a GPX file: the root element is <\(name)>, expected <gpx>")
                }
                path.append(name)
                if isPointPath(path) {
                    point = GPXContent.Point(coordinate: try coordinate(attributes, element: name, line: line))
                } else if path == ["gpx", "rte"] {
                    content.routes.append(.init())
                } else if path == ["gpx", "trk"] {
                    content.tracks.append(.init())
                } else if name == "name", isNamed(path) {
                    nameText = ""
                }
            case let .text(text):
                nameText? += text
            case let .end(name):
                defer { path.removeLast() }
                if name == "name", let text = nameText {
                    assignName(text, owner: path.dropLast(), point: &point, content: &content)
                    nameText = nil
                } else if let finished = point, ["wpt", "rtept", "trkpt"].contains(name), isPointPath(path) {
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
        let owner = Array(path.dropLast())
        return owner == ["gpx", "metadata"] || owner == ["gpx", "rte"] || owner == ["gpx", "trk"]
            || isPointPath(owner)
    }

    private static func isPointPath(_ path: some Collection<String>) -> Bool {
        let p = Array(path)
        return p == ["gpx", "wpt"] || p == ["gpx", "rte", "rtept"] || p == ["gpx", "trk", "trkseg", "trkpt"]
    }

    private static func assignName(_ text: String, owner: ArraySlice<String>, point: inout GPXContent.Point?,
                                   content: inout GPXContent) {
        switch owner.last {
        case "metadata": content.name = text
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
            let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            guard let number = Double(trimmed), number.isFinite, trimmed.allSatisfy({ "0123456789.+-eE".contains($0) }) else {
                throw ParseFailure(.invalidCoordinate, line: line, "<\(element)> \(key)=\"\(raw.prefix(40))\" is not a number")
            }
            guard range.contains(number) else {
                throw ParseFailure(.invalidCoordinate, line: line,
                                   "<\(element)> \(label) \(trimmed) is out of range (\(Int(range.lowerBound))...\(Int(range.upperBound)))")
            }
            return number
        }
        return Coordinate(latitude: try value("lat", range: -90...90, label: "latitude"),
                          longitude: try value("lon", range: -180...180, label: "longitude"))
    }
}
