import Testing
import RoadtripCore
import Routing

@Suite struct EstimateRouteProviderTests {
    let paris = Coordinate(latitude: 48.8566, longitude: 2.3522)
    let lyon = Coordinate(latitude: 45.7640, longitude: 4.8357)
    let marseille = Coordinate(latitude: 43.2965, longitude: 5.3698)

    @Test func stretchesTheGeodesicAndDrivesAtTheAverageSpeed() throws {
        let legs = EstimateRouteProvider().instantLegs(for: [paris, lyon])
        let leg = try #require(legs.first)
        let geodesic = Geodesic.distance(paris, lyon)
        #expect(abs(leg.distanceMeters - geodesic * 1.25) < 1e-6)
        // 80 km/h is 22.2 m/s.
        #expect(abs(try #require(leg.durationSeconds) - geodesic * 1.25 / (80 / 3.6)) < 1e-6)
        #expect(leg.source == .estimate)
        #expect(leg.from == paris && leg.to == lyon)
    }

    @Test func followsItsConfiguration() throws {
        let provider = EstimateRouteProvider(circuity: 1.4, averageSpeedKilometersPerHour: 100)
        let leg = try #require(provider.instantLegs(for: [lyon, marseille]).first)
        let meters = Geodesic.distance(lyon, marseille) * 1.4
        #expect(abs(leg.distanceMeters - meters) < 1e-6)
        #expect(abs(try #require(leg.durationSeconds) - meters / (100 / 3.6)) < 1e-6)
    }

    @Test func refusesNonsenseParameters() {
        let provider = EstimateRouteProvider(circuity: 0.5, averageSpeedKilometersPerHour: -3)
        #expect(provider.circuity == 1.25)
        #expect(provider.averageSpeedKilometersPerHour == 80)
        #expect(
            EstimateRouteProvider(circuity: .nan, averageSpeedKilometersPerHour: .infinity)
                == EstimateRouteProvider())
    }

    @Test func oneLegBetweenEachPairOfStopsAndNoneForOneStop() {
        let provider = EstimateRouteProvider()
        #expect(provider.instantLegs(for: [paris, lyon, marseille]).count == 2)
        #expect(provider.instantLegs(for: [paris]).isEmpty)
        #expect(provider.instantLegs(for: []).isEmpty)
    }

    @Test func answersAtOnceThroughTheProtocol() async {
        let provider: any RouteProvider = EstimateRouteProvider()
        #expect(provider.label == "offline estimate")
        let known = provider.knownLegs(for: [paris, lyon, marseille])
        #expect(known.allSatisfy { $0 != nil })
        let result = await provider.route(for: [paris, lyon, marseille])
        #expect(result.fallbackReason == nil)
        #expect(result.legs == known.compactMap { $0 })
    }
}
