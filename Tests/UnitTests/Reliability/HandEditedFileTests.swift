import Exchange
import Foundation
@testable import Gazetteer
@testable import HTTP
@testable import Itinerary
@testable import PlaceImport
@testable import RoadtripCore
@testable import Routing
import TripFile
import TermUI
import Testing
import TestSupport
#if canImport(Glibc)
    import Glibc
#endif

/// Data files a person edited by hand: refused with one clear line, or loaded and shown, never a crash.
@MainActor
@Suite struct HandEditedFileTests {
    /// The store's answer for `content`: the document, or the refusal's one line. The file is never touched.
    func load(_ content: Data) throws -> Result<TripDocument?, TripStoreError> {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("trips.json")
            _ = FileManager.default.createFile(atPath: url.path, contents: content)
            let result: Result<TripDocument?, TripStoreError>
            do {
                result = .success(try JSONTripStore(url: url).load())
            } catch let error as TripStoreError {
                result = .failure(error)
            }
            #expect(FileManager.default.contents(atPath: url.path) == content)
            if case let .failure(error) = result { #expect(!error.description.contains("\n")) }
            return result
        }
    }

    func stopText(latitude: String, longitude: String = "139.76712") -> String {
        StoreFixtures.text(
            stop: StoreFixtures.goodStop
                .replacingOccurrences(of: "35.68123", with: latitude)
                .replacingOccurrences(of: "139.76712", with: longitude))
    }

    @Test(arguments: ["NaN", "-NaN", "Infinity", "-Infinity", "inf", "1e999", "-1e400"])
    func nonFiniteNumbersAreRefusedWithTheirPosition(_ number: String) throws {
        let result = try load(Data(stopText(latitude: number).utf8))
        guard case let .failure(error) = result else {
            Issue.record("\(number) was accepted")
            return
        }
        guard case let .malformed(line, _) = error.kind else {
            Issue.record("\(error)")
            return
        }
        #expect(line == 10, "\(error)")
    }

    @Test(arguments: ["\"NaN\"", "\"Infinity\""])
    func nonFiniteNumbersInStringsAreRefusedByPath(_ text: String) throws {
        let result = try load(Data(stopText(latitude: text).utf8))
        guard case let .failure(error) = result else {
            Issue.record("\(text) was accepted")
            return
        }
        #expect(error.reason.contains("trips[0].waypoints[0].latitude: expected a number"), "\(error)")
    }

    @Test func duplicatedIdsAcrossTripsAndStopsAreRefused() throws {
        let stop = Waypoint(name: "A", coordinate: Coordinate(latitude: 1, longitude: 2))
        let trip = Trip(name: "T", waypoints: [stop, stop])
        let data = try JSONEncoder().encode(TripDocument(trips: [trip]))
        guard case let .failure(error) = try load(data) else {
            Issue.record("accepted")
            return
        }
        #expect(error.reason.contains("the same id as waypoints[0]"), "\(error)")
    }

    @Test func tenThousandStopsLoadAndShow() throws {
        let stops = (0..<10_000).map { i in
            Waypoint(
                name: "Stop \(i)", coordinate: Coordinate(latitude: Double(i % 180) - 89.5, longitude: Double(i % 360) - 179.5))
        }
        let data = try JSONEncoder().encode(TripDocument(trips: [Trip(name: "Long haul", waypoints: stops)]))
        let document = try #require(try load(data).get())
        #expect(document.trips[0].waypoints.count == 10_000)
        try withTemporaryFolder { folder in
            let app = ReliabilityApp(dataFile: folder.appendingPathComponent("trips.json"), trips: document.trips)
            #expect(app.harness.line(containing: "Long haul")?.contains("10000") == true || app.harness.shows("10,000"))
            app.harness.send(.enter)
            app.harness.send(.end)
            #expect(app.harness.shows("Stop 9999"))
        }
    }

    @Test func megabyteNamesLoadAndAreCutToTheScreen() throws {
        let huge = String(repeating: "東京🚗e\u{301}", count: 1 << 18)  // over a megabyte of UTF-8
        #expect(huge.utf8.count > 1 << 20)
        let trip = Trip(name: huge, waypoints: [Waypoint(name: huge, coordinate: Coordinate(latitude: 1, longitude: 2))])
        let data = try JSONEncoder().encode(TripDocument(trips: [trip]))
        let document = try #require(try load(data).get())
        #expect(document.trips[0].name == huge)
        try withTemporaryFolder { folder in
            let app = ReliabilityApp(dataFile: folder.appendingPathComponent("trips.json"), trips: document.trips)
            app.harness.send(.enter)
            for line in app.harness.lines { #expect(TextWidth.of(line) <= 80) }
            #expect(app.harness.shows("東京🚗"))
        }
    }

    @Test func emptyAndWhitespaceFilesAreRefusedNotTreatedAsNoTrips() throws {
        for content in ["", " \n", "\u{FEFF}"] {
            guard case let .failure(error) = try load(Data(content.utf8)) else {
                Issue.record("\(content.debugDescription) accepted")
                continue
            }
            #expect(!error.reason.isEmpty)
        }
    }

    /// Every seed and past finding of the file fuzzer (Tests/Fixtures/fuzz) goes through its reader here too,
    /// and what a reader accepts keeps the promise its fuzz target checks (Tests/Fuzz).
    @Test func fuzzCorpusNeverCrashes() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fixtures/fuzz").standardizedFileURL
        var fed = 0
        for (folder, format) in [("store", nil), ("gpx", ExchangeFormat.gpx), ("geojson", .geojson), ("kml", .kml), ("kmz", .kmz)]
            as [(String, ExchangeFormat?)]
        {
            let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
            for name in names {
                let data = try Data(contentsOf: root.appendingPathComponent(folder).appendingPathComponent(name))
                if let format {
                    _ = try? TripImporter().importData(data, fileName: name, format: format)
                } else {
                    _ = try load(data)
                }
                fed += 1
            }
        }
        #expect(fed >= 10)
        let server = try FuzzCorpusServer()
        defer { server.stop() }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-corpus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        for folder in FuzzCorpusReader.folders {
            let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
            #expect(!names.isEmpty, "no seed in fuzz/\(folder)")
            for name in names.sorted() {
                let data = try Data(contentsOf: root.appendingPathComponent(folder).appendingPathComponent(name))
                await FuzzCorpusReader(scratch: scratch, server: server, seed: "\(folder)/\(name)").feed(folder, data)
                fed += 1
            }
        }
        #expect(fed >= 60)
    }
}

/// The readers the fuzz targets beyond the trips file and the importers feed (Tests/Fuzz), each with
/// the promise its target checks, for one seed at a time.
private struct FuzzCorpusReader {
    static let folders = [
        "pbf", "nominatim", "geocache", "places", "pack", "valhalla", "valhalla-table", "osrm", "osrm-table", "legcache",
        "http"
    ]
    /// As the fuzz targets: the Prince's Palace, the Casino, Lyon (and Marseille, for tables).
    static let stops = [
        Coordinate(latitude: 43.7314, longitude: 7.4201), Coordinate(latitude: 43.7396, longitude: 7.4281),
        Coordinate(latitude: 45.7640, longitude: 4.8357)
    ]
    static let tableStops = stops + [Coordinate(latitude: 43.2965, longitude: 5.3698)]
    static let now = Date(timeIntervalSince1970: 1_750_000_000)

    let scratch: URL
    let server: FuzzCorpusServer
    let seed: String

    func feed(_ folder: String, _ data: Data) async {
        switch folder {
        case "pbf":
            let path = scratch.appendingPathComponent("fuzz.osm.pbf").path
            _ = FileManager.default.createFile(atPath: path, contents: data)
            let folder = ImportedPlacesFolder(dataFile: scratch.appendingPathComponent("pbf/trips.json"))
            guard (try? PlaceImporter.run(path: path, region: "fuzz", folder: folder, nearest: { _ in nil })) != nil else {
                return
            }
            let (regions, problems) = folder.load()
            #expect(problems.isEmpty && regions.count == 1, "\(seed): \(problems)")
            regions.flatMap(\.places).forEach(check)
        case "nominatim":
            server.answer(Array("HTTP/1.1 200 OK\r\nContent-Length: \(data.count)\r\n\r\n".utf8) + data)
            let geocoder = NominatimGeocoder(base: server.baseURL, timeout: .seconds(5), cache: GeocoderCache(url: nil))
            guard case .success(let places) = await geocoder.search("fuzz", limit: 5) else { return }
            for place in places {
                #expect(
                    place.coordinate.isValid && Plausibility.population(place.population) != nil
                        && (place.elevation.map { Plausibility.elevation($0) != nil } ?? true),
                    "\(seed): \(place)")
            }
        case "geocache":
            let file = scratch.appendingPathComponent("geocoder-cache.json")
            _ = FileManager.default.createFile(atPath: file.path, contents: data)
            let cache = GeocoderCache(url: file, now: { Self.now })
            let keys = ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any])?["entries"] as? [String: Any]
            for key in (keys ?? [:]).keys { cache.places(for: key)?.forEach(check) }
        case "places":
            let folder = ImportedPlacesFolder(dataFile: scratch.appendingPathComponent("places/trips.json"))
            try? FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: folder.file("fuzz").path, contents: data)
            folder.load().regions.flatMap(\.places).forEach(check)
        case "pack":
            // Beside a region file written long before it, so the search maps the pack.
            let folder = ImportedPlacesFolder(dataFile: scratch.appendingPathComponent("pack/trips.json"))
            try? FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
            let region = ImportedRegion(region: "fuzz", source: "fuzz", imported: "2026-01-01T00:00:00Z", places: [])
            _ = FileManager.default.createFile(atPath: folder.file("fuzz").path, contents: try? JSONEncoder().encode(region))
            try? FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: 1e9)], ofItemAtPath: folder.file("fuzz").path)
            try? FileManager.default.removeItem(at: folder.packFile("fuzz"))
            _ = FileManager.default.createFile(atPath: folder.packFile("fuzz").path, contents: data)
            let combined = CombinedPlaces(builtIn: NoBuiltInPlaces(), folder: folder, destinationsDirectory: nil)
            for query in ["m", "e", "a"] {
                for place in combined.search(query, limit: 10) {
                    #expect(
                        place.coordinate.isValid && Plausibility.population(place.population) != nil
                            && (place.elevation.map { Plausibility.elevation($0) != nil } ?? true),
                        "\(seed): \(place)")
                }
            }
        case "valhalla":
            for stops in [Self.stops, Array(Self.stops.prefix(2))] {
                let route = ValhallaAnswer.interpret(HTTPResponse(status: 200, body: data), stopCount: stops.count)
                    .flatMap { $0.fetched.checked(against: stops) }
                if case .success(let route) = route { check(route, stops) }
            }
        case "osrm":
            for stops in [Self.stops, Array(Self.stops.prefix(2))] {
                let route = RouterFailure.interpret(HTTPResponse(status: 200, body: data), stopCount: stops.count)
                    .flatMap { $0.checked(against: stops) }
                if case .success(let route) = route { check(route, stops) }
            }
        case "valhalla-table":
            let response = HTTPResponse(status: 200, body: data)
            await propose(
                Result { try ValhallaTravelMatrixProvider.parse(response, count: Self.tableStops.count, label: "fuzz") })
        case "osrm-table":
            let response = HTTPResponse(status: 200, body: data)
            await propose(Result { try OSRMTravelMatrixProvider.parse(response, count: Self.tableStops.count, label: "fuzz") })
        case "legcache":
            guard let file = try? JSONDecoder().decode(LegCacheFile.self, from: data) else { return }
            for (key, leg) in file.entries(now: Self.now) {
                #expect(
                    Plausibility.problem(
                        legMeters: leg.distanceMeters, seconds: leg.durationSeconds, from: key.from.coordinate,
                        to: key.to.coordinate) == nil && leg.fetched <= Self.now.addingTimeInterval(LegCache.clockSkew),
                    "\(seed): \(key) \(leg)")
            }
        case "http":
            server.answer(Array(data))
            let http = PlainHTTP(
                limit: 4096, timeoutSeconds: 5, deadline: Date().addingTimeInterval(5), isCancelled: { false }, pool: nil)
            if case .success(let response) = http.get(server.baseURL) { #expect(response.body.count <= 4096, "\(seed)") }
        default:
            Issue.record("no reader for fuzz/\(folder)")
        }
    }

    /// On the Earth, with a population and an elevation a place can have.
    func check(_ place: ImportedPlace) {
        #expect(
            Plausibility.isOnEarth(Coordinate(latitude: place.latitude, longitude: place.longitude))
                && Plausibility.population(place.population) != nil
                && (place.elevation.map { Plausibility.elevation($0) != nil } ?? true),
            "\(seed): \(place)")
    }

    /// Every leg, alternatives included, one a road between its stops can have.
    func check(_ route: FetchedRoute, _ stops: [Coordinate]) {
        for legs in [route.legs] + route.alternatives {
            #expect(legs.count == stops.count - 1, "\(seed)")
            for (i, leg) in legs.enumerated() where i + 1 < stops.count {
                let problem = Plausibility.problem(
                    legMeters: leg.distanceMeters, seconds: leg.durationSeconds, from: stops[i], to: stops[i + 1],
                    snapMeters: (route.snapMeters[i], route.snapMeters[i + 1]))
                #expect(problem == nil, "\(seed): \(problem ?? "")")
            }
        }
    }

    /// The best order on the table: used only when it can be true; no figure past what roads have.
    func propose(_ table: Result<TravelMatrix, any Error>) async {
        struct Answered: TravelTimeMatrixProviding {
            let table: Result<TravelMatrix, any Error>
            var label: String { "fuzz table" }
            func matrix(for stops: [Coordinate]) async throws -> TravelMatrix { try table.get() }
        }
        let trip = Trip(name: "fuzz", waypoints: Self.tableStops.map { Waypoint(name: "stop", coordinate: $0) })
        guard let proposal = try? await OrderProposal.make(for: trip, using: Answered(table: table)) else { return }
        let usable = (try? table.get()).map { Plausibility.problem(table: $0, stops: Self.tableStops) == nil } ?? false
        #expect((proposal.source == "fuzz table") == usable, "\(seed): \(proposal.source)")
        let legs = Double(Self.tableStops.count - 1)
        #expect(
            proposal.currentSeconds <= legs * Plausibility.maxLegSeconds
                && (!proposal.changesOrder || abs(proposal.savedMeters) <= legs * Plausibility.maxLegMeters),
            "\(seed): \(proposal.summary(unit: .kilometers))")
    }
}

/// No built-in places: only the imported ones are searched.
private struct NoBuiltInPlaces: PlaceSearching, NearestPlaceFinding {
    func search(_ query: String, limit: Int) -> [Place] { [] }
    func nearest(to coordinate: Coordinate) -> Place? { nil }
}

/// An HTTP server on 127.0.0.1 answering every request with the bytes last given, then closing.
private final class FuzzCorpusServer: @unchecked Sendable {
    let baseURL: URL
    private let listener: Int32
    private let lock = NSLock()
    private var bytes: [UInt8] = []
    private var stopped = false

    init() throws {
        guard let socket = LoopbackSocket.make(listening: 16) else { throw POSIXError(.EADDRINUSE) }
        listener = socket.descriptor
        baseURL = URL(string: "http://127.0.0.1:\(socket.port)/")!
        Thread.detachNewThread { [self] in serve() }
    }

    func answer(_ raw: [UInt8]) { lock.withLock { bytes = raw } }

    func stop() {
        lock.withLock { stopped = true }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func serve() {
        while !lock.withLock({ stopped }) {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            var request: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 4096)
            while request.count < 65536, !(request.count >= 4 && Array(request.suffix(4)) == [13, 10, 13, 10]) {
                let n = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
                if n <= 0 { break }
                request += chunk[..<n]
            }
            let answer = lock.withLock { bytes }
            var sent = 0
            while sent < answer.count {
                let n = answer[sent...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if n <= 0 { break }
                sent += n
            }
            close(connection)
        }
    }
}
