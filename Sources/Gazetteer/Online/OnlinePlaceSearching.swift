import Foundation
import RoadtripCore

/// A place search over the network (a Nominatim-compatible `/search` API), asked only when asked for.
public protocol OnlinePlaceSearching: Sendable {
    /// Places for `query`, best first, each with `source` saying where it came from.
    func search(_ query: String, limit: Int) async -> Result<[Place], OnlineSearchFailure>
}

/// Why the online search gave nothing: one line for a status line or standard error.
public struct OnlineSearchFailure: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

extension Place {
    /// Whether this is the place `query` names, not only one it begins or resembles: its own name or
    /// one of its others is what was typed, qualifiers such as ", ME" aside ("Uluru" names
    /// Uluṟu-Kata Tjuta National Park; "Athens GA" names Athens).
    public func isNamed(by query: String) -> Bool {
        let typed = TypedName.folded(String(query.split(separator: ",").first ?? Substring(query)))
        let own = TypedName.folded(name)
        return typedExactly && !matched.isTypo || own == typed || typed.hasPrefix(own + " ")
    }
}

extension Place {
    /// The name a stop chosen as this place takes: what was typed when it names the place by
    /// another of its names (München stays München, 東京 stays 東京), else the place's own name
    /// (a prefix, a typo, or the name in other letter case: "zion" gives Zion National Park).
    public func stopName(typed: String) -> String {
        let name = String(typed.split(separator: ",").first ?? Substring(typed)).trimmingCharacters(in: .whitespaces)
        let typedName = TypedName.folded(name), own = TypedName.folded(self.name)
        // "Athens GA" is Athens with a qualifier, not another name of it; "Salt Lake" (an alternate
        // name of Salt Lake City, and its beginning) is the city's name begun.
        guard typedExactly, !matched.isTypo, !name.isEmpty, typedName != own, !typedName.hasPrefix(own + " "),
            !own.hasPrefix(typedName)
        else { return self.name }
        let written = name.unicodeScalars.contains { $0.properties.isUppercase || !$0.isASCII }
        return written ? name : self.name
    }
}

/// The offline search, then the online one when the offline search has no strong match: what a
/// place name on the command line is looked up in when a geocoder is configured.
///
/// Online results come first when asked for (the offline ones did not name the place) and are
/// marked by their `source`; one that repeats an offline place (the same name within 1 km) is left out.
public struct OnlineFallback: PlaceSearching {
    public let offline: any PlaceSearching
    public let online: any OnlinePlaceSearching

    public init(offline: any PlaceSearching, online: any OnlinePlaceSearching) {
        self.offline = offline
        self.online = online
    }

    /// Blocks the calling thread until the answer: for a command's main thread, never a Swift
    /// concurrency task (it would hold one of the pool's few threads while waiting for another).
    public func search(_ query: String, limit: Int) -> [Place] { searchReporting(query, limit: limit).places }

    public func search(_ query: String, limit: Int, near context: PlaceContext?) -> [Place] {
        searchReporting(query, limit: limit, near: context).places
    }

    /// `lookUp`, blocking the calling thread (a command's main thread only, as `search`).
    public func searchReporting(
        _ query: String, limit: Int, near context: PlaceContext? = nil
    ) -> (places: [Place], failure: OnlineSearchFailure?) {
        let fallback = self
        return Blocking.wait { await fallback.lookUp(query, limit: limit, near: context) }
    }

    /// The places, and why the online search added nothing when it was asked and failed. The online
    /// places keep the geocoder's order; a context only says how near each is.
    func lookUp(
        _ query: String, limit: Int, near context: PlaceContext? = nil
    ) async -> (places: [Place], failure: OnlineSearchFailure?) {
        let found = offline.search(query, limit: limit, near: context)
        guard Self.wantsOnline(found, query: query) else { return (found, nil) }
        switch await online.search(query, limit: limit) {
        case let .failure(failure): return (found, failure)
        case let .success(places):
            // The geocoder's order is its judgement: each answer stands clearly below the one before.
            let located = places.enumerated().map { offset, place in
                var place = place
                place.score = Double(offset) * 2 * PlaceChoice.clearMargin
                place.nearness = context?.nearness(of: place.coordinate)
                return place
            }
            return (Self.merged(online: located, offline: found, limit: limit), nil)
        }
    }

    /// Ask online only for a name (not a position) that no offline place is named by.
    public static func wantsOnline(_ found: [Place], query: String) -> Bool {
        guard case .name? = PlaceQuery(query) else { return false }
        return !found.contains { $0.isNamed(by: query) }
    }

    /// Online places first, without those an offline place already is.
    public static func merged(online: [Place], offline: [Place], limit: Int) -> [Place] {
        let fresh = online.filter { o in
            !offline.contains {
                TypedName.folded($0.name) == TypedName.folded(o.name) && Geodesic.distance($0.coordinate, o.coordinate) < 1_000
            }
        }
        return Array((fresh + offline).prefix(limit))
    }
}
