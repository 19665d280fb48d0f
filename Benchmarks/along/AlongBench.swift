// The "along the route" benchmark: corridor queries on 1,000 km routes over every built-in town,
// the curated destinations and a large imported region, timed in-process; the index's build time
// and memory. Compiled by bench.sh with swiftc -O against the sources; not part of the package.
import Foundation
import Gazetteer
import RoadtripCore

@main
struct AlongBench {
    static func main() throws {
        let args = CommandLine.arguments
        guard args.count >= 3 else {
            FileHandle.standardError.write(Data("usage: along-bench DATA_DIR WORK_DIR [imported-places]\n".utf8))
            exit(64)
        }
        let data = URL(fileURLWithPath: args[1]), work = URL(fileURLWithPath: args[2])
        let importedCount = args.count > 3 ? Int(args[3]) ?? 300_000 : 300_000
        let gazetteer = try Gazetteer.load(from: data)
        _ = gazetteer.nearest(to: Coordinate(latitude: 0, longitude: 0))  // positions parsed, as the planner does at start

        let routes = Routes.all
        let folder = try makeRegion(in: work, around: routes[0].stops, count: importedCount)
        let rssBefore = residentMegabytes()
        let search = AlongTheRoute(gazetteer: gazetteer, folder: folder, destinationsDirectory: data)
        let buildStart = DispatchTime.now().uptimeNanoseconds
        search.prepare()
        let build = Double(DispatchTime.now().uptimeNanoseconds - buildStart) / 1e6
        let rssAfter = residentMegabytes()
        print(String(format: "index: %d towns + destinations + %d imported places, built in %.0f ms; resident memory %.1f → %.1f MB (+%.1f MB)",
                     gazetteer.count, importedCount, build, rssBefore, rssAfter, rssAfter - rssBefore))

        let kinds: [(String, [AlongKind])] = [
            ("usual kinds", AlongKind.standard), ("fuel", [AlongKind.named("fuel")!]), ("all, towns too", AlongKind.all)
        ]
        print("| route | line | kinds | width | places made (of those along) | p50 | p99 | max |")
        print("|---|---|---|---|---|---|---|---|")
        var worstP99 = 0.0
        for route in routes {
            for (lineName, legs) in [("legs as drawn", route.drawnLegs), ("road geometry, a point every 50 m", route.roadLegs)] {
                let line = RouteLine(legs: legs)
                for (kindName, k) in kinds {
                    for (width, limit) in [(2_000.0, nil), (10_000, nil), (10_000, AlongRequest.listLimit), (50_000, AlongRequest.listLimit)] as [(Double, Int?)] {
                        let request = AlongRequest(kinds: k, withinMeters: width, limit: limit)
                        var times: [Double] = []
                        var found = 0, total = 0
                        for round in 0..<60 {
                            let start = threadCPUNanoseconds()
                            let answer = search.places(along: line, request)
                            let ms = Double(threadCPUNanoseconds() - start) / 1e6
                            if round > 0 { times.append(ms) } else { (found, total) = (answer.places.count, answer.total) }
                        }
                        times.sort()
                        let p99 = times[min(times.count - 1, Int(Double(times.count) * 0.99))]
                        worstP99 = max(worstP99, p99)
                        let listed = limit == nil ? "all \(total)" : "\(found) of \(total)"
                        print(String(format: "| %@ (%.0f km) | %@ (%d points) | %@ | %.0f km | %@ | %.2f ms | %.2f ms | %.2f ms |",
                                     route.name, line.totalMeters / 1000, lineName, line.points.count, kindName, width / 1000,
                                     listed, times[times.count / 2], p99, times.last!))
                    }
                }
            }
        }
        print(String(format: "worst p99: %.2f ms (target ≤ 20 ms)", worstP99))
        // What the grid saves: every town's distance to the line, as a scan would.
        let line = RouteLine(legs: routes[0].drawnLegs)
        let positions = (0..<gazetteer.count).map { gazetteer.place(at: $0).coordinate }
        let start = threadCPUNanoseconds()
        var near = 0
        for p in positions {
            var best = Double.infinity
            for s in line.legOfSegment.indices { best = min(best, RouteLine.project(p, line.points[s], line.points[s + 1]).meters) }
            if best <= 10_000 { near += 1 }
        }
        print(String(format: "a scan of every town instead (towns only, 10 km, %@): %.0f ms, %d found",
                     routes[0].name, Double(threadCPUNanoseconds() - start) / 1e6, near))
        print(String(format: "peak of this process so far: %.1f MB", peakMegabytes()))
    }

    struct Route {
        let name: String
        let stops: [Coordinate]
        var drawnLegs: [Leg] { GeodesicRouteProvider().instantLegs(for: stops) }
        /// Legs with a line as a road router gives it: a point every 50 m, wandering up to 300 m either side.
        var roadLegs: [Leg] {
            drawnLegs.map { leg in
                var leg = leg
                let arc = GreatCircle.densify(leg.from, leg.to, maxStepMeters: 50)
                leg.geometry = arc.enumerated().map { i, c in
                    Coordinate(latitude: c.latitude + 0.0027 * sin(Double(i) / 40), longitude: c.longitude)
                }
                return leg
            }
        }
    }

    enum Routes {
        static let all = [
            Route(name: "Las Vegas → Salt Lake City → Boise", stops: [
                Coordinate(latitude: 36.17, longitude: -115.14), Coordinate(latitude: 37.68, longitude: -113.06),
                Coordinate(latitude: 40.76, longitude: -111.89), Coordinate(latitude: 42.56, longitude: -114.46),
                Coordinate(latitude: 43.62, longitude: -116.20)
            ]),
            Route(name: "Hamburg → Frankfurt → Munich", stops: [
                Coordinate(latitude: 53.55, longitude: 9.99), Coordinate(latitude: 52.37, longitude: 9.74),
                Coordinate(latitude: 50.11, longitude: 8.68), Coordinate(latitude: 49.45, longitude: 11.08),
                Coordinate(latitude: 48.14, longitude: 11.58)
            ]),
            Route(name: "Delhi → Agra → Varanasi", stops: [
                Coordinate(latitude: 28.61, longitude: 77.21), Coordinate(latitude: 27.18, longitude: 78.01),
                Coordinate(latitude: 26.45, longitude: 80.33), Coordinate(latitude: 25.32, longitude: 82.97)
            ])
        ]
    }

    /// A large imported region: `count` fuel, lodging, food and camp places spread over the first
    /// route's box widened by two degrees (a country's import is of this size), packed as an import is.
    static func makeRegion(in work: URL, around stops: [Coordinate], count: Int) throws -> ImportedPlacesFolder {
        let dataFile = work.appendingPathComponent("trips.json")
        let folder = ImportedPlacesFolder(dataFile: dataFile)
        try? FileManager.default.removeItem(at: folder.url)
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let south = stops.map(\.latitude).min()! - 2, north = stops.map(\.latitude).max()! + 2
        let west = stops.map(\.longitude).min()! - 2, east = stops.map(\.longitude).max()! + 2
        var random = SplitMix(seed: 2026)
        let kinds = ["fuel", "lodging", "food", "camp site"]
        let places = (0..<count).map { i in
            ImportedPlace(
                name: "Place \(i)", aliases: [], kind: kinds[i % kinds.count],
                latitude: south + (north - south) * random.unit(), longitude: west + (east - west) * random.unit(),
                population: 0, prominence: 300, region: "Bench", country: "Bench", countryCode: "BN", timeZone: "UTC")
        }
        let region = ImportedRegion(region: "bench", source: "synthetic", imported: "2026-11-29T00:00:00Z", places: places)
        let bytes = try JSONEncoder().encode(region)
        try bytes.write(to: folder.file("bench"))
        try folder.writePack(of: region, sourceBytes: bytes)
        return folder
    }

    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func unit() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }
    }

    static func threadCPUNanoseconds() -> UInt64 {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
    }

    static func status(_ key: String) -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix(key) {
            return Double(line.split(separator: " ").compactMap { Double($0) }.first ?? 0) / 1024
        }
        return 0
    }

    static func residentMegabytes() -> Double { status("VmRSS:") }
    static func peakMegabytes() -> Double { status("VmHWM:") }
}
