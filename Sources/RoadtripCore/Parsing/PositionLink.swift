import Foundation

/// Reads the position in a map link: Google Maps, OpenStreetMap, Apple Maps, Bing and `geo:` URIs.
///
/// Where a link holds several positions, the one that names the place wins over the one that
/// only centres the view: Google's `!3d…!4d…` (the place) before `@lat,lon` (the camera).
public enum PositionLink {
    /// The reading of a link, or nil when `text` is not a link.
    static func read(_ text: String) -> PositionParser.Reading? {
        let lower = text.lowercased()
        if lower.hasPrefix("geo:") { return geoURI(String(text.dropFirst(4))) }
        let isLink =
            lower.contains("://") || lower.hasPrefix("www.")
            || ["maps.google.", "google.", "goo.gl/", "openstreetmap.org", "osm.org/", "maps.apple.com", "bing.com/maps"]
                .contains { lower.hasPrefix($0) }
        guard isLink, !text.contains(" ") else { return nil }
        return webLink(text)
            ?? .invalid("The link holds no position: open it and copy the address with the map's coordinates in it.")
    }

    /// `geo:47.56,13.65`, with an optional altitude and parameters; `geo:0,0?q=47.56,13.65(Hallstatt)`.
    private static func geoURI(_ body: String) -> PositionParser.Reading {
        let parts = body.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = decoded(String(parts[0].split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)[0]))
        let query = parts.count > 1 ? parameters(String(parts[1])) : [:]
        let numbers = path.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        if let q = query["q"], numbers.allSatisfy({ Double($0) == 0 }) {
            let (position, label) = labelled(q)
            switch PositionParser.readNotation(position) {
            case let .position(c, _): return .position(c, label: label)
            // The 0,0 of such a link is a placeholder, never the place: a bad q is the answer.
            case let .invalid(message): return .invalid(message)
            case .notAPosition:
                return .invalid(
                    "“geo:\(PlainText.quoted(body, limit: 30))” names no position: search for “\(label ?? PlainText.quoted(q, limit: 30))” instead."
                )
            }
        }
        guard numbers.count == 2 || numbers.count == 3 else {
            return .invalid("“geo:\(PlainText.quoted(body, limit: 30))” is not a geo: position (geo:latitude,longitude).")
        }
        return PositionParser.readNotation(numbers[0] + ", " + numbers[1])
    }

    /// A web map link's position, or nil when it holds none.
    private static func webLink(_ text: String) -> PositionParser.Reading? {
        let hashSplit = text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let fragment = hashSplit.count > 1 ? parameters(String(hashSplit[1])) : [:]
        let querySplit = hashSplit[0].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(querySplit[0])
        let query = querySplit.count > 1 ? parameters(String(querySplit[1])) : [:]
        let segments = path.split(separator: "/").map { decoded(String($0)) }
        let label = segments.firstIndex(of: "place").flatMap { i in
            i + 1 < segments.count && PositionParser.readNotation(segments[i + 1]) == .notAPosition
                ? printable(segments[i + 1]) : nil
        }

        var candidates: [String] = []
        let placeData = text.range(of: #"!3d(-?[0-9.]+)!4d(-?[0-9.]+)"#, options: .regularExpression)
        if let refusal = googleRefusal(text, segments: segments, query: query, hasPlace: placeData != nil) {
            return refusal
        }
        // Google's data parameter: the chosen place itself.
        if let range = placeData {
            let pair = text[range].dropFirst(3).split(separator: "!")
            candidates.append("\(pair[0]), \(pair[1].dropFirst(2))")
        }
        if let lat = query["mlat"], let lon = query["mlon"] { candidates.append("\(lat), \(lon)") }
        if let map = fragment["map"] ?? query["map"] {
            let parts = map.split(separator: "/")
            if parts.count == 3 { candidates.append("\(parts[1]), \(parts[2])") }
        }
        for key in ["q", "query", "ll", "sll", "center", "destination", "daddr", "cp"] {
            if let value = query[key] { candidates.append(labelled(value.replacingOccurrences(of: "~", with: ",")).position) }
        }
        for segment in segments where segment.hasPrefix("@") {
            let numbers = segment.dropFirst().split(separator: ",")
            if numbers.count >= 2 { candidates.append("\(numbers[0]), \(numbers[1])") }
        }
        candidates += segments.filter { $0.contains(",") && !$0.hasPrefix("@") }

        var firstProblem: PositionParser.Reading?
        for candidate in candidates {
            switch PositionParser.readNotation(candidate) {
            case let .position(c, _): return .position(c, label: label)
            case .invalid(let message): firstProblem = firstProblem ?? .invalid(message)
            case .notAPosition: continue
            }
        }
        return firstProblem
    }

    /// The stops a Google Maps directions link names, in order (`/maps/dir/Las+Vegas,+NV/Zion+National+Park/@…`):
    /// names to search for, or positions as typed; nil when `text` is not such a link.
    public static func directionsStops(_ text: String) -> [String]? {
        let lower = text.lowercased()
        guard lower.contains("google."), !text.contains(" ") else { return nil }
        let path = String(text.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0])
        let segments = path.split(separator: "/").map { decoded(String($0)) }
        guard let maps = segments.firstIndex(of: "maps"), maps + 1 < segments.count, segments[maps + 1] == "dir" else {
            return nil
        }
        // After "dir": one segment a stop ("" for "your location"), until the view (`@…`) or the data (`data=…`).
        let stops = segments[(maps + 2)...].prefix { !$0.hasPrefix("@") && !$0.hasPrefix("data=") }
        return stops.map { printable($0) }.filter { !$0.isEmpty }
    }

    /// Why a Google Maps link cannot be one stop: a directions link holds several, by name; a
    /// search or a bare map view holds no place at all, only where the map was looking.
    private static func googleRefusal(
        _ text: String, segments: [String], query: [String: String], hasPlace: Bool
    ) -> PositionParser.Reading? {
        guard text.lowercased().contains("google."), let maps = segments.firstIndex(of: "maps"), !hasPlace,
            query["q"] == nil, query["query"] == nil, query["ll"] == nil, query["center"] == nil
        else { return nil }
        let kind = maps + 1 < segments.count ? segments[maps + 1] : ""
        if kind == "dir" {
            let count = directionsStops(text)?.count ?? 0
            return .invalid(
                "A directions link holds \(count) stop\(count == 1 ? "" : "s") by name, not one position: add them with `roadtrip add-stop TRIP LINK`."
            )
        }
        if kind == "search" {
            let what = maps + 2 < segments.count && !segments[maps + 2].hasPrefix("@") ? printable(segments[maps + 2]) : ""
            // "/maps/search/47.56,13.65" is a search for a position: that position is the place.
            if PositionParser.readNotation(what) != .notAPosition { return nil }
            return .invalid(
                "A search link holds no place, only where the map was looking"
                    + (what.isEmpty ? ": open the place and copy its link." : ": search for “\(what)” instead."))
        }
        if kind.hasPrefix("@") {
            return .invalid("A map view link holds no place, only where the map was looking: open the place and copy its link.")
        }
        return nil
    }

    /// "47.8,13.05(Hallstatt)" as the position and the label in brackets.
    private static func labelled(_ value: String) -> (position: String, label: String?) {
        guard value.hasSuffix(")"), let open = value.firstIndex(of: "(") else { return (value, nil) }
        let label = printable(String(value[value.index(after: open)..<value.index(before: value.endIndex)]))
        return (String(value[..<open]), label.isEmpty ? nil : label)
    }

    /// `a=1&b=2` as a dictionary, keys lower-cased, values decoded.
    private static func parameters(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard kv.count == 2 else { continue }
            result[kv[0].lowercased()] = decoded(String(kv[1]))
        }
        return result
    }

    private static func decoded(_ text: String) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }

    /// A label from a link as one clean line: it is shown and may become a stop's name.
    private static func printable(_ text: String) -> String { PlainText.line(text, limit: TextLimits.name) }
}
