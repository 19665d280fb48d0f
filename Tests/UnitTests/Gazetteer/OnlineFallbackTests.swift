import Foundation
@testable import Gazetteer
import RoadtripCore
import Testing

/// The offline search, then the online one only when no offline place is named as typed.
@Suite struct OnlineFallbackTests {
    static func place(_ name: String, _ lat: Double, _ lon: Double, source: String = "") -> Place {
        var p = Place(
            name: name, region: "", country: "Monaco", countryCode: "MC",
            coordinate: Coordinate(latitude: lat, longitude: lon), population: 0, timeZone: "Europe/Monaco")
        p.source = source
        return p
    }

    static let stadium = place("Stade Louis II", 43.7276, 7.4155, source: "Nominatim, test")
    let offline = try! GazetteerFixture.gazetteer()

    @Test func aPlaceNamedOfflineAsksNothingOnline() async {
        let online = OnlineSearchDouble(.success([Self.stadium]))
        let found = await OnlineFallback(offline: offline, online: online).lookUp("Monaco", limit: 5)
        #expect(online.calls.isEmpty)
        #expect(found.places.first?.name == "Monaco" && found.failure == nil)
        // Nor a position, nor a place named with a qualifier.
        _ = await OnlineFallback(offline: offline, online: online).lookUp("43.7, 7.4", limit: 5)
        _ = await OnlineFallback(offline: offline, online: online).lookUp("Portland, ME", limit: 5)
        #expect(online.calls.isEmpty)
    }

    @Test func aNameNoOfflinePlaceHasIsAskedOnlineAndComesFirstMarked() async {
        let online = OnlineSearchDouble(.success([Self.stadium]))
        let found = await OnlineFallback(offline: offline, online: online).lookUp("Stade Louis", limit: 5)
        #expect(online.calls == ["Stade Louis"])
        #expect(found.places.first == Self.stadium && found.places.first?.source == "Nominatim, test")
    }

    @Test func aFailureKeepsTheOfflineMatchesAndSaysWhy() async {
        let online = OnlineSearchDouble(.failure(OnlineSearchFailure("Nominatim, test: cannot connect")))
        let found = await OnlineFallback(offline: offline, online: online).lookUp("Pheonix", limit: 3)
        #expect(found.places.first?.name == "Phoenix")
        #expect(found.failure?.description == "Nominatim, test: cannot connect")
    }

    @Test func anOnlinePlaceTheOfflineSearchAlreadyHasIsNotRepeated() {
        let monaco = Self.place("Monaco", 43.73333, 7.41667, source: "Nominatim, test")
        let elsewhere = Self.place("Monaco", 48.0, 2.0, source: "Nominatim, test")
        let merged = OnlineFallback.merged(
            online: [monaco, elsewhere], offline: [Self.place("Monaco", 43.7325, 7.4189)], limit: 5)
        #expect(merged.map(\.source) == ["Nominatim, test", ""])
        #expect(merged.first?.coordinate.latitude == 48.0)
    }

    @Test func theCacheAnswersAgainWithoutAskingAndForgetsOldAnswers() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("geocoder-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let base = URL(string: "http://127.0.0.1:9")!  // nothing listens: only the cache can answer
        let start = Date(timeIntervalSince1970: 1_000_000)
        let kept = ImportedPlace(
            name: "Stade Louis II", aliases: [], kind: "stadium", latitude: 43.7276, longitude: 7.4155,
            population: 0, prominence: 0, region: "", country: "Monaco", countryCode: "MC", timeZone: "Europe/Monaco")
        GeocoderCache(url: file, now: { start }).keep([kept], for: GeocoderCache.key(base: base, query: "Stade Louis", limit: 5))

        // Read back from the file by a new run; the query folded as the search folds it.
        let later = NominatimGeocoder(base: base, timeout: .seconds(2), cache: GeocoderCache(url: file, now: { start + 3600 }))
        let answer = try await later.search("STADE Louis", limit: 5).get()
        #expect(answer.first?.name == "Stade Louis II" && answer.first?.source == "Nominatim, 127.0.0.1:9")

        let monthOn = NominatimGeocoder(
            base: base, timeout: .seconds(2), cache: GeocoderCache(url: file, now: { start + 31 * 24 * 3600 }))
        #expect(
            await monthOn.search("Stade Louis", limit: 5)
                == .failure(OnlineSearchFailure("Nominatim, 127.0.0.1:9: cannot connect")))
    }
}
