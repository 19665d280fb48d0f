import Foundation
import Synchronization

/// Which land mass a point is on, and whether a road joins two of them: the offline estimate's
/// answer to "is this leg a drive?" (Paris, Texas → Paris, France is not; Naples → Palermo needs
/// a ferry; Dover → Calais crosses by the Channel Tunnel's car shuttle).
///
/// The land is Natural Earth's 1:10m countries dissolved into land masses, shores closer than
/// 2 km joined (`Scripts/data/build_landmasses.py` writes `landmasses.bin`); `fixed-links.tsv` adds the
/// bridges, tunnels and car shuttles that join masses, and the car ferries people drive onto.
public final class Landmasses: Sendable {
    /// The data files in roadtrip's data folder, read on first use.
    public static let shared = Landmasses(directory: ResourceLocator.location.directory)

    /// A point this far off every simplified shore still counts as on the nearest land: a harbour
    /// town's centre may sit just beyond a coast drawn to 400 m.
    static let shoreMeters = 15_000.0

    private let directory: URL?
    private let loaded = Mutex<Loaded??>(nil)

    init(directory: URL?) { self.directory = directory }

    /// Made from data in memory (tests).
    init(masses: [[LandPolygon]], links: [FixedLink]) {
        directory = nil
        loaded.withLock { $0 = .some(Loaded(file: LandmassFile(masses: masses), links: links)) }
    }

    /// How a leg from `a` to `b` crosses water, as far as the land data tells: nil for a plain drive
    /// (same land mass, joined by a bridge or tunnel, or a point the data cannot place).
    public func crossing(from a: Coordinate, to b: Coordinate) -> WaterCrossing? {
        guard let data = data(), let from = group(of: a, in: data), let to = group(of: b, in: data) else { return nil }
        return data.crossing(from, to, between: (a, b))
    }

    /// `.offshore` when `a` and `b` are on one land mass but the straight line between them crosses
    /// open sea no way a little round avoids; nil otherwise. Asked only where a leg's warnings are
    /// shown (sampling the line costs what placing a hundred stops does), and remembered.
    public func offshore(from a: Coordinate, to b: Coordinate) -> WaterCrossing? {
        guard let data = data(), let from = group(of: a, in: data), from == group(of: b, in: data) else { return nil }
        return offshore(a, b, in: data)
    }

    /// Open sea on the straight line longer than this makes an estimate on one land mass suspect:
    /// the road goes round (Tarifa → Tangier, Marseille → Tunis) or takes a ferry (Helsinki → Tallinn).
    static let offshoreMeters = 25_000.0
    /// A way round the water at most this many times the straight line keeps the estimate fair:
    /// the estimate already stretches the line by 1.25.
    static let fairDetour = 1.6
    private let offshoreLegs = Mutex<[Pair: WaterCrossing?]>([:])

    private struct Pair: Hashable {
        let a: Coordinate, b: Coordinate
    }

    /// `.offshore` when the straight line from `a` to `b` crosses more than `offshoreMeters` of sea
    /// in one stretch and no way over land near the line is less than `fairDetour` times as long:
    /// New York → Boston and Santa Cruz → Monterey cross a bay but a road runs round it; Tarifa →
    /// Tangier (a 14 km strait), Helsinki → Tallinn and Cairo → Athens have none near.
    private func offshore(_ a: Coordinate, _ b: Coordinate, in data: Loaded) -> WaterCrossing? {
        let meters = Haversine.meters(a, b)
        guard meters > Self.offshoreMeters else { return nil }
        if let known = offshoreLegs.withLock({ $0[Pair(a: a, b: b)] }) { return known }
        var answer: WaterCrossing?
        let straight = Self.longestSea(a, b, in: data)
        if straight > Self.offshoreMeters {
            // A road round the water within reach, not much longer than the line, makes the
            // estimate fair (Santa Cruz → Monterey round the bay); none, or one far longer, does not.
            let round = Self.wayRound(a, b, in: data).map { $0 <= Self.fairDetour * meters } ?? false
            if !round { answer = .offshore(meters: straight) }
        }
        offshoreLegs.withLock { cache in
            if cache.count > 100_000 { cache.removeAll() }
            cache[Pair(a: a, b: b)] = answer
        }
        return answer
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
    var isAvailable: Bool { data() != nil }

    /// Reads the data and decodes every coast (about 40 ms), so that later lookups from any thread
    /// neither decode nor lock: for a process that will place many stops (the planner, a list of
    /// many trips); one that places a few does better lazily.
    public func prepareEverything() { data()?.file.decodeAll() }

    private func data() -> Loaded? {
        loaded.withLock { cached in
            if let cached { return cached }
            let made = directory.flatMap(Loaded.read)
            cached = .some(made)
            return made
        }
    }

    /// Placing a point costs a few microseconds (the polygons whose boxes hold it, then the edges
    /// in its band): less than a shared cache would cost when every core totals trips at once.
    private func group(of point: Coordinate, in data: Loaded) -> Int? { data.file.group(of: point) }

    /// The longest stretch of open sea on the straight line from `a` to `b`, sampled every 5 km
    /// or so (every 1/200 of a longer line), in metres.
    static func longestSea(_ a: Coordinate, _ b: Coordinate, in data: Loaded) -> Double {
        let meters = Haversine.meters(a, b)
        let steps = min(200, max(8, Int(meters / 5_000)))
        var dLon = b.longitude - a.longitude
        if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
        var run = 0, longest = 0
        for i in 1..<steps {
            let t = Double(i) / Double(steps)
            var lon = a.longitude + t * dLon
            if lon > 180 { lon -= 360 } else if lon < -180 { lon += 360 }
            let point = Coordinate(latitude: a.latitude + t * (b.latitude - a.latitude), longitude: lon)
            if data.file.isLand(point) {
                run = 0
            } else {
                run += 1
                longest = max(longest, run)
            }
        }
        return longest == 0 ? 0 : Double(longest + 1) * meters / Double(steps)
    }

    /// The length of the shortest way over land from `a` to `b` within a window around them (half
    /// the line's length to every side), on a grid of about 40 cells across; nil when there is none.
    static func wayRound(_ a: Coordinate, _ b: Coordinate, in data: Loaded) -> Double? {
        let scale = max(cos((a.latitude + b.latitude) / 2 * .pi / 180), 0.01)
        var dLon = b.longitude - a.longitude
        if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
        // A flat frame in degrees of latitude: x east, y north, `a` at the origin.
        let bx = dLon * scale, by = b.latitude - a.latitude
        let length = (bx * bx + by * by).squareRoot()
        let margin = length / 2
        let minX = min(0, bx) - margin, minY = min(0, by) - margin
        let width = abs(bx) + 2 * margin, height = abs(by) + 2 * margin
        let cell = max(width, height) / 40
        let columns = max(2, Int((width / cell).rounded(.up))), rows = max(2, Int((height / cell).rounded(.up)))
        func index(_ x: Double, _ y: Double) -> Int {
            min(rows - 1, max(0, Int((y - minY) / cell))) * columns + min(columns - 1, max(0, Int((x - minX) / cell)))
        }
        let start = index(0, 0), goal = index(bx, by)
        var land = [Bool](repeating: false, count: rows * columns)
        for r in 0..<rows {
            for c in 0..<columns {
                let x = minX + (Double(c) + 0.5) * cell, y = minY + (Double(r) + 0.5) * cell
                var lon = a.longitude + x / scale
                if lon > 180 { lon -= 360 } else if lon < -180 { lon += 360 }
                let latitude = a.latitude + y
                guard abs(latitude) < 89.9 else { continue }
                land[r * columns + c] = data.file.isLand(Coordinate(latitude: latitude, longitude: lon))
            }
        }
        land[start] = true
        land[goal] = true
        // Dijkstra over the land cells, eight neighbours, with a binary heap of (distance, cell).
        var distance = [Double](repeating: .infinity, count: rows * columns)
        var done = [Bool](repeating: false, count: rows * columns)
        var heap = MinHeap()
        heap.push(0, start)
        distance[start] = 0
        while let (reached, current) = heap.pop() {
            if done[current] || reached > distance[current] { continue }
            if current == goal { break }
            done[current] = true
            let r = current / columns, c = current % columns
            for dr in -1...1 {
                for dc in -1...1 where dr != 0 || dc != 0 {
                    let nr = r + dr, nc = c + dc
                    guard nr >= 0, nr < rows, nc >= 0, nc < columns else { continue }
                    let next = nr * columns + nc
                    guard land[next], !done[next] else { continue }
                    let step = (dr != 0 && dc != 0 ? 2.0.squareRoot() : 1) * cell
                    if distance[current] + step < distance[next] {
                        distance[next] = distance[current] + step
                        heap.push(distance[next], next)
                    }
                }
            }
        }
        guard distance[goal].isFinite else { return nil }
        return distance[goal] * 111_195
    }

    /// The file, and the links between its masses, worked out the first time two masses differ:
    /// most trips stay on one, and placing every link's ends means reading most of the coasts.
    final class Loaded: Sendable {
        let file: LandmassFile
        private let links: [FixedLink]
        private let joined = Mutex<Joins?>(nil)

        struct Pair: Hashable, Sendable {
            let a: Int, b: Int
            init(_ x: Int, _ y: Int) { (a, b) = x < y ? (x, y) : (y, x) }
        }

        /// Masses joined by road share a root; car ferries join two roots.
        struct Joins: Sendable {
            var roots: [Int: Int]
            var ferries: [Pair: [FixedLink]]
            func root(_ mass: Int) -> Int { roots[mass] ?? mass }
        }

        init(file: LandmassFile, links: [FixedLink]) {
            self.file = file
            self.links = links
        }

        /// How mass `a` reaches mass `b`; with the leg's ends, the ferry named is the one nearest
        /// the way (Cairnryan – Belfast for Glasgow → Belfast, not Holyhead – Dublin).
        func crossing(_ a: Int, _ b: Int, between ends: (Coordinate, Coordinate)? = nil) -> WaterCrossing? {
            if a == b { return nil }
            let joins = joined.withLock { joins in
                if let joins { return joins }
                let made = join()
                joins = made
                return made
            }
            let ra = joins.root(a), rb = joins.root(b)
            if ra == rb { return nil }
            guard let ferries = joins.ferries[Pair(ra, rb)], let first = ferries.first else { return .sea }
            guard let (from, to) = ends else { return .ferry(first.name) }
            // The way through each ferry: to one port, across, and on from the other.
            func detour(_ link: FixedLink) -> Double {
                Haversine.meters(link.a, link.b)
                    + min(
                        Haversine.meters(from, link.a) + Haversine.meters(link.b, to),
                        Haversine.meters(from, link.b) + Haversine.meters(link.a, to))
            }
            return .ferry(ferries.min { detour($0) < detour($1) }?.name ?? first.name)
        }

        private func join() -> Joins {
            var parent: [Int: Int] = [:]
            func root(_ i: Int) -> Int {
                var i = i
                while let p = parent[i], p != i { i = p }
                return i
            }
            let placed = links.map { ($0, file.group(of: $0.a), file.group(of: $0.b)) }
            for (link, a, b) in placed where !link.isFerry {
                if let a, let b, root(a) != root(b) { parent[root(a)] = root(b) }
            }
            var roots: [Int: Int] = [:]
            for mass in Set(parent.keys).union(parent.values) { roots[mass] = root(mass) }
            var ferries: [Pair: [FixedLink]] = [:]
            for (link, a, b) in placed where link.isFerry {
                guard let a, let b else { continue }
                let pair = Pair(root(a), root(b))
                if pair.a != pair.b { ferries[pair, default: []].append(link) }
            }
            return Joins(roots: roots, ferries: ferries)
        }

        static func read(directory: URL) -> Loaded? {
            guard let bytes = try? Data(contentsOf: directory.appendingPathComponent("landmasses.bin")),
                let file = LandmassFile(bytes: [UInt8](bytes))
            else { return nil }
            let links =
                (try? String(contentsOf: directory.appendingPathComponent("fixed-links.tsv"), encoding: .utf8))
                .map(FixedLink.parse) ?? []
            return Loaded(file: file, links: links)
        }
    }
}

/// The smallest (distance, cell) first: Dijkstra's queue for `Landmasses.wayRound`.
private struct MinHeap {
    private var items: [(Double, Int)] = []

    mutating func push(_ key: Double, _ value: Int) {
        items.append((key, value))
        var i = items.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard items[i].0 < items[parent].0 else { break }
            items.swapAt(i, parent)
            i = parent
        }
    }

    mutating func pop() -> (Double, Int)? {
        guard let first = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var i = 0
            while true {
                let l = 2 * i + 1, r = l + 1
                var smallest = i
                if l < items.count, items[l].0 < items[smallest].0 { smallest = l }
                if r < items.count, items[r].0 < items[smallest].0 { smallest = r }
                guard smallest != i else { break }
                items.swapAt(i, smallest)
                i = smallest
            }
        }
        return first
    }
}

/// How a leg crosses water when no road joins its ends.
public enum WaterCrossing: Sendable, Hashable {
    /// No road and no known car ferry: a flight, or a ferry this data does not know.
    case sea
    /// A car ferry people drive onto ("Villa San Giovanni – Messina").
    case ferry(String)
    /// Both ends on one land mass, but the straight line crosses this much open sea: the road goes
    /// round, or takes a ferry, so an estimate along the line is short.
    case offshore(meters: Double)

    /// "no road: across the sea (ferry or flight)", "ferry needed: Villa San Giovanni – Messina".
    public var text: String {
        switch self {
        case .sea: "no road: across the sea (ferry or flight)"
        case let .ferry(name): "ferry needed: " + name
        case let .offshore(meters):
            "the straight line crosses \(Formatting.distance(meters, unit: .kilometers)) of sea: the road goes round it"
                + " or takes a ferry, so this estimate may be short"
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
