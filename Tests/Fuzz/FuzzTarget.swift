// libFuzzer entry point for the data-file loader and the GPX/GeoJSON/KML/KMZ importers.
// Built by Scripts/fuzz.sh with `swiftc -sanitize=fuzzer`, not by SwiftPM.
import Exchange
import Foundation
@testable import RoadtripCore
@testable import TripFile

/// Which reader this run feeds: `ROADTRIP_FUZZ_TARGET` = store | gpx | geojson | kml | kmz.
private let target = ProcessInfo.processInfo.environment["ROADTRIP_FUZZ_TARGET"] ?? "store"

/// Feeds one input to the chosen reader. Refusals are the expected outcome for most inputs;
/// only a crash, a hang or a broken promise (checked with `precondition`) is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    switch target {
    case "gpx": importTrip(data, as: .gpx, fileName: "fuzz.gpx")
    case "geojson": importTrip(data, as: .geojson, fileName: "fuzz.geojson")
    case "kml": importTrip(data, as: .kml, fileName: "fuzz.kml")
    case "kmz": importTrip(data, as: .kmz, fileName: "fuzz.kmz")
    default: loadDocument(data)
    }
    return 0
}

/// A document the loader accepts must be valid and survive a save and a reload unchanged.
private func loadDocument(_ data: Data) {
    guard let document = try? TripDocumentCodec.decode(data, path: "fuzz.json") else { return }
    for trip in document.trips {
        for stop in trip.waypoints {
            precondition(stop.coordinate.isValid, "the loader accepted an invalid coordinate")
        }
    }
    let encoded: Data
    do { encoded = try TripDocumentCodec.encode(document) } catch {
        preconditionFailure("an accepted document does not encode: \(error)")
    }
    do {
        let again = try TripDocumentCodec.decode(encoded, path: "fuzz.json")
        precondition(again == document, "a saved document reads back different")
    } catch {
        preconditionFailure("a saved document is refused on reload: \(error)")
    }
}

/// An imported trip must hold only valid coordinates.
private func importTrip(_ data: Data, as format: ExchangeFormat, fileName: String) {
    guard let result = try? TripImporter().importData(data, fileName: fileName, format: format) else { return }
    for stop in result.trip.waypoints {
        precondition(stop.coordinate.isValid, "the importer produced an invalid coordinate")
    }
}
