import Foundation
import Testing
import RoadtripCore
@testable import Routing

@Suite struct OSRMConfigurationTests {
    @Test func parsesWhatPeopleType() throws {
        let local = try #require(OSRMConfiguration(urlString: " http://127.0.0.1:5000/ "))
        #expect(local.label == "OSRM 127.0.0.1:5000")
        #expect(try #require(OSRMConfiguration(urlString: "https://router.example.org")).label == "OSRM router.example.org")
        #expect(OSRMConfiguration(urlString: "127.0.0.1:5000") == nil)
        #expect(OSRMConfiguration(urlString: "ftp://host") == nil)
        #expect(OSRMConfiguration(urlString: "http://") == nil)
    }

    @Test func oneRequestNamesEveryStopInOSRMsOrder() throws {
        let configuration = try #require(OSRMConfiguration(urlString: "http://127.0.0.1:5000/osrm/"))
        let points = [GridPoint(latitude: 43_729_552, longitude: 7_413_378), GridPoint(latitude: -1, longitude: 2)]
        let url = try #require(configuration.routeURL(for: points))
        #expect(
            url.absoluteString == "http://127.0.0.1:5000/osrm/route/v1/driving/7.413378,43.729552;0.000002,-0.000001"
                + "?overview=full&steps=false&geometries=polyline6&annotations=distance")
    }

    @Test func theSameServerSpelledTwoWaysSharesItsCache() throws {
        let one = try #require(OSRMConfiguration(urlString: "http://h:5000"))
        let two = try #require(OSRMConfiguration(urlString: "http://h:5000/"))
        #expect(one.serverIdentity == two.serverIdentity)
    }

    @Test func theFactoryPicksTheSource() throws {
        #expect(try RouteProviders.make(osrmURL: nil, environment: [:], cacheFolder: nil).label == "offline estimate")
        #expect(
            try RouteProviders.make(osrmURL: nil, environment: ["ROADTRIP_OSRM_URL": "http://e:1"], cacheFolder: nil).label
                == "OSRM e:1")
        #expect(
            try RouteProviders.make(
                osrmURL: "http://flag:2", environment: ["ROADTRIP_OSRM_URL": "http://e:1"],
                cacheFolder: nil
            ).label == "OSRM flag:2")
        #expect(throws: OSRMSetupError(description: "--osrm: \"localhost\" is not an http:// or https:// URL with a host")) {
            try RouteProviders.make(osrmURL: "localhost", environment: [:], cacheFolder: nil)
        }
    }

    @Test func theTimeoutComesFromTheOptionThenTheEnvironmentElseFiveSeconds() throws {
        #expect(try RouteProviders.timeout(option: nil, environment: [:]) == .seconds(5))
        #expect(try RouteProviders.timeout(option: nil, environment: ["ROADTRIP_OSRM_TIMEOUT": "30"]) == .seconds(30))
        #expect(try RouteProviders.timeout(option: "2.5", environment: ["ROADTRIP_OSRM_TIMEOUT": "30"]) == .milliseconds(2500))
        for bad in ["0", "-1", "601", "nan", "inf", "5s", "\u{1B}[2J"] {
            #expect(throws: OSRMSetupError.self, "\(bad)") { try RouteProviders.timeout(option: bad, environment: [:]) }
        }
        #expect(
            throws: OSRMSetupError(description: "ROADTRIP_OSRM_TIMEOUT: \"soon\" is not a number of seconds between 0 and 600")
        ) {
            try RouteProviders.timeout(option: nil, environment: ["ROADTRIP_OSRM_TIMEOUT": "soon"])
        }
    }
}
