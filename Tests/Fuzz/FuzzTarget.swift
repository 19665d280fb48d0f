// libFuzzer entry point for every reader of outside bytes: the data file, the GPX/GeoJSON/KML/KMZ
// importers, OpenStreetMap PBF extracts, Nominatim answers, the geocoder cache, imported regions and
// their packs, OSRM and Valhalla routes and tables, the leg cache and the plain-HTTP reader under them all.
// Built by Scripts/tests/fuzz.sh with `swiftc -sanitize=fuzzer`, not by SwiftPM.
import Exchange
import Foundation
@testable import RoadtripCore
@testable import TripFile

/// Which reader this run feeds (`ROADTRIP_FUZZ_TARGET`; `store` when unset).
private let target = ProcessInfo.processInfo.environment["ROADTRIP_FUZZ_TARGET"] ?? "store"

/// `ROADTRIP_FUZZ_VERBOSE=1`: each input says what it was read as (run the binary on one seed file
/// to see that a seed reaches the reader it is meant for).
private let verbose = ProcessInfo.processInfo.environment["ROADTRIP_FUZZ_VERBOSE"] == "1"

/// Prints `line` to stderr in verbose runs; costs nothing otherwise.
func note(_ line: @autoclosure () -> String) {
    if verbose { FileHandle.standardError.write(Data(("\(target): " + line() + "\n").utf8)) }
}

/// Every target, as `Scripts/tests/fuzz.sh` names them.
let fuzzTargets = [
    "store", "gpx", "geojson", "kml", "kmz", "pbf", "nominatim", "geocache", "places", "pack", "valhalla",
    "valhalla-table", "osrm", "osrm-table", "legcache", "http"
]

/// Feeds one input to the chosen reader. Refusals are the expected outcome for most inputs;
/// only a crash, a hang or a broken promise (checked with `precondition`) is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    switch target {
    case "store": loadDocument(data)
    case "gpx": importTrip(data, as: .gpx, fileName: "fuzz.gpx")
    case "geojson": importTrip(data, as: .geojson, fileName: "fuzz.geojson")
    case "kml": importTrip(data, as: .kml, fileName: "fuzz.kml")
    case "kmz": importTrip(data, as: .kmz, fileName: "fuzz.kmz")
    case "pbf": importExtract(data)
    case "nominatim": readNominatimAnswer(data)
    case "geocache": readGeocoderCache(data)
    case "places": readImportedRegion(data)
    case "pack": readPlacesPack(data)
    case "valhalla": readValhallaRoute(data)
    case "valhalla-table": readValhallaTable(data)
    case "osrm": readOSRMRoute(data)
    case "osrm-table": readOSRMTable(data)
    case "legcache": readLegCache(data)
    case "http": readHTTPAnswer(data)
    // A mistyped target must not quietly fuzz another reader.
    default: fatalError("unknown ROADTRIP_FUZZ_TARGET \(target); one of: \(fuzzTargets.joined(separator: " "))")
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

/// Whether `text` is one printable line: no control, hidden or line-breaking character (what
/// `PlainText.line` promises of every outside text it cleans).
func isOnePrintableLine(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy { !PlainText.isHidden($0) && !PlainText.isBreak($0) }
}

/// A folder of its own for the targets that read files (PBF extracts, caches, region files):
/// in /dev/shm when there is one, so a write costs no disk and a flush no wait. Removed at exit.
private let scratchPath =
    (FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()) + "/roadtrip-fuzz-\(getpid())"
let scratch: URL = {
    try? FileManager.default.createDirectory(atPath: scratchPath, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(atPath: scratchPath) }
    return URL(fileURLWithPath: scratchPath)
}()

/// The value of an `async` call, waited for here: libFuzzer calls in on a thread of its own, never
/// on one of the concurrency pool's, so blocking it cannot starve the task.
func blocking<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
    let box = AwaitedValue<T>(), done = DispatchSemaphore(value: 0)
    Task.detached {
        box.value = await body()
        done.signal()
    }
    done.wait()
    return box.value!
}

/// `precondition` as the standard library's, except that its message is printed in this -O build
/// too (the standard one only traps there), so a finding's log says which promise broke. Declared
/// here, it is the one every `precondition` in the harness calls.
func precondition(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String = String(),
    file: StaticString = #file, line: UInt = #line
) {
    guard condition() else { fatalError(message(), file: file, line: line) }
}

/// `preconditionFailure`, its message printed in this -O build too.
func preconditionFailure(_ message: @autoclosure () -> String = String(), file: StaticString = #file, line: UInt = #line) -> Never
{
    fatalError(message(), file: file, line: line)
}

/// Where `blocking` leaves the value: written by the task before it signals, read after the wait.
private final class AwaitedValue<T>: @unchecked Sendable { var value: T? }
