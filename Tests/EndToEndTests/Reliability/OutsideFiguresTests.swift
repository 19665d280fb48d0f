import Foundation
import RoadtripCore
import Routing
import Testing
import TestSupport
#if canImport(Glibc)
    import Glibc
#endif

/// Issue 33, classes 2 and 6, through the real binary: numbers from outside (a PBF, a server, the
/// command line, a cache, a place file, the data file, an import) never trap the process, and a
/// figure that cannot be true is refused or replaced by the estimate, saying why, never shown,
/// saved or cached as if it were.
@Suite struct OutsideFiguresTests {
    // MARK: Class 2: no input traps

    /// A PBF whose running id, position or reference passes Int64 on its second delta of 2^62.
    struct CraftedPBF: Sendable, CustomTestStringConvertible {
        var name: String
        /// A seed another helper left in Tests/Fixtures/fuzz/pbf, else nil (built here).
        var seed: String?
        var build: @Sendable (_ delta: Int64) -> Data
        var testDescription: String { name }
    }

    static let overflowingPBFs: [CraftedPBF] = [
        CraftedPBF(name: "dense node ids (seed)", seed: "crash-dense-delta-overflow.osm.pbf", build: PBFBytes.denseIDs),
        CraftedPBF(name: "way node references (seed)", seed: "crash-way-ref-overflow.osm.pbf", build: PBFBytes.wayRefs),
        CraftedPBF(
            name: "relation member ids (seed)", seed: "crash-relation-memid-overflow.osm.pbf", build: PBFBytes.relationMembers),
        CraftedPBF(name: "dense node ids", seed: nil, build: PBFBytes.denseIDs),
        CraftedPBF(name: "dense node latitudes", seed: nil, build: PBFBytes.denseLatitudes),
        CraftedPBF(name: "dense node longitudes", seed: nil, build: PBFBytes.denseLongitudes),
        CraftedPBF(name: "way node references", seed: nil, build: PBFBytes.wayRefs),
        CraftedPBF(name: "relation member ids", seed: nil, build: PBFBytes.relationMembers)
    ]

    @Test(arguments: overflowingPBFs)
    func aPBFWhoseDeltasOverflowIsRefusedInOneLineNamingTheFile(_ pbf: CraftedPBF) throws {
        let sandbox = try CLISandbox(trips: [CLITrips.alps])
        let file = sandbox.file("crafted.osm.pbf")
        if let seed = pbf.seed {
            let url = RoadtripProcess.repositoryRoot.appendingPathComponent("Tests/Fixtures/fuzz/pbf").appendingPathComponent(
                seed)
            try Data(contentsOf: url).write(to: file)
        } else {
            try pbf.build(1 << 62).write(to: file)
        }
        let before = sandbox.dataBytes()
        let outcome = try sandbox.run("places", "import", file.path)
        #expect(outcome.isOneLineUserError, "\(outcome)")
        #expect(outcome.stderr.contains(file.path), "\(outcome)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.file("places/crafted.json").path))
        #expect(sandbox.dataBytes() == before)
    }

    /// The PBFs above are refused for their overflow, not for their shape: with deltas of 1 the same
    /// bytes import.
    @Test(arguments: overflowingPBFs.filter { $0.seed == nil })
    func theCraftedPBFsImportWithSmallDeltas(_ pbf: CraftedPBF) throws {
        let sandbox = try CLISandbox(trips: [CLITrips.alps])
        let file = sandbox.file("small.osm.pbf")
        try pbf.build(1).write(to: file)
        let outcome = try sandbox.run("places", "import", file.path)
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.stdout.contains(": 1 place: 1 hamlet"), "\(outcome)")
        #expect(FileManager.default.fileExists(atPath: sandbox.file("places/small.json").path))
        let found = try sandbox.run("places", "Overflow", "--json")
        #expect(found.status == 0 && found.stdout.contains("Overflow"), "\(found)")
    }

    /// Nominatim's extratags as they came from a server: an elevation no place has, a population
    /// past any country's.
    @Test(arguments: [
        #"{"ele":"1e300"}"#, #"{"ele":"nan"}"#, #"{"ele":"1e19"}"#, #"{"population":"9223372036854775807"}"#,
        #"{"population":"9223372036854775807","ele":"1e300"}"#
    ])
    func aServersAbsurdElevationOrPopulationIsNeitherATrapNorShown(_ extratags: String) throws {
        let body =
            #"[{"lat":"46.5","lon":"8.0","name":"Zorblatt Peak","category":"natural","type":"peak","extratags":\#(extratags)}]"#
        let server = try OSRMFaultServer(.answer(status: 200, body: body))
        defer { server.stop() }
        let sandbox = try CLISandbox()
        let table = try sandbox.run("places", "Zorblatt Peak", "--geocoder", server.baseURL.absoluteString)
        #expect(table.status == 0, "\(table)")
        #expect(table.stdout.contains("Zorblatt Peak"), "\(table)")
        for absurd in ["9,223,372", "9223372036854775807", "e+", "nan", "inf", "10,000,000,000"] {
            #expect(!table.stdout.contains(absurd), "\(absurd) in \(table.stdout)")
        }

        let json = try sandbox.run("places", "Zorblatt Peak", "--geocoder", server.baseURL.absoluteString, "--json")
        #expect(json.status == 0, "\(json)")
        let rows = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [[String: Any]], "\(json)")
        let peak = try #require(rows.first { $0["name"] as? String == "Zorblatt Peak" }, "\(json)")
        let population = try #require((peak["population"] as? NSNumber)?.int64Value)
        #expect((0...2_000_000_000).contains(population), "\(peak)")
        // No elevation is better than one no place on Earth has.
        if let elevation = (peak["elevation"] as? NSNumber)?.doubleValue {
            #expect((-500...9_000).contains(elevation), "\(peak)")
        }
    }

    /// `Transfer-Encoding: chunked` with a chunk size of Int.max after a first chunk: the sum of
    /// the body so far and the size must not be computed.
    static let chunkOverflow = Array(
        ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
            + "10\r\n0123456789abcdef\r\n7fffffffffffffff\r\nx\r\n0\r\n\r\n").utf8)

    @Test func aChunkSizeOfIntMaxFromARoutingServerIsAOneLineFallback() throws {
        let server = try RawAnswerServer(Self.chunkOverflow)
        defer { server.stop() }
        let cache = try TemporaryDirectory()
        let outcome = try RoadtripProcess.run(
            ["route", "--osrm", server.baseURL, "--json", "43.7393,7.4276", "43.7314,7.4199"],
            env: ["XDG_CACHE_HOME": cache.url.path])
        #expect(outcome.status == 0, "\(outcome)")
        let answer = try #require(try JSONSerialization.jsonObject(with: outcome.stdoutData) as? [String: Any], "\(outcome)")
        #expect((answer["legs"] as? [[String: Any]])?.map { $0["source"] as? String } == ["estimate"], "\(outcome)")
        #expect(outcome.stderr.hasPrefix("roadtrip: leg 1 estimated: OSRM 127.0.0.1:\(server.port) "), "\(outcome)")
        #expect(outcome.stderr.split(separator: "\n").count == 1, "\(outcome)")
        #expect(server.requests >= 1)
    }

    @Test func aChunkSizeOfIntMaxFromAGeocoderIsAOneLineFailure() throws {
        let server = try RawAnswerServer(Self.chunkOverflow)
        defer { server.stop() }
        let sandbox = try CLISandbox()
        let outcome = try sandbox.run("places", "Zorblatt Peak", "--geocoder", server.baseURL)
        // Nothing offline is named so: no match, said on one line, and the reason the server gave none.
        #expect(outcome.status == 1, "\(outcome)")
        #expect(outcome.stdout.isEmpty, "\(outcome)")
        let lines = outcome.stderr.split(separator: "\n")
        #expect(
            lines.first?.hasPrefix("roadtrip: online search: Nominatim, 127.0.0.1:\(server.port): ") == true, "\(outcome)")
        #expect(lines.count <= 2, "\(outcome)")
        #expect(server.requests >= 1)
    }

    @Test func stopNumberIntMinIsAOneLineErrorAndChangesNothing() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let before = try #require(sandbox.dataBytes())
        let smallest = String(Int.min)
        for args in [
            ["remove-stop", "Alps", "--", smallest],
            ["edit-stop", "Alps", "--name", "Anywhere", "--", smallest],
            ["edit-stop", "Alps", "--stay", "1h", "--", smallest]
        ] {
            let outcome = try sandbox.run(args)
            #expect(outcome.isOneLineUserError, "\(args): \(outcome)")
            #expect(outcome.stderr.contains("outside 1…2"), "\(args): \(outcome)")
            #expect(sandbox.dataBytes() == before, "\(args)")
        }
    }

    // MARK: Class 6: no figure that cannot be true

    static let monaco = "43.7393,7.4276"
    /// Lyon: about 300 km from Monaco as the crow flies.
    static let lyon = "45.7640,4.8357"

    /// A road engine's leg that cannot be the road between two stops ~300 km apart.
    struct ImpossibleLeg: Sendable, CustomTestStringConvertible {
        var name: String
        var router: @Sendable (String) -> [String]
        var body: String
        var engine: String
        var cachePrefix: String
        var testDescription: String { name }
    }

    static let impossibleLegs: [ImpossibleLeg] = [
        ImpossibleLeg(
            name: "OSRM: 5e-324 m in -0 s", router: { ["--osrm", $0] },
            body:
                #"{"code":"Ok","routes":[{"legs":[{"distance":5e-324,"duration":-0.0}]}],"waypoints":[{"distance":0},{"distance":0}]}"#,
            engine: "OSRM", cachePrefix: "osrm-"),
        ImpossibleLeg(
            name: "Valhalla: a length of 0", router: { ["--router", "valhalla", $0] },
            body: #"{"trip":{"units":"kilometers","legs":[{"summary":{"length":0,"time":0}}]}}"#,
            engine: "Valhalla", cachePrefix: "valhalla-")
    ]

    @Test(arguments: impossibleLegs)
    func aLegShorterThanTheStraightLineIsEstimatedWithAReasonAndNotCached(_ leg: ImpossibleLeg) throws {
        let server = try OSRMFaultServer(.answer(status: 200, body: leg.body))
        defer { server.stop() }
        let sandbox = try CLISandbox(trips: [
            Trip(
                name: "Far",
                waypoints: [
                    Waypoint(name: "Monaco", coordinate: Coordinate(latitude: 43.7393, longitude: 7.4276)),
                    Waypoint(name: "Lyon", coordinate: Coordinate(latitude: 45.7640, longitude: 4.8357))
                ])
        ])
        let cache = sandbox.file("cache")
        let env = ["XDG_CACHE_HOME": cache.path]
        let router = leg.router(server.baseURL.absoluteString)
        let reason = "roadtrip: leg 1 estimated: \(leg.engine) 127.0.0.1:\(server.port) "

        let json = try sandbox.run(["route", "--json"] + router + [Self.monaco, Self.lyon], environment: env)
        #expect(json.status == 0, "\(json)")
        let answer = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any], "\(json)")
        let legs = try #require(answer["legs"] as? [[String: Any]], "\(json)")
        #expect(legs.map { $0["source"] as? String } == ["estimate"], "\(json)")
        #expect((legs.first?["distanceMeters"] as? Double ?? 0) > 250_000, "\(json)")
        #expect(json.stderr.hasPrefix(reason) && json.stderr.contains("shorter than the straight line"), "\(json)")
        #expect(json.stderr.split(separator: "\n").count == 1, "\(json)")

        for command in [["route"] + router + [Self.monaco, Self.lyon], ["show", "Far"] + router] {
            let shown = try sandbox.run(command, environment: env)
            #expect(shown.status == 0, "\(command): \(shown)")
            #expect(!shown.stdout.contains(" 0 m") && !shown.stdout.contains(" 0.0 km"), "\(command): \(shown)")
            #expect(shown.stdout.contains("≈"), "\(command): the leg is marked as an estimate: \(shown)")
            #expect(shown.stderr.hasPrefix(reason) && shown.stderr.contains("shorter than the straight line"), "\(shown)")
            #expect(shown.stderr.split(separator: "\n").count == 1, "\(shown)")
        }
        #expect(server.requests.count >= 3, "every run asked again: \(server.requests)")
        // Nothing was remembered: no cache file holds a leg.
        #expect(try cachedLegs(in: cache, prefix: leg.cachePrefix).isEmpty)
    }

    @Test func aTamperedCachedLegIsNotBelievedAndTheServerIsAskedAgain() throws {
        // Nice to Cuneo: about 79 km as the crow flies; the server's road is 95 km.
        let nice = "43.7009,7.2683", cuneo = "44.3845,7.5427"
        let body =
            #"{"code":"Ok","routes":[{"legs":[{"distance":95000,"duration":4200}]}],"waypoints":[{"distance":3},{"distance":4}]}"#
        let server = try OSRMFaultServer(.answer(status: 200, body: body))
        defer { server.stop() }
        let cache = try TemporaryDirectory()
        let env = ["XDG_CACHE_HOME": cache.url.path]
        let args = ["route", "--osrm", server.baseURL.absoluteString, "--json", nice, cuneo]

        let first = try RoadtripProcess.run(args, env: env)
        #expect(first.status == 0 && first.stderr.isEmpty, "\(first)")
        #expect(server.requests.count == 1)
        let folder = cache.url.appendingPathComponent("roadtrip")
        let file = try #require(
            try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
                .first { $0.lastPathComponent.hasPrefix("osrm-") && $0.pathExtension == "json" })
        // The figures of a leg of 10 m driven in 1 s, kept in the same entry.
        var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        var legs = try #require(document["legs"] as? [[String: Any]])
        #expect(legs.count == 1)
        legs[0]["distanceMeters"] = 10
        legs[0]["durationSeconds"] = 1
        document["legs"] = legs
        try JSONSerialization.data(withJSONObject: document).write(to: file)

        let second = try RoadtripProcess.run(args, env: env)
        #expect(second.status == 0, "\(second)")
        let answer = try #require(try JSONSerialization.jsonObject(with: second.stdoutData) as? [String: Any], "\(second)")
        let shown = try #require(answer["legs"] as? [[String: Any]], "\(second)")
        #expect(shown.map { $0["distanceMeters"] as? Double } == [95000], "\(second)")
        #expect(shown.map { $0["source"] as? String } == ["osrm"], "\(second)")
        #expect(server.requests.count == 2, "the tampered entry was used instead of asking: \(server.requests)")
    }

    /// Nice, Marseille, Cannes, Lyon: by the crow's flight Cannes belongs before Marseille.
    static let zigzag = Trip(
        id: UUID(uuidString: "44444444-4444-4444-8444-444444444444")!, name: "Zigzag",
        waypoints: [
            Waypoint(name: "Nice", coordinate: Coordinate(latitude: 43.7009, longitude: 7.2683)),
            Waypoint(name: "Marseille", coordinate: Coordinate(latitude: 43.2965, longitude: 5.3698)),
            Waypoint(name: "Cannes", coordinate: Coordinate(latitude: 43.5528, longitude: 7.0174)),
            Waypoint(name: "Lyon", coordinate: Coordinate(latitude: 45.7640, longitude: 4.8357))
        ])

    /// An OSRM /table for `zigzag`, believable but for `cell`, which is replaced by `value`.
    static func table(_ cell: (Int, Int), _ value: String) -> String {
        // Road metres and seconds, symmetric: Nice, Marseille, Cannes, Lyon.
        let meters: [[Double]] = [
            [0, 200_000, 33_000, 470_000], [200_000, 0, 175_000, 315_000],
            [33_000, 175_000, 0, 450_000], [470_000, 315_000, 450_000, 0]
        ]
        let seconds = meters.map { $0.map { $0 / 27 } }
        func rows(_ m: [[Double]], replacing: Bool) -> String {
            "["
                + m.indices.map { i in
                    "["
                        + m[i].indices.map { j in replacing && (i, j) == cell ? value : String(Int(m[i][j])) }.joined(
                            separator: ",") + "]"
                }.joined(separator: ",") + "]"
        }
        return #"{"code":"Ok","durations":"# + rows(seconds, replacing: true) + #","distances":"# + rows(meters, replacing: false)
            + "}"
    }

    @Test(arguments: [((0, 1), "-50000"), ((0, 2), "null"), ((0, 2), "1e300"), ((2, 1), "-1")])
    func aTravelTimeTableThatCannotBeTrueGivesWayToTheEstimate(_ cell: (Int, Int), _ value: String) throws {
        let sandbox = try CLISandbox(trips: [Self.zigzag])
        // The order on the offline estimate, with no server at all.
        let offline = try sandbox.run("optimize", "Zigzag")
        #expect(offline.status == 0, "\(offline)")
        let offlineOrder = offline.stdout.split(separator: "\n").dropFirst().filter { $0.hasPrefix(" ") }
        #expect(
            offlineOrder.map { $0.trimmingCharacters(in: .whitespaces) } == ["1  Nice", "2  Cannes", "3  Marseille", "4  Lyon"])

        let server = try OSRMFaultServer(.answer(status: 200, body: Self.table(cell, value)))
        defer { server.stop() }
        let asked = try sandbox.run("optimize", "Zigzag", "--osrm", server.baseURL.absoluteString, "--apply")
        #expect(asked.status == 0, "\(asked)")
        #expect(server.requests.first?.hasPrefix("/table/v1/") == true, "\(server.requests)")
        let summary = try #require(asked.stdout.split(separator: "\n").first.map(String.init))
        #expect(summary.contains("offline estimate"), "\(asked)")
        #expect(summary.contains("OSRM 127.0.0.1:\(server.port) sent a travel-time table that cannot be true"), "\(asked)")
        // The figures (before the source in brackets) are the estimate's: nothing unknown or astronomical.
        let figures = summary.prefix { $0 != "(" }
        #expect(figures.hasPrefix("Best order: ") && figures.contains("less driving"), "\(asked)")
        #expect(!figures.contains("?") && !figures.contains("e+") && !figures.contains("inf"), "\(asked)")
        #expect(asked.stdout.split(separator: "\n").dropFirst().filter { $0.hasPrefix(" ") } == offlineOrder, "\(asked)")
        #expect(asked.stdout.contains("Saved the new order"), "\(asked)")
        #expect(try sandbox.trips().first?.waypoints.map(\.name) == ["Nice", "Cannes", "Marseille", "Lyon"])
    }

    @Test func aGeoLinkWhosePlaceIsOffTheEarthAddsNoStopAtNullIsland() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let before = try #require(sandbox.dataBytes())
        let outcome = try sandbox.run("add-stop", "Alps", "geo:0,0?q=95,13(Label)")
        #expect(outcome.isOneLineUserError, "\(outcome)")
        #expect(sandbox.dataBytes() == before)
        #expect(try sandbox.trips().allSatisfy { trip in !trip.waypoints.contains { $0.coordinate.latitude == 0 } })
    }

    /// A region file as `places import` writes it, but with a place at latitude 95, longitude 500
    /// and more people than live on Earth beside a real one of the same name.
    static let pollutedRegion = #"""
        {"imported":"2026-01-01T00:00:00Z","places":[
        {"aliases":[],"country":"","countryCode":"","elevation":9223372036854775807,"kind":"town","latitude":95,"longitude":500,"name":"Zyxburg","population":9223372036854775807,"prominence":9223372036854775807,"region":"","timeZone":""},
        {"aliases":[],"country":"Switzerland","countryCode":"CH","kind":"village","latitude":46.5,"longitude":8.0,"name":"Zyxburg","population":1200,"prominence":1200,"region":"Bern","timeZone":"Europe/Zurich"}
        ],"region":"polluted","source":"polluted.osm.pbf"}
        """#

    @Test func aPlaceFileWithAPlaceOffTheEarthOffersOnlyTheRealOneAndSavesKeepWorking() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        try FileManager.default.createDirectory(at: sandbox.file("places"), withIntermediateDirectories: true)
        try Data(Self.pollutedRegion.utf8).write(to: sandbox.file("places/polluted.json"))

        let json = try sandbox.run("places", "Zyxburg", "--json")
        #expect(json.status == 0, "\(json)")
        let rows = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [[String: Any]], "\(json)")
        let named = rows.filter { $0["name"] as? String == "Zyxburg" }
        #expect(named.count == 1, "\(json)")
        for row in rows {
            #expect(abs((row["latitude"] as? Double) ?? 999) <= 90 && abs((row["longitude"] as? Double) ?? 999) <= 180, "\(row)")
            #expect(((row["population"] as? NSNumber)?.int64Value ?? -1) <= 2_000_000_000, "\(row)")
        }
        let table = try sandbox.run("places", "Zyxburg")
        #expect(table.status == 0 && !table.stdout.contains("9,223,372"), "\(table)")

        let added = try sandbox.run("add-stop", "Alps", "Zyxburg")
        #expect(added.status == 0, "\(added)")
        let stop = try #require(try sandbox.trips().first { $0.name == "Alps" }?.waypoints.last)
        #expect(stop.name == "Zyxburg" && stop.coordinate == Coordinate(latitude: 46.5, longitude: 8.0), "\(stop)")
        // And the file takes the next edit too.
        let later = try sandbox.run("add-stop", "Alps", "46.0,7.0", "--name", "Later")
        #expect(later.status == 0, "\(later)")
        #expect(try sandbox.trips().first { $0.name == "Alps" }?.waypoints.map(\.name).suffix(2) == ["Zyxburg", "Later"])
    }

    @Test func aGeocoderCacheEntrySavedInTheFarFutureIsAskedAgain() throws {
        let body = #"[{"lat":"46.5","lon":"8.0","name":"Zorblatt Peak","category":"natural","type":"peak"}]"#
        let server = try OSRMFaultServer(.answer(status: 200, body: body))
        defer { server.stop() }
        let sandbox = try CLISandbox()
        let args = ["places", "Zorblatt Peak", "--geocoder", server.baseURL.absoluteString, "--json"]
        let first = try sandbox.run(args)
        #expect(first.status == 0, "\(first)")
        #expect(server.requests.count == 1)

        // The same entry, saved (seconds since 1970) at 1e300 and holding another name.
        let cacheFile = sandbox.file("geocoder-cache.json")
        var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: cacheFile)) as? [String: Any])
        var entries = try #require(document["entries"] as? [String: [String: Any]])
        #expect(entries.count == 1)
        for key in entries.keys {
            var entry = try #require(entries[key])
            entry["saved"] = 1e300
            var places = try #require(entry["places"] as? [[String: Any]])
            for i in places.indices { places[i]["name"] = "Zorblatt Forever" }
            entry["places"] = places
            entries[key] = entry
        }
        document["entries"] = entries
        try JSONSerialization.data(withJSONObject: document).write(to: cacheFile)

        let second = try sandbox.run(args)
        #expect(second.status == 0, "\(second)")
        #expect(server.requests.count == 2, "the entry from the year 1e300 was used: \(second)")
        #expect(!second.stdout.contains("Zorblatt Forever"), "\(second)")
        #expect(second.stdout.contains("Zorblatt Peak"), "\(second)")
    }

    // MARK: The data file, imports and the calendar

    /// A trips file as the store writes it with `find` in it replaced by `replace`, and the line
    /// (from 1) where the replacement is.
    static func dataFile(_ trip: Trip, replacing find: String, with replace: String) throws -> (text: String, line: Int) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let text = String(decoding: try encoder.encode(TripDocument(trips: [trip])), as: UTF8.self)
        let lines = text.components(separatedBy: "\n")
        let at = try #require(lines.firstIndex { $0.contains(find) }, "\(find) not in \(text)")
        #expect(lines.filter { $0.contains(find) }.count == 1)
        return (text.replacingOccurrences(of: find, with: replace), at + 1)
    }

    static let arrivalDate = Date(timeIntervalSince1970: 1_782_864_000)  // 2026-07-01T00:00:00Z

    static var timedTrip: Trip {
        Trip(
            id: UUID(uuidString: "55555555-5555-4555-8555-555555555555")!, name: "Timed",
            waypoints: [
                Waypoint(name: "Nice", coordinate: Coordinate(latitude: 43.7009, longitude: 7.2683)),
                Waypoint(
                    name: "Cannes", coordinate: Coordinate(latitude: 43.5528, longitude: 7.0174), stay: 12_345,
                    fixedArrival: arrivalDate)
            ],
            fuelConsumption: .litresPer100km(6.5))
    }

    struct HandEdit: Sendable, CustomTestStringConvertible {
        var name: String
        var find: String
        var replace: String
        /// What the refusal names: the JSON path.
        var path: String
        /// The text on the line the refusal names (the key of `path`).
        var at: String
        var testDescription: String { name }
    }

    static let handEdits: [HandEdit] = [
        HandEdit(
            name: "fuel use of 1e-308 L/100km", find: #""value" : 6.5"#, replace: #""value" : 1e-308"#,
            path: "trips[0].fuelConsumption", at: #""fuelConsumption" : {"#),
        HandEdit(
            name: "a fixed arrival in the year 20260", find: "2026-07-01T00:00:00Z", replace: "20260-07-01T00:00:00Z",
            path: "trips[0].waypoints[1].fixedArrival", at: #""fixedArrival" : "#),
        HandEdit(
            name: "a stay of 1e19 s", find: #""stay" : 12345"#, replace: #""stay" : 1e19"#,
            path: "trips[0].waypoints[1].stay", at: #""stay" : 1e19"#)
    ]

    @Test(arguments: handEdits)
    func aDataFileWithAFigureThatCannotBeTrueIsRefusedWithItsLineAndPath(_ edit: HandEdit) throws {
        let sandbox = try CLISandbox()
        let (text, _) = try Self.dataFile(Self.timedTrip, replacing: edit.find, with: edit.replace)
        let lines = text.components(separatedBy: "\n")
        #expect(lines.filter { $0.contains(edit.at) }.count == 1, "\(edit.at) in \(text)")
        let line = try #require(lines.firstIndex { $0.contains(edit.at) }) + 1
        try Data(text.utf8).write(to: sandbox.dataURL)
        for command in [["list"], ["show", "Timed"], ["itinerary", "Timed"]] {
            let outcome = try sandbox.run(command)
            #expect(outcome.isOneLineUserError, "\(command): \(outcome)")
            #expect(outcome.stderr.contains("trips.json"), "\(command): \(outcome)")
            #expect(outcome.stderr.contains("line \(line)"), "\(command): line \(line) expected: \(outcome)")
            #expect(outcome.stderr.contains(edit.path), "\(command): \(outcome)")
        }
        // Refused, never rewritten.
        #expect(sandbox.dataBytes() == Data(text.utf8))
    }

    @Test func theSettingsFormRefusesAFuelUseNoCarHasNamingTheRange() {
        let tiny = "0." + String(repeating: "0", count: 307) + "1"
        #expect(Double(tiny) == 1e-308)
        for text in [tiny, tiny + " L/100km", tiny + " mpg", "1000 L/100km", "100000 mpg"] {
            guard case let .failure(error) = TripSettingsText.fuel(text) else {
                Issue.record("“\(text.prefix(12))…” was taken as a fuel use")
                continue
            }
            #expect(error.description.contains("0.5–100 L/100km, 2–500 mpg"), "\(error)")
        }
        var trip = Self.timedTrip
        let before = trip
        let zone = TimeZone(identifier: "Europe/Paris")!
        var fields = TripSettingsText(trip: trip, zone: zone)
        fields.values[.fuel] = tiny + " L/100km"
        let errors = fields.apply(to: &trip, zone: zone)
        #expect(errors[.fuel]?.contains("0.5–100 L/100km") == true, "\(errors)")
        #expect(trip == before)
        // A real car's figure still goes in.
        guard case let .success(fuel) = TripSettingsText.fuel("6.5 L/100km") else {
            Issue.record("6.5 L/100km was refused")
            return
        }
        #expect(fuel == .litresPer100km(6.5))
    }

    @Test func aKMLArrivalInTheYear20260ImportsWithoutThatArrival() throws {
        let sandbox = try CLISandbox(trips: [CLITrips.alps])
        let kml = sandbox.file("far-future.kml")
        try Data(
            #"""
            <?xml version="1.0" encoding="UTF-8"?>
            <kml xmlns="http://www.opengis.net/kml/2.2">
              <Document>
                <name>Far future</name>
                <Placemark>
                  <name>Nice</name>
                  <ExtendedData>
                    <Data name="fixedArrival"><value>20260-07-01T00:00:00Z</value></Data>
                    <Data name="note"><value>kept</value></Data>
                  </ExtendedData>
                  <Point><coordinates>7.2683,43.7009</coordinates></Point>
                </Placemark>
                <Placemark>
                  <name>Cannes</name>
                  <ExtendedData>
                    <Data name="fixedArrival"><value>2026-07-01T10:00:00Z</value></Data>
                  </ExtendedData>
                  <Point><coordinates>7.0174,43.5528</coordinates></Point>
                </Placemark>
              </Document>
            </kml>
            """#.utf8
        ).write(to: kml)
        let outcome = try sandbox.run("import", kml.path)
        #expect(outcome.status == 0, "\(outcome)")
        let trip = try #require(try sandbox.trips().first { $0.name == "Far future" }, "\(outcome)")
        #expect(trip.waypoints.map(\.name) == ["Nice", "Cannes"])
        #expect(trip.waypoints[0].fixedArrival == nil, "\(trip.waypoints[0])")
        #expect(trip.waypoints[0].note == "kept")
        // A believable arrival beside it is kept.
        #expect(trip.waypoints[1].fixedArrival == Date(timeIntervalSince1970: 1_782_900_000))
        // And the file stays one every command reads.
        #expect(try sandbox.run("itinerary", "Far future").status == 0)
    }

    @Test func aJSONTripImportWithAStayOf1e19IsRefused() throws {
        let sandbox = try CLISandbox(trips: [CLITrips.alps])
        let before = try #require(sandbox.dataBytes())
        let (text, _) = try Self.dataFile(Self.timedTrip, replacing: #""stay" : 12345"#, with: #""stay" : 1e19"#)
        let file = sandbox.file("export.json")
        try Data(text.utf8).write(to: file)
        let outcome = try sandbox.run("import", file.path)
        #expect(outcome.isOneLineUserError, "\(outcome)")
        #expect(outcome.stderr.contains("stay"), "\(outcome)")
        #expect(sandbox.dataBytes() == before)
    }

    @Test func aCalendarFrom1900To2200IsSmall() throws {
        let zones = ["Europe/Paris", "America/New_York", "Australia/Sydney", "America/Santiago", "Europe/London"]
        let start = Date(timeIntervalSince1970: -2_208_988_800 + 272 * 86_400)  // 1900-09-30T00:00:00Z
        let late = Date(timeIntervalSince1970: 7_258_118_400 + 180 * 86_400)  // 2200-06-30T00:00:00Z
        var stops = zones.enumerated().map { i, zone in
            Waypoint(
                name: "Stop \(i + 1)", coordinate: Coordinate(latitude: 43.70 + Double(i) * 0.05, longitude: 7.27),
                timeZone: zone)
        }
        // The wait at the middle stop, with a stay there and drives after it, puts events in both centuries.
        stops[0].fixedArrival = start
        stops[2].fixedArrival = late
        stops[2].stay = 3600
        let trip = Trip(name: "Centuries", waypoints: stops, startDate: start)
        let sandbox = try CLISandbox(trips: [trip])
        let outcome = try sandbox.run("itinerary", "Centuries", "--format", "ics")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.hasPrefix("BEGIN:VCALENDAR"), "\(outcome.stdout.prefix(200))")
        #expect(outcome.stdout.contains("END:VCALENDAR"))
        for zone in zones { #expect(outcome.stdout.contains("TZID:\(zone)"), "\(zone)") }
        #expect(outcome.stdout.contains("DTSTART;TZID=Europe/Paris:1900093"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("DTSTART;TZID=Australia/Sydney:22000630T"), "\(outcome.stdout)")
        // Every daylight-saving change of five zones over three centuries would be some 280 KB.
        #expect(outcome.stdoutData.count < 100_000, "a calendar of \(outcome.stdoutData.count) bytes for 5 stops")
    }

    // MARK: Helpers

    /// The legs kept in the leg cache files named `prefix…` under `cache`/roadtrip.
    private func cachedLegs(in cache: URL, prefix: String) throws -> [[String: Any]] {
        let folder = cache.appendingPathComponent("roadtrip")
        guard let files = try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil) else {
            return []
        }
        return try files.filter { $0.lastPathComponent.hasPrefix(prefix) }.flatMap { file in
            let document = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
            return document?["legs"] as? [[String: Any]] ?? []
        }
    }
}

/// Minimal OpenStreetMap PBF files, written byte by byte (the protobuf wire format), each with one
/// named hamlet whose ids, position or references are sums of `delta`: 2^62 twice passes Int64.
enum PBFBytes {
    private static func varint(_ value: UInt64) -> [UInt8] {
        var v = value, out: [UInt8] = []
        while v >= 0x80 {
            out.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        return out + [UInt8(v)]
    }
    private static func zigzag(_ v: Int64) -> UInt64 { UInt64(bitPattern: (v << 1) ^ (v >> 63)) }
    private static func field(_ number: Int, _ wire: UInt64) -> [UInt8] { varint(UInt64(number) << 3 | wire) }
    private static func bytes(_ number: Int, _ content: [UInt8]) -> [UInt8] {
        field(number, 2) + varint(UInt64(content.count)) + content
    }
    private static func integer(_ number: Int, _ value: UInt64) -> [UInt8] { field(number, 0) + varint(value) }
    private static func sints(_ number: Int, _ values: [Int64]) -> [UInt8] {
        bytes(number, values.flatMap { varint(zigzag($0)) })
    }
    private static func uints(_ number: Int, _ values: [UInt64]) -> [UInt8] { bytes(number, values.flatMap(varint)) }

    /// (4-byte big-endian length, BlobHeader(type, datasize), Blob(raw)).
    private static func block(_ type: String, _ content: [UInt8]) -> [UInt8] {
        let blob = bytes(1, content)
        let header = bytes(1, Array(type.utf8)) + integer(3, UInt64(blob.count))
        let n = UInt32(header.count)
        return [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] + header + blob
    }

    /// An OSMHeader block, then one OSMData block holding `group`; strings 1…4 are name, Overflow, place, hamlet.
    private static func file(_ group: [UInt8]) -> Data {
        let header = block("OSMHeader", bytes(4, Array("OsmSchema-V0.6".utf8)) + bytes(4, Array("DenseNodes".utf8)))
        let strings = bytes(1, ["", "name", "Overflow", "place", "hamlet"].flatMap { bytes(1, Array($0.utf8)) })
        let primitive = strings + bytes(2, group) + integer(17, 100)
        return Data(header + block("OSMData", primitive))
    }

    /// Dense nodes: the first tagged name=Overflow, place=hamlet; `ids`, `lats`, `lons` are the deltas.
    private static func dense(ids: [Int64], lats: [Int64], lons: [Int64]) -> Data {
        file(bytes(2, sints(1, ids) + sints(8, lats) + sints(9, lons) + uints(10, [1, 2, 3, 4, 0, 0])))
    }

    static let denseIDs: @Sendable (Int64) -> Data = { dense(ids: [$0, $0], lats: [435_000_000, 0], lons: [72_000_000, 0]) }
    static let denseLatitudes: @Sendable (Int64) -> Data = { dense(ids: [1, 1], lats: [$0, $0], lons: [72_000_000, 0]) }
    static let denseLongitudes: @Sendable (Int64) -> Data = { dense(ids: [1, 1], lats: [435_000_000, 0], lons: [$0, $0]) }

    /// A way tagged as the hamlet, its node references `delta` apart, and its two nodes when the
    /// references are small (ids 1 and 2, near Nice).
    static let wayRefs: @Sendable (Int64) -> Data = { delta in
        let way = integer(1, 7) + uints(2, [1, 3]) + uints(3, [2, 4]) + sints(8, [delta, delta])
        let nodes = bytes(2, sints(1, [1, 1]) + sints(8, [437_000_000, 1000]) + sints(9, [72_600_000, 1000]) + uints(10, [0, 0]))
        return file(bytes(3, way) + nodes)
    }

    /// A relation tagged as the hamlet whose way members are `delta` apart, the ways (ids 1 and 2)
    /// and their node, near Nice.
    static let relationMembers: @Sendable (Int64) -> Data = { delta in
        let relation = integer(1, 9) + uints(2, [1, 3]) + uints(3, [2, 4]) + sints(9, [delta, delta]) + uints(10, [1, 1])
        let way1 = integer(1, 1) + sints(8, [5])
        let way2 = integer(1, 2) + sints(8, [5])
        let node = bytes(2, sints(1, [5]) + sints(8, [437_000_000]) + sints(9, [72_600_000]) + uints(10, [0]))
        return file(bytes(4, relation) + bytes(3, way1) + bytes(3, way2) + node)
    }
}

/// A one-purpose server on 127.0.0.1 that answers every request with the same raw bytes (status
/// line, headers and body as given) and closes: for answers no well-behaved server sends.
final class RawAnswerServer: @unchecked Sendable {
    let port: Int
    private let answer: [UInt8]
    private let listener: Int32
    private let lock = NSLock()
    private var count = 0
    private var stopped = false

    init(_ answer: [UInt8]) throws {
        self.answer = answer
        guard let socket = LoopbackSocket.make(listening: 16) else { throw POSIXError(.EADDRINUSE) }
        listener = socket.descriptor
        port = socket.port
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }
    var requests: Int { lock.withLock { count } }

    func stop() {
        lock.withLock { stopped = true }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while !lock.withLock({ stopped }) {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            Thread.detachNewThread { [self] in serve(connection) }
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var head = [UInt8](), buffer = [UInt8](repeating: 0, count: 4096)
        while !head.suffix(4).elementsEqual([13, 10, 13, 10]) && head.count < 1 << 20 {
            let n = recv(connection, &buffer, buffer.count, 0)
            guard n > 0 else { return }
            head += buffer[0..<n]
            if String(decoding: head, as: UTF8.self).contains("\r\n\r\n") { break }
        }
        lock.withLock { count += 1 }
        var sent = 0
        while sent < answer.count {
            let n = answer.withUnsafeBytes {
                Glibc.send(connection, $0.baseAddress! + sent, answer.count - sent, Int32(MSG_NOSIGNAL))
            }
            guard n > 0 else { return }
            sent += n
        }
        // Let the client read it all before the close.
        usleep(200_000)
    }
}
