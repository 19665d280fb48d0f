import RoadtripCore

/// What a GeoJSON file holds that can become stops.
struct GeoJSONContent {
    struct Stop {
        var coordinate: Coordinate
        var name: String?
        var order: Double?
    }

    var name: String?
    /// Point features (and the points of MultiPoints), in file order.
    var stops: [Stop] = []
    /// LineString parts, joined, for files that hold a route but no points.
    var line: [Coordinate] = []
}

/// Reads a FeatureCollection, a single Feature or a bare geometry (RFC 7946).
enum GeoJSONReader {
    static func read(_ bytes: [UInt8]) throws -> GeoJSONContent {
        let root = try JSONValue.parse(bytes)
        guard case .object = root, let type = root["type"]?.string else {
            throw ParseFailure(.wrongRoot, "not GeoJSON: the top level is not an object with a \"type\"")
        }
        var content = GeoJSONContent(name: root["name"]?.string)
        switch type {
        case "FeatureCollection":
            guard let features = root["features"]?.array else {
                throw ParseFailure(.wrongRoot, "not GeoJSON: the FeatureCollection has no \"features\" array")
            }
            for (index, feature) in features.enumerated() {
                try readFeature(feature, label: "feature \(index + 1)", into: &content)
            }
        case "Feature":
            try readFeature(root, label: "the feature", into: &content)
        case "Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon", "GeometryCollection":
            try readGeometry(root, properties: nil, label: "the geometry", into: &content)
        default:
            throw ParseFailure(.wrongRoot, "not GeoJSON: unknown type \"\(type.prefix(40))\"")
        }
        return content
    }

    private static func readFeature(_ feature: JSONValue, label: String, into content: inout GeoJSONContent) throws {
        guard feature["type"]?.string == "Feature" else {
            throw ParseFailure(.wrongRoot, "\(label) is not a Feature")
        }
        let properties = feature["properties"]
        guard let geometry = feature["geometry"], geometry != .null else { return }
        try readGeometry(geometry, properties: properties, label: label, into: &content)
    }

    private static func readGeometry(
        _ geometry: JSONValue, properties: JSONValue?, label: String,
        into content: inout GeoJSONContent
    ) throws {
        let coordinates = geometry["coordinates"]
        switch geometry["type"]?.string {
        case "Point":
            content.stops.append(
                .init(
                    coordinate: try position(coordinates, label: label),
                    name: properties?["name"]?.string, order: properties?["order"]?.number))
        case "MultiPoint":
            for point in try list(coordinates, label: label) {
                content.stops.append(.init(coordinate: try position(point, label: label), name: nil, order: nil))
            }
        case "LineString":
            if content.name == nil, properties?["role"]?.string == "route" { content.name = properties?["name"]?.string }
            content.line += try list(coordinates, label: label).map { try position($0, label: label) }
        case "MultiLineString":
            if content.name == nil, properties?["role"]?.string == "route" { content.name = properties?["name"]?.string }
            for part in try list(coordinates, label: label) {
                content.line += try list(part, label: label).map { try position($0, label: label) }
            }
        case "Polygon", "MultiPolygon", "GeometryCollection":
            // Areas are not stops; they are passed over rather than refused.
            break
        case let other:
            throw ParseFailure(
                .wrongRoot, "\(label) has an unknown geometry type \(other.map { "\"\($0.prefix(40))\"" } ?? "(none)")")
        }
    }

    private static func list(_ value: JSONValue?, label: String) throws -> [JSONValue] {
        guard let items = value?.array else {
            throw ParseFailure(.invalidCoordinate, "\(label): \"coordinates\" is missing or not an array")
        }
        return items
    }

    /// A `[longitude, latitude]` position (an altitude after them is ignored).
    private static func position(_ value: JSONValue?, label: String) throws -> Coordinate {
        guard let items = value?.array, items.count >= 2 else {
            throw ParseFailure(.invalidCoordinate, "\(label): a position needs [longitude, latitude]")
        }
        guard let longitude = items[0].number, let latitude = items[1].number else {
            throw ParseFailure(.invalidCoordinate, "\(label): a coordinate is not a number")
        }
        if let problem = Plausibility.coordinateProblem(latitude: latitude, longitude: longitude) {
            throw ParseFailure(.invalidCoordinate, "\(label): " + problem)
        }
        return Coordinate(latitude: latitude, longitude: longitude)
    }
}
