import Foundation

/// The phone apps a trip can be sent to as links.
public enum NavigationApp: String, CaseIterable, Sendable {
    case google
    case apple
    case osm

    /// "Google Maps".
    public var title: String {
        switch self {
        case .google: "Google Maps"
        case .apple: "Apple Maps"
        case .osm: "OpenStreetMap"
        }
    }
}

/// A point a link drives to: a stop of the trip (its number, from 1), or a place between stops
/// (a suggested night) that has none.
public struct LinkStop: Sendable, Equatable {
    public var name: String
    public var coordinate: Coordinate
    public var number: Int?

    public init(name: String, coordinate: Coordinate, number: Int?) {
        self.name = name
        self.coordinate = coordinate
        self.number = number
    }

    /// The stops of `trip` from index `first` on, numbered as the trip numbers them.
    public static func stops(of waypoints: [Waypoint], from first: Int = 0) -> [LinkStop] {
        waypoints.indices.dropFirst(max(0, first)).map {
            LinkStop(name: waypoints[$0].name, coordinate: waypoints[$0].coordinate, number: $0 + 1)
        }
    }
}

/// One link to open on a phone: a stretch of the trip, from one stop to another.
public struct NavigationLink: Sendable, Equatable {
    /// The points it drives through, as 0-based indexes into the points it was made from.
    public var stops: ClosedRange<Int>
    /// The trip's numbers of its first and last point, nil for a point that is no stop.
    public var fromNumber: Int? = nil
    public var toNumber: Int? = nil
    /// "Stops 1–11: Santa Monica → Flagstaff"; "To Hallstatt" for a link to one place.
    public var title: String
    public var url: String
}

/// Navigation links for a run of stops, in each app's documented URL format.
///
/// - Google Maps (developers.google.com/maps/documentation/urls, "directions"):
///   `https://www.google.com/maps/dir/?api=1&origin=…&destination=…&waypoints=…|…&travelmode=driving`.
///   At most 9 waypoints a link (the limit Google documents for its mobile apps), so a longer trip
///   is several links chained at a shared stop: each ends where the next begins. The trip's
///   avoidance goes as `avoid=tolls|highways|ferries`, as Google's directions URLs spell it; the
///   Maps URLs documentation lists no such parameter, so Google may ignore it.
/// - Apple Maps (developer.apple.com, "Map Links"): `https://maps.apple.com/?saddr=…&daddr=…&dirflg=d`.
///   Its documented format holds one start and one destination, so there is a link per leg.
/// - OpenStreetMap (openstreetmap.org/directions): `engine=fossgis_osrm_car&route=LAT,LON;LAT,LON`,
///   two points a route, so a link per leg too.
///
/// Stops are written as coordinates (5 decimals, about a metre: shorter links, smaller codes), never names: a name is searched again by
/// the app and may find another place of that name.
public enum NavigationLinks {
    public static let googleWaypointLimit = 9

    /// The links through `points` in `app`, avoiding what the trip avoids. One point gives one link
    /// to it (from wherever the phone is); none gives none. A link between two stops is titled
    /// with their numbers ("Stops 10–11: …"); one from or to a suggested night only with the names.
    public static func links(for points: [LinkStop], app: NavigationApp, avoid: RoadAvoidance = []) -> [NavigationLink] {
        let stops = points.map { (name: $0.name, coordinate: $0.coordinate) }
        return links(stops, app: app, avoid: avoid).map { link in
            var numbered = link
            numbered.fromNumber = points[link.stops.lowerBound].number
            numbered.toNumber = points[link.stops.upperBound].number
            if link.stops.count > 1, let from = numbered.fromNumber, let to = numbered.toNumber {
                numbered.title = "Stops \(from)–\(to): " + link.title
            }
            return numbered
        }
    }

    private static func links(
        _ stops: [(name: String, coordinate: Coordinate)], app: NavigationApp, avoid: RoadAvoidance
    ) -> [NavigationLink] {
        guard !stops.isEmpty else { return [] }
        guard stops.count > 1 else {
            let only = stops[0]
            return [
                NavigationLink(stops: 0...0, title: "To \(PlainText.line(only.name))", url: single(only.coordinate, app: app))
            ]
        }
        switch app {
        case .google:
            var out: [NavigationLink] = []
            var start = 0
            while start < stops.count - 1 {
                let end = min(start + googleWaypointLimit + 1, stops.count - 1)
                var query = [
                    ("api", "1"), ("origin", position(stops[start].coordinate)), ("destination", position(stops[end].coordinate))
                ]
                if end - start > 1 {
                    query.append(("waypoints", stops[(start + 1)..<end].map { position($0.coordinate) }.joined(separator: "|")))
                }
                query.append(("travelmode", "driving"))
                let avoided = googleAvoid(avoid)
                if !avoided.isEmpty { query.append(("avoid", avoided)) }
                out.append(link(start...end, stops, "https://www.google.com/maps/dir/", query))
                start = end
            }
            return out
        case .apple:
            return (0..<(stops.count - 1)).map { index in
                link(
                    index...(index + 1), stops, "https://maps.apple.com/",
                    [
                        ("saddr", position(stops[index].coordinate)), ("daddr", position(stops[index + 1].coordinate)),
                        ("dirflg", "d")
                    ])
            }
        case .osm:
            return (0..<(stops.count - 1)).map { index in
                link(
                    index...(index + 1), stops, "https://www.openstreetmap.org/directions",
                    [
                        ("engine", "fossgis_osrm_car"),
                        ("route", position(stops[index].coordinate) + ";" + position(stops[index + 1].coordinate))
                    ])
            }
        }
    }

    /// "tolls|highways|ferries", in Google's words, for what the trip avoids.
    static func googleAvoid(_ avoid: RoadAvoidance) -> String {
        var words: [String] = []
        if avoid.contains(.tolls) { words.append("tolls") }
        if avoid.contains(.motorways) { words.append("highways") }
        if avoid.contains(.ferries) { words.append("ferries") }
        return words.joined(separator: "|")
    }

    private static func single(_ coordinate: Coordinate, app: NavigationApp) -> String {
        switch app {
        case .google:
            return url(
                "https://www.google.com/maps/dir/",
                [("api", "1"), ("destination", position(coordinate)), ("travelmode", "driving")])
        case .apple: return url("https://maps.apple.com/", [("daddr", position(coordinate)), ("dirflg", "d")])
        case .osm:
            return url(
                "https://www.openstreetmap.org/directions",
                [("engine", "fossgis_osrm_car"), ("route", ";" + position(coordinate))])
        }
    }

    private static func link(
        _ range: ClosedRange<Int>, _ stops: [(name: String, coordinate: Coordinate)], _ base: String, _ query: [(String, String)]
    ) -> NavigationLink {
        let from = PlainText.line(stops[range.lowerBound].name), to = PlainText.line(stops[range.upperBound].name)
        return NavigationLink(stops: range, title: "\(from) → \(to)", url: url(base, query))
    }

    /// "47.56100,13.64900".
    static func position(_ coordinate: Coordinate) -> String {
        String(format: "%.5f,%.5f", coordinate.latitude, coordinate.longitude)
    }

    /// Percent-encodes every value but its commas (which the apps' own examples write plainly):
    /// `|` and `;` too, as Google asks, so no parser splits where it should not.
    static func url(_ base: String, _ query: [(String, String)]) -> String {
        var allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        allowed.insert(charactersIn: "-._~,")
        let pairs = query.map { key, value in
            key + "=" + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)
        }
        return base + "?" + pairs.joined(separator: "&")
    }
}
