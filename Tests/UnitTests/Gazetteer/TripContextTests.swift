import Foundation
@testable import Gazetteer
import RoadtripCore
import Testing

/// The search weighs the trip it is made for (issue 27): anchors, nearness, reranking, when a
/// name clearly means one place, and the name a chosen place gives a stop.
@Suite struct TripContextTests {
    static let lasVegas = Coordinate(latitude: 36.17, longitude: -115.14)
    static let bangor = Coordinate(latitude: 44.80, longitude: -68.77)
    static let salem = Coordinate(latitude: 44.94, longitude: -123.04)

    static func place(
        _ name: String, _ region: String, _ lat: Double, _ lon: Double, population: Int, score: Double,
        matched: PlaceMatch = .name, exactly: Bool = true
    ) -> Place {
        var p = Place(
            name: name, region: region, country: "", countryCode: "", coordinate: Coordinate(latitude: lat, longitude: lon),
            population: population, timeZone: "")
        p.matched = matched
        p.typedExactly = exactly
        p.score = score
        return p
    }

    /// Scores as the search gives them: a tenfold size is worth 1.5.
    static let portlandOR = place("Portland", "Oregon", 45.52, -122.68, population: 652_503, score: -8.72)
    static let portlandME = place("Portland", "Maine", 43.66, -70.26, population: 66_881, score: -7.24)

    @Test func anAddedStopIsWantedBesideTheStopsEitherSideNumberedAsTheyWillBe() throws {
        let stops = [Self.lasVegas, Self.bangor, Self.salem]
        let between = try #require(PlaceContext(stops: stops, insertingAt: 1))
        #expect(between.anchors.map(\.stop) == [1, 3])
        let atEnd = try #require(PlaceContext(stops: stops, insertingAt: 3))
        #expect(atEnd.anchors.map(\.stop) == [3])
        let first = try #require(PlaceContext(stops: stops, insertingAt: 0))
        #expect(first.anchors.map(\.stop) == [2])
        let whole = try #require(PlaceContext(stops: stops, insertingAt: nil))
        #expect(whole.anchors.count == 3)
        let moved = try #require(PlaceContext(stops: stops, replacing: 1))
        #expect(moved.anchors.map(\.stop) == [1, 3])
        #expect(PlaceContext(stops: [], insertingAt: 0) == nil)
        #expect(PlaceContext(stops: [Self.bangor], replacing: 0) == nil)
    }

    @Test func nearnessCountsTheLineBetweenTwoStops() {
        // Halfway between two stops 1,000 km apart, on the line: near, though 500 km from each.
        let context = PlaceContext(anchors: [
            .init(stop: 1, coordinate: Coordinate(latitude: 0, longitude: 0)),
            .init(stop: 2, coordinate: Coordinate(latitude: 0, longitude: 9))
        ])
        let middle = context.nearness(of: Coordinate(latitude: 0.1, longitude: 4.6))
        #expect(middle.meters < 15_000)
        #expect(middle.reason(unit: .kilometers) == "near the leg 1–2")
        let beside = context.nearness(of: Coordinate(latitude: 1, longitude: 4.6))
        #expect(beside.reason(unit: .kilometers) == "111 km off the leg 1–2")
        // Past an end of the leg, the stop is what it is near.
        let past = context.nearness(of: Coordinate(latitude: 0, longitude: 9.1))
        #expect(past.reason(unit: .kilometers) == "near stop 2")
        let far = context.nearness(of: Coordinate(latitude: 10, longitude: 0))
        #expect(far.reason(unit: .kilometers) == "1,112 km from stop 1")
        #expect(PlaceContext(position: Self.bangor).nearness(of: Self.salem).reason(unit: .miles).hasSuffix("mi away"))
    }

    @Test func aNamesakeNearTheTripOutranksALargerOneFarAway() throws {
        let maine = try #require(PlaceContext(stops: [Self.bangor], insertingAt: 1))
        let ranked = maine.ranked([Self.portlandOR, Self.portlandME])
        #expect(ranked.map(\.region) == ["Maine", "Oregon"])
        #expect(ranked[0].nearness?.reason(unit: .kilometers).hasSuffix(" km from stop 1") == true)
        let oregon = try #require(PlaceContext(stops: [Self.salem], insertingAt: 1))
        #expect(oregon.ranked([Self.portlandOR, Self.portlandME]).map(\.region) == ["Oregon", "Maine"])
    }

    @Test func prominenceStillDecidesAmongPlacesEquallyNear() throws {
        // Both within 50 km of the stop: the larger first, whatever the order given.
        let context = PlaceContext(position: Coordinate(latitude: 48.14, longitude: 11.58))
        let small = Self.place("Haar", "Bavaria", 48.11, 11.73, population: 17_560, score: -6.4)
        let large = Self.place("Munich", "Bavaria", 48.14, 11.58, population: 1_505_005, score: -9.3)
        #expect(context.ranked([small, large]).map(\.name) == ["Munich", "Haar"])
    }

    @Test func aTypoNeverOutranksARealMatchHoweverNear() {
        let context = PlaceContext(position: Self.bangor)
        let typo = Self.place("Portlend", "Maine", 44.8, -68.77, population: 1000, score: -1, matched: .misspelling)
        #expect(context.ranked([typo, Self.portlandOR]).map(\.name) == ["Portland", "Portlend"])
    }

    @Test func anAlternateNameNeverWinsAloneOverAPlaceBearingTheName() {
        let jerusalem = Self.place("Jerusalem", "", 31.77, 35.22, population: 801_000, score: -7.36, matched: .alias)
        let zionIL = Self.place("Zion", "Illinois", 42.45, -87.83, population: 24_000, score: -6.57)
        // Without a trip: the alias is larger, but the name is Zion's own: ambiguous.
        #expect(PlaceChoice.isRival(zionIL, of: jerusalem, typed: "Zion"))
        // After Las Vegas, the park by that other name is near and Zion, Illinois is not.
        let lasVegas = PlaceContext(position: Self.lasVegas)
        let park = Self.place("Zion National Park", "Utah", 37.2, -112.99, population: 0, score: -7.0, matched: .name)
        let ranked = lasVegas.ranked([jerusalem, zionIL, park])
        #expect(ranked.first?.name == "Zion National Park")
        #expect(!PlaceChoice.isRival(ranked[1], of: ranked[0], typed: "Zion"))
        #expect(!PlaceChoice.isRival(ranked[2], of: ranked[0], typed: "Zion"))
        // On a trip in Italy Jerusalem is nearer than Illinois, but far: still not what "Zion" clearly means.
        let italy = PlaceContext(position: Coordinate(latitude: 40.63, longitude: 14.6))
        let there = italy.ranked([jerusalem, zionIL])
        #expect(there.first?.name == "Jerusalem")
        #expect(PlaceChoice.isRival(there[1], of: there[0], typed: "Zion"))
    }

    @Test func namesakesOfNearlyTheSameStandingAreRivalsWithoutATrip() {
        #expect(!PlaceChoice.isRival(Self.portlandME, of: Self.portlandOR, typed: "Portland"))
        let springfieldMO = Self.place("Springfield", "Missouri", 37.2, -93.3, population: 170_188, score: -7.85)
        let springfieldIL = Self.place("Springfield", "Illinois", 39.8, -89.64, population: 114_394, score: -7.59)
        #expect(PlaceChoice.isRival(springfieldIL, of: springfieldMO, typed: "Springfield"))
        let illinois = PlaceContext(anchors: [
            .init(stop: 1, coordinate: Coordinate(latitude: 41.85, longitude: -87.65)),
            .init(stop: 3, coordinate: Coordinate(latitude: 38.63, longitude: -90.2))
        ])
        let ranked = illinois.ranked([springfieldMO, springfieldIL])
        #expect(ranked.first?.region == "Illinois")
        #expect(!PlaceChoice.isRival(ranked[1], of: ranked[0], typed: "Springfield"))
    }

    @Test func aStopKeepsTheOtherNameTypedButNotAPrefixATypoOrAQualifier() {
        var munich = Self.place("Munich", "Bavaria", 48.14, 11.58, population: 1_505_005, score: -9, matched: .alias)
        #expect(munich.stopName(typed: "München") == "München")
        #expect(munich.stopName(typed: "東京") == "東京")
        // Typed in lower case, the other name is not how the person wants it written.
        #expect(munich.stopName(typed: "munchen") == "Munich")
        munich.typedExactly = false
        #expect(munich.stopName(typed: "Münch") == "Munich")
        let athens = Self.place("Athens", "Georgia", 33.96, -83.38, population: 115_452, score: -7.5)
        #expect(athens.stopName(typed: "Athens GA") == "Athens")
        var typo = athens
        typo.matched = .misspelledAlias
        #expect(typo.stopName(typed: "Athenz") == "Athens")
    }
}
