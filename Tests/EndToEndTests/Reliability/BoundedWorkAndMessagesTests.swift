import Foundation
import RoadtripCore
import Routing
import Testing
import TestSupport

/// Issue 33, classes 3 and 7, through the real binary.
///
/// Class 3, bounded work: a file whose counts already show it cannot become a trip is refused from
/// its counts (a million CSV rows, two million GeoJSON positions, a million KML tuples); a leg
/// cache far larger than roadtrip writes is left unread; dates and stays that no trip has are
/// refused where they are typed; and in the planner a pipe nobody reads or writes, or a reader
/// that leaves, never freezes or kills it: Esc stops the work and the keys still answer.
///
/// Class 7, messages: each refusal is one line that names the file and says what is wrong and
/// what to do (a folder or a cut or damaged extract given to `places import`, an extract without
/// one usable place, an export name over 255 bytes, a KMZ packed with bzip2, a config.toml that
/// is not a readable file, a read-only mount).
///
/// Nothing here times anything: each test checks what was refused, what was said, what was left
/// on disk, and what is on the screen.
@Suite(.serialized)
struct BoundedWorkAndMessagesTests {
    // MARK: - Class 3: imports refused from their counts

    /// The refusal of an import: status 1, one line naming the file, the data file as it was.
    private func expectRefusedImport(
        _ sandbox: CLISandbox, _ file: String, before: Data, saying phrases: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let result = try sandbox.run("import", file)
        #expect(result.isOneLineUserError, "\(result)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(file), "the message does not name \(file): \(result)", sourceLocation: sourceLocation)
        for phrase in phrases {
            #expect(result.stderr.contains(phrase), "no “\(phrase)”: \(result)", sourceLocation: sourceLocation)
        }
        #expect(sandbox.dataBytes() == before, "the data file changed", sourceLocation: sourceLocation)
    }

    @Test func aMillionRowCSVIsRefusedSayingHowManyStops() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let before = try #require(sandbox.dataBytes())
        // 1,000,000 rows of 31 bytes after the header: 31 MB.
        let rows = String(repeating: "7,Stop on the road,43.5,7.125\r\n", count: 1_000_000)
        try Data(("order,name,latitude,longitude\r\n" + rows).utf8).write(to: sandbox.file("million.csv"))
        try expectRefusedImport(
            sandbox, "million.csv", before: before, saying: ["1,000,000 stops", "a trip holds at most 5,000"])
        // The refusal comes from the count, before a parse holds a million stops: it still comes
        // with an address space smaller than what that parse kept resident.
        let bounded = try runWithAddressSpace(megabytes: Self.boundedMegabytes, sandbox, ["import", "million.csv"])
        #expect(bounded.status == 1 && bounded.stderr.contains("1,000,000 stops"), "\(bounded)")
        #expect(sandbox.dataBytes() == before)
    }

    @Test func aGeoJSONLineOfTwoMillionPointsIsRefusedAsTooLargeToSimplify() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let before = try #require(sandbox.dataBytes())
        // 2,000,000 positions of 19 bytes: 38 MB, under the 50 MB an import may be.
        var text = #"{"type":"Feature","properties":{"name":"Long line"},"geometry":{"type":"LineString","coordinates":["#
        text += String(repeating: "[7.12345,43.12345],", count: 1_999_999)
        text += "[7.22345,43.22345]]}}\n"
        try Data(text.utf8).write(to: sandbox.file("line.geojson"))
        try expectRefusedImport(
            sandbox, "line.geojson", before: before, saying: ["more than 500,000 positions", "simplify or split the file"])
    }

    /// KML coordinate tuples as Google Earth writes them (longitude, latitude, altitude) and as
    /// many other tools do (longitude, latitude).
    enum Tuple: String, CaseIterable, CustomTestStringConvertible {
        case withAltitude, withoutAltitude
        var testDescription: String { rawValue }
        var text: String { self == .withAltitude ? "7.12345,43.12345,0 " : "7.12345,43.12345 " }
    }

    @Test(arguments: Tuple.allCases)
    func aKMLListOfAMillionTuplesIsRefusedAsTooLargeToSimplify(_ tuple: Tuple) throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let before = try #require(sandbox.dataBytes())
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>Long line</name>
            <Placemark><name>Line</name><LineString><coordinates>
            """
        text += String(repeating: tuple.text, count: 1_000_000)
        text += "</coordinates></LineString></Placemark></Document></kml>\n"
        try Data(text.utf8).write(to: sandbox.file("line.kml"))
        try expectRefusedImport(
            sandbox, "line.kml", before: before, saying: ["500,000", "simplify or split the file"])
    }

    /// What the CSV import may take: the early refusal needs the file's bytes (31 MB) and little
    /// more (64 MB resident in a debug build); the parse it replaced held a million stops before
    /// saying the same (566 MB resident, and it dies of "failed to allocate" under 400 MB).
    static let boundedMegabytes = 300

    /// `roadtrip ARGS… --data FILE` in the sandbox's folder under `ulimit -v` (address space).
    private func runWithAddressSpace(megabytes: Int, _ sandbox: CLISandbox, _ args: [String]) throws -> Bounded {
        let out = sandbox.file("bounded.out"), err = sandbox.file("bounded.err")
        let command = [RoadtripProcess.binary.path, args[0], "--data", sandbox.dataURL.path] + args.dropFirst()
        let status = try Spawn.run(
            "/bin/sh", ["-c", "ulimit -v \(megabytes * 1024) && exec \"$0\" \"$@\""] + command,
            environment: ["LANG": "C.UTF-8", "HOME": sandbox.folder.path, "PATH": "/usr/bin:/bin"],
            directory: sandbox.folder.path, stdout: out.path, stderr: err.path)
        return Bounded(status: status, stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
    }

    /// What a run under a limit did.
    struct Bounded: CustomStringConvertible {
        var status: Int32
        var stderr: String
        var description: String { "status \(status)\n--- stderr\n\(stderr.prefix(2000))" }
    }

    // MARK: - Class 3: the leg cache

    @Test func aLegCacheOver32MBIsNotReadAndTheCommandStillEnds() throws {
        let sandbox = try CLISandbox(trips: [CLITrips.riviera])
        let cacheHome = sandbox.file("cache")
        let server = "http://127.0.0.1:1"
        // The file roadtrip keeps for that server (the cache's own naming: engine, hash of the URL and profile).
        let cacheFile = try #require(
            LegCache(server: "\(server)|driving", folder: cacheHome.appendingPathComponent("roadtrip")).file)
        try FileManager.default.createDirectory(at: cacheFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        // Nice → Antibes as the server would have answered it: 25.4 km in 25 min, fetched just now.
        let now = Int(Date().timeIntervalSince1970)
        let cache = Data(
            """
            {"version":1,"server":"\(server)|driving","legs":[{"from":[43700900,7268300],"to":[43580800,7125100],\
            "distanceMeters":25400,"durationSeconds":1500,"fetched":\(now)}]}
            """.utf8)
        let show = ["--osrm", server, "show", "Côte"]
        let environment = ["XDG_CACHE_HOME": cacheHome.path]

        // Small, it is read: the leg is the cached road leg. (So the name and content are right.)
        try cache.write(to: cacheFile)
        let small = try RoadtripProcess.run(
            show + ["--data", sandbox.dataURL.path], env: environment, directory: sandbox.folder)
        #expect(small.status == 0, "\(small)")
        #expect(small.stdout.contains("25.4 km"), "the small cache was not used: \(small)")

        // The same content followed by spaces to past 32 MB (still valid JSON): left unread, so
        // the leg is an estimate, and the command ends as it does without a cache.
        let handle = try FileHandle(forWritingTo: cacheFile)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(repeating: 0x20, count: (32 << 20) + 4096 - cache.count))
        try handle.close()
        let huge = try RoadtripProcess.run(
            show + ["--data", sandbox.dataURL.path], env: environment, directory: sandbox.folder)
        #expect(huge.status == 0, "\(huge)")
        #expect(huge.stdout.contains("estimate"), "no estimate shown: \(huge)")
        #expect(!huge.stdout.contains("25.4 km"), "the cache over 32 MB was read: \(huge)")
    }

    // MARK: - Class 3: dates and stays

    @Test func datesOutsideTheYearsAndStaysOverAYearAreRefused() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let before = try #require(sandbox.dataBytes())
        let cases: [(args: [String], says: [String])] = [
            (["--arrive", "20260-07-01 10:00"], ["--arrive", "20260", "1900–2200"]),
            // `=` so the value is not read as an option.
            (["--arrive=-5-07-01 10:00"], ["--arrive", "-5-07-01 10:00"]),
            (["--arrive=0-07-01 10:00"], ["--arrive", "1900–2200"]),
            // 366 days and 59 minutes: the h:m form had no cap of its own.
            (["--stay", "8784:59"], ["--stay", "more than a year"]),
            (["--stay", "367 d"], ["--stay", "more than a year"])
        ]
        for (args, says) in cases {
            let result = try sandbox.run(["edit-stop", "Alps", "1"] + args)
            #expect(result.isOneLineUserError, "\(args): \(result)")
            for phrase in says {
                #expect(result.stderr.contains(phrase), "\(args): no “\(phrase)”: \(result)")
            }
            #expect(sandbox.dataBytes() == before, "\(args) changed the data file")
        }
        // The edges are taken.
        #expect(try sandbox.run("edit-stop", "Alps", "1", "--arrive", "2200-12-31 23:00").status == 0)
        #expect(try sandbox.run("edit-stop", "Alps", "1", "--stay", "8784:00").status == 0)
    }

    /// 8785 hours is a duration, only longer than a stay may be: the refusal says that, not
    /// "not a duration (try 1h30 or 90 min)", which sends the user looking for a typo.
    @Test func aStayOf8785HoursIsRefusedAsOverAYear() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let before = try #require(sandbox.dataBytes())
        let result = try sandbox.run("edit-stop", "Alps", "1", "--stay", "8785:00")
        #expect(result.isOneLineUserError, "\(result)")
        #expect(result.stderr.contains("more than a year"), "\(result)")
        #expect(sandbox.dataBytes() == before)
    }

    // MARK: - Class 3: the planner with pipes

    @Test func anExportToAPipeNobodyReadsShowsProgressStopsWithEscAndTheKeysStillAnswer() throws {
        try #require(TmuxSession.isAvailable, "tmux is not installed")
        let sandbox = try CLISandbox(trips: [Self.bigTrip, CLITrips.alps])
        let fifo = sandbox.file("out.gpx")
        try #require(mkfifo(fifo.path, 0o600) == 0)
        // A reader that holds the pipe open and never reads: the export fills the pipe and waits.
        let reader = open(fifo.path, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }

        let planner = try PipePlanner(sandbox)
        defer { planner.session.kill() }
        // Typed relative to the folder the planner runs in; the status line shows it resolved.
        try planner.export(to: "out.gpx")
        try planner.session.waitFor(text: "/out.gpx… Esc stops", timeout: 20)
        try planner.session.send(keys: ["Escape"])
        try planner.session.waitFor(text: "the export stopped; nothing was changed")
        // The keys answer: ↓ moves the selection from the big trip to the next.
        #expect(planner.selectedTrip(try planner.session.capture()) == "Big trip")
        try planner.session.send(keys: ["Down"])
        try planner.session.waitUntil("the selection on Alps") { planner.selectedTrip($0) == "Alps" }
        try planner.quitAndExpectTheShellBack()
        var info = stat()
        #expect(stat(fifo.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO, "the pipe was replaced")
    }

    @Test func anExportWhoseReaderLeavesIsSaidAndThePlannerLives() throws {
        try #require(TmuxSession.isAvailable, "tmux is not installed")
        let sandbox = try CLISandbox(trips: [Self.bigTrip, CLITrips.alps])
        let fifo = sandbox.file("out.gpx")
        try #require(mkfifo(fifo.path, 0o600) == 0)
        // `head -c 10 FIFO`: takes ten bytes of the export (hundreds of kilobytes) and leaves.
        let head = try ChildProcess.spawn(
            "/usr/bin/head", ["-c", "10", fifo.path], environment: [:], stdout: .file(sandbox.file("head.out").path))
        defer { _ = head.stop(grace: 0.5) }
        // Waits until `head` is itself (past exec), so its open of the pipe is under way before the export opens it.
        try waitUntil("head to start") {
            (try? String(contentsOfFile: "/proc/\(head.pid)/comm", encoding: .utf8))?.hasPrefix("head") == true
                && ProcessTree.state(of: head.pid) == "S"
        }

        let planner = try PipePlanner(sandbox)
        defer { planner.session.kill() }
        try planner.export(to: "out.gpx")
        try planner.session.waitFor(text: "the program reading it stopped reading", timeout: 20)
        #expect(head.wait() == 0)
        #expect(try Data(contentsOf: sandbox.file("head.out")).count == 10)
        // Alive and answering: the selection moves, and it quits as it always does.
        try planner.session.send(keys: ["Down"])
        try planner.session.waitUntil("the selection on Alps") { planner.selectedTrip($0) == "Alps" }
        try planner.quitAndExpectTheShellBack()
    }

    @Test func anImportFromAPipeNobodyWritesShowsReadingStopsWithEscAndChangesNothing() throws {
        try #require(TmuxSession.isAvailable, "tmux is not installed")
        let sandbox = try CLISandbox(trips: [CLITrips.alps, CLITrips.riviera])
        let before = try #require(sandbox.dataBytes())
        let fifo = sandbox.file("in.gpx")
        try #require(mkfifo(fifo.path, 0o600) == 0)

        let planner = try PipePlanner(sandbox)
        defer { planner.session.kill() }
        try planner.session.send(keys: ["Enter"])
        try planner.session.waitFor(text: "Trip: Alps")
        try planner.session.send(keys: ["I"])
        try planner.session.waitFor(text: "Add stops from:")
        try planner.session.send(keys: ["C-u"])
        try planner.session.type("in.gpx")
        try planner.session.send(keys: ["Enter"])
        try planner.session.waitFor(text: "Reading in.gpx… Esc stops", timeout: 20)
        try planner.session.send(keys: ["Escape"])
        try planner.session.waitFor(text: "reading was stopped")
        // Esc closes the prompt it reopened, Esc goes back to the list, and the keys answer there.
        try planner.session.send(keys: ["Escape"])
        try planner.session.waitUntil("the prompt closed") { !$0.contains("Add stops from:") }
        try planner.session.send(keys: ["Escape"])
        try planner.session.waitFor(text: "roadtrip › Trips")
        try planner.session.send(keys: ["Down"])
        try planner.session.waitUntil("the selection on Côte d’Azur") { planner.selectedTrip($0) == "Côte d’Azur" }
        try planner.quitAndExpectTheShellBack()
        #expect(try sandbox.trips().map(\.waypoints.count) == [2, 3])
        #expect(sandbox.dataBytes() == before, "the data file changed")
    }

    /// A trip whose GPX export is far more than a pipe holds (64 KB): 3,000 stops.
    static let bigTrip = Trip(
        id: UUID(uuidString: "44444444-4444-4444-8444-444444444444")!, name: "Big trip",
        waypoints: (0..<3000).map { i in
            Waypoint(
                name: "Stop \(i) on the long road south",
                coordinate: Coordinate(latitude: 43 + Double(i) * 0.001, longitude: 7 + Double(i) * 0.0005))
        })

    // MARK: - Class 7: places import

    @Test func placesImportOfAFolderACutExtractADamagedOneAndNotAnExtractNamesTheFile() throws {
        let sandbox = try CLISandbox()
        let monaco = try Data(contentsOf: Self.monacoExtract)
        let cut = sandbox.file("cut.osm.pbf")
        try monaco.prefix(monaco.count / 2).write(to: cut)
        let folder = sandbox.file("extract.osm.pbf")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let text = sandbox.file("notes.osm.pbf")
        try Data("These are my notes, not a map.\n".utf8).write(to: text)
        // An OSMHeader block, then a data block whose blob is not protobuf at all.
        let damaged = sandbox.file("damaged.osm.pbf")
        var bytes = MiniPBF.header
        let blobHeader = MiniPBF.bytes(1, Array("OSMData".utf8)) + MiniPBF.int(3, 16)
        bytes += MiniPBF.bigEndian(UInt32(blobHeader.count)) + blobHeader + [UInt8](repeating: 0xFF, count: 16)
        try Data(bytes).write(to: damaged)

        let cases: [(URL, [String])] = [
            (folder, ["is a folder", "give the extract's file"]),
            (cut, ["ends inside a block", "download it again"]),
            (damaged, ["a damaged block at byte \(MiniPBF.header.count)", "download the extract again"]),
            (text, ["is not an OpenStreetMap PBF file"])
        ]
        for (file, says) in cases {
            let result = try sandbox.run("places", "import", file.path)
            #expect(result.isOneLineUserError, "\(file.lastPathComponent): \(result)")
            #expect(result.stderr.contains(file.path), "\(file.lastPathComponent): the file is not named: \(result)")
            for phrase in says {
                #expect(result.stderr.contains(phrase), "\(file.lastPathComponent): no “\(phrase)”: \(result)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: sandbox.file("places").path), "a places folder was made")
    }

    @Test func anExtractWithoutOneUsablePlaceIsRefusedAndTheEarlierImportStays() throws {
        let sandbox = try CLISandbox()
        let good = try sandbox.run("places", "import", Self.smallMonacoExtract.path, "--name", "riviera")
        #expect(good.status == 0, "\(good)")
        let saved = sandbox.file("places/riviera.json")
        let earlier = try #require(try? Data(contentsOf: saved), "the first import was not saved at \(saved.path): \(good)")
        let earlierFolder = try placesFolder(sandbox)

        // Names made only of control characters, and a position off the Earth.
        let useless = sandbox.file("useless.osm.pbf")
        try Data(
            MiniPBF.extract(nodes: [
                (1, 43.7384, 7.4246, [("name", "\u{01}\u{02}\u{1B}"), ("place", "town")]),
                (2, 43.7312, 7.4150, [("name", "\u{7F}\u{85}"), ("tourism", "museum")]),
                (3, 95.0, 500.0, [("name", "Nowhere"), ("place", "village")])
            ])
        ).write(to: useless)
        let refused = try sandbox.run("places", "import", useless.path, "--name", "riviera")
        #expect(refused.isOneLineUserError, "\(refused)")
        #expect(refused.stderr.contains(useless.path), "\(refused)")
        #expect(refused.stderr.contains("nothing was imported"), "\(refused)")
        #expect(try Data(contentsOf: saved) == earlier, "the earlier import of the region was replaced")
        // Whatever else the import keeps beside it (a search pack) is as it was too.
        #expect(try placesFolder(sandbox) == earlierFolder, "the places folder changed")
    }

    /// Every file in the sandbox's places folder, by name.
    private func placesFolder(_ sandbox: CLISandbox) throws -> [String: Data] {
        let folder = sandbox.file("places")
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return files
    }

    /// The Monaco extract the routing tests use (1.7 MB, real osmium output).
    static var monacoExtract: URL {
        RoadtripProcess.repositoryRoot.appendingPathComponent("Tests/Fixtures/osrm/monaco.osm.pbf")
    }

    /// A few Monaco places, hand-encoded (Tests/Fuzz/make-pbf-seeds.py).
    static var smallMonacoExtract: URL {
        RoadtripProcess.repositoryRoot.appendingPathComponent("Tests/Fixtures/fuzz/pbf/monaco.osm.pbf")
    }

    // MARK: - Class 7: exports and KMZ

    @Test func anExportNameOf300BytesSaysSoNotThatTheFolderRefuses() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let name = String(repeating: "a", count: 296) + ".gpx"
        let result = try sandbox.run("export", "Alps", "-o", name)
        #expect(result.isOneLineUserError, "\(result)")
        #expect(result.stderr.contains("the file name is 300 bytes, over the 255"), "\(result)")
        #expect(!result.stderr.contains("cannot create a file in"), "\(result)")
        let left = try FileManager.default.contentsOfDirectory(atPath: sandbox.folder.path)
        #expect(left.allSatisfy { !$0.hasPrefix(".") || $0.hasSuffix(".lock") }, "a temporary file was left: \(left)")
    }

    @Test func aKMZPackedWithBzip2NamesTheMethodAndSaysToSaveWithDeflate() throws {
        let zip = URL(fileURLWithPath: "/usr/bin/zip")
        try #require(FileManager.default.isExecutableFile(atPath: zip.path), "zip is not installed")
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let before = try #require(sandbox.dataBytes())
        // Repeated placemarks, so bzip2 really compresses (zip stores what it cannot shrink).
        let placemarks = (1...40).map {
            "<Placemark><name>Stop \($0)</name><Point><coordinates>7.\($0),43.\($0),0</coordinates></Point></Placemark>"
        }
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>Packed</name>\(placemarks.joined())</Document></kml>
            """.utf8
        ).write(to: sandbox.file("doc.kml"))
        try ProcessRunner.run(zip, ["-q", "-j", "-Z", "bzip2", sandbox.file("trip.kmz").path, sandbox.file("doc.kml").path])
        let kmz = try Data(contentsOf: sandbox.file("trip.kmz"))
        // The local header's method (offset 8) is 12, bzip2: the archive is what the test says it is.
        try #require(kmz.count > 30 && kmz[8] == 12 && kmz[9] == 0, "zip did not use bzip2")

        let result = try sandbox.run("import", "trip.kmz")
        #expect(result.isOneLineUserError, "\(result)")
        #expect(result.stderr.contains("trip.kmz"), "\(result)")
        #expect(result.stderr.contains("bzip2"), "\(result)")
        #expect(result.stderr.contains("Deflate"), "\(result)")
        #expect(!result.stderr.contains("cut short") && !result.stderr.contains("damaged"), "\(result)")
        #expect(sandbox.dataBytes() == before)
    }

    // MARK: - Class 7: config.toml

    @Test func aConfigFileThatIsNotAReadableFileIsRefusedOnOneLineNamingTheProblem() throws {
        let sandbox = try CLISandbox()
        let nul = sandbox.file("nul.toml")
        try Data("units = \"mi\"\n\0\nosrm_timeout = 8\n".utf8).write(to: nul)
        let folder = sandbox.file("folder.toml")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let loopA = sandbox.file("a.toml"), loopB = sandbox.file("b.toml")
        try FileManager.default.createSymbolicLink(atPath: loopA.path, withDestinationPath: loopB.path)
        try FileManager.default.createSymbolicLink(atPath: loopB.path, withDestinationPath: loopA.path)
        let dangling = sandbox.file("dangling.toml")
        try FileManager.default.createSymbolicLink(atPath: dangling.path, withDestinationPath: sandbox.file("gone.toml").path)
        let fileURL = sandbox.file("file-url.toml")
        try Data("units = \"km\"\n\nosrm = \"file:///tmp/x\"\n".utf8).write(to: fileURL)

        let cases: [(URL, [String])] = [
            (nul, [":2:", "NUL"]),
            (folder, ["is a folder"]),
            (loopA, ["loop of symbolic links"]),
            (dangling, ["gone.toml", "does not exist"]),
            (fileURL, [":3:", "osrm must be an http:// or https:// URL"])
        ]
        for (config, says) in cases {
            let result = try RoadtripProcess.run(
                ["config"], env: ["ROADTRIP_CONFIG": config.path, "XDG_CONFIG_HOME": sandbox.folder.path],
                directory: sandbox.folder)
            #expect(result.isOneLineUserError, "\(config.lastPathComponent): \(result)")
            #expect(result.stderr.contains(config.path), "\(config.lastPathComponent): the file is not named: \(result)")
            for phrase in says {
                #expect(result.stderr.contains(phrase), "\(config.lastPathComponent): no “\(phrase)”: \(result)")
            }
        }
    }

    // MARK: - Class 7: a read-only mount

    @Test(.enabled(if: ScratchMount.available, "needs root with CAP_SYS_ADMIN for a read-only bind mount"))
    func anEditOnAReadOnlyMountSaysReadOnlyFileSystemNotCreateTheFolder() throws {
        // A data file written by another program: no lock file beside it yet.
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let before = try #require(sandbox.dataBytes())
        let view = try ScratchMount.readOnlyView(of: sandbox.folder)
        defer { view.unmount() }
        let viewed = view.folder.appendingPathComponent("trips.json").path

        let result = try RoadtripProcess.run(["rename", "Alps", "Elsewhere", "--data", viewed])
        #expect(result.isOneLineUserError, "\(result)")
        #expect(result.stderr.lowercased().contains("read-only file system"), "\(result)")
        #expect(!result.stderr.contains("create the folder"), "\(result)")
        #expect(sandbox.dataBytes() == before)
    }

    // MARK: - Helpers

    /// Polls `condition` until it holds, or fails with `what` after 10 seconds (a start-up wait, not a measure).
    private func waitUntil(_ what: String, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(10)
        while !condition() {
            guard Date() < deadline else { throw TmuxError.timeout(waitingFor: what, screen: "") }
            usleep(20_000)
        }
    }
}

/// The planner in a tmux pane, started from an interactive shell so that quitting can be seen to
/// give the terminal back: the shell's prompt, the primary screen.
private struct PipePlanner {
    let session: TmuxSession
    static let prompt = "READY$ "

    init(_ sandbox: CLISandbox) throws {
        let home = sandbox.folder.path
        session = try TmuxSession(
            command: ["sh", "-i"], width: 200, height: 30,
            environment: [
                "PS1": Self.prompt, "LANG": "C.UTF-8", "HOME": home, "XDG_CONFIG_HOME": home + "/config",
                "XDG_CACHE_HOME": home + "/cache", "XDG_DATA_HOME": home + "/xdg"
            ],
            workingDirectory: sandbox.folder)
        try session.waitFor(text: "READY$")
        try session.typeLine(
            "\(shellQuote(RoadtripProcess.binary.path)) --data \(shellQuote(sandbox.dataURL.path)); echo ended-$?")
        try session.waitFor(text: "roadtrip › Trips", timeout: 20)
    }

    /// The name on the trip list's selected row (marked ▶).
    func selectedTrip(_ screen: String) -> String? {
        for line in screen.split(separator: "\n") where line.hasPrefix("▶ ") {
            return line.dropFirst(2).prefix(60).trimmingCharacters(in: .whitespaces)
        }
        return nil
    }

    /// E on the selected trip, the path typed over the suggested one, Enter, and yes to
    /// "Replace …?" (the pipe exists).
    func export(to path: String) throws {
        try session.send(keys: ["E"])
        try session.waitFor(text: "The extension names the format")
        try session.send(keys: ["C-u"])
        try session.type(path)
        try session.send(keys: ["Enter"])
        let screen = try session.waitUntil("the export to start or ask") { $0.contains("Replace ") || $0.contains("Writing ") }
        if screen.contains("Replace "), screen.contains("\(path)? (y/n)") { try session.send(keys: ["y"]) }
    }

    /// q, then: the app ended with status 0, the shell's prompt is back on the last line, and the
    /// pane is on its primary screen (no alternate screen left behind).
    func quitAndExpectTheShellBack() throws {
        try session.send(keys: ["q"])
        let screen = try session.waitUntil(timeout: 20, "the app to end and the prompt to come back") { screen in
            let lines = screen.split(separator: "\n")
            return lines.contains { $0.hasPrefix("ended-") } && lines.last.map { $0.hasPrefix("READY$") } == true
        }
        #expect(screen.split(separator: "\n").contains("ended-0"), "the app did not end with 0:\n\(screen)")
        #expect(!screen.contains("roadtrip › Trips"), "the app's screen is still shown:\n\(screen)")
        #expect(try query("#{alternate_on}") == "0", "the alternate screen was left on")
    }

    /// A tmux format about the pane ("#{alternate_on}").
    func query(_ format: String) throws -> String {
        let path =
            (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
            + ["/usr/bin", "/usr/local/bin"]
        let tmux = try #require(
            path.map { URL(fileURLWithPath: $0).appendingPathComponent("tmux") }
                .first { FileManager.default.isExecutableFile(atPath: $0.path) })
        return try ProcessRunner.run(
            tmux, ["-L", session.socket, "-f", "/dev/null", "display-message", "-p", "-t", "=roadtrip:", format]
        )
        .output.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// Just enough of the OpenStreetMap PBF format (osm_pbf.proto, uncompressed blobs) to write small
/// extracts; as Tests/Fuzz/make-pbf-seeds.py encodes them.
private enum MiniPBF {
    static func varint(_ value: UInt64) -> [UInt8] {
        var value = value
        var out: [UInt8] = []
        while value >= 0x80 {
            out.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        out.append(UInt8(value))
        return out
    }

    static func key(_ field: Int, _ wire: Int) -> [UInt8] { varint(UInt64(field << 3 | wire)) }
    static func int(_ field: Int, _ value: UInt64) -> [UInt8] { key(field, 0) + varint(value) }
    static func sint(_ field: Int, _ value: Int64) -> [UInt8] {
        key(field, 0) + varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }
    static func bytes(_ field: Int, _ data: [UInt8]) -> [UInt8] { key(field, 2) + varint(UInt64(data.count)) + data }
    static func packed(_ field: Int, _ values: [UInt64]) -> [UInt8] { bytes(field, values.flatMap { varint($0) }) }
    static func bigEndian(_ n: UInt32) -> [UInt8] {
        [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)]
    }

    /// A file block: its length, its BlobHeader, and a Blob holding `payload` raw.
    static func fileBlock(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        let blob = bytes(1, payload)
        let header = bytes(1, Array(type.utf8)) + int(3, UInt64(blob.count))
        return bigEndian(UInt32(header.count)) + header + blob
    }

    static let header = fileBlock("OSMHeader", bytes(4, Array("OsmSchema-V0.6".utf8)) + bytes(4, Array("DenseNodes".utf8)))

    /// A whole extract of plain nodes: (id, latitude, longitude, tags).
    static func extract(nodes: [(Int64, Double, Double, [(String, String)])]) -> [UInt8] {
        var table: [[UInt8]] = [[]]
        func index(_ text: String) -> UInt64 {
            let data = Array(text.utf8)
            if let i = table.firstIndex(of: data) { return UInt64(i) }
            table.append(data)
            return UInt64(table.count - 1)
        }
        var group: [UInt8] = []
        for (id, latitude, longitude, tags) in nodes {
            let keys = tags.map { index($0.0) }, values = tags.map { index($0.1) }
            group += bytes(
                1,
                sint(1, id) + packed(2, keys) + packed(3, values) + sint(8, Int64((latitude * 1e7).rounded()))
                    + sint(9, Int64((longitude * 1e7).rounded())))
        }
        let strings = bytes(1, table.flatMap { bytes(1, $0) })
        return header + fileBlock("OSMData", strings + bytes(2, group) + int(17, 100))
    }
}
