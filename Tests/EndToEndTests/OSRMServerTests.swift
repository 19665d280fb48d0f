import Foundation
import RoadtripCore
import Routing
import Testing

/// Starting and stopping a real osrm-routed, as `--osrm-data` does.
@Suite struct OSRMServerTests {
    @Test func startsOnAFreeLoopbackPortAnswersAndStops() async throws {
        let first = try await OSRMFixture.startMonaco()
        let second = try await OSRMFixture.startMonaco()
        #expect(first.port != second.port)
        #expect(first.baseURL.absoluteString == "http://127.0.0.1:\(first.port)")
        #expect(first.isRunning)

        let provider = OSRMRouteProvider(configuration: OSRMFixture.configuration(first.baseURL), cacheFolder: nil)
        #expect(await provider.route(for: [Monaco.casino, Monaco.palace]).legs.first?.source == .osrm)

        first.stop()
        first.stop()  // stopping twice is harmless
        #expect(!first.isRunning)
        second.stop()
        #expect(await provider.route(for: [Monaco.palace, Monaco.casino]).legs.first?.source == .estimate)
    }

    @Test func theFactoryServesADatasetAndTheCacheSurvivesANewPort() async throws {
        let dataset = try OSRMFixture.monacoDataset.get()
        let folder = OSRMFixture.cacheFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ["ROADTRIP_OSRM_BIN": try #require(OSRMFixture.routedBinary).path]

        let (provider, server) = try await RouteProviders.startLocal(
            dataset: dataset, environment: environment,
            cacheFolder: folder)
        #expect(provider.label == "OSRM 127.0.0.1:\(server.port)")
        #expect(await provider.route(for: Monaco.tour).fallbackReason == nil)
        server.stop()

        let (again, secondServer) = try await RouteProviders.startLocal(
            dataset: dataset, environment: environment,
            cacheFolder: folder)
        defer { secondServer.stop() }
        #expect(again.knownLegs(for: Monaco.tour).allSatisfy { $0 != nil })
        _ = await again.route(for: Monaco.tour)
        #expect(again.requestCount.requests == 0)
    }

    @Test func refusesWhatIsNotAPreparedDataset() async throws {
        let pbf = OSRMFixture.packageRoot.appendingPathComponent("Tests/Fixtures/osrm/monaco.osm.pbf").path
        await #expect(
            throws: OSRMSetupError(
                description:
                    "\(pbf) is not a prepared OSRM dataset: prepare it first: Scripts/servers/osrm.sh prepare \(pbf)")
        ) {
            _ = try await OSRMServer.start(dataset: pbf, binary: OSRMFixture.routedBinary)
        }
    }

    @Test func saysHowToInstallAMissingProgram() async throws {
        let dataset = try OSRMFixture.monacoDataset.get()
        await #expect(
            throws: OSRMSetupError(
                description:
                    "ROADTRIP_OSRM_BIN=/nonexistent/osrm-routed is not an osrm-routed program: point it at one, "
                    + "or unset it (roadtrip roads import installs OSRM when it finds none)")
        ) {
            _ = try await OSRMServer.start(dataset: dataset, environment: ["ROADTRIP_OSRM_BIN": "/nonexistent/osrm-routed"])
        }
    }
}
