import Foundation
import RoadtripCore
import Testing
@testable import Exchange

@Suite struct ExportFileTests {
    @Test func replacesAtomicallyAndLeavesNoTemporaryFile() throws {
        let folder = try ExchangeTestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("out.gpx").path
        try ExportFile.write(Data("old".utf8), to: path)
        try ExportFile.write(Data("new content".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new content")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.gpx"])
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o644)
    }

    @Test func missingFolderIsAOneLineError() {
        do {
            try ExportFile.write(Data("x".utf8), to: "/nonexistent-roadtrip/out.gpx")
            Issue.record("wrote into a missing folder")
        } catch {
            #expect(error.kind == .writeFailed)
            #expect(
                error.description
                    == "/nonexistent-roadtrip/out.gpx: its folder does not exist: create it or choose another")
        }
    }

    @Test func formatFromExtensionAndContent() {
        #expect(ExchangeFormat(path: "/a/b/Trip.GPX") == .gpx)
        #expect(ExchangeFormat(path: "x.geojson") == .geojson)
        #expect(ExchangeFormat(path: "noext") == nil)
        #expect(
            ExchangeFormat.detect(path: "t.json", bytes: Array(#"{"trips": [{"name": "\"type\": \"Feature\""}]}"#.utf8)) == .json)
        #expect(
            ExchangeFormat.detect(path: "t.json", bytes: Array("{\"features\": [], \"type\"\n : \"FeatureCollection\"}".utf8))
                == .geojson)
        #expect(ExchangeFormat.detect(path: "-", bytes: Array("\u{FEFF}  <gpx/>".utf8)) == .gpx)
        #expect(ExchangeFormat.detect(path: "-", bytes: Array("order,name,latitude,longitude\n".utf8)) == .csv)
    }
}

@Suite struct FileTripExchangeTests {
    @Test func exportThenImportThroughTheProtocol() throws {
        let folder = try ExchangeTestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let exchange: any TripExchange = FileTripExchange()
        let path = folder.appendingPathComponent("trip.csv").path
        try exchange.exportFile(ExchangeTestFiles.awkwardTrip, legs: [], format: .csv, to: path, owned: nil)
        let back = try exchange.importFile(at: path, format: nil, name: "Back")
        #expect(back.trip.name == "Back")
        #expect(ExchangeTestFiles.sameStops(back.trip.waypoints, ExchangeTestFiles.awkwardTrip.waypoints))
    }
}
