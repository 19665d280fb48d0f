import RoadtripCore

/// Writes a trip as an RFC 7946 GeoJSON FeatureCollection.
///
/// One Point feature per stop (`properties.name`, `properties.order` from 1), then one
/// route feature: the OSRM geometry where a leg has it, otherwise the great-circle arc
/// between the stops, densified so web maps draw the curve. Coordinates are
/// `[longitude, latitude]`; a route crossing the antimeridian becomes a MultiLineString.
enum GeoJSONWriter {
    public static func write(trip: Trip, legs: [Leg] = []) -> String {
        var features: [String] = trip.waypoints.enumerated().map { offset, stop in
            feature(
                properties: ["\"name\": \(JSONText.quoted(stop.name))", "\"order\": \(offset + 1)"],
                geometry: "{\"type\": \"Point\", \"coordinates\": \(position(stop.coordinate))}")
        }
        let (line, source) = routeLine(trip.coordinates, legs: legs)
        let parts = Antimeridian.split(line)
        if !parts.isEmpty {
            let geometry =
                parts.count == 1
                ? "{\"type\": \"LineString\", \"coordinates\": \(positions(parts[0]))}"
                : "{\"type\": \"MultiLineString\", \"coordinates\": [\(parts.map(positions).joined(separator: ", "))]}"
            features.append(
                feature(
                    properties: [
                        "\"name\": \(JSONText.quoted(trip.name))", "\"role\": \"route\"",
                        "\"source\": \"\(source)\""
                    ],
                    geometry: geometry))
        }
        return """
            {
              "type": "FeatureCollection",
              "name": \(JSONText.quoted(trip.name)),
              "features": [
            \(features.map { "    " + $0 }.joined(separator: ",\n"))
              ]
            }

            """
    }

    /// The route as one line, and where it came from: "osrm", "great-circle" or "mixed".
    static func routeLine(_ stops: [Coordinate], legs: [Leg]) -> ([Coordinate], String) {
        guard stops.count >= 2 else { return ([], "great-circle") }
        var line = [stops[0]]
        var driven = 0
        for (index, pair) in zip(stops, stops.dropFirst()).enumerated() {
            let leg = index < legs.count ? legs[index] : nil
            if let geometry = leg?.geometry, geometry.count >= 2 {
                driven += 1
                line += line.last == geometry.first ? geometry.dropFirst() : geometry[...]
            } else {
                line += GreatCircle.densify(pair.0, pair.1).dropFirst()
            }
        }
        let source = driven == 0 ? "great-circle" : driven == stops.count - 1 ? "osrm" : "mixed"
        return (line, source)
    }

    private static func feature(properties: [String], geometry: String) -> String {
        "{\"type\": \"Feature\", \"properties\": {\(properties.joined(separator: ", "))}, \"geometry\": \(geometry)}"
    }

    private static func position(_ c: Coordinate) -> String {
        "[\(DecimalText.coordinate(c.longitude)), \(DecimalText.coordinate(c.latitude))]"
    }

    private static func positions(_ line: [Coordinate]) -> String {
        "[" + line.map(position).joined(separator: ", ") + "]"
    }
}
