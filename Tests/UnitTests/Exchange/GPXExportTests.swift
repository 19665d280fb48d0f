import Foundation
import RoadtripCore
import Testing
@testable import Exchange

@Suite struct GPXExportTests {
    let trip = Trip(
        name: "Alps & Riviera",
        waypoints: [
            Waypoint(name: "Nice", coordinate: Coordinate(latitude: 43.695, longitude: 7.2656)),
            Waypoint(name: "Turin <Torino>", coordinate: Coordinate(latitude: 45.0703, longitude: 7.6869)),
            Waypoint(name: "Geneva", coordinate: Coordinate(latitude: 46.2044, longitude: 6.1432))
        ])

    @Test func writesRootWaypointsAndRouteInSchemaOrder() {
        let gpx = GPXWriter.write(trip: trip)
        #expect(gpx.contains(#"<gpx version="1.1" creator="roadtrip" xmlns="http://www.topografix.com/GPX/1/1""#))
        let metadata = gpx.range(of: "<metadata>")!.lowerBound
        let firstWaypoint = gpx.range(of: "<wpt ")!.lowerBound
        let route = gpx.range(of: "<rte>")!.lowerBound
        #expect(metadata < firstWaypoint && firstWaypoint < route)
        #expect(gpx.components(separatedBy: "<wpt ").count - 1 == 3)
        #expect(gpx.components(separatedBy: "<rtept ").count - 1 == 3)
        #expect(gpx.contains(#"<rtept lat="45.0703" lon="7.6869">"#))
        #expect(gpx.contains("<name>Turin &lt;Torino&gt;</name>"))
        #expect(gpx.contains("<name>Alps &amp; Riviera</name>"))
        #expect(!gpx.contains("<trk>"), "no geometry, no track")
    }

    @Test func addsTrackSegmentsOnlyForLegsWithGeometry() {
        let a = trip.waypoints[0].coordinate, b = trip.waypoints[1].coordinate, c = trip.waypoints[2].coordinate
        let middle = Coordinate(latitude: 44.5, longitude: 7.5)
        let legs = [
            Leg(from: a, to: b, distanceMeters: 1, source: .osrm, geometry: [a, middle, b]),
            Leg(from: b, to: c, distanceMeters: 1, source: .geodesic)
        ]
        let gpx = GPXWriter.write(trip: trip, legs: legs)
        #expect(gpx.components(separatedBy: "<trkseg>").count - 1 == 1)
        #expect(gpx.components(separatedBy: "<trkpt ").count - 1 == 3)

        let joined = GPXWriter.drivenSegments([
            Leg(from: a, to: b, distanceMeters: 1, source: .osrm, geometry: [a, middle, b]),
            Leg(from: b, to: c, distanceMeters: 1, source: .osrm, geometry: [b, c])
        ])
        #expect(joined == [[a, middle, b, c]], "the shared end point appears once")
    }

    @Test func dropsCharactersXMLCannotHoldAndWritesAntimeridianAsMinus180() {
        let odd = Trip(
            name: "bell\u{07} tab\t",
            waypoints: [
                Waypoint(name: "x", coordinate: Coordinate(latitude: 0, longitude: 180))
            ])
        let gpx = GPXWriter.write(trip: odd)
        #expect(!gpx.contains("\u{07}"))
        #expect(gpx.contains("<name>bell tab&#9;</name>"))
        #expect(gpx.contains(#"lat="0" lon="-180""#))
    }

    @Test func coordinatesAreDecimalsWithoutExponent() {
        #expect(DecimalText.coordinate(0.000012345) == "0.000012345")
        #expect(DecimalText.coordinate(-0.00000001) == "-0.00000001")
        #expect(DecimalText.coordinate(48.8584) == "48.8584")
        #expect(DecimalText.coordinate(-0.0) == "0")
        #expect(DecimalText.coordinate(180) == "180")
    }
}
