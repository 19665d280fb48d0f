import Foundation
import RoadtripCore
import Testing
import TestSupport

/// Bad files: one line naming the file and the problem, status 1, the data file byte for byte as it was.
@Suite struct CLIBadImportTests {
    /// Writes `content` as `name` in a sandbox that holds the usual trips, imports it, and
    /// checks the refusal; returns the message.
    @discardableResult
    private func refused(
        _ name: String, _ content: String?, format: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let before = try #require(sandbox.dataBytes())
        if let content { try Data(content.utf8).write(to: sandbox.file(name)) }
        let result = try sandbox.run(["import", name] + (format.map { ["--format", $0] } ?? []))
        #expect(result.isOneLineUserError, "\(result)", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("roadtrip: \(name)"), "\(result)", sourceLocation: sourceLocation)
        #expect(sandbox.dataBytes() == before, "the data file changed", sourceLocation: sourceLocation)
        return result.stderr
    }

    @Test func malformedXML() throws {
        #expect(try refused("broken.gpx", #"<gpx version="1.1"><wpt lat="1""#).contains("malformed XML"))
    }

    @Test func aFormatVersionBeyondEveryIntegerIsRefusedNotTrappedOn() throws {
        #expect(try refused("huge.json", #"{"formatVersion": 1e19, "trips": []}"#).contains("format version 1e+19 is newer"))
    }

    @Test func malformedJSON() throws {
        #expect(try refused("broken.geojson", #"{"type": "FeatureCollection", "features": ["#).contains("not valid JSON"))
        try refused("broken.json", #"{"formatVersion": 1, "trips": [}"#)
    }

    @Test func emptyFiles() throws {
        #expect(try refused("empty.gpx", "").contains("empty"))
        #expect(try refused("blank.csv", "  \n\n").contains("empty"))
    }

    @Test func wrongRoot() throws {
        let kml = try String(contentsOf: CLISandbox.fixture("wrong-root.kml"), encoding: .utf8)
        #expect(try refused("places.kml", kml, format: "gpx").contains("root element is <kml>"))
        #expect(try refused("array.geojson", "[1, 2, 3]").contains("array.geojson"))
    }

    @Test func billionLaughsAndExternalEntities() throws {
        let laughs = try String(contentsOf: CLISandbox.fixture("billion-laughs.gpx"), encoding: .utf8)
        #expect(try refused("laughs.gpx", laughs).contains("entity declarations are refused"))
        let external = """
            <?xml version="1.0"?><!DOCTYPE gpx [<!ENTITY x SYSTEM "file:///etc/passwd">]>\
            <gpx version="1.1"><wpt lat="1" lon="2"><name>&x;</name></wpt></gpx>
            """
        #expect(try refused("external.gpx", external).contains("entity declarations are refused"))
    }

    @Test func missingOrOutOfRangeCoordinates() throws {
        let gpx = #"<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><wpt lat="91" lon="2"/></gpx>"#
        #expect(try refused("far.gpx", gpx).contains("latitude 91 is out of range"))
        let missing = #"<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><wpt lat="45"/></gpx>"#
        try refused("missing.gpx", missing)
        try refused("nan.csv", "order,name,latitude,longitude\n1,A,NaN,7\n")
    }

    @Test func aFileTooLargeIsRefusedUnread() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let before = sandbox.dataBytes()
        // Sparse: 200 MB on paper, nothing on disk.
        let big = sandbox.file("huge.gpx")
        try #require(FileManager.default.createFile(atPath: big.path, contents: nil))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 200_000_000)
        try handle.close()
        let result = try sandbox.run("import", "huge.gpx")
        #expect(result.isOneLineUserError, "\(result)")
        #expect(result.stderr == "roadtrip: huge.gpx: the file is 200 MB; imports are limited to 50 MB\n")
        #expect(sandbox.dataBytes() == before)
    }

    @Test func unreadableFiles() throws {
        #expect(try refused("nothere.gpx", nil).contains("No such file"))
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let folder = try sandbox.run("import", sandbox.folder.path)
        #expect(folder.isOneLineUserError)
        #expect(folder.stderr.contains("is a folder"))
    }

    @Test func emptyStandardInputIsNamedAsSuch() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let before = sandbox.dataBytes()
        let result = try sandbox.run("import", "-")
        #expect(result.stderr == "roadtrip: standard input: the file is empty\n")
        #expect(result.status == 1)
        #expect(sandbox.dataBytes() == before)
    }

    @Test func aFailedImportCreatesNoDataFile() throws {
        let sandbox = try CLISandbox()
        let result = try sandbox.run("import", "-", stdin: Data("<kml/>".utf8))
        #expect(result.isOneLineUserError, "\(result)")
        #expect(sandbox.dataBytes() == nil)
    }

    @Test func aBrokenDataFileIsNotWrittenOver() throws {
        let sandbox = try CLISandbox()
        let broken = Data("{ not json".utf8)
        try broken.write(to: sandbox.dataURL)
        let result = try sandbox.run("import", CLISandbox.fixture("route-from-garmin.gpx").path)
        #expect(result.isOneLineUserError, "\(result)")
        #expect(sandbox.dataBytes() == broken)
    }

    /// A folder that takes no new files (/proc, even for root): not even the lock can be made, so
    /// nothing is written, in one line naming the lock file and why, status 1.
    @Test func aTripsFileThatCannotBeWrittenIsAUserError() throws {
        guard FileManager.default.fileExists(atPath: "/proc/self") else { return }
        let gpx = CLISandbox.fixture("route-from-garmin.gpx").path
        let result = try RoadtripProcess.run(["import", gpx, "--data", "/proc/roadtrip-trips.json"])
        #expect(result.isOneLineUserError, "\(result)")
        #expect(
            result.stderr.hasPrefix(
                "roadtrip: cannot lock /proc/roadtrip-trips.json: its lock file "
                    + "/proc/roadtrip-trips.json.lock cannot be made"), "\(result)")
        #expect(result.stderr.hasSuffix("; nothing was changed\n"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: "/proc/roadtrip-trips.json"))
    }
}
