import RoadtripCore

/// Writes a trip as a GPX 1.1 document, valid against the topografix schema.
///
/// Stops appear twice, as GPS units and apps expect: as `<wpt>` (points of interest)
/// and as one `<rte>` of `<rtept>` (what a navigator follows). When legs carry the
/// driven line (OSRM geometry), it is added as a `<trk>`, one `<trkseg>` per unbroken
/// run of legs with geometry, so a gap is never drawn as a straight line that was not driven.
enum GPXWriter {
    public static func write(trip: Trip, legs: [Leg] = []) -> String {
        let name = XMLText.escaped(trip.name)
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="roadtrip" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
            xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
              <metadata>
                <name>\(name)</name>
              </metadata>

            """
        for stop in trip.waypoints {
            out += "  <wpt \(position(stop.coordinate))>\n    <name>\(XMLText.escaped(stop.name))</name>\n  </wpt>\n"
        }
        if !trip.waypoints.isEmpty {
            out += "  <rte>\n    <name>\(name)</name>\n"
            for stop in trip.waypoints {
                out +=
                    "    <rtept \(position(stop.coordinate))>\n      <name>\(XMLText.escaped(stop.name))</name>\n    </rtept>\n"
            }
            out += "  </rte>\n"
        }
        let segments = drivenSegments(legs)
        if !segments.isEmpty {
            out += "  <trk>\n    <name>\(name)</name>\n"
            for segment in segments {
                out += "    <trkseg>\n"
                for point in segment { out += "      <trkpt \(position(point))/>\n" }
                out += "    </trkseg>\n"
            }
            out += "  </trk>\n"
        }
        return out + "</gpx>\n"
    }

    /// Consecutive legs with geometry joined into one line each, shared end points once.
    static func drivenSegments(_ legs: [Leg]) -> [[Coordinate]] {
        var segments: [[Coordinate]] = []
        var current: [Coordinate] = []
        for leg in legs {
            guard let line = leg.geometry, line.count >= 2 else {
                if current.count >= 2 { segments.append(current) }
                current = []
                continue
            }
            current += current.last == line.first ? line.dropFirst() : line[...]
        }
        if current.count >= 2 { segments.append(current) }
        return segments
    }

    private static func position(_ c: Coordinate) -> String {
        // The schema's longitude range is -180 ≤ lon < 180: the antimeridian is written as -180.
        let longitude = c.longitude == 180 ? -180 : c.longitude
        return "lat=\"\(DecimalText.coordinate(c.latitude))\" lon=\"\(DecimalText.coordinate(longitude))\""
    }
}
