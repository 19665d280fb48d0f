import Foundation
import Testing
@testable import RoadtripCore
@testable import Routing
@testable import Itinerary
@testable import TripDetail
@testable import TripFile

/// Avoiding roads, leg warnings, directions text and shaping points, without a server.
@Suite struct RoutingDepthTests {
    @Test func oneWordingForWhatARouteAvoids() {
        let asked: RoadAvoidance = [.motorways, .tolls]
        #expect(asked.statement(applied: asked) == "Avoiding motorways and tolls")
        #expect(asked.statement(applied: .motorways) == "Avoiding motorways (asked: motorways and tolls)")
        #expect(asked.statement(applied: []) == "Avoiding nothing (asked: motorways and tolls)")
    }

    @Test func avoidanceReadsWordsAndFallsBackLargestFirst() {
        #expect(RoadAvoidance(words: "tolls, motorway") == [.motorways, .tolls])
        #expect(RoadAvoidance(words: "none") == [])
        #expect(RoadAvoidance(words: "") == [])
        #expect(RoadAvoidance(words: "ferry") == .ferries)
        #expect(RoadAvoidance(words: "motorways,bridges") == nil)
        #expect(RoadAvoidance([.ferries, .motorways]).listText == "motorways,ferries")
        #expect(RoadAvoidance([.motorways, .tolls, .ferries]).osrmExclude == "motorway,toll,ferry")
        // Every subset, the largest first, the earlier kinds first among equals, nothing last.
        #expect(
            RoadAvoidance([.motorways, .tolls, .ferries]).fallbacks == [
                [.motorways, .tolls, .ferries], [.motorways, .tolls], [.motorways, .ferries], [.tolls, .ferries],
                .motorways, .tolls, .ferries, []
            ])
        #expect(RoadAvoidance.tolls.fallbacks == [.tolls, []])
        #expect(
            RoadAvoidance([.motorways, .tolls]).shortfall(applied: .motorways, router: "OSRM x")
                == "OSRM x cannot avoid motorways and tolls together: avoiding motorways only")
        #expect(
            RoadAvoidance.tolls.shortfall(applied: [], router: "offline estimate")
                == "offline estimate cannot avoid tolls: avoiding nothing")
        #expect(RoadAvoidance.tolls.shortfall(applied: .tolls, router: "OSRM x") == nil)
        // The planner's `v` goes round every setting and back.
        var seen: [RoadAvoidance] = []
        var avoid = RoadAvoidance()
        repeat {
            seen.append(avoid)
            avoid = avoid.next
        } while avoid != []
        #expect(seen.count == 6)
    }

    @Test func theRequestCarriesTheExcludeAndTheCacheKeepsLegsApartByIt() throws {
        let configuration = OSRMConfiguration(baseURL: URL(string: "http://127.0.0.1:5000")!)
        let points = [GridPoint(latitude: 1, longitude: 2), GridPoint(latitude: 3, longitude: 4)]
        let url = try #require(configuration.routeURL(for: points, exclude: "motorway,toll", steps: true, alternatives: 3))
        #expect(url.query?.contains("exclude=motorway,toll") == true)
        #expect(url.query?.contains("steps=true") == true)
        #expect(url.query?.contains("alternatives=3") == true)
        #expect(configuration.routeURL(for: points)?.query?.contains("exclude") == false)

        let a = Coordinate(latitude: 43.73, longitude: 7.42), b = Coordinate(latitude: 43.74, longitude: 7.43)
        #expect(LegKey(from: a, to: b, exclude: "toll") != LegKey(from: a, to: b))
        let cache = LegCache(server: "s", folder: nil)
        cache.store(
            CachedLeg(distanceMeters: 10, durationSeconds: 1, geometry: nil, fetched: Date()), geometry: nil,
            for: try #require(LegKey(from: a, to: b, exclude: "toll")))
        #expect(cache.leg(for: try #require(LegKey(from: a, to: b))) == nil)
        #expect(cache.leg(for: try #require(LegKey(from: a, to: b, exclude: "toll")))?.leg.distanceMeters == 10)
        // On disk the exclude is kept, and a file from before it reads as no exclude.
        let file = LegCacheFile(
            server: "s",
            entries: [
                try #require(LegKey(from: a, to: b, exclude: "toll")): CachedLeg(
                    distanceMeters: 10, durationSeconds: 1, geometry: nil, fetched: Date())
            ])
        let reread = try JSONDecoder().decode(LegCacheFile.self, from: try JSONEncoder().encode(file))
        #expect(reread.entries(now: Date()).keys.first?.exclude == "toll")
    }

    @Test func refusedExcludeIsToldApartFromOtherFailures() {
        #expect(
            RouterFailure.status(400, code: "InvalidValue", message: "Exclude flag combination is not supported.").refusesExclude)
        #expect(!RouterFailure.status(400, code: "InvalidValue", message: "Query string malformed").refusesExclude)
        #expect(!RouterFailure.refused(code: "NoRoute", message: "Impossible route between points").refusesExclude)
        #expect(
            RouterFailure.refused(code: "NoRoute", message: nil).noRoadRoute(server: "OSRM x")
                .hasPrefix("no road route: OSRM x finds no road between these stops"))
    }

    @Test func legsAreFlaggedForNoRoadTheDailyLimitAndBorders() {
        let a = Coordinate(latitude: 60.17, longitude: 24.94), b = Coordinate(latitude: 59.44, longitude: 24.75)
        let legs = [
            Leg(
                from: a, to: b, distanceMeters: 90_000, durationSeconds: 3600, source: .estimate,
                noRoadRoute: "no road route: water"),
            Leg(from: b, to: a, distanceMeters: 900_000, durationSeconds: 10 * 3600, source: .osrm),
            Leg(from: a, to: b, distanceMeters: 1000, durationSeconds: nil, source: .geodesic)
        ]
        let warnings = LegWarning.warnings(
            for: legs, countries: ["FI", "EE", "ee", nil], dailyDrivingLimit: 8 * 3600, checkingTheLine: true)
        // The trip screen does not sample the line: it draws on every key.
        #expect(
            LegWarning.warnings(for: legs, countries: ["FI", "EE", "ee", nil], dailyDrivingLimit: 8 * 3600)[0].map(\.kind)
                == ["noRoadRoute", "crossesBorder"])
        // Helsinki → Tallinn by the straight line is 80 km of the Gulf of Finland: the estimate says so.
        #expect(warnings[0].map(\.kind) == ["noRoadRoute", "seaOnTheLine", "crossesBorder"])
        #expect(warnings[0].first == .noRoadRoute("no road route: water"))
        #expect(warnings[0].last == .crossesBorder(from: "FI", to: "EE"))
        // A road router's leg is never second-guessed by the land data.
        #expect(warnings[1] == [.longerThanDailyLimit(limit: 8 * 3600)])
        #expect(warnings[2] == [])
        #expect(warnings[1][0].text == "longer than a day's driving (8 h)")
        #expect(warnings[0][1].text.hasPrefix("the straight line crosses "))
        #expect(warnings[0][2].text == "crosses a border: FI → EE")
    }

    @Test func stepsReadAsSentencesAndMainRoadsAreTheLongest() {
        let steps = [
            RouteStep(maneuver: "depart", modifier: "north", name: "Rue Grimaldi", distanceMeters: 200, durationSeconds: 30),
            RouteStep(
                maneuver: "turn", modifier: "right", name: "Mannerheimintie", ref: "E12", distanceMeters: 1200,
                durationSeconds: 90),
            RouteStep(maneuver: "roundabout", name: "", ref: "A8", exit: 2, distanceMeters: 3000, durationSeconds: 120),
            RouteStep(maneuver: "arrive", name: "", distanceMeters: 0, durationSeconds: 0)
        ]
        #expect(steps[1].sentence(unit: .kilometers) == "Turn right onto Mannerheimintie (E12), 1.2 km")
        #expect(steps[0].sentence(unit: .kilometers) == "Start on Rue Grimaldi, 200 m")
        #expect(steps[2].instruction == "At the roundabout take the 2nd exit onto A8")
        #expect(steps[3].sentence(unit: .kilometers) == "Arrive")
        let leg = LegDirections(steps: steps, distanceMeters: 4400, durationSeconds: 240)
        #expect(leg.mainRoads() == ["A8", "Mannerheimintie (E12)", "Rue Grimaldi"])
        let lines = DirectionsText.lines(names: ["Home", "Away"], legs: [leg], unit: .kilometers)
        #expect(lines.first == "1. Home → Away · 4.4 km · 4 min")
        #expect(lines[2] == "  2.  Turn right onto Mannerheimintie (E12), 1.2 km")
        let markdown = DirectionsText.markdown(tripName: "A *bold* trip", names: ["Home", "Away"], legs: [leg], unit: .kilometers)
        #expect(markdown.hasPrefix("# A \\*bold\\* trip: directions\n\n## 1. Home → Away · 4.4 km · 4 min\n\n1. Start on"))
    }

    /// OSRM's modifiers read as English after every manoeuvre: no "Continue make a U-turn".
    @Test(arguments: [
        ("continue", "uturn", "Make a U-turn onto Avenue Albert II"),
        ("turn", "uturn", "Make a U-turn onto Avenue Albert II"),
        ("continue", "slight left", "Continue slightly left onto Avenue Albert II"),
        ("fork", "slight right", "Keep slightly right at the fork onto Avenue Albert II"),
        ("turn", "sharp left", "Turn sharp left onto Avenue Albert II"),
        ("new name", "straight", "Continue onto Avenue Albert II")
    ])
    func modifiersReadAsEnglish(maneuver: String, modifier: String, expected: String) {
        let step = RouteStep(
            maneuver: maneuver, modifier: modifier, name: "Avenue Albert II", distanceMeters: 10, durationSeconds: 1)
        #expect(step.instruction == expected)
    }

    @Test func avoidAndViaAreSavedOnlyWhenSetAndOldFilesLoad() throws {
        var trip = Trip(
            name: "Shaped",
            waypoints: [
                Waypoint(name: "A", coordinate: Coordinate(latitude: 1, longitude: 2)),
                Waypoint(name: "via A8", coordinate: Coordinate(latitude: 1.5, longitude: 2.5), via: true),
                Waypoint(name: "B", coordinate: Coordinate(latitude: 2, longitude: 3))
            ], avoid: [.tolls, .ferries])
        let document = TripDocument(trips: [trip])
        try TripDocumentWriterTests.expectIdentical(document)
        let bytes = Data(try TripDocumentWriter.encode(document))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("\"avoid\" : \"tolls,ferries\""))
        #expect(text.components(separatedBy: "\"via\"").count == 2)
        #expect(try TripDocumentReader.read(bytes) == document)
        #expect(try JSONDecoder().decode(TripDocument.self, from: bytes) == document)
        // Without them (every file written before): nothing avoided, no shaping points.
        trip.avoid = []
        trip.waypoints[1].via = false
        let plain = String(decoding: try TripDocumentWriter.encode(TripDocument(trips: [trip])), as: UTF8.self)
        #expect(!plain.contains("avoid") && !plain.contains("via\""))
        #expect(try TripDocumentReader.read(Data(plain.utf8)).trips[0].avoid == [])
        // A word the reader does not know is refused by the full decoder, naming the rule.
        let bad = text.replacingOccurrences(of: "tolls,ferries", with: "tolls,bridges")
        #expect(throws: (any Error).self) { try TripDocumentCodec.decode(Data(bad.utf8), path: "/t.json") }
    }

    @Test func theShapedLegSpansItsViaPoints() {
        let stop = { (name: String, via: Bool) in
            Waypoint(name: name, coordinate: Coordinate(latitude: 1, longitude: 1), via: via)
        }
        let stops = [stop("A", false), stop("v", true), stop("B", false), stop("C", false)]
        func names(_ selected: Int) -> [String]? {
            ShapedLeg(stops: stops, selected: selected).map { [$0.from.name, $0.to.name] + $0.vias.map(\.name) }
        }
        #expect(names(2) == ["A", "B", "v"])
        #expect(names(1) == ["A", "B", "v"])
        #expect(names(3) == ["B", "C"])
        #expect(names(0) == nil)
    }

    @Test func theItineraryAndTheBestOrderSeeOnlyRealStops() {
        let c = { (lat: Double) in Coordinate(latitude: lat, longitude: 7) }
        let trip = Trip(
            name: "t",
            waypoints: [
                Waypoint(name: "A", coordinate: c(1)), Waypoint(name: "v", coordinate: c(2), via: true),
                Waypoint(name: "B", coordinate: c(3)), Waypoint(name: "C", coordinate: c(4))
            ])
        let legs = [
            Leg(from: c(1), to: c(2), distanceMeters: 100, durationSeconds: 10, source: .osrm, geometry: [c(1), c(2)]),
            Leg(from: c(2), to: c(3), distanceMeters: 200, durationSeconds: 20, source: .osrm, geometry: [c(2), c(3)]),
            Leg(from: c(3), to: c(4), distanceMeters: 50, durationSeconds: nil, source: .geodesic)
        ]
        let (real, joined) = trip.withoutShapingPoints(legs: legs)
        #expect(real.waypoints.map(\.name) == ["A", "B", "C"])
        #expect(joined.map(\.distanceMeters) == [300, 50])
        #expect(joined[0].durationSeconds == 30 && joined[0].from == c(1) && joined[0].to == c(3))
        #expect(joined[0].geometry == [c(1), c(2), c(3)])
        #expect(trip.withoutShapingPoints(legs: []).legs.isEmpty)
        let plan = ItineraryPlanner.plan(trip: trip, legs: legs)
        #expect(plan.stops.map(\.name) == ["A", "B", "C"])
        // "3 stops" wherever stops are counted: a via point is not one.
        #expect(trip.stopCount == 3)
        // Legs from either road engine, or one of each, join into one road leg; with the estimate, an estimate.
        for (first, second, joinedSource) in [
            (LegSource.valhalla, LegSource.valhalla, LegSource.valhalla), (.osrm, .valhalla, .osrm),
            (.valhalla, .estimate, .estimate)
        ] {
            var mixed = legs
            mixed[0].source = first
            mixed[1].source = second
            #expect(trip.withoutShapingPoints(legs: mixed).legs[0].source == joinedSource)
        }
    }

    @Test func directionsPassShapingPointsWithoutArriving() {
        let stop = { (name: String, via: Bool) in
            Waypoint(name: name, coordinate: Coordinate(latitude: 1, longitude: 1), via: via)
        }
        let trip = Trip(name: "t", waypoints: [stop("A", false), stop("v", true), stop("B", false)])
        let step = { (maneuver: String, meters: Double) in
            RouteStep(maneuver: maneuver, modifier: "left", name: "R", distanceMeters: meters, durationSeconds: meters / 10)
        }
        let legs = [
            LegDirections(steps: [step("depart", 100), step("arrive", 0)], distanceMeters: 100, durationSeconds: 10),
            LegDirections(
                steps: [step("depart", 50), step("turn", 20), step("arrive", 0)], distanceMeters: 70, durationSeconds: 7)
        ]
        let (names, joined) = trip.directionsWithoutShapingPoints(legs)
        #expect(names == ["A", "B"])
        #expect(joined.count == 1)
        #expect(joined[0].steps.map(\.maneuver) == ["depart", "continue", "turn", "arrive"])
        #expect(joined[0].steps[1].modifier == nil)
        #expect(joined[0].distanceMeters == 170 && joined[0].durationSeconds == 17)
        #expect(joined[0].steps.reduce(0) { $0 + $1.distanceMeters } == joined[0].distanceMeters)
    }

    /// A provider whose legs are 1 km, or 2 km when avoiding anything: enough to tell which one answered.
    struct AvoidingDouble: InstantRouteProvider {
        var avoid: RoadAvoidance = []
        var label: String { "double" }
        func instantLegs(for stops: [Coordinate]) -> [Leg] {
            zip(stops, stops.dropFirst()).map {
                Leg(from: $0, to: $1, distanceMeters: avoid.isEmpty ? 1000 : 2000, durationSeconds: 60, source: .osrm)
            }
        }
        func avoiding(_ avoid: RoadAvoidance) -> any RouteProvider { AvoidingDouble(avoid: avoid) }
    }

    @Test func totalsAndBorderCountriesFollowTheTrip() {
        let calculator = TotalsCalculator(routes: AvoidingDouble(), estimate: EstimateRouteProvider())
        let stops = [Coordinate(latitude: 1, longitude: 1), Coordinate(latitude: 2, longitude: 2)]
        #expect(calculator.total(of: stops).meters == 1000)
        #expect(calculator.total(of: stops, avoiding: .tolls).meters == 2000)
        #expect(calculator.totalsOnEveryCore(of: [stops, stops], avoiding: [[], .ferries]).map(\.meters) == [1000, 2000])

        let c = Coordinate(latitude: 1, longitude: 1)
        let trip = Trip(
            name: "t",
            waypoints: [
                Waypoint(name: "A", coordinate: c, country: "FR"), Waypoint(name: "v", coordinate: c, via: true),
                Waypoint(name: "B", coordinate: c, country: "MC")
            ])
        #expect(trip.borderCountries == ["FR", "MC", "MC"])
    }
}
