import Foundation
import RoadtripCore
import TripFile
import TermUI
import Testing
import TestSupport
import TripDetail
import TripList
import WaypointEditor

/// The three real modules wired as the app wires them, driven by keys on the in-memory screen.
@MainActor
@Suite struct ScreenFlowTests {
    let store: TripStoreDouble
    let repository: TripRepository
    let harness: ScreenHarness

    init() {
        store = TripStoreDouble(trips: [Fixtures.france(), Fixtures.japan()])
        repository = TripRepository(store: store, trips: store.trips)
        harness = ScreenHarness(width: 80, height: 24)
        harness.pushPlanner(repository: repository, startupMessage: "Sample trips loaded.")
    }

    @Test func tripListShowsTripsAndWideNamesStayAligned() throws {
        #expect(harness.lines[0].hasPrefix(" roadtrip › Trips"))
        #expect(harness.lines[0].hasSuffix("2 trips"))
        let france = try #require(harness.line(containing: "Tour de France"))
        let japan = try #require(harness.line(containing: "東京 → 京都 🚗"))
        // Columns, not characters: the stop counts and distances line up under each other.
        func column(of text: String, in line: String) -> Int {
            TextWidth.of(String(line[..<line.range(of: text)!.lowerBound]))
        }
        #expect(column(of: "3 stops", in: france) == column(of: "2 stops", in: japan))
        #expect(TextWidth.of(france) == TextWidth.of(japan))
        #expect(harness.lines.last?.contains("Sample trips loaded.") == true)
    }

    @Test func aSelectionMoveChangesTwoCellsOnEitherList() throws {
        // What ncurses sends for a move is what changed on screen: the marker leaving one row and
        // arriving at the next (a whole highlighted row would be ~80 cells each).
        func changedCells(after key: Key) -> [Point] {
            let before = harness.terminal.memory.cells
            harness.send(key)
            let after = harness.terminal.memory.cells
            return before.indices.flatMap { y in
                before[y].indices.compactMap { x in
                    before[y][x] == after[y][x] ? nil : Point(x: x, y: y)
                }
            }
        }
        harness.send(.down)  // clears the start-up message from the status line
        for key in [Key.up, .down] {
            let changed = changedCells(after: key)
            #expect(changed.count == 2 && changed.allSatisfy { $0.x == 0 }, "\(changed)")
            let marked = try #require(changed.first { harness.terminal.memory.style(at: $0) == .selected })
            #expect(harness.lines[marked.y].hasPrefix("▶"))
        }

        harness.send(.up, .enter)
        #expect(harness.shows("Trip: Tour de France"))
        // The stop list ends at its first blank row; below it the map moves its highlighted pin.
        let listEnd = try #require(
            harness.lines.indices.first { $0 > 3 && harness.lines[$0].trimmingCharacters(in: .whitespaces).isEmpty })
        for key in [Key.down, .up] {
            let inList = changedCells(after: key).filter { $0.y < listEnd }
            #expect(inList.count == 2 && inList.allSatisfy { $0.x == 0 }, "\(inList)")
        }
    }

    @Test func createRenameAddReorderAndGoBack() throws {
        harness.type("a")
        // A new trip is named first, in an empty field; Enter creates and opens it.
        #expect(harness.shows("New trip:"))
        #expect(harness.shows("type its name"))
        harness.type("Côte d’Azur 🌊")
        harness.send(.enter)
        #expect(harness.shows("Trip: Côte d’Azur 🌊"))

        for (name, position) in [("Nice", "43.7102, 7.262"), ("Monaco", "43.7384 7.4246"), ("Menton", "43.7765,7.5048")] {
            harness.type("a")
            #expect(harness.shows("Add stop"))
            harness.type(name)
            harness.send(.tab)
            harness.type(position)
            harness.send(.enter)
        }
        let trip = try #require(store.trips.first { $0.name == "Côte d’Azur 🌊" })
        #expect(trip.waypoints.map(\.name) == ["Nice", "Monaco", "Menton"])
        // The last added stop is selected; Shift-↑ then K carry it to the top.
        harness.send(.shiftUp)
        harness.type("K")
        let moved = try #require(store.trips.first { $0.name == "Côte d’Azur 🌊" })
        #expect(moved.waypoints.map(\.name) == ["Menton", "Nice", "Monaco"])
        #expect(harness.line(containing: "Menton")?.hasPrefix("▶") == true)

        harness.send(.escape)
        let row = try #require(harness.line(containing: "Côte d’Azur 🌊"))
        #expect(row.contains("3 stops"))
    }

    @Test func pasteFillsBothCoordinatesAndBadInputIsExplained() throws {
        harness.send(.enter)  // open Tour de France
        harness.type("a")
        harness.type("Eiffel")
        harness.send(.tab)
        harness.type("48.8584, 2.2945")
        harness.send(.enter)
        let trip = try #require(store.trips.first)
        #expect(trip.waypoints[1].name == "Eiffel")
        #expect(trip.waypoints[1].coordinate == Coordinate(latitude: 48.8584, longitude: 2.2945))

        harness.type("a")
        harness.type("Bad")
        harness.send(.tab)
        harness.type("123, 5")
        harness.send(.enter)
        #expect(harness.shows("✗ Latitude 123° is outside −90°…90° (read 123°, 5°)."))
        harness.send(.ctrl("u"))
        harness.type("45 75 N, 13 E")
        harness.send(.enter)
        #expect(harness.shows("75 minutes: minutes must be below 60"))
        harness.send(.escape)
        #expect(store.trips.first?.waypoints.count == 4)
    }

    @Test func deleteNeedsConfirmationAndFilterNarrows() throws {
        harness.type("d")
        #expect(harness.shows("Delete “Tour de France”? (y/n)"))
        harness.type("n")
        #expect(store.trips.count == 2)
        harness.type("/")
        harness.type("東京")
        #expect(!harness.shows("Tour de France"))
        #expect(harness.shows("1 of 2 trips"))
        harness.send(.enter)
        harness.type("d")
        harness.type("y")
        #expect(store.trips.map(\.name) == ["Tour de France"])
    }

    @Test func tripSettingsAreEditedOnTheirFormAndRefusedWhenWrong() throws {
        harness.send(.enter)
        harness.type("s")
        #expect(harness.shows("Tour de France › settings"))
        #expect(harness.shows("Daily limit: 8 h"))
        harness.type("2026-07-01 07:30")
        harness.send(.tab)
        harness.send(.ctrl("u"))
        harness.type("25h")
        harness.send(.tab, .tab)
        harness.type("6.5 L/100km")
        harness.send(.tab)
        harness.type("1.85")
        harness.send(.tab)
        harness.type("Tolls, ferry, bridges")
        harness.send(.enter)
        #expect(harness.shows("✗ The daily limit must be between 30 min and 24 h."))
        #expect(store.trips.first?.dailyDrivingLimit == TimeInterval(28_800))
        // The cursor went to the field in error.
        harness.send(.ctrl("u"))
        harness.type("6h30")
        harness.send(.enter)
        // Now the avoid field is the one in error: its last word goes.
        #expect(harness.shows("✗ “bridges” is not motorways, tolls or ferries."), "\(harness.screen)")
        #expect(store.trips.first?.avoid == [])
        harness.send(.ctrl("w"), .backspace, .backspace)
        harness.send(.enter)
        let trip = try #require(store.trips.first)
        #expect(trip.avoid == [.tolls, .ferries])
        #expect(trip.dailyDrivingLimit == TimeInterval(23_400))
        #expect(trip.fuelConsumption == .litresPer100km(6.5))
        #expect(trip.fuelPrice == 1.85)
        #expect(trip.startDate == Date(timeIntervalSince1970: 1_782_891_000))
        #expect(harness.shows("Trip: Tour de France"))
    }

    @Test func helpOverlayListsKeysAndAnyKeyCloses() {
        harness.type("?")
        #expect(harness.shows("Keys: trip list"))
        #expect(harness.shows("filter by name"))
        #expect(harness.shows("import a trip"))
        harness.type("x")
        #expect(!harness.shows("Keys: trip list"))
    }

    @Test func renameInPlaceKeepsOrCancels() throws {
        harness.type("r")
        harness.send(.ctrl("w"), .ctrl("w"))
        harness.type("Loire")
        harness.send(.escape)
        #expect(store.trips.first?.name == "Tour de France")
        harness.type("r")
        harness.send(.ctrl("a"), .ctrl("k"))
        harness.type("Loire")
        harness.send(.enter)
        #expect(store.trips.first?.name == "Loire")
    }

    @Test func tooSmallTerminalShowsANoticeAndRecovers() {
        harness.resize(width: 30, height: 8)
        #expect(harness.shows("Terminal too small"))
        harness.type("d")
        #expect(store.trips.count == 2)
        harness.resize(width: 80, height: 24)
        #expect(harness.shows("Tour de France"))
    }
}

/// Undo and redo across screens, down to the bytes of the data file.
@MainActor
@Suite struct UndoFlowTests {
    @Test func everyKindOfEditUndoesBackToTheOriginalFile() async throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("trips.json")
        let store = JSONTripStore(url: url)
        let zigzag = Fixtures.zigzag()
        try store.save(TripDocument(trips: [Fixtures.france(), Fixtures.japan(), zigzag]))
        let original = try Data(contentsOf: url)
        let repository = TripRepository(store: store, trips: try #require(try store.load()).trips)
        let h = ScreenHarness(width: 100, height: 30)
        h.pushPlanner(repository: repository)

        // Rename a trip in the list; delete a trip; add a trip and rename it; add stops; move one;
        // edit one; delete one; change the trip's settings; apply a best order.
        h.type("r")
        h.send(.ctrl("u"))
        h.type("Loire")
        h.send(.enter)
        h.send(.down)
        h.type("d")
        h.type("y")
        h.type("a")
        h.type("X")
        h.send(.enter)
        h.type("a")
        h.type("One")
        h.send(.tab)
        h.type("1, 2")
        h.send(.enter)
        h.type("a")
        h.type("Two")
        h.send(.tab)
        h.type("3, 4")
        h.send(.enter)
        h.send(.shiftUp)
        // Renamed without choosing a place: the first Enter says the position stays, the second saves.
        h.send(.enter)
        h.send(.ctrl("u"))
        h.type("Deux")
        h.send(.enter)
        #expect(h.shows("Position unchanged: Two 3.00, 4.00"))
        h.send(.enter)
        h.type("d")
        h.type("y")
        h.type("s")
        h.send(.tab)
        h.send(.ctrl("u"))
        h.type("6h")
        h.send(.enter)
        h.send(.escape)
        h.send(.up)
        h.send(.enter)
        #expect(h.shows("Trip: Zigzag"))
        h.type("o")
        await h.settle(until: "Enter applies")
        h.send(.enter)
        #expect(repository.trips[1].waypoints.map(\.name) == ["A", "B", "C", "D"])
        let edits = 10
        #expect(try Data(contentsOf: url) != original)

        for _ in 0..<edits { h.type("u") }
        #expect(h.shows("Undid"))
        #expect(try Data(contentsOf: url) == original)
        h.type("u")
        #expect(h.shows("Nothing to undo."))
        for _ in 0..<edits { h.send(.ctrl("r")) }
        #expect(repository.trips.map(\.name) == ["Loire", "Zigzag", "X"])
        #expect(repository.trips[2].waypoints.map(\.name) == ["One"])
        #expect(repository.trips[2].dailyDrivingLimit == 6 * 3600)
        #expect(repository.trips[1].waypoints.map(\.name) == ["A", "B", "C", "D"])
        #expect(try JSONTripStore(url: url).load()?.trips == repository.trips)
    }
}
