import Foundation
import RoadtripCore
import Testing
@testable import Exchange

/// Bad and hostile input: every case is one line naming the file, and no trip.
@Suite struct ImportSafetyTests {
    let importer = TripImporter()

    private func failure(
        _ text: String, named name: String, importer: TripImporter = TripImporter(),
        format: ExchangeFormat? = nil
    ) throws -> ExchangeError {
        let folder = try ExchangeTestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try ExchangeTestFiles.write(text, named: name, in: folder)
        let result: ImportResult
        do {
            result = try importer.importFile(at: path, format: format)
        } catch {
            #expect(error.file == path)
            #expect(!error.description.contains("\n"), "one line")
            #expect(error.description.hasPrefix(path + ":"))
            return ExchangeError(error.kind, file: name, line: error.line, reason: error.reason)
        }
        Issue.record("imported \(result.trip.waypoints.count) stops from a bad file")
        throw CancellationError()
    }

    @Test func billionLaughsIsRefusedWithoutExpanding() throws {
        do {
            _ = try importer.importFile(at: ExchangeTestFiles.fixture("billion-laughs.gpx"))
            Issue.record("billion laughs imported")
        } catch {
            #expect(error.kind == .entityDeclaration)
            #expect(error.line == 2)
            #expect(
                error.description.hasSuffix(
                    "billion-laughs.gpx:2: entity declarations are refused (they could expand without bound or read other files)")
            )
        }
    }

    @Test func externalEntityIsNeverRead() throws {
        let folder = try ExchangeTestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let secret = try ExchangeTestFiles.write("SECRET-MARKER-42", named: "secret.txt", in: folder)
        let gpx = """
            <?xml version="1.0"?>
            <!DOCTYPE gpx [<!ENTITY x SYSTEM "file://\(secret)">]>
            <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><wpt lat="1" lon="2"><name>&x;</name></wpt></gpx>
            """
        let error = try failure(gpx, named: "xxe.gpx")
        #expect(error.kind == .entityDeclaration)
        #expect(!error.description.contains("SECRET-MARKER"))

        let passwd = try failure(
            #"<!DOCTYPE gpx [<!ENTITY x SYSTEM "file:///etc/passwd">]><gpx><name>&x;</name></gpx>"#, named: "p.gpx")
        #expect(passwd.kind == .entityDeclaration)
        #expect(!passwd.description.contains("root:"))
    }

    @Test func undeclaredEntityAndPlainDoctypeAreRefused() throws {
        let undeclared = try failure(#"<gpx version="1.1"><wpt lat="1" lon="2"><name>&nbsp;</name></wpt></gpx>"#, named: "u.gpx")
        #expect(undeclared.kind == .entityDeclaration)
        #expect(undeclared.reason == "undefined entity &nbsp; (entities are not expanded)")
        let inDescription = try failure(#"<gpx><wpt lat="1" lon="2"><desc>&lol9;</desc></wpt></gpx>"#, named: "u2.gpx")
        #expect(inDescription.kind == .entityDeclaration)
        let doctype = try failure("<!DOCTYPE gpx SYSTEM \"http://example.invalid/gpx.dtd\">\n<gpx/>", named: "d.gpx")
        #expect(doctype.description == "d.gpx:1: document type declarations (<!DOCTYPE) are refused; GPX needs none")
    }

    @Test func malformedXMLNamesTheLine() throws {
        let error = try failure("<gpx version=\"1.1\">\n  <wpt lat=\"1\" lon=\"2\">\n  </rte>\n</gpx>", named: "m.gpx")
        #expect(error.description == "m.gpx:3: malformed XML: closing tag </rte> does not match <wpt>")
        let truncated = try failure("<gpx version=\"1.1\">\n<wpt lat=\"1\" lon=\"2\">", named: "t.gpx")
        #expect(truncated.description == "t.gpx:2: malformed XML: the file ends inside <wpt>")
        let bareAmpersand = try failure("<gpx><metadata><name>A & B</name></metadata></gpx>", named: "a.gpx")
        #expect(bareAmpersand.kind == .malformed)
    }

    @Test func wrongRootElement() throws {
        do {
            _ = try importer.importFile(at: ExchangeTestFiles.fixture("wrong-root.kml"), format: .gpx)
            Issue.record("KML imported as GPX")
        } catch {
            #expect(error.kind == .wrongRoot)
            #expect(error.description.hasSuffix("wrong-root.kml:2: not a GPX file: the root element is <kml>, expected <gpx>"))
        }
    }

    @Test func missingAndOutOfRangeCoordinates() throws {
        let missing = try failure("<gpx>\n<wpt lon=\"2\"><name>A</name></wpt></gpx>", named: "c.gpx")
        #expect(missing.description == "c.gpx:2: <wpt> has no lat attribute")
        let range = try failure("<gpx><rte>\n\n<rtept lat=\"91.5\" lon=\"2\"/></rte></gpx>", named: "r.gpx")
        #expect(range.description == "r.gpx:3: <rtept> latitude 91.5 is out of range (-90...90)")
        #expect(range.kind == .invalidCoordinate)
        let notNumber = try failure("<gpx><trk><trkseg><trkpt lat=\"nan\" lon=\"2\"/></trkseg></trk></gpx>", named: "n.gpx")
        #expect(notNumber.description == "n.gpx:1: <trkpt> lat=\"nan\" is not a number")
        let longitude = try failure("<gpx><wpt lat=\"1\" lon=\"-180.5\"/></gpx>", named: "l.gpx")
        #expect(longitude.kind == .invalidCoordinate)
    }

    @Test func allOrNothingOnALateError() throws {
        // 500 good points, then one bad: no partial trip comes back.
        let good = (0..<500).map { _ in #"<wpt lat="1" lon="2"/>"# }.joined()
        let error = try failure("<gpx>" + good + #"<wpt lat="1" lon="200"/></gpx>"#, named: "late.gpx")
        #expect(error.kind == .invalidCoordinate)
    }

    @Test func emptyAndPointlessFiles() throws {
        #expect(try failure("", named: "e.gpx").description == "e.gpx: the file is empty")
        #expect(try failure("  \n\n", named: "e.geojson").kind == .empty)
        let nothing = try failure(#"<gpx version="1.1"><metadata><name>x</name></metadata></gpx>"#, named: "n.gpx")
        #expect(nothing.description == "n.gpx: the file holds no waypoints, routes or tracks with points")
    }

    @Test func oversizedFileIsRefusedFromItsSizeAlone() throws {
        let folder = try ExchangeTestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A sparse 200 MB file: it takes no disk, and a reader that tried to load it would be slow.
        let path = folder.appendingPathComponent("huge.gpx").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data("<gpx>".utf8)))
        #expect(truncate(path, 200_000_000) == 0)
        do {
            _ = try importer.importFile(at: path)
            Issue.record("a 200 MB file was imported")
        } catch {
            #expect(error.kind == .tooLarge)
            #expect(error.description == "\(path): the file is 200 MB; imports are limited to 50 MB")
        }
    }

    @Test func smallerCapAppliesToReadBytesToo() throws {
        let capped = TripImporter(maxBytes: 100)
        let error = try failure(String(repeating: " ", count: 101), named: "c.csv", importer: capped)
        #expect(error.description == "c.csv: the file is 101 bytes; imports are limited to 100 bytes")
        #expect(throws: ExchangeError.self) { try capped.importData(Data(count: 101), fileName: "-") }
    }

    @Test func missingFileAndFolder() throws {
        do {
            _ = try importer.importFile(at: "/nonexistent/trip.gpx")
        } catch {
            #expect(error.description == "/nonexistent/trip.gpx: cannot open: No such file or directory")
        }
        do {
            _ = try importer.importFile(at: "/tmp")
        } catch {
            #expect(error.description == "/tmp: is a folder, not a file")
        }
    }

    @Test func unknownFormatAsksForOne() throws {
        let error = try failure("hello world", named: "notes.txt")
        #expect(error.description == "notes.txt: cannot tell the format; name it with --format gpx|geojson|kml|kmz|json|csv")
    }
}
