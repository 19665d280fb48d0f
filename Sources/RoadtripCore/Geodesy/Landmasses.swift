import Foundation
import Synchronization

/// Which land mass a point is on, and whether a road joins two of them: the offline estimate's
/// answer to "is this leg a drive?" (Paris, Texas → Paris, France is not; Naples → Palermo needs
/// a ferry; Dover → Calais crosses by the Channel Tunnel's car shuttle).
///
/// The land is Natural Earth's 1:10m countries dissolved into land masses, shores closer than
/// 2 km joined (`Scripts/build_landmasses.py` writes `landmasses.bin`); `fixed-links.tsv` adds the
/// bridges, tunnels and car shuttles that join masses, and the car ferries people drive onto.
public final class Landmasses: Sendable {
    /// The data files in roadtrip's data folder, read on first use.
    public static let shared = Landmasses(directory: ResourceLocator.location.directory)

    /// A point this far off every simplified shore still counts as on the nearest land: a harbour
    /// town's centre may sit just beyond a coast drawn to 400 m.
    static let shoreMeters = 15_000.0

    private let directory: URL?
    private let loaded = Mutex<Loaded??>(nil)
    private let groups = Mutex<[Coordinate: Int]>([:])

    init(directory: URL?) { self.directory = directory }

    /// Made from data in memory (tests).
    init(masses: [[LandPolygon]], links: [FixedLink]) {
        directory = nil
        loaded.withLock { $0 = .some(Loaded(masses: masses, links: links)) }
    }

    /// How a leg from `a` to `b` crosses water, as far as the land data tells: nil for a plain drive
    /// (same land mass, joined by a bridge or tunnel, or a point the data cannot place).
    public func crossing(from a: Coordinate, to b: Coordinate) -> WaterCrossing? {
        guard let data = data(), let from = group(of: a, in: data), let to = group(of: b, in: data) else { return nil }
        return data.crossing(from, to)
    }

    /// Each stop placed on its land mass once, for a matrix of every pair.
    public func place(_ stops: [Coordinate]) -> PlacedStops {
        guard let data = data() else { return PlacedStops(groups: [], data: nil) }
        return PlacedStops(groups: stops.map { group(of: $0, in: data) }, data: data)
    }

    /// Stops placed on their land masses.
    public struct PlacedStops: Sendable {
        let groups: [Int?]
        let data: Loaded?

        /// How the drive from stop `i` to stop `j` crosses water; nil for a plain drive or unknown.
        public func crossing(_ i: Int, _ j: Int) -> WaterCrossing? {
            guard let data, groups.indices.contains(i), groups.indices.contains(j), let a = groups[i], let b = groups[j]
            else { return nil }
            return data.crossing(a, b)
        }
    }

    /// Whether the data files could be read; nil crossings mean "unknown" when they could not.
    public var isAvailable: Bool { data() != nil }

    private func data() -> Loaded? {
        loaded.withLock { cached in
            if let cached { return cached }
            let made = directory.flatMap(Loaded.read)
            cached = .some(made)
            return made
        }
    }

    /// Points repeat (a trip's stops, a matrix's rows): each is placed once.
    private func group(of point: Coordinate, in data: Loaded) -> Int? {
        if let known = groups.withLock({ $0[point] }) { return known == -1 ? nil : known }
        let found = data.group(of: point)
        groups.withLock { cache in
            if cache.count > 100_000 { cache.removeAll() }
            cache[point] = found ?? -1
        }
        return found
    }

    /// The masses and links, with the masses each link joins worked out once.
    struct Loaded: Sendable {
        let masses: [[LandPolygon]]
        /// Masses joined by road: the same root for every mass of one component.
        let roots: [Int]
        /// A car ferry between two roots, by root pair (smaller first).
        let ferries: [Pair: String]

        struct Pair: Hashable, Sendable {
            let a: Int, b: Int
            init(_ x: Int, _ y: Int) { (a, b) = x < y ? (x, y) : (y, x) }
        }

        init(masses: [[LandPolygon]], links: [FixedLink]) {
            self.masses = masses
            var parent = Array(masses.indices)
            func root(_ i: Int) -> Int {
                var i = i
                while parent[i] != i {
                    parent[i] = parent[parent[i]]
                    i = parent[i]
                }
                return i
            }
            let placed = links.map { link in
                (link, Self.group(of: link.a, in: masses), Self.group(of: link.b, in: masses))
            }
            for (link, a, b) in placed where !link.isFerry {
                if let a, let b { parent[root(a)] = root(b) }
            }
            roots = masses.indices.map(root)
            var ferries: [Pair: String] = [:]
            for (link, a, b) in placed where link.isFerry {
                guard let a, let b else { continue }
                let pair = Pair(root(a), root(b))
                if pair.a != pair.b, ferries[pair] == nil { ferries[pair] = link.name }
            }
            self.ferries = ferries
        }

        func crossing(_ a: Int, _ b: Int) -> WaterCrossing? {
            let ra = roots[a], rb = roots[b]
            if ra == rb { return nil }
            if let ferry = ferries[Pair(ra, rb)] { return .ferry(ferry) }
            return .sea
        }

        func group(of point: Coordinate) -> Int? { Self.group(of: point, in: masses) }

        /// The mass holding `point`, else the one whose shore is nearest within `shoreMeters`.
        static func group(of point: Coordinate, in masses: [[LandPolygon]]) -> Int? {
            for (i, mass) in masses.enumerated() where mass.contains(where: { $0.contains(point) }) { return i }
            var best: (group: Int, meters: Double)?
            for (i, mass) in masses.enumerated() {
                for polygon in mass {
                    guard let meters = polygon.shoreDistance(to: point, within: Landmasses.shoreMeters) else { continue }
                    if meters < best?.meters ?? .infinity { best = (i, meters) }
                }
            }
            return best?.group
        }

        static func read(directory: URL) -> Loaded? {
            guard let bytes = try? Data(contentsOf: directory.appendingPathComponent("landmasses.bin")),
                let masses = LandmassFile.decode([UInt8](bytes))
            else { return nil }
            let links =
                (try? String(contentsOf: directory.appendingPathComponent("fixed-links.tsv"), encoding: .utf8))
                .map(FixedLink.parse) ?? []
            return Loaded(masses: masses, links: links)
        }
    }
}

/// How a leg crosses water when no road joins its ends.
public enum WaterCrossing: Sendable, Hashable {
    /// No road and no known car ferry: a flight, or a ferry this data does not know.
    case sea
    /// A car ferry people drive onto ("Villa San Giovanni – Messina").
    case ferry(String)

    /// "no road: across the sea (ferry or flight)", "ferry needed: Villa San Giovanni – Messina".
    public var text: String {
        switch self {
        case .sea: "no road: across the sea (ferry or flight)"
        case let .ferry(name): "ferry needed: " + name
        }
    }

    /// Whether the leg can be driven at all (with a ferry on the way it can).
    public var isDrivable: Bool { self != .sea }
}

/// A bridge, tunnel, car shuttle or car ferry from `fixed-links.tsv`.
struct FixedLink: Sendable, Hashable {
    var name: String
    var kind: String
    var a: Coordinate
    var b: Coordinate
    var isFerry: Bool { kind == "ferry" }

    /// The table's rows; malformed rows are skipped (the file is ours and checked by its script).
    static func parse(_ text: String) -> [FixedLink] {
        text.split(whereSeparator: \.isNewline).compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard cells.count >= 6, let lat1 = Double(cells[2]), let lon1 = Double(cells[3]), let lat2 = Double(cells[4]),
                let lon2 = Double(cells[5])
            else { return nil }
            let a = Coordinate(latitude: lat1, longitude: lon1), b = Coordinate(latitude: lat2, longitude: lon2)
            guard a.isValid, b.isValid else { return nil }
            return FixedLink(name: PlainText.line(cells[0]), kind: cells[1], a: a, b: b)
        }
    }
}
