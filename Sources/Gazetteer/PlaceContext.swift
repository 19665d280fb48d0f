import Foundation
import RoadtripCore

/// Where a place is wanted: beside the stops a new stop goes between, along a whole trip, or
/// around one position. A search made with a context ranks a namesake near it above a larger one
/// far away ("Portland" on a Maine trip), while prominence still decides among places equally near.
public struct PlaceContext: Sendable, Equatable {
    /// A point the place should be near: a stop of the trip (numbered from 1), or a typed position.
    public struct Anchor: Sendable, Equatable {
        /// The stop's number in the trip, from 1; nil for a position.
        public var stop: Int?
        public var coordinate: Coordinate

        public init(stop: Int?, coordinate: Coordinate) {
            self.stop = stop
            self.coordinate = coordinate
        }
    }

    /// The anchors in route order; the line between consecutive ones counts as near too.
    var anchors: [Anchor]

    public init(anchors: [Anchor]) { self.anchors = anchors }

    /// For a stop that goes in at `index` (from 0) among `stops`: the stops either side of it; with
    /// no index (the place is only wanted "near the trip") every stop and the legs between them.
    /// nil when the trip has no stops: then nothing is near.
    public init?(stops: [Coordinate], insertingAt index: Int?) {
        let numbered = stops.enumerated().map { Anchor(stop: $0.offset + 1, coordinate: $0.element) }
        guard !numbered.isEmpty else { return nil }
        if let index {
            let at = min(max(index, 0), numbered.count)
            // Numbered as they will be once the new stop is in: the one after it moves up.
            anchors = numbered[max(at - 1, 0)..<min(at + 1, numbered.count)].map { anchor in
                var anchor = anchor
                if let n = anchor.stop, n > at { anchor.stop = n + 1 }
                return anchor
            }
        } else {
            anchors = numbered
        }
    }

    /// For stop `index` (from 0) being moved to another place: the stops either side of it, which
    /// stay; nil when it has none.
    public init?(stops: [Coordinate], replacing index: Int) {
        let sides = [index - 1, index + 1].filter { stops.indices.contains($0) }
        guard !sides.isEmpty else { return nil }
        anchors = sides.map { Anchor(stop: $0 + 1, coordinate: stops[$0]) }
    }

    /// Around one position (`places --near 36.1,-115.1`).
    public init(position: Coordinate) { anchors = [Anchor(stop: nil, coordinate: position)] }

    /// How near `coordinate` is: metres to the closest anchor or to the line between two
    /// consecutive ones, and which it is nearest (a stop, or the leg between two).
    func nearness(of coordinate: Coordinate) -> Nearness {
        var best = Nearness(anchor: anchors[0], meters: .infinity)
        for (i, anchor) in anchors.enumerated() {
            let meters = Haversine.meters(coordinate, anchor.coordinate)
            if meters < best.meters { best = Nearness(anchor: anchor, meters: meters) }
            guard i + 1 < anchors.count else { continue }
            let next = anchors[i + 1]
            let (across, along) = Self.metersToSegment(coordinate, anchor.coordinate, next.coordinate)
            if across < best.meters {
                // Beside the leg rather than past one of its ends: the leg is what it is near.
                let leg = (0.02...0.98).contains(along) ? anchor.stop.flatMap { a in next.stop.map { (a, $0) } } : nil
                best = Nearness(anchor: along < 0.5 ? anchor : next, meters: across, leg: leg)
            }
        }
        return best
    }

    /// Within this of the trip every place is as near as any other: prominence alone decides.
    static let nearMeters = 20_000.0
    /// What each tenfold distance beyond `nearMeters` costs, in the search's units (a tenfold size
    /// is worth 1.5): a village 20 km off the route outranks a capital 8,000 km away, and a
    /// namesake ten times smaller outranks a larger one a few hundred kilometres further.
    static let distanceWeight = 3.5

    /// The score a place at `meters` from the context loses: nothing within `nearMeters`.
    static func penalty(meters: Double) -> Double {
        guard meters.isFinite else { return 0 }
        return distanceWeight * log10(max(meters, nearMeters) / nearMeters)
    }

    /// `places` reranked for this context: kind of match first as always, then a place the whole
    /// name names before one it only begins ("Amalfi" before "Amalfi Coast Road": near the trip both
    /// are, and the person typed a whole name), then the search's own score with each place's
    /// distance weighed in. Each place learns how near it is.
    public func ranked(_ places: [Place]) -> [Place] {
        places.enumerated().map { offset, place -> (Place, Int, Double, Int) in
            var place = place
            let near = nearness(of: place.coordinate)
            place.nearness = near
            let whole = place.typedExactly && !place.matched.isTypo ? 0 : 1
            return (place, whole, place.score + Self.penalty(meters: near.meters), offset)
        }
        .sorted { ($0.0.matched.tier, $0.1, $0.2, $0.3) < ($1.0.matched.tier, $1.1, $1.2, $1.3) }
        .map { item in
            var place = item.0
            place.score = item.2
            return place
        }
    }

    /// Metres from `p` to the segment `a`–`b`, in a flat projection around `p` (close enough to tell
    /// near from far, which is all a ranking needs), and how far along it the nearest point is (0…1).
    static func metersToSegment(_ p: Coordinate, _ a: Coordinate, _ b: Coordinate) -> (meters: Double, along: Double) {
        let radians = Double.pi / 180
        let scale = cos(p.latitude * radians)
        func flat(_ c: Coordinate) -> (Double, Double) {
            var dLon = c.longitude - p.longitude
            if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
            return (dLon * radians * scale * Haversine.earthRadius, (c.latitude - p.latitude) * radians * Haversine.earthRadius)
        }
        let (ax, ay) = flat(a), (bx, by) = flat(b)
        let dx = bx - ax, dy = by - ay
        let length = dx * dx + dy * dy
        let t = length > 0 ? min(1, max(0, -(ax * dx + ay * dy) / length)) : 0
        let x = ax + t * dx, y = ay + t * dy
        return ((x * x + y * y).squareRoot(), t)
    }
}

/// How near a place is to a search's context.
public struct Nearness: Sendable, Hashable {
    /// The stop (or position) it is nearest, or the nearer end of the leg it is beside.
    var anchor: PlaceContext.Anchor
    var meters: Double
    /// The stops at the ends of the leg it is beside, when the nearest point is along a leg
    /// rather than at a stop.
    var leg: (Int, Int)?

    /// "near stop 3", "140 km from stop 3", "near the leg 1–3", "27.3 km off the leg 1–3",
    /// "8 km away": why a place ranks where it does.
    public func reason(unit: DistanceUnit) -> String {
        let near = meters <= PlaceContext.nearMeters
        let distance = Formatting.distance(meters, unit: unit)
        if let (a, b) = leg { return (near ? "near" : distance + " off") + " the leg \(a)–\(b)" }
        guard let stop = anchor.stop else { return distance + " away" }
        return near ? "near stop \(stop)" : distance + " from stop \(stop)"
    }

    public static func == (lhs: Nearness, rhs: Nearness) -> Bool {
        lhs.anchor == rhs.anchor && lhs.meters == rhs.meters && lhs.leg?.0 == rhs.leg?.0 && lhs.leg?.1 == rhs.leg?.1
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(anchor)
        hasher.combine(meters)
        hasher.combine(leg?.0)
        hasher.combine(leg?.1)
    }
}

extension PlaceContext.Anchor: Hashable {}
