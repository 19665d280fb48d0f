import RoadtripCore

/// Refuses a file whose counts already show it cannot become a trip, in one quick pass over its
/// bytes before the parse that would take seconds and hundreds of megabytes to say the same.
///
/// A trip holds at most `TextLimits.stopsPerTrip` stops, and a line (a track) is reduced to a few
/// stops, so no file needs more than `maxPoints` positions: half a million is days of GPS track.
enum InputBudget {
    /// Positions a file may hold (track points, coordinates of lines).
    static let maxPoints = 500_000
    /// XML elements a GPX or KML file may hold: a few per point.
    static let maxElements = 4 * maxPoints

    /// Checks `bytes` as `format` would be read; throws the refusal the parse would reach later.
    static func check(_ bytes: [UInt8], as format: ExchangeFormat) throws {
        switch format {
        case .csv: try csvRows(bytes)
        case .geojson, .json: try jsonArrays(bytes)
        case .gpx, .kml: try xmlElements(bytes)
        case .kmz: break  // its KML is checked once unpacked
        }
    }

    /// Lines outside quoted fields: one a stop, after the header.
    private static func csvRows(_ bytes: [UInt8]) throws {
        var rows = 0
        var quoted = false
        var blank = true
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""): quoted.toggle()
            case 0x0A where !quoted:
                if !blank { rows += 1 }
                blank = true
                continue
            case 0x0D, 0x20, 0x09: continue
            default: break
            }
            blank = false
        }
        if !blank { rows += 1 }
        let stops = max(0, rows - 1)
        guard stops <= TextLimits.stopsPerTrip else { throw tooManyStops(stops) }
    }

    /// Arrays outside strings: each position of GeoJSON is one.
    private static func jsonArrays(_ bytes: [UInt8]) throws {
        var arrays = 0
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "[") {
                arrays += 1
                if arrays > maxPoints + TextLimits.stopsPerTrip {
                    throw tooManyPoints("more than \(Formatting.grouped(maxPoints)) positions")
                }
            }
        }
    }

    /// Start tags, and the positions of KML's coordinate lists ("lon,lat" or "lon,lat,alt", each
    /// counted once at its first comma after a space).
    private static func xmlElements(_ bytes: [UInt8]) throws {
        var elements = 0
        var tuples = 0
        var inTuple = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<"), index + 1 < bytes.count,
                ![UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "!")].contains(bytes[index + 1])
            {
                elements += 1
                if elements > maxElements { throw tooManyPoints("more than \(Formatting.grouped(maxElements)) elements") }
            } else if byte == UInt8(ascii: ","), !inTuple {
                inTuple = true
                tuples += 1
                if tuples > maxPoints { throw tooManyPoints("more than \(Formatting.grouped(maxPoints)) positions") }
            } else if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == UInt8(ascii: "<") {
                inTuple = false
            }
            index += 1
        }
    }

    private static func tooManyStops(_ count: Int) -> ParseFailure {
        ParseFailure(
            .unsupported,
            "\(Formatting.grouped(count)) stops: a trip holds at most \(Formatting.grouped(TextLimits.stopsPerTrip)); split the file first"
        )
    }

    private static func tooManyPoints(_ what: String) -> ParseFailure {
        ParseFailure(
            .tooLarge,
            "it holds \(what): a trip takes at most \(Formatting.grouped(TextLimits.stopsPerTrip)) stops and a track "
                + "of \(Formatting.grouped(maxPoints)) points; simplify or split the file first")
    }
}
