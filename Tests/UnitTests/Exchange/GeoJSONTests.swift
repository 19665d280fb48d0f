import Foundation
import RoadtripCore
import Testing
@testable import Exchange

@Suite struct GeoJSONTests {
    let importer = TripImporter()

    @Test func exportsPointsInOrderAndARouteLine() throws {
        let trip = ExchangeTestFiles.awkwardTrip
        let text = GeoJSONWriter.write(trip: trip)
        let root = try JSONValue.parse(Array(text.utf8))
        #expect(root["type"]?.string == "FeatureCollection")
        let features = try #require(root["features"]?.array)
        let points = features.filter { $0["geometry"]?["type"]?.string == "Point" }
        #expect(points.map { $0["properties"]?["name"]?.string } == trip.waypoints.map(\.name))
        #expect(points.map { $0["properties"]?["order"]?.number } == [1, 2, 3, 4, 5, 6])
        let first = try #require(points.first?["geometry"]?["coordinates"]?.array)
        #expect(first == [.number(8.541694), .number(47.376887)], "longitude first")

        let route = try #require(features.last)
        #expect(route["properties"]?["role"]?.string == "route")
        #expect(route["properties"]?["source"]?.string == "great-circle")
    }

    @Test func greatCircleIsDensifiedAndFollowsTheSphere() {
        let paris = Coordinate(latitude: 48.8566, longitude: 2.3522)
        let newYork = Coordinate(latitude: 40.7128, longitude: -74.006)
        let arc = GreatCircle.densify(paris, newYork)
        #expect(arc.first == paris && arc.last == newYork)
        #expect(arc.count > 100, "≈5,840 km in steps of at most 50 km")
        // The great circle bows north of both ends.
        #expect(arc.map(\.latitude).max()! > 52)
        for (a, b) in zip(arc, arc.dropFirst()) {
            #expect(Geodesic.distance(a, b) < 51_000)
        }
        #expect(GreatCircle.densify(paris, paris) == [paris])
    }

    @Test func routeAcrossTheAntimeridianIsCut() throws {
        let trip = Trip(
            name: "Pacific",
            waypoints: [
                Waypoint(name: "Fiji", coordinate: Coordinate(latitude: -17.7134, longitude: 178.065)),
                Waypoint(name: "Samoa", coordinate: Coordinate(latitude: -13.759, longitude: -172.1046))
            ])
        let root = try JSONValue.parse(Array(GeoJSONWriter.write(trip: trip).utf8))
        let route = try #require(root["features"]?.array?.last?["geometry"])
        #expect(route["type"]?.string == "MultiLineString")
        let parts = try #require(route["coordinates"]?.array)
        #expect(parts.count == 2)
        #expect(parts[0].array?.last?.array?.first == .number(180))
        #expect(parts[1].array?.first?.array?.first == .number(-180))
    }

    @Test func osrmGeometryIsUsedWhereKnown() {
        let a = Coordinate(latitude: 45, longitude: 5), b = Coordinate(latitude: 45.1, longitude: 5.1)
        let bend = Coordinate(latitude: 45.08, longitude: 5.01)
        let (line, source) = GeoJSONWriter.routeLine(
            [a, b],
            legs: [
                Leg(from: a, to: b, distanceMeters: 1, source: .osrm, geometry: [a, bend, b])
            ])
        #expect(line == [a, bend, b])
        #expect(source == "osrm")
    }

    @Test func importsPointsFromAnotherTool() throws {
        let result = try importer.importFile(at: ExchangeTestFiles.fixture("points-from-geojson-io.geojson"))
        #expect(result.format == .geojson)
        #expect(result.trip.name == "points-from-geojson-io")
        #expect(result.trip.waypoints.map(\.name) == ["Denver", "Moab", "Stop 3"])
        #expect(result.trip.waypoints[1].coordinate == Coordinate(latitude: 38.5733, longitude: -109.5498))
        #expect(result.explanation == "3 points became 3 stops.")
    }

    @Test func importsInOrderPropertyOrder() throws {
        let text = """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "properties": {"name": "B", "order": 2}, "geometry": {"type": "Point", "coordinates": [2, 1]}},
              {"type": "Feature", "properties": {"name": "A", "order": 1}, "geometry": {"type": "Point", "coordinates": [4, 3]}}
            ]}
            """
        let result = try importer.importData(Data(text.utf8), fileName: "o.json")
        #expect(result.format == .geojson, "GeoJSON under .json is recognised")
        #expect(result.trip.waypoints.map(\.name) == ["A", "B"])
    }

    @Test func lineOnlyFileIsReducedLikeATrack() throws {
        // North along a meridian, then east along a parallel: one corner.
        let coordinates = (0...300).map { $0 <= 150 ? "[5, \(45 + Double($0) / 100)]" : "[\(5 + Double($0 - 150) / 100), 46.5]" }
        let text =
            #"{"type": "Feature", "properties": {}, "geometry": {"type": "LineString", "coordinates": [\#(coordinates.joined(separator: ","))]}}"#
        let result = try importer.importData(Data(text.utf8), fileName: "line.geojson")
        #expect(result.trip.waypoints.count == 3)
        #expect(result.explanation == "Line of 301 points reduced to 3 stops (start, end and 1 shape point).")
    }

    @Test func badGeoJSON() throws {
        func error(_ text: String) -> ExchangeError? {
            do {
                _ = try importer.importData(Data(text.utf8), fileName: "bad.geojson")
                return nil
            } catch { return error }
        }
        #expect(error("{\"type\": \"FeatureCollection\",\n \"features\": [}")?.kind == .malformed)
        #expect(error("{\"type\": \"FeatureCollection\",\n \"features\": [}")?.line == 2)
        #expect(error("[1, 2]")?.description == "bad.geojson: not GeoJSON: the top level is not an object with a \"type\"")
        #expect(error(#"{"type": "Topology"}"#)?.kind == .wrongRoot)
        #expect(
            error(#"{"type": "Feature", "geometry": {"type": "Point", "coordinates": [200, 1]}}"#)?.description
                == "bad.geojson: the feature: longitude 200 is out of range (-180...180)")
        #expect(error(#"{"type": "Feature", "geometry": {"type": "Point", "coordinates": [1]}}"#)?.kind == .invalidCoordinate)
        #expect(
            error(#"{"type": "Feature", "geometry": {"type": "Point", "coordinates": [true, 1]}}"#)?.kind == .invalidCoordinate)
        #expect(error(#"{"type": "FeatureCollection", "features": []}"#)?.kind == .noStops)
    }
}
