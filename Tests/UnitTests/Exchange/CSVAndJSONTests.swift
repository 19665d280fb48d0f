import Foundation
import RoadtripCore
import Testing
@testable import Exchange

@Suite struct CSVAndJSONTests {
    let importer = TripImporter()

    @Test func csvExportQuotesAsRFC4180() {
        let trip = Trip(
            name: "t",
            waypoints: [
                Waypoint(name: "Porto, \"Ribeira\"", coordinate: Coordinate(latitude: 41.1406, longitude: -8.611)),
                Waypoint(name: "Line\nbreak", coordinate: Coordinate(latitude: 1, longitude: 2)),
                Waypoint(name: "Plain", coordinate: Coordinate(latitude: -1.5, longitude: 0))
            ])
        #expect(
            CSVWriter.write(trip: trip) == "order,name,latitude,longitude\r\n"
                + "1,\"Porto, \"\"Ribeira\"\"\",41.1406,-8.611\r\n"
                + "2,\"Line\nbreak\",1,2\r\n"
                + "3,Plain,-1.5,0\r\n")
    }

    @Test func csvExportDisarmsFormulasAndImportReadsThemBack() throws {
        let names = ["=HYPERLINK(\"http://x\",\"click\")", "+1 555", "-Sum", "@SUM(A1)", "\tTabbed", "'quoted", "A=B"]
        let trip = Trip(
            name: "t",
            waypoints: names.enumerated().map { i, name in
                Waypoint(name: name, coordinate: Coordinate(latitude: Double(i), longitude: -33.9))
            })
        let csv = CSVWriter.write(trip: trip)
        #expect(csv.contains("1,\"'=HYPERLINK(\"\"http://x\"\",\"\"click\"\")\",0,-33.9\r\n"))
        #expect(csv.contains("2,'+1 555,1,-33.9\r\n") || csv.contains("2,\"'+1 555\",1,-33.9\r\n"))
        #expect(csv.contains("\"'-Sum\"") && csv.contains("\"'@SUM(A1)\"") && csv.contains("\"'\tTabbed\""))
        // A plain negative coordinate stays a number; a text that does not start like a formula stays as it is.
        #expect(csv.contains(",-33.9\r\n") && csv.contains("7,A=B,6,-33.9"))
        #expect(try CSVReader.read(Array(csv.utf8)).map(\.name) == names)
    }

    @Test func csvImportSortsByOrderAndReadsQuotedFields() throws {
        let result = try importer.importFile(at: ExchangeTestFiles.fixture("stops-from-spreadsheet.csv"))
        #expect(result.trip.name == "stops-from-spreadsheet")
        #expect(
            result.trip.waypoints.map(\.name) == [
                "Lisbon", "The \"Blue\" Town, Óbidos", "Porto, Ribeira", "Santiago de Compostela"
            ])
        #expect(result.explanation == "4 rows became 4 stops.")
        let crlf = try importer.importFile(at: ExchangeTestFiles.fixture("crlf.csv"))
        #expect(crlf.trip.waypoints.map(\.name) == ["Oslo", "Bergen"])
    }

    @Test func csvColumnsInAnyOrder() throws {
        let text = "Longitude,Latitude,Name\n2.35,48.85,Paris\n"
        let result = try importer.importData(Data(text.utf8), fileName: "x.csv")
        #expect(result.trip.waypoints.first?.coordinate == Coordinate(latitude: 48.85, longitude: 2.35))
    }

    @Test func badCSV() throws {
        func error(_ text: String) -> String? {
            do {
                _ = try importer.importData(Data(text.utf8), fileName: "s.csv")
                return nil
            } catch { return error.description }
        }
        #expect(
            error("name,lat\nA,1\n")
                == "s.csv:1: the header row must name latitude and longitude columns (expected order,name,latitude,longitude)")
        #expect(error("order,name,latitude,longitude\n1,A,1\n") == "s.csv:2: malformed CSV: 3 fields where the header has 4")
        #expect(error("order,name,latitude,longitude\n1,A,95,2\n") == "s.csv:2: latitude 95 is out of range (-90...90)")
        #expect(error("order,name,latitude,longitude\n1,A,,2\n") == "s.csv:2: latitude is missing")
        #expect(error("order,name,latitude,longitude\n1,\"A,1,2\n") == "s.csv:2: malformed CSV: a quoted field is never closed")
        #expect(
            error("order,name,latitude,longitude\n1,A\"b,1,2\n") == "s.csv:2: malformed CSV: a quote inside an unquoted field")
        #expect(error("order,name,latitude,longitude\n") == "s.csv: the file has a header but no rows")
    }

    @Test func jsonExportIsATripDocumentWithOneTrip() throws {
        let trip = ExchangeTestFiles.awkwardTrip
        let data = try TripExporter.export(trip, format: .json)
        let document = try JSONDecoder().decode(TripDocument.self, from: data)
        #expect(document == TripDocument(trips: [trip]))
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasPrefix("{\n  \"formatVersion\" : 1,\n  \"trips\" : ["), "pretty-printed, sorted keys")
    }

    @Test func jsonImportTakesABareTripAndRenewsIds() throws {
        let trip = Trip(
            name: "Bare\u{1B}[2J", waypoints: [Waypoint(name: "A", coordinate: Coordinate(latitude: 1, longitude: 2))])
        let data = try JSONEncoder().encode(trip)
        let result = try importer.importData(data, fileName: "bare.json")
        #expect(result.trip.name == "Bare")
        #expect(result.trip.id != trip.id && result.trip.waypoints[0].id != trip.waypoints[0].id)
        #expect(result.explanation == "Trip with 1 stop imported with new ids.")
    }

    @Test func jsonEmptyTripIsAllowed() throws {
        let data = try TripExporter.export(Trip(name: "Later"), format: .json)
        #expect(try importer.importData(data, fileName: "e.json").trip.waypoints.isEmpty)
    }

    @Test func badJSON() throws {
        func error(_ text: String) -> ExchangeError? {
            do {
                _ = try importer.importData(Data(text.utf8), fileName: "t.json", format: .json)
                return nil
            } catch { return error }
        }
        #expect(
            error(#"{"formatVersion": 9, "trips": []}"#)?.description
                == "t.json: format version 9 is newer than this roadtrip reads (1)")
        #expect(
            error(#"{"formatVersion": 1, "trips": []}"#)?.description
                == "t.json: the file holds 0 trips; import takes a file with one trip")
        #expect(error(#"{"hello": 1}"#)?.kind == .wrongRoot)
        #expect(error("[]")?.kind == .wrongRoot)
        #expect(error("{\n\"trips\": [\n}")?.kind == .malformed)
        let missing =
            #"{"id": "6F9619FF-8B86-D011-B42D-00C04FC964FF", "name": "x", "waypoints": [{"id": "6F9619FF-8B86-D011-B42D-00C04FC964FF", "name": "a", "longitude": 1}]}"#
        #expect(error(missing)?.description == "t.json: waypoints[0].latitude is missing")
        let outOfRange =
            #"{"id": "6F9619FF-8B86-D011-B42D-00C04FC964FF", "name": "x", "waypoints": [{"id": "6F9619FF-8B86-D011-B42D-00C04FC964FF", "name": "a", "latitude": 100, "longitude": 1}]}"#
        #expect(error(outOfRange)?.description == "t.json: stop 1: latitude 100 is out of range (-90...90)")
    }
}
