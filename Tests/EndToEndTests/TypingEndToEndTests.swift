import Foundation
import RoadtripCore
import TripFile
import Testing
import TestSupport

/// Typing as a person does, into every field of every screen of the real binary in a real
/// terminal (tmux): at typing speed and at paste speed, with spaces, command letters, Zürich,
/// 東京 and emoji; then the data file is read, not only the screen.
@Suite(.serialized)
struct TypingEndToEndTests {
    let dir: TemporaryDirectory
    let data: URL

    init() throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        try #require(TmuxSession.isAvailable, "tmux is not installed (apt-get install tmux)")
        dir = try TemporaryDirectory()
        data = dir.file("trips.json")
    }

    /// A data file with one trip of two stops, written as the app writes it.
    func writeSmallTrip() throws {
        let trip = Trip(
            name: "Alps",
            waypoints: [
                Waypoint(
                    name: "Innsbruck", coordinate: Coordinate(latitude: 47.2692, longitude: 11.4041), timeZone: "Europe/Vienna"),
                Waypoint(name: "Bolzano", coordinate: Coordinate(latitude: 46.4983, longitude: 11.3548), timeZone: "Europe/Rome")
            ])
        try JSONTripStore(url: data).save(TripDocument(trips: [trip]))
    }

    func launch(width: Int = 110, height: Int = 32) throws -> TmuxSession {
        let session = try TmuxSession(
            command: [RoadtripBinary.url.path, "--data", data.path], width: width, height: height,
            environment: ["LANG": "C.UTF-8"])
        _ = try session.waitFor(text: "roadtrip › Trips")
        return session
    }

    /// The small trip written, the planner launched on it and, when `opened`, the trip opened.
    func launchOnAlps(opened: Bool) throws -> TmuxSession {
        try writeSmallTrip()
        let session = try launch()
        if opened {
            try session.send(keys: ["Enter"])
            _ = try session.waitFor(text: "Trip: Alps")
        }
        return session
    }

    /// Waits for the waypoint editor to close, back on the trip.
    func waitForTheTrip(_ session: TmuxSession) throws {
        _ = try session.waitUntil("the trip again") { !$0.contains("Add stop") && !$0.contains("Edit stop") }
    }

    func quit(_ session: TmuxSession) throws {
        for _ in 0..<4 where (try? session.isPaneDead()) == false {
            try session.send(keys: ["Escape"])
            Thread.sleep(forTimeInterval: 0.2)
        }
        try session.send(keys: ["q"])
        _ = try session.waitUntil("the app to end") { _ in (try? session.isPaneDead()) == true }
    }

    func trips() throws -> [Trip] { try #require(try JSONTripStore(url: data).load()).trips }

    /// After whatever was typed, the screen equals a full repaint (Ctrl-L): no leftovers of longer
    /// text, no half of a wide character.
    func expectCleanFrame(_ session: TmuxSession, _ sourceLocation: SourceLocation = #_sourceLocation) throws {
        Thread.sleep(forTimeInterval: 0.3)
        let before = try session.capture()
        try session.send(keys: ["C-l"])
        Thread.sleep(forTimeInterval: 0.3)
        let after = try session.capture()
        #expect(before == after, "the screen before Ctrl-L:\n\(before)\nafter:\n\(after)", sourceLocation: sourceLocation)
    }

    /// The row of the screen the terminal cursor is on.
    func cursorRow(_ session: TmuxSession) throws -> String {
        let cursor = try session.cursor()
        let rows = try session.capture().split(separator: "\n", omittingEmptySubsequences: false)
        return cursor.visible && rows.indices.contains(cursor.y) ? String(rows[cursor.y]) : ""
    }

    /// The export prompt offers the trip's name selected, as a file dialog does: a path typed
    /// replaces it (never appended to it), and a moving key keeps it to edit.
    @Test func theSuggestedExportNameIsReplacedByTypingAndKeptByAMovingKey() throws {
        try writeSmallTrip()
        let session = try TmuxSession(
            command: [RoadtripBinary.url.path, "--data", data.path], width: 110, height: 32,
            environment: ["LANG": "C.UTF-8"], workingDirectory: dir.url)
        defer { session.kill() }
        _ = try session.waitFor(text: "roadtrip › Trips")
        try session.send(keys: ["E"])
        _ = try session.waitFor(text: "The extension names the format")
        try session.type("my trips/alps copy.geojson")
        try FileManager.default.createDirectory(at: dir.file("my trips"), withIntermediateDirectories: true)
        try session.send(keys: ["Enter"])
        _ = try session.waitFor(text: "Exported")
        #expect(FileManager.default.fileExists(atPath: dir.file("my trips/alps copy.geojson").path))
        #expect(!FileManager.default.fileExists(atPath: dir.file("Alps.gpxmy trips/alps copy.geojson").path))

        // ← keeps the suggestion and moves into it: " v2" goes before ".gpx".
        try session.send(keys: ["E"])
        _ = try session.waitFor(text: "The extension names the format")
        try session.send(keys: ["Left", "Left", "Left", "Left"])
        try session.type(" v2")
        try session.send(keys: ["Enter"])
        _ = try session.waitFor(text: "Exported")
        #expect(FileManager.default.fileExists(atPath: dir.file("Alps v2.gpx").path))

        // A failure says why first; the path comes after it, cut in the middle when long.
        let deep = String(repeating: "a-very-long-folder-name/", count: 6) + "alps.gpx"
        try session.send(keys: ["E"])
        _ = try session.waitFor(text: "The extension names the format")
        try session.type(deep)
        try session.send(keys: ["Enter"])
        let screen = try session.waitFor(text: "Not exported")
        let said = try #require(screen.split(separator: "\n").first { $0.contains("Not exported") })
        #expect(said.contains("Not exported: its folder does not exist: create it or choose another ("), "\(said)")
        #expect(said.contains("…") && said.contains("alps.gpx)"), "\(said)")
        try quit(session)
    }

    @Test func aNewStopKeepsEverySpaceAndCommandLetterAndOvernightStaysOff() throws {
        let session = try launchOnAlps(opened: true)
        defer { session.kill() }
        try session.send(keys: ["a"])
        _ = try session.waitFor(text: "Add stop")
        try session.typeSlowly("Sunny Day Inn")
        try session.send(keys: ["Tab"])
        try session.typeSlowly("47.0, 11.5")
        // Under load the last keys may still be on their way: wait for them, then ask where the cursor is.
        _ = try session.waitFor(text: "Position: 47.0, 11.5")
        // The cursor is read apart from the screen: under load a frame can land between the two reads.
        let deadline = Date().addingTimeInterval(TmuxSession.patience)
        var row = try cursorRow(session)
        while !row.contains("Position: 47.0, 11.5"), Date() < deadline {
            usleep(50_000)
            row = try cursorRow(session)
        }
        #expect(row.contains("Position: 47.0, 11.5"), "the cursor is on “\(row)”")
        try session.send(keys: ["Tab", "Tab", "Tab", "Tab"])
        try session.typeSlowly("Stay by the pool, yes")
        try expectCleanFrame(session)
        try session.send(keys: ["Enter"])
        _ = try session.waitUntil("the stop listed") { $0.contains("Sunny Day Inn") && !$0.contains("Add stop") }
        try quit(session)
        // Added after the selected first stop.
        let stop = try #require(try trips().first?.waypoints[1])
        #expect(stop.name == "Sunny Day Inn")
        #expect(stop.note == "Stay by the pool, yes")
        #expect(!stop.overnight)
        #expect(stop.coordinate == Coordinate(latitude: 47.0, longitude: 11.5))
    }

    @Test func renamingChicagoToJolietMovesTheStopToJoliet() throws {
        // No data file: the planner opens on the sample trips, Route 66 first.
        let session = try launch()
        defer { session.kill() }
        try session.send(keys: ["Enter"])
        _ = try session.waitFor(text: "Trip: Route 66")
        try session.send(keys: ["Enter"])
        _ = try session.waitFor(text: "Edit stop")
        try session.send(keys: ["C-u"])
        try session.typeSlowly("Joliet")
        _ = try session.waitFor(text: "Joliet, Illinois, United States")
        try session.send(keys: ["Enter"])
        _ = try session.waitUntil("the trip again") { $0.contains("Trip: Route 66") && !$0.contains("Edit stop") }
        try quit(session)
        // Only the example edited became the person's: the nine others were never written.
        #expect(try trips().map(\.name) == ["Route 66: Chicago → Santa Monica"])
        let stop = try #require(try trips().first?.waypoints.first)
        #expect(stop.name == "Joliet")
        #expect(abs(stop.coordinate.latitude - 41.52519) < 1e-4 && abs(stop.coordinate.longitude + 88.0834) < 1e-4)
        #expect(stop.region == "Illinois")
        #expect(stop.country == "United States")
        #expect(stop.timeZone == "America/Chicago")
    }

    @Test func aNameOverTheOldPlaceIsSaidBeforeItIsSaved() throws {
        let session = try launchOnAlps(opened: true)
        defer { session.kill() }
        let original = try Data(contentsOf: data)
        try session.send(keys: ["Enter", "C-u"])
        try session.typeSlowly("Mom's house")
        _ = try session.waitFor(text: "Position unchanged")
        try session.send(keys: ["Enter"])
        _ = try session.waitFor(text: "Position unchanged: Innsbruck 47.27, 11.40")
        #expect(try Data(contentsOf: data) == original)
        try session.send(keys: ["Enter"])
        _ = try session.waitUntil("the trip again") { $0.contains("Mom's house") && !$0.contains("Edit stop") }
        try quit(session)
        let stop = try #require(try trips().first?.waypoints.first)
        #expect(stop.name == "Mom's house")
        #expect(stop.coordinate == Coordinate(latitude: 47.2692, longitude: 11.4041))
        #expect(stop.timeZone == "Europe/Vienna")
    }

    @Test func takingTheSecondMatchWithDownAndEnterAddsThatPlace() throws {
        let session = try launchOnAlps(opened: true)
        defer { session.kill() }
        try session.send(keys: ["a"])
        _ = try session.waitFor(text: "Add stop")
        try session.typeSlowly("Portland")
        // Near the Alps, Portland in Dorset comes first; Oregon's, the largest, second.
        _ = try session.waitUntil("Portland, England, then Oregon") { screen in
            let lines = screen.components(separatedBy: "\n")
            guard let england = lines.firstIndex(where: { $0.contains("Portland, England, United Kingdom") }) else {
                return false
            }
            return england + 1 < lines.count && lines[england + 1].contains("Portland, Oregon, United States")
        }
        try session.send(keys: ["Down", "Enter"])
        try waitForTheTrip(session)
        // Zürich, typed with its umlaut, into another stop: its own position and zone.
        try session.send(keys: ["Home", "Enter", "C-u"])
        try session.typeSlowly("Zürich")
        _ = try session.waitFor(text: "Zürich, Zurich, Switzerland")
        try session.send(keys: ["Enter"])
        try waitForTheTrip(session)
        try quit(session)
        let stops = try #require(try trips().first?.waypoints)
        // Portland went in after the selected first stop.
        #expect(stops.map(\.name) == ["Zürich", "Portland", "Bolzano"])
        #expect(stops[1].region == "Oregon")
        #expect(stops[1].timeZone == "America/Los_Angeles")
        #expect(abs(stops[1].coordinate.latitude - 45.52345) < 1e-4)
        #expect(stops[0].timeZone == "Europe/Zurich")
        #expect(abs(stops[0].coordinate.latitude - 47.36667) < 1e-3)
    }

    @Test func aNewTripStartsEmptyAndEscLeavesNothingBehind() throws {
        let session = try launchOnAlps(opened: false)
        defer { session.kill() }
        let original = try Data(contentsOf: data)
        try session.send(keys: ["a"])
        _ = try session.waitFor(text: "type its name")
        try session.typeSlowly("Abandoned idea")
        try session.send(keys: ["Escape"])
        _ = try session.waitUntil("the naming to close") { !$0.contains("New trip:") }
        // Enter on an empty name refuses and says why.
        try session.send(keys: ["a", "Enter"])
        _ = try session.waitFor(text: "A trip needs a name")
        try session.send(keys: ["Escape"])
        Thread.sleep(forTimeInterval: 0.1)
        try session.send(keys: ["u"])
        _ = try session.waitFor(text: "Nothing to undo")
        #expect(try Data(contentsOf: data) == original)

        try session.send(keys: ["a"])
        try session.typeSlowly("Pacific NW loop: 東京 🚗 and back")
        try expectCleanFrame(session)
        try session.send(keys: ["Enter"])
        _ = try session.waitFor(text: "Trip: Pacific NW loop: 東京 🚗 and back")
        // Rename from the trip screen: the field starts with the name, the cursor at its end.
        try session.send(keys: ["r"])
        try session.typeSlowly(" (draft)")
        try session.send(keys: ["Enter"])
        _ = try session.waitFor(text: "Trip: Pacific NW loop: 東京 🚗 and back (draft)")
        try quit(session)
        #expect(try trips().map(\.name) == ["Alps", "Pacific NW loop: 東京 🚗 and back (draft)"])
    }

    @Test func escInEveryFieldLeavesTheFileByteIdentical() throws {
        let session = try launchOnAlps(opened: false)
        defer { session.kill() }
        let original = try Data(contentsOf: data)
        let text = "a d j k q u y n ? Zürich 東京 🚗"
        // Trip list: naming, renaming, filtering.
        for opener in ["a", "r", "/"] {
            try session.send(keys: [opener])
            try session.type(text)
            try session.send(keys: ["Escape"])
        }
        try session.send(keys: ["Enter"])
        _ = try session.waitFor(text: "Trip: Alps")
        // Trip screen: renaming; settings: every field.
        try session.send(keys: ["r"])
        try session.type(text)
        try session.send(keys: ["Escape"])
        Thread.sleep(forTimeInterval: 0.1)
        try session.send(keys: ["s"])
        _ = try session.waitFor(text: "settings")
        for _ in 0..<6 {
            try session.type(text)
            try session.send(keys: ["Tab"])
        }
        try session.send(keys: ["Escape"])
        // Waypoint editor: every field, in a new stop and in an existing one.
        for opener in ["a", "Enter"] {
            try session.send(keys: [opener])
            _ = try session.waitFor(text: opener == "a" ? "Add stop" : "Edit stop")
            for _ in 0..<6 {
                try session.type(text)
                try session.send(keys: ["Tab"])
            }
            try session.send(keys: ["Escape"])
            try waitForTheTrip(session)
        }
        try quit(session)
        #expect(try Data(contentsOf: data) == original)
    }

    @Test func aPasteGoesIntoTheFieldWholeAndIsNeverReadAsKeys() throws {
        let session = try launchOnAlps(opened: false)
        defer { session.kill() }
        let original = try Data(contentsOf: data)
        // On the list, a paste of command letters does nothing: no delete question, no new trip.
        try session.paste("ddddaq")
        Thread.sleep(forTimeInterval: 0.4)
        let screen = try session.capture()
        #expect(!screen.contains("Delete"))
        #expect(!screen.contains("New trip:"))
        #expect(try session.isPaneDead() == false)
        #expect(try Data(contentsOf: data) == original)

        try session.send(keys: ["Enter"])
        _ = try session.waitFor(text: "Trip: Alps")
        try session.send(keys: ["Enter"])
        _ = try session.waitFor(text: "Edit stop")
        try session.send(keys: ["Tab", "Tab", "Tab", "Tab", "Tab"])
        try session.paste("Old town walk,\nthen the cable car up; yes, and dinner 🍝\n")
        try expectCleanFrame(session)
        try session.send(keys: ["Enter"])
        try waitForTheTrip(session)
        try quit(session)
        let stop = try #require(try trips().first?.waypoints.first)
        #expect(stop.note == "Old town walk, then the cable car up; yes, and dinner 🍝")
        #expect(stop.name == "Innsbruck")
    }

    @Test func readlineKeysWorkInAField() throws {
        let session = try launchOnAlps(opened: false)
        defer { session.kill() }
        try session.send(keys: ["r", "C-u"])
        try session.typeSlowly("Road trip to the Alps")
        // Alt-B twice: before "the"; Ctrl-W erases "to "; Ctrl-E, Ctrl-B, Delete erase the last "s";
        // then Ctrl-A, Alt-F, Ctrl-K keep the first word only.
        try session.send(keys: ["M-b", "M-b", "C-w", "C-e", "C-b", "DC"])
        try session.typeSlowly("!")
        try session.send(keys: ["C-a", "M-f", "C-k"])
        try session.typeSlowly(" north")
        try session.send(keys: ["Home"])
        try session.typeSlowly("A ")
        try expectCleanFrame(session)
        #expect(try cursorRow(session).contains("A Road north"))
        try session.send(keys: ["Enter"])
        _ = try session.waitFor(text: "Renamed")
        try quit(session)
        #expect(try trips().first?.name == "A Road north")
    }

    @Test func helpOpensWithF1InAFieldAndQuestionMarkIsText() throws {
        let session = try launchOnAlps(opened: false)
        defer { session.kill() }
        try session.send(keys: ["?"])
        _ = try session.waitFor(text: "Keys: trip list")
        try session.send(keys: ["x"])
        _ = try session.waitUntil("help to close") { !$0.contains("Keys: trip list") }
        try session.send(keys: ["r", "C-u"])
        try session.type("Why?")
        try session.send(keys: ["F1"])
        _ = try session.waitFor(text: "Keys: trip list, renaming")
        #expect(try session.capture().contains("erase to the start"))
        try session.send(keys: ["Escape"])
        try session.send(keys: ["Enter"])
        _ = try session.waitFor(text: "Renamed to “Why?”")
        try quit(session)
        #expect(try trips().first?.name == "Why?")
    }
}
