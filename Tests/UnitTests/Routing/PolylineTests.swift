import Testing
import RoadtripCore
@testable import Routing

@Suite struct PolylineTests {
    @Test func decodesGooglesReferenceExample() throws {
        // The example in Google's description of the format, at its precision of five decimals.
        let points = try #require(Polyline.decode("_p~iF~ps|U_ulLnnqC_mqNvxq`@", precision: 5))
        #expect(
            points == [
                Coordinate(latitude: 38.5, longitude: -120.2),
                Coordinate(latitude: 40.7, longitude: -120.95),
                Coordinate(latitude: 43.252, longitude: -126.453)
            ])
    }

    @Test func roundTripsAtSixDecimals() throws {
        let points = [
            Coordinate(latitude: 43.729552, longitude: 7.413378),
            Coordinate(latitude: -33.868820, longitude: 151.209296),
            Coordinate(latitude: 0, longitude: -179.999999),
            Coordinate(latitude: 89.999999, longitude: 180)
        ]
        let encoded = Polyline.encode(points)
        #expect(try #require(Polyline.decode(encoded)) == points)
    }

    @Test func decodesWhatOSRMSentForAZeroLengthLeg() throws {
        // From osrm-routed on Monaco: the same point twice, as OSRM encodes a zero-length leg.
        let points = try #require(Polyline.decode("_h`lrAcgncM??"))
        #expect(
            points == [
                Coordinate(latitude: 43.729552, longitude: 7.413378),
                Coordinate(latitude: 43.729552, longitude: 7.413378)
            ])
    }

    @Test func emptyTextIsNoPoints() {
        #expect(Polyline.decode("") == [])
    }

    @Test(arguments: ["_p~iF", "_p~iF~ps|", "_p~iF ps|U", "_p~iF\u{7F}ps|U", "é"])
    func refusesMalformedText(_ text: String) {
        #expect(Polyline.decode(text) == nil)
    }
}
