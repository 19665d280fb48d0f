import Foundation
import Testing
@testable import RoadtripCore
@testable import TripFile

/// Writes `text` as a data file, loads it, and checks the file was left byte for byte.
private func refusal(of content: Data) throws -> (error: TripStoreError, path: String) {
    try withTemporaryFolder { folder in
        let url = folder.appendingPathComponent("trips.json")
        _ = FileManager.default.createFile(atPath: url.path, contents: content)
        chmod(url.path, 0o600)
        let error = try #require(throws: TripStoreError.self) { try JSONTripStore(url: url).load() }
        #expect(bytes(of: url) == content)
        #expect(strayFiles(in: folder).isEmpty)
        #expect(!error.description.contains("\n"))
        return (error, url.path)
    }
}

private func refusal(of text: String) throws -> (error: TripStoreError, path: String) {
    try refusal(of: Data(text.utf8))
}

@Suite struct JSONTripStoreLoadTests {
    struct SyntaxCase: CustomTestStringConvertible, Sendable {
        var text: String
        var line: Int
        var column: Int
        var words: String
        var testDescription: String { words }
    }

    static let syntaxCases: [SyntaxCase] = [
        SyntaxCase(text: "{\n  \"formatVersion\" : 1\n  \"trips\" : []\n}\n", line: 3, column: 3, words: "expected , or }"),
        SyntaxCase(text: "{\"formatVersion\" 1, \"trips\": []}", line: 1, column: 18, words: "expected : after the key"),
        SyntaxCase(
            text: StoreFixtures.text(stop: StoreFixtures.goodStop.replacingOccurrences(of: "35.68123", with: "NaN")),
            line: 10, column: 24, words: "NaN and Infinity"),
        SyntaxCase(text: "", line: 1, column: 1, words: "empty"),
        SyntaxCase(text: "{\"formatVersion\": 1, \"trips\": [{\"name\": 'x'}]}", line: 1, column: 41, words: "double quotes"),
        SyntaxCase(
            text: "{\"formatVersion\": 1,\n \"trips\": [\n", line: 3, column: 1,
            words: "the list opened at line 2, column 11 is never closed"),
        SyntaxCase(text: "{\"trips\": [], \"formatVersion\": 1} x", line: 1, column: 35, words: "after the end"),
        SyntaxCase(
            text: "{\"formatVersion\": 1, \"trips\": [{\"name\": \"東京\nx\"}]}", line: 1, column: 44,
            words: "line break inside a string"),
        SyntaxCase(
            text: "{\"formatVersion\": 1,\n\"trips\": [{\"name\": 東京}]}", line: 2, column: 20,
            words: "unexpected '東', expected a value"),
        SyntaxCase(
            text: "{\"formatVersion\": 1, \"trips\": [{\"name\": \"a\\ud800b\"}]}", line: 1, column: 43,
            words: "unpaired surrogate \\ud800")
    ]

    @Test(arguments: syntaxCases)
    func syntaxErrorsNameLineAndColumn(_ c: SyntaxCase) throws {
        let (error, path) = try refusal(of: c.text)
        #expect(error.kind == .malformed(line: c.line, column: c.column), "\(error)")
        #expect(error.description.hasPrefix("\(path):\(c.line):\(c.column): "))
        #expect(error.description.contains(c.words), "\(error)")
    }

    @Test func invalidUTF8IsPlaced() throws {
        var content = Data("{\"formatVersion\": 1, \"trips\": [{\"name\": \"ab".utf8)
        content.append(contentsOf: [0xFF, 0x22, 0x7D, 0x5D, 0x7D])
        let (error, _) = try refusal(of: content)
        #expect(error.description.contains(":1:44: "), "\(error)")
        #expect(error.description.contains("UTF-8"))
    }

    @Test func truncatedFileIsRefused() throws {
        let full = try TripDocumentCodec.encode(StoreFixtures.documentA)
        let (error, _) = try refusal(of: full.prefix(full.count / 2))
        guard case .malformed = error.kind else {
            Issue.record("expected a syntax error, got \(error)")
            return
        }
        #expect(error.description.contains("never closed"), "\(error)")
    }

    @Test func newerVersionIsRefused() throws {
        let (error, path) = try refusal(of: StoreFixtures.text(formatVersion: "2", stop: StoreFixtures.goodStop))
        #expect(error.kind == .newerVersion(2))
        #expect(error.description.hasPrefix(path + ": "))
        #expect(error.description.contains("newer roadtrip"))
    }

    @Test func newerVersionWithAnotherLayoutIsStillCalledNewer() throws {
        let (error, _) = try refusal(of: "{\"formatVersion\": 7, \"journeys\": {}}")
        #expect(error.kind == .newerVersion(7))
    }

    struct ContentCase: CustomTestStringConvertible, Sendable {
        var stop: String
        var message: String
        var testDescription: String { message }
    }

    static let contentCases: [ContentCase] = [
        ContentCase(
            stop: StoreFixtures.goodStop.replacingOccurrences(of: "35.68123", with: "95.5"),
            message: "line 10: trips[0].waypoints[0].latitude: 95.5 is outside -90…90"),
        ContentCase(
            stop: StoreFixtures.goodStop.replacingOccurrences(of: "139.76712", with: "-180.25"),
            message: "line 11: trips[0].waypoints[0].longitude: -180.25 is outside -180…180"),
        ContentCase(
            stop: StoreFixtures.goodStop.replacingOccurrences(of: "35.68123", with: "\"35.68\""),
            message: "line 10: trips[0].waypoints[0].latitude: expected a number"),
        ContentCase(
            stop: StoreFixtures.goodStop.replacingOccurrences(of: "35.68123", with: "null"),
            message: "line 10: trips[0].waypoints[0].latitude: is null, expected a number"),
        ContentCase(
            stop: StoreFixtures.goodStop.replacingOccurrences(of: "\"latitude\" : 35.68123,", with: ""),
            message: "line 8: trips[0].waypoints[0]: missing \"latitude\""),
        ContentCase(
            stop: StoreFixtures.goodStop.replacingOccurrences(of: "00000000-0000-4000-8000-000000000001", with: "nope"),
            message: "line 9: trips[0].waypoints[0].id: not an id; ids are UUIDs")
    ]

    @Test(arguments: contentCases)
    func wrongContentNamesThePath(_ c: ContentCase) throws {
        let (error, path) = try refusal(of: StoreFixtures.text(stop: c.stop))
        #expect(error.kind == .invalidContent)
        #expect(error.description.hasPrefix("\(path): \(c.message)"), "\(error)")
    }

    @Test func fractionalVersionIsRefused() throws {
        let (error, path) = try refusal(of: "{\n  \"formatVersion\" : 1.5,\n  \"trips\" : []\n}\n")
        #expect(error.description == "\(path): line 2: formatVersion: 1.5 is not a whole number")
    }

    /// A file of several megabytes is mapped, then parsed in parts on every core: the trips are
    /// those saved, whatever white space follows them.
    @Test func aLargeFileReadsBackAsSaved() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("trips.json")
            let document = TripWorkload.document(count: 1_500, stops: 20, seed: 11)
            let store = JSONTripStore(url: url)
            try store.save(document)
            #expect(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0 > 8 << 20)
            #expect(try store.load() == document)

            let handle = try FileHandle(forWritingTo: url)
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("\n\n".utf8))
            try handle.close()
            #expect(try store.load() == document)
        }
    }

    @Test func byteOrderMarkAndEscapedPairsAreAccepted() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("trips.json")
            let text =
                "{\"formatVersion\": 1, \"trips\": [{\"id\": \"00000000-0000-4000-8000-0000000000A1\", "
                + "\"name\": \"a\\ud83d\\ude00b\", \"waypoints\": []}]}"
            _ = FileManager.default.createFile(atPath: url.path, contents: Data([0xEF, 0xBB, 0xBF]) + Data(text.utf8))
            let document = try #require(try JSONTripStore(url: url).load())
            #expect(document.trips.first?.name == "a😀b")
        }
    }

    @Test func duplicatedStopIdsAreRefused() throws {
        var document = StoreFixtures.documentA
        document.trips[0].waypoints[1].id = document.trips[0].waypoints[0].id
        let (error, _) = try refusal(of: try TripDocumentCodec.encode(document))
        #expect(error.kind == .invalidContent)
        #expect(error.reason.contains("trips[0].waypoints[1].id: the same id as waypoints[0]"), "\(error)")
        #expect(error.reason.hasPrefix("line "))
    }

    /// Short trips are checked pair by pair, long ones through a table: both name the first repeat
    /// and the stop it repeats, and a fault at an earlier stop is named before it.
    @Test(arguments: [(12, 9, 4), (40, 35, 3), (40, 39, 30)])
    func theFirstRepeatedStopIdIsNamedWithTheStopItRepeats(stops: Int, repeat at: Int, of first: Int) throws {
        var trip = TripWorkload.document(count: 1, stops: stops, seed: 3).trips[0]
        trip.waypoints[at].id = trip.waypoints[first].id
        trip.waypoints[at + 1 == stops ? at : at + 1].id = trip.waypoints[first].id
        let (error, _) = try refusal(of: try TripDocumentCodec.encode(TripDocument(trips: [trip])))
        #expect(error.reason.contains("trips[0].waypoints[\(at)].id: the same id as waypoints[\(first)]"), "\(error)")

        trip.waypoints[first + 1].coordinate.latitude = 91
        let (earlier, _) = try refusal(of: try TripDocumentCodec.encode(TripDocument(trips: [trip])))
        #expect(earlier.reason.contains("trips[0].waypoints[\(first + 1)].latitude: 91.0 is outside -90…90"), "\(earlier)")
    }

    @Test func duplicatedTripIdsAreRefused() throws {
        var document = StoreFixtures.documentA
        document.trips[2].id = document.trips[0].id
        let (error, _) = try refusal(of: try TripDocumentCodec.encode(document))
        #expect(error.reason.contains("trips[2].id: the same id as trips[0]"), "\(error)")
    }

    @Test func hugeExponentIsRefusedCleanly() throws {
        let (error, _) = try refusal(
            of: StoreFixtures.text(stop: StoreFixtures.goodStop.replacingOccurrences(of: "35.68123", with: "1e999")))
        #expect(error.kind == .malformed(line: 10, column: 24), "\(error)")
        #expect(error.reason == "number too large")
    }

    @Test func deepNestingIsRefusedWithoutCrashing() throws {
        let text = "{\"formatVersion\": 1, \"trips\": " + String(repeating: "[", count: 100_000)
        let (error, _) = try refusal(of: text)
        #expect(!error.description.isEmpty)
    }

    @Test func unreadableFileSaysWhy() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("trips.json")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
            let error = try #require(throws: TripStoreError.self) { try JSONTripStore(url: url).load() }
            #expect(error.description == "\(url.path): is a folder, not a data file")
        }
    }
}
