import RoadtripCore

/// Writes a trip as a KML 2.2 document, as Google Earth, Google My Maps and phone map apps read it.
///
/// A Placemark with a Point per stop (longitude first, as KML orders it), its stay, night and note
/// in the description; then the route as a LineString: the driven line where every leg has road
/// geometry, else the straight line through the stops.
enum KMLWriter {
    public static func write(trip: Trip, legs: [Leg] = []) -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <kml xmlns="http://www.opengis.net/kml/2.2">
              <Document>
                <name>\(XMLText.escaped(trip.name))</name>

            """
        for stop in trip.waypoints {
            out += "    <Placemark>\n      <name>\(XMLText.escaped(stop.name))</name>\n"
            let description = details(stop)
            if !description.isEmpty { out += "      <description>\(XMLText.escaped(description))</description>\n" }
            out += extendedData(stop)
            out += "      <Point><coordinates>\(tuple(stop.coordinate))</coordinates></Point>\n    </Placemark>\n"
        }
        let driven = GPXWriter.drivenSegments(legs)
        let road = driven.count == 1 && legs.count == max(0, trip.waypoints.count - 1) ? driven[0] : nil
        let line = road ?? trip.coordinates
        if line.count >= 2 {
            out += "    <Placemark>\n      <name>\(XMLText.escaped(trip.name))</name>\n"
            out += "      <description>\(road == nil ? "Straight line through the stops" : "The road route")</description>\n"
            // Cut at the antimeridian, so no viewer draws the line the whole way round the world.
            let parts = Antimeridian.split(line)
            if parts.count > 1 { out += "      <MultiGeometry>\n" }
            for part in parts {
                out += "      <LineString>\n        <tessellate>1</tessellate>\n        <coordinates>\n"
                for point in part { out += "          \(tuple(point))\n" }
                out += "        </coordinates>\n      </LineString>\n"
            }
            if parts.count > 1 { out += "      </MultiGeometry>\n" }
            out += "    </Placemark>\n"
        }
        return out + "  </Document>\n</kml>\n"
    }

    /// "Stay 1 h 30 min · Overnight · Old town walk": what a stop's balloon says.
    static func details(_ stop: Waypoint) -> String {
        var parts: [String] = []
        if stop.stay > 0 { parts.append("Stay " + Formatting.duration(stop.stay)) }
        if stop.nights > 0 { parts.append(Formatting.nights(stop.nights)) }
        if let arrival = stop.fixedArrival { parts.append("Arrive by " + ISO8601Text.string(arrival)) }
        if !stop.note.isEmpty { parts.append(stop.note) }
        return parts.joined(separator: " · ")
    }

    /// The stop's details as KML data fields, which roadtrip reads back exactly (the description is for people).
    private static func extendedData(_ stop: Waypoint) -> String {
        var fields: [(String, String)] = []
        if stop.stay > 0 { fields.append(("stay", DecimalText.coordinate(stop.stay))) }
        if stop.overnight { fields.append(("overnight", "true")) }
        if stop.nights > 1 { fields.append(("nights", String(stop.nights))) }
        if !stop.note.isEmpty { fields.append(("note", stop.note)) }
        if let arrival = stop.fixedArrival { fields.append(("fixedArrival", ISO8601Text.string(arrival))) }
        if let zone = stop.timeZone { fields.append(("timeZone", zone)) }
        guard !fields.isEmpty else { return "" }
        let data = fields.map { "        <Data name=\"\($0.0)\"><value>\(XMLText.escaped($0.1))</value></Data>\n" }.joined()
        return "      <ExtendedData>\n" + data + "      </ExtendedData>\n"
    }

    /// `lon,lat` with seven decimals (about a centimetre).
    private static func tuple(_ c: Coordinate) -> String {
        DecimalText.coordinate(c.longitude) + "," + DecimalText.coordinate(c.latitude)
    }
}
