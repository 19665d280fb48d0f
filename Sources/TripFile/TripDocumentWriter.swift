import Foundation
import RoadtripCore

/// Writes a `TripDocument` as the data file's bytes, straight from the model.
///
/// The output is byte for byte what Foundation's `JSONEncoder` writes with
/// `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` plus a final newline (the tests
/// compare the two), at a small fraction of the cost: no intermediate tree, no key sorting at
/// run time (the keys are written in their sorted order), and ids and dates formatted by hand.
/// The store streams it (`stream`): a 59 MB file goes to disk a megabyte at a time.
struct TripDocumentWriter {
    /// A value JSON cannot carry (an infinite or NaN number), named by its path.
    struct Unwritable: Error, CustomStringConvertible {
        var description: String
    }

    /// Why streaming a document stopped part-way: a value JSON cannot hold, or the output refused bytes.
    enum StreamFailure<OutputFailure: Error>: Error {
        case unwritable(Unwritable)
        case output(OutputFailure)
    }

    /// How many bytes `stream` gathers before handing them on.
    static let chunkSize = 1 << 20

    private var out: [UInt8] = []

    /// The whole document in one buffer, for tests and small documents; the store streams instead.
    static func encode(_ document: TripDocument) throws(Unwritable) -> [UInt8] {
        var writer = TripDocumentWriter()
        // A stop with every field takes about 300 bytes, a trip's own fields about 400: one allocation
        // for typical files, so a large file never holds two growing copies at once.
        let stops = document.trips.reduce(0) { $0 + $1.waypoints.count }
        writer.out.reserveCapacity(64 + document.trips.count * 400 + stops * 320)
        do {
            try writer.write(document, handingOnAt: .max) { (_: UnsafeRawBufferPointer) throws(Never) in }
        } catch {
            switch error {
            case let .unwritable(unwritable): throw unwritable
            }
        }
        return writer.out
    }

    /// Hands the document's bytes to `output` in pieces of about `chunkSize` (one stop more at most),
    /// so the encoded file never sits whole in memory beside the trips. Joined, the pieces are
    /// `encode`'s bytes. Stops at the first failure, whichever side it comes from.
    static func stream<OutputFailure: Error>(
        _ document: TripDocument, chunkSize: Int = chunkSize,
        to output: (UnsafeRawBufferPointer) throws(OutputFailure) -> Void
    ) throws(StreamFailure<OutputFailure>) {
        var writer = TripDocumentWriter()
        writer.out.reserveCapacity(chunkSize + (64 << 10))
        try writer.write(document, handingOnAt: chunkSize, to: output)
        try writer.handOn(to: output)
    }

    /// Writes the document, handing what has gathered to `output` whenever it reaches `threshold` bytes;
    /// the last piece is left in `out`.
    private mutating func write<OutputFailure: Error>(
        _ document: TripDocument, handingOnAt threshold: Int,
        to output: (UnsafeRawBufferPointer) throws(OutputFailure) -> Void
    ) throws(StreamFailure<OutputFailure>) {
        raw("{\n  \"formatVersion\" : ")
        integer(document.formatVersion)
        raw(",\n  \"trips\" : ")
        if document.trips.isEmpty {
            raw("[\n\n  ]")
        } else {
            raw("[\n")
            for (t, trip) in document.trips.enumerated() {
                if t > 0 { raw(",\n") }
                do { try writeFields(of: trip, index: t) } catch { throw .unwritable(error) }
                guard !trip.waypoints.isEmpty else { continue }
                for (w, stop) in trip.waypoints.enumerated() {
                    if w > 0 { raw(",\n") }
                    do { try write(stop, at: "trips[\(t)].waypoints[\(w)]") } catch { throw .unwritable(error) }
                    if out.count >= threshold { try handOn(to: output) }
                }
                raw("\n      ]\n    }")
                if out.count >= threshold { try handOn(to: output) }
            }
            raw("\n  ]")
        }
        raw("\n}\n")
    }

    /// Gives `output` what has gathered and starts gathering again in the same buffer.
    private mutating func handOn<OutputFailure: Error>(
        to output: (UnsafeRawBufferPointer) throws(OutputFailure) -> Void
    ) throws(StreamFailure<OutputFailure>) {
        var failure: OutputFailure?
        out.withUnsafeBytes { bytes in
            do throws(OutputFailure) { try output(bytes) } catch { failure = error }
        }
        if let failure { throw .output(failure) }
        out.removeAll(keepingCapacity: true)
    }

    // Keys in sorted order: avoid, dailyDrivingLimit, dailyStartMinutes, fuelConsumption, fuelPrice, id, name,
    // range, startDate, waypoints. The stops are left to the caller, which may hand bytes on between them:
    // after a trip without stops the trip is closed, otherwise its list of stops is open.
    private mutating func writeFields(of trip: Trip, index t: Int) throws(Unwritable) {
        raw("    {\n")
        if !trip.avoid.isEmpty {
            raw("      \"avoid\" : ")
            string(trip.avoid.listText)
            raw(",\n")
        }
        raw("      \"dailyDrivingLimit\" : ")
        try number(trip.dailyDrivingLimit, at: "trips[\(t)].dailyDrivingLimit")
        raw(",\n      \"dailyStartMinutes\" : ")
        integer(trip.dailyStartMinutes)
        if let fuel = trip.fuelConsumption {
            raw(",\n      \"fuelConsumption\" : {\n        \"unit\" : ")
            string(fuel.unit.rawValue)
            raw(",\n        \"value\" : ")
            try number(fuel.value, at: "trips[\(t)].fuelConsumption.value")
            raw("\n      }")
        }
        if let price = trip.fuelPrice {
            raw(",\n      \"fuelPrice\" : ")
            try number(price, at: "trips[\(t)].fuelPrice")
        }
        raw(",\n      \"id\" : ")
        uuid(trip.id)
        raw(",\n      \"name\" : ")
        string(trip.name)
        if let range = trip.range {
            raw(",\n      \"range\" : {\n        \"meters\" : ")
            try number(range.meters, at: "trips[\(t)].range.meters")
            raw(",\n        \"refill\" : ")
            string(range.refill.rawValue)
            raw("\n      }")
        }
        if let start = trip.startDate {
            raw(",\n      \"startDate\" : ")
            date(start)
        }
        raw(trip.waypoints.isEmpty ? ",\n      \"waypoints\" : [\n\n      ]\n    }" : ",\n      \"waypoints\" : [\n")
    }

    // Keys in sorted order: country, fixedArrival, id, latitude, longitude, name, nights, note, overLimit,
    // overnight, region, stay, timeZone, via.
    private mutating func write(_ stop: Waypoint, at path: @autoclosure () -> String) throws(Unwritable) {
        raw("        {\n")
        if let country = stop.country {
            raw("          \"country\" : ")
            string(country)
            raw(",\n")
        }
        if let arrival = stop.fixedArrival {
            raw("          \"fixedArrival\" : ")
            date(arrival)
            raw(",\n")
        }
        raw("          \"id\" : ")
        uuid(stop.id)
        raw(",\n          \"latitude\" : ")
        try number(stop.coordinate.latitude, at: path() + ".latitude")
        raw(",\n          \"longitude\" : ")
        try number(stop.coordinate.longitude, at: path() + ".longitude")
        raw(",\n          \"name\" : ")
        string(stop.name)
        if stop.nights > 0 {
            raw(",\n          \"nights\" : ")
            integer(stop.nights)
        }
        raw(",\n          \"note\" : ")
        string(stop.note)
        if stop.overLimit { raw(",\n          \"overLimit\" : true") }
        raw(stop.overnight ? ",\n          \"overnight\" : true" : ",\n          \"overnight\" : false")
        if let region = stop.region {
            raw(",\n          \"region\" : ")
            string(region)
        }
        raw(",\n          \"stay\" : ")
        try number(stop.stay, at: path() + ".stay")
        if let zone = stop.timeZone {
            raw(",\n          \"timeZone\" : ")
            string(zone)
        }
        if stop.via { raw(",\n          \"via\" : true") }
        raw("\n        }")
    }

    // MARK: - Values

    private mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    private mutating func integer(_ value: Int) {
        var text = String(value)
        text.withUTF8 { out.append(contentsOf: $0) }
    }

    /// Swift's shortest round-trip form without a trailing ".0", as `JSONEncoder` writes it.
    private mutating func number(_ value: Double, at path: @autoclosure () -> String) throws(Unwritable) {
        guard value.isFinite else {
            throw Unwritable(description: "\(path()) is \(value), which JSON cannot hold")
        }
        var text = value.description
        text.withUTF8 { bytes in
            var count = bytes.count
            if count >= 2, bytes[count - 2] == UInt8(ascii: "."), bytes[count - 1] == UInt8(ascii: "0") { count -= 2 }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[0..<count]))
        }
    }

    /// A quoted string, escaped as `JSONEncoder` does: `"` and `\`, the short forms \b \f \n \r \t,
    /// `\u00XX` for other control characters; everything else (including `/` and DEL) as it is.
    private mutating func string(_ value: String) {
        out.append(UInt8(ascii: "\""))
        var text = value
        text.withUTF8 { bytes in
            var start = 0
            for i in 0..<bytes.count {
                let byte = bytes[i]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i]))
                start = i + 1
                out.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(byte)
                case 0x08: out.append(UInt8(ascii: "b"))
                case 0x0C: out.append(UInt8(ascii: "f"))
                case 0x0A: out.append(UInt8(ascii: "n"))
                case 0x0D: out.append(UInt8(ascii: "r"))
                case 0x09: out.append(UInt8(ascii: "t"))
                default:
                    out.append(contentsOf: [
                        UInt8(ascii: "u"), 0x30, 0x30, Self.hexUpper[Int(byte >> 4)], Self.hexLower[Int(byte & 0xF)]
                    ])
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]))
        }
        out.append(UInt8(ascii: "\""))
    }

    private static let hexUpper: [UInt8] = Array("0123456789ABCDEF".utf8)
    private static let hexLower: [UInt8] = Array("0123456789abcdef".utf8)

    /// The id as `UUID.uuidString` spells it: upper-case hex in 8-4-4-4-12 groups.
    private mutating func uuid(_ id: UUID) {
        out.append(UInt8(ascii: "\""))
        withUnsafeBytes(of: id.uuid) { bytes in
            for (i, byte) in bytes.enumerated() {
                if i == 4 || i == 6 || i == 8 || i == 10 { out.append(UInt8(ascii: "-")) }
                out.append(Self.hexUpper[Int(byte >> 4)])
                out.append(Self.hexUpper[Int(byte & 0xF)])
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Whole-second dates in years 1600…9999 as `yyyy-MM-ddTHH:mm:ssZ`, computed directly;
    /// anything else through `ISO8601Text`, which defines the format.
    private mutating func date(_ value: Date) {
        let seconds = value.timeIntervalSince1970
        guard seconds == seconds.rounded(.down), let civil = CivilTime(unixSeconds: seconds) else {
            string(ISO8601Text.string(value))
            return
        }
        let fields: [(before: Unicode.Scalar, value: Int, width: Int)] = [
            ("\"", civil.year, 4), ("-", civil.month, 2), ("-", civil.day, 2),
            ("T", civil.hour, 2), (":", civil.minute, 2), (":", civil.second, 2)
        ]
        for field in fields {
            out.append(UInt8(ascii: field.before))
            digits(field.value, field.width)
        }
        out.append(contentsOf: [UInt8(ascii: "Z"), UInt8(ascii: "\"")])
    }

    private mutating func digits(_ value: Int, _ width: Int) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            out.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }
}
