import Foundation
import RoadtripCore

/// Decides which points of a parsed file become the stops, and explains the choice.
enum StopSelection {
    /// GPX: a route is what a planner made, so it wins; then waypoints; then tracks,
    /// reduced to a few stops. Whatever was not used is named in the explanation.
    static func gpx(_ content: GPXContent, maxStops: Int) throws -> (stops: [ImportedStop], explanation: String, name: String?) {
        let routePoints = content.routes.flatMap(\.points).map(stop)
        let trackPoints = content.tracks.flatMap(\.points).map(stop)
        var unused: [String] = []
        let stops: [ImportedStop], explanation: String, name: String?
        if !routePoints.isEmpty {
            let routes = content.routes.filter { !$0.points.isEmpty }
            stops = routePoints
            name = routes.first?.name
            explanation =
                routes.count == 1
                ? "Route\(quoted(routes[0].name)) of \(counted(stops.count, "point")) became \(counted(stops.count, "stop"))."
                : "\(routes.count) routes with \(counted(stops.count, "point")) in all became \(counted(stops.count, "stop"))."
            // Waypoints that repeat the route (as roadtrip and many planners write them) are not news.
            let repeatsRoute = content.waypoints.map(\.coordinate) == routePoints.map(\.coordinate)
            if !content.waypoints.isEmpty && !repeatsRoute { unused.append(counted(content.waypoints.count, "waypoint")) }
            if !trackPoints.isEmpty { unused.append(trackSummary(content)) }
        } else if !content.waypoints.isEmpty {
            stops = content.waypoints.map(stop)
            name = nil
            explanation = "\(counted(stops.count, "waypoint")) became \(counted(stops.count, "stop"))."
            if !trackPoints.isEmpty { unused.append(trackSummary(content)) }
        } else if !trackPoints.isEmpty {
            let tracks = content.tracks.filter { !$0.points.isEmpty }
            name = tracks.first?.name
            let label = tracks.count == 1 ? "Track\(quoted(tracks[0].name))" : "\(tracks.count) tracks"
            (stops, explanation) = LineReduction.stops(from: trackPoints, label: label, maxStops: maxStops)
        } else {
            throw ParseFailure(.noStops, "the file holds no waypoints, routes or tracks with points")
        }
        let note = unused.isEmpty ? "" : " Not used: \(unused.joined(separator: " and "))."
        return (stops, explanation + note, content.name ?? name)
    }

    /// GeoJSON: the Points in `order` (file order where it is missing); a line only when there are none.
    static func geoJSON(_ content: GeoJSONContent, maxStops: Int) throws -> (stops: [ImportedStop], explanation: String) {
        if !content.stops.isEmpty {
            let ordered = content.stops.enumerated()
                .sorted { ($0.element.order ?? .infinity, $0.offset) < ($1.element.order ?? .infinity, $1.offset) }
                .map { ImportedStop(coordinate: $0.element.coordinate, name: $0.element.name) }
            var explanation = "\(counted(ordered.count, "point")) became \(counted(ordered.count, "stop"))."
            if !content.line.isEmpty { explanation += " The route line was not needed." }
            return (ordered, explanation)
        }
        guard !content.line.isEmpty else {
            throw ParseFailure(.noStops, "the file holds no Point or LineString features")
        }
        let points = content.line.map { ImportedStop(coordinate: $0, name: nil) }
        return LineReduction.stops(from: points, label: "Line", maxStops: maxStops)
    }

    /// KML: the Placemarks with a Point, in file order; the lines only when there are none.
    static func kml(_ content: KMLContent, maxStops: Int) throws -> (stops: [ImportedStop], explanation: String) {
        if !content.points.isEmpty {
            let stops = content.points.map(stop)
            var explanation = "\(counted(stops.count, "placemark")) became \(counted(stops.count, "stop"))."
            if !content.lines.isEmpty { explanation += " Not used: \(counted(content.lines.count, "line"))." }
            return (stops, explanation)
        }
        guard !content.lines.isEmpty else {
            throw ParseFailure(.noStops, "the file holds no Placemarks with a Point or a LineString")
        }
        let points = content.lines.flatMap { $0 }.map { ImportedStop(coordinate: $0, name: nil) }
        return LineReduction.stops(
            from: points, label: content.lines.count == 1 ? "Line" : "\(content.lines.count) lines",
            maxStops: maxStops)
    }

    /// The data fields roadtrip's KML writer puts on a placemark.
    private static let roadtripFields: Set = ["stay", "overnight", "nights", "note", "fixedArrival", "timeZone"]

    /// A placemark as a stop: roadtrip's own data fields when they are there and valid, else the description as the note.
    private static func stop(_ point: KMLContent.Point) -> ImportedStop {
        let data = point.data
        // roadtrip's description only retells its data fields for people ("Stay 1 h 30 min · 1 night"):
        // taken as a note, it would grow by itself at every export and import.
        let written = !data.keys.filter(roadtripFields.contains).isEmpty
        var stop = ImportedStop(
            coordinate: point.coordinate, name: point.name,
            note: data["note"] ?? (written ? nil : point.description.map(plainText)))
        // Figures that cannot be true are left out, as an unknown field is: the place still comes in.
        if let stay = data["stay"].flatMap(DecimalText.number), Plausibility.stayProblem(stay) == nil { stop.stay = stay }
        // roadtrip writes nights since 2026; older files only say overnight, which is one night.
        if let nights = data["nights"].flatMap({ Int($0) }), Plausibility.nights.contains(nights) {
            stop.nights = nights
        } else {
            stop.nights = data["overnight"] == "true" ? 1 : 0
        }
        stop.fixedArrival = data["fixedArrival"].flatMap(ISO8601Text.date).flatMap {
            Plausibility.dateProblem($0) == nil ? $0 : nil
        }
        stop.timeZone = data["timeZone"].flatMap { TimeZone(identifier: $0)?.identifier }
        return stop
    }

    /// A KML description as text: My Maps and Google Earth write HTML (`<br>`, `<b>`) into it.
    ///
    /// Only `<` followed by a letter, `/` or `!` and closed by a later `>` is a tag, so a plain
    /// "under < 5 km" keeps its words; a long note is cut later, where the import says so.
    static func plainText(_ html: String) -> String {
        let characters = Array(html)
        // Past the last `>` nothing can be a tag: each `<` there is text, found without a search.
        let lastClose = characters.lastIndex(of: ">") ?? -1
        var out = "", i = 0
        while i < characters.count {
            if characters[i] == "<", i + 1 < lastClose,
                characters[i + 1].isLetter || characters[i + 1] == "/" || characters[i + 1] == "!",
                let close = characters[(i + 1)...].firstIndex(of: ">")
            {
                out += " "
                i = close + 1
            } else {
                out.append(characters[i])
                i += 1
            }
        }
        // `&amp;` last, so "&amp;lt;" (a literal "&lt;") is not decoded twice.
        let decoded = out.replacingOccurrences(of: "&nbsp;", with: " ").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
        return ImportedText.singleLine(decoded)
    }

    /// CSV: rows in `order` (file order where it is missing).
    static func csv(_ rows: [CSVStop]) throws -> (stops: [ImportedStop], explanation: String) {
        guard !rows.isEmpty else { throw ParseFailure(.noStops, "the file has a header but no rows") }
        let ordered = rows.enumerated()
            .sorted { ($0.element.order ?? .infinity, $0.offset) < ($1.element.order ?? .infinity, $1.offset) }
            .map { ImportedStop(coordinate: $0.element.coordinate, name: $0.element.name) }
        return (ordered, "\(counted(ordered.count, "row")) became \(counted(ordered.count, "stop")).")
    }

    private static func stop(_ point: GPXContent.Point) -> ImportedStop {
        ImportedStop(coordinate: point.coordinate, name: point.name)
    }

    private static func trackSummary(_ content: GPXContent) -> String {
        let points = content.tracks.reduce(0) { $0 + $1.points.count }
        let tracks = content.tracks.filter { !$0.points.isEmpty }.count
        return tracks == 1 ? "a track of \(counted(points, "point"))" : "\(tracks) tracks of \(counted(points, "point")) in all"
    }

    /// ` "Alps"` for a name that is printable, nothing otherwise.
    private static func quoted(_ name: String?) -> String {
        name.flatMap(ImportedText.name).map { " \"\($0)\"" } ?? ""
    }
}
