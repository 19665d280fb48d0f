import Foundation
import RoadtripCore

/// Reads the data file's bytes straight into a `TripDocument`, for the files the app writes.
///
/// It takes only what it is sure `JSONDecoder` would read to the same values: well-formed JSON
/// with the document's own keys, each once, in any order. Anything else (a syntax error, an
/// unknown key, a number out of range, a lone surrogate, a value that breaks a rule of the model)
/// stops it with `NotOnFastPath`, and the codec hands the same bytes to the full decoder,
/// which either reads them or explains what is wrong with its line and column. So the messages
/// stay those of the full decoder, and only the common case is fast.
struct TripDocumentReader {
    /// The bytes need the full decoder; the reason is for tests and debugging only.
    struct NotOnFastPath: Error, Equatable {
        var offset: Int
        var reason: String
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var i = 0
    /// Stretches of the trips array that other cores read meanwhile, for a large document.
    private let parts: TripArrayParts?
    /// The stops of the trip being read, before they are copied out at their exact number.
    private var scratch: [Waypoint] = []

    private init(bytes: UnsafeBufferPointer<UInt8>, parts: TripArrayParts? = nil) {
        self.bytes = bytes
        self.parts = parts
    }

    /// The document in `data`, read on up to `cores` cores if it is large.
    static func read(_ data: Data, cores: Int = ProcessInfo.processInfo.activeProcessorCount) throws(NotOnFastPath)
        -> TripDocument
    {
        try readCountingParts(data, cores: cores).document
    }

    /// `read`, and how many stretches of the trips array it took from other threads.
    static func readCountingParts(_ data: Data, cores: Int, run: @escaping TripArrayParts.Run = TripArrayParts.onOtherThreads)
        throws(NotOnFastPath) -> (document: TripDocument, partsUsed: Int)
    {
        let result: Result<(TripDocument, Int), NotOnFastPath> = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            let parts = TripArrayParts(bytes: bytes, parts: cores)
            parts.start({ bytes, start, next in Self.part(of: bytes, from: start, to: next) }, run: run)
            // The other threads read `bytes`, which lives only as long as this closure.
            defer { parts.waitForAll() }
            var reader = TripDocumentReader(bytes: bytes, parts: parts.starts.isEmpty ? nil : parts)
            do throws(NotOnFastPath) {
                return .success((try reader.document(), parts.used))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The trip elements from `start` to `next` if an element starts there, else to the array's end.
    private static func part(of bytes: UnsafeBufferPointer<UInt8>, from start: Int, to next: Int?) -> TripArrayParts.Outcome? {
        var reader = TripDocumentReader(bytes: bytes)
        reader.i = start
        var trips: [Trip] = []
        do throws(NotOnFastPath) {
            repeat {
                reader.skipSpace()
                if reader.i == next { return TripArrayParts.Outcome(trips: trips, end: reader.i, reachedEnd: false) }
                trips.append(try reader.trip())
            } while reader.take(UInt8(ascii: ","))
        } catch {
            return nil
        }
        reader.skipSpace()
        guard reader.i < bytes.count, bytes[reader.i] == UInt8(ascii: "]") else { return nil }
        return TripArrayParts.Outcome(trips: trips, end: reader.i, reachedEnd: true)
    }

    // MARK: - The document's shape

    private mutating func document() throws(NotOnFastPath) -> TripDocument {
        var version: Int?
        var trips: [Trip]?
        try object { (reader: inout Self, key) throws(NotOnFastPath) in
            switch key {
            case "formatVersion": version = try reader.integer()
            case "trips": trips = try reader.tripArray()
            default: throw reader.stop("key \(key) is not read here")
            }
        }
        skipSpace()
        guard i == bytes.count else { throw stop("content after the document") }
        guard let version, let trips else { throw stop("formatVersion or trips missing") }
        return TripDocument(formatVersion: version, trips: trips)
    }

    /// The trips array, taking the trips other cores read where their stretches begin.
    private mutating func tripArray() throws(NotOnFastPath) -> [Trip] {
        try expect(UInt8(ascii: "["))
        var trips: [Trip] = []
        if take(UInt8(ascii: "]")) { return trips }
        while true {
            skipSpace()
            if let part = parts?.outcome(at: i) {
                trips += part.trips
                i = part.end
                if part.reachedEnd { break }
                continue
            }
            trips.append(try trip())
            guard take(UInt8(ascii: ",")) else { break }
        }
        try expect(UInt8(ascii: "]"))
        return trips
    }

    private mutating func trip() throws(NotOnFastPath) -> Trip {
        var id: UUID?, name: String?, waypoints: [Waypoint]?
        var startDate: Date??, limit: Double?, startMinutes: Int?
        var fuel: FuelConsumption??, price: Double??, avoid = RoadAvoidance(), range: VehicleRange?
        try object { (r: inout Self, key) throws(NotOnFastPath) in
            switch key {
            case "id": id = try r.uuid()
            case "name": name = try r.string()
            case "waypoints":
                waypoints = try r.waypointArray()
            case "startDate": startDate = .some(try r.nullable { (r: inout Self) throws(NotOnFastPath) in try r.date() })
            case "dailyDrivingLimit": limit = try r.nullable { (r: inout Self) throws(NotOnFastPath) in try r.number() }
            case "dailyStartMinutes": startMinutes = try r.nullable { (r: inout Self) throws(NotOnFastPath) in try r.integer() }
            case "fuelConsumption":
                fuel = .some(try r.nullable { (r: inout Self) throws(NotOnFastPath) in try r.fuelConsumption() })
            case "fuelPrice": price = .some(try r.nullable { (r: inout Self) throws(NotOnFastPath) in try r.number() })
            case "range": range = try r.nullable { (r: inout Self) throws(NotOnFastPath) in try r.vehicleRange() }
            case "avoid":
                guard let read = RoadAvoidance(words: try r.string()) else { throw r.stop("avoid names an unknown road kind") }
                avoid = read
            default: throw r.stop("key \(key) is not read here")
            }
        }
        guard let id, let name, let waypoints else { throw stop("a trip lacks id, name or waypoints") }
        let trip = Trip(
            id: id, name: name, waypoints: waypoints, startDate: startDate ?? nil,
            dailyDrivingLimit: limit ?? Trip.defaultDailyDrivingLimit,
            dailyStartMinutes: startMinutes ?? Trip.defaultDailyStartMinutes,
            fuelConsumption: fuel ?? nil, fuelPrice: price ?? nil, avoid: avoid, range: range)
        // The rules `Trip.init(from:)` enforces; the full decoder words the refusal.
        guard trip.dailyDrivingLimit > 0, (0..<24 * 60).contains(trip.dailyStartMinutes),
            trip.fuelConsumption?.isValid ?? true, trip.fuelPrice.map({ $0 >= 0 }) ?? true,
            trip.range?.isValid ?? true
        else {
            throw stop("a trip value breaks a rule")
        }
        return trip
    }

    /// A trip's stops, in an array of their exact number: appending one by one would leave each
    /// trip's array up to twice its size, and allocate it five times on the way.
    private mutating func waypointArray() throws(NotOnFastPath) -> [Waypoint] {
        try expect(UInt8(ascii: "["))
        if take(UInt8(ascii: "]")) { return [] }
        var stops = scratch
        scratch = []
        stops.removeAll(keepingCapacity: true)
        repeat {
            skipSpace()
            stops.append(try waypoint())
        } while take(UInt8(ascii: ","))
        try expect(UInt8(ascii: "]"))
        let exact = stops.withUnsafeBufferPointer { Array($0) }
        scratch = stops
        return exact
    }

    private mutating func waypoint() throws(NotOnFastPath) -> Waypoint {
        var id: UUID?, name: String?, latitude: Double?, longitude: Double?
        var stay: Double?, overnight: Bool?, note: String?, arrival: Date??, zone: String??, region: String??, country: String??
        var via = false, nights: Int?, overLimit = false
        try object { (r: inout Self, key) throws(NotOnFastPath) in
            switch key {
            case "id": id = try r.uuid()
            case "name": name = try r.string()
            case "latitude": latitude = try r.number()
            case "longitude": longitude = try r.number()
            case "stay": stay = try r.nullable { (r: inout Self) throws(NotOnFastPath) in try r.number() }
            case "overnight": overnight = try r.nullable { (r: inout Self) throws(NotOnFastPath) in try r.bool() }
            case "note": note = try r.nullable { (r: inout Self) throws(NotOnFastPath) in try r.string() }
            case "fixedArrival": arrival = .some(try r.nullable { (r: inout Self) throws(NotOnFastPath) in try r.date() })
            case "timeZone": zone = .some(try r.nullable { (r: inout Self) throws(NotOnFastPath) in try r.string() })
            case "region": region = .some(try r.nullable { (r: inout Self) throws(NotOnFastPath) in try r.string() })
            case "country": country = .some(try r.nullable { (r: inout Self) throws(NotOnFastPath) in try r.string() })
            case "nights": nights = try r.nullable { (r: inout Self) throws(NotOnFastPath) in try r.integer() }
            case "overLimit": overLimit = try r.nullable { (r: inout Self) throws(NotOnFastPath) in try r.bool() } ?? false
            case "via": via = try r.nullable { (r: inout Self) throws(NotOnFastPath) in try r.bool() } ?? false
            default: throw r.stop("key \(key) is not read here")
            }
        }
        guard let id, let name, let latitude, let longitude else { throw stop("a stop lacks id, name or coordinates") }
        let stop = Waypoint(
            id: id, name: name, coordinate: Coordinate(latitude: latitude, longitude: longitude),
            stay: stay ?? 0, nights: nights ?? (overnight == true ? 1 : 0), note: note ?? "",
            fixedArrival: arrival ?? nil, timeZone: zone ?? nil, region: region ?? nil, country: country ?? nil, via: via,
            overLimit: overLimit)
        guard stop.stay >= 0 else { throw self.stop("a negative stay") }
        guard Plausibility.nights.contains(stop.nights) else { throw self.stop("nights out of range") }
        return stop
    }

    private mutating func fuelConsumption() throws(NotOnFastPath) -> FuelConsumption {
        var unit: FuelConsumption.Unit?, value: Double?
        try object { (r: inout Self, key) throws(NotOnFastPath) in
            switch key {
            case "unit":
                guard let known = FuelConsumption.Unit(rawValue: try r.string()) else { throw r.stop("unknown unit") }
                unit = known
            case "value": value = try r.number()
            default: throw r.stop("key \(key) is not read here")
            }
        }
        guard let unit, let value else { throw stop("fuelConsumption lacks unit or value") }
        return FuelConsumption(value, unit)
    }

    private mutating func vehicleRange() throws(NotOnFastPath) -> VehicleRange {
        var meters: Double?, refill: VehicleRange.Refill?
        try object { (r: inout Self, key) throws(NotOnFastPath) in
            switch key {
            case "meters": meters = try r.number()
            case "refill":
                guard let known = VehicleRange.Refill(rawValue: try r.string()) else { throw r.stop("unknown refill") }
                refill = known
            default: throw r.stop("key \(key) is not read here")
            }
        }
        guard let meters, let refill else { throw stop("range lacks meters or refill") }
        return VehicleRange(meters: meters, refill: refill)
    }

    // MARK: - Structure

    /// `bytes[from..<to]`, made without a `Slice`, whose generic metadata the hot loops would look up.
    private func slice(_ from: Int, _ to: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: bytes.baseAddress! + from, count: to - from)
    }

    private func stop(_ reason: String) -> NotOnFastPath { NotOnFastPath(offset: i, reason: reason) }

    private mutating func skipSpace() {
        while i < bytes.count {
            // A third of a pretty-printed file is indentation: spaces go eight at a time.
            if i + 8 <= bytes.count {
                let notSpace = Self.word(bytes, at: i) ^ Self.repeated(0x20)
                guard notSpace != 0 else {
                    i += 8
                    continue
                }
                i += notSpace.trailingZeroBitCount >> 3
            }
            switch bytes[i] {
            case 0x20, 0x0A, 0x0D, 0x09: i += 1
            default: return
            }
        }
    }

    /// Moves `i` to the first quote or backslash from `i` on, or near the end (the caller's byte
    /// loop finishes), eight bytes at a time; the bytes passed over are or-ed into `passed`.
    private mutating func skipToQuoteOrBackslash(orControl: Bool, passed: inout UInt64) {
        while i + 8 <= bytes.count {
            let word = Self.word(bytes, at: i)
            var found =
                Self.zeroBytes(word ^ Self.repeated(UInt8(ascii: "\"")))
                | Self.zeroBytes(word ^ Self.repeated(UInt8(ascii: "\\")))
            if orControl { found |= Self.bytesBelow0x20(word) }
            guard found != 0 else {
                passed |= word
                i += 8
                continue
            }
            // Only the lowest flag is exact; the bytes before it are ordinary.
            let ordinary = found.trailingZeroBitCount >> 3
            passed |= ordinary == 0 ? 0 : word & (UInt64.max >> (64 - 8 * ordinary))
            i += ordinary
            return
        }
    }

    // Eight bytes as one word, lowest address in the lowest byte: the flags below mark the bytes
    // of a word that are zero or below 0x20 in their high bits, the lowest flag always exact.
    @inline(__always)
    private static func word(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: UInt64.self))
    }

    @inline(__always)
    private static func repeated(_ byte: UInt8) -> UInt64 { UInt64(byte) &* 0x0101_0101_0101_0101 }

    @inline(__always)
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
    }

    @inline(__always)
    private static func bytesBelow0x20(_ word: UInt64) -> UInt64 {
        (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080
    }

    private mutating func expect(_ byte: UInt8) throws(NotOnFastPath) {
        skipSpace()
        guard i < bytes.count, bytes[i] == byte else { throw stop("expected \(Character(Unicode.Scalar(byte)))") }
        i += 1
    }

    /// Peeks past white space: whether the next byte is `byte`, consuming it if so.
    private mutating func take(_ byte: UInt8) -> Bool {
        skipSpace()
        guard i < bytes.count, bytes[i] == byte else { return false }
        i += 1
        return true
    }

    /// Reads `{ "key": value, … }`, handing each key (which must need no unescaping) to `member`.
    private mutating func object(_ member: (inout Self, StaticKey) throws(NotOnFastPath) -> Void) throws(NotOnFastPath) {
        try expect(UInt8(ascii: "{"))
        if take(UInt8(ascii: "}")) { return }
        // Keys seen so far: a repeated key goes to the full decoder, whatever it makes of it.
        var seen: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var seenCount = 0
        repeat {
            try expect(UInt8(ascii: "\""))
            let start = i
            var passed: UInt64 = 0
            skipToQuoteOrBackslash(orControl: false, passed: &passed)
            while i < bytes.count, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "\\") { i += 1 }
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw stop("a key with escapes") }
            let key = StaticKey(slice(start, i))
            // Start offsets of the keys so far (the document's objects have at most nine); the key's
            // length is found again at its closing quote.
            let repeated = withUnsafeBytes(of: &seen) { raw in
                raw.bindMemory(to: Int.self).prefix(seenCount).contains { other in
                    let length = key.bytes.count
                    return other + length < bytes.count && bytes[other + length] == UInt8(ascii: "\"")
                        && memcmp(bytes.baseAddress! + other, key.bytes.baseAddress!, length) == 0
                }
            }
            guard !repeated, seenCount < 12 else { throw stop("a repeated key or too many keys") }
            withUnsafeMutableBytes(of: &seen) { $0.bindMemory(to: Int.self)[seenCount] = start }
            seenCount += 1
            i += 1
            try expect(UInt8(ascii: ":"))
            skipSpace()
            try member(&self, key)
        } while take(UInt8(ascii: ","))
        try expect(UInt8(ascii: "}"))
    }

    /// nil for `null`, as `decodeIfPresent` reads it.
    private mutating func nullable<T>(_ value: (inout Self) throws(NotOnFastPath) -> T) throws(NotOnFastPath) -> T? {
        if literal("null") { return nil }
        return try value(&self)
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard i + count <= bytes.count else { return false }
        let matches = word.withUTF8Buffer { w in
            memcmp(bytes.baseAddress! + i, w.baseAddress!, count) == 0
        }
        guard matches else { return false }
        // "nullx" or "true1" is not a literal; the full decoder names the error.
        if i + count < bytes.count, Self.isWordByte(bytes[i + count]) { return false }
        i += count
        return true
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte >= 0x80
    }

    // MARK: - Values

    private mutating func bool() throws(NotOnFastPath) -> Bool {
        if literal("true") { return true }
        if literal("false") { return false }
        throw stop("expected true or false")
    }

    private mutating func string() throws(NotOnFastPath) -> String {
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw stop("expected a string") }
        i += 1
        let start = i
        var passed: UInt64 = 0
        skipToQuoteOrBackslash(orControl: true, passed: &passed)
        var bits: UInt8 = passed & Self.repeated(0x80) != 0 ? 0x80 : 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\"") {
                let text = slice(start, i)
                i += 1
                let string = String(decoding: text, as: UTF8.self)
                // Decoding replaces what is not UTF-8, so the text was UTF-8 exactly when it comes out the
                // same; this is much cheaper than the generic validating initialiser.
                guard
                    bits < 0x80
                        || string.utf8.withContiguousStorageIfAvailable({
                            $0.count == text.count && memcmp($0.baseAddress!, text.baseAddress!, text.count) == 0
                        }) == true
                else { throw stop("not UTF-8") }
                return string
            }
            if byte == UInt8(ascii: "\\") { return try escapedString(from: start) }
            if byte < 0x20 { throw stop("a control character in a string") }
            bits |= byte
            i += 1
        }
        throw stop("an unterminated string")
    }

    /// The rest of a string that has escapes, `start` being just after its opening quote.
    private mutating func escapedString(from start: Int) throws(NotOnFastPath) -> String {
        var text = Array(slice(start, i))
        while i < bytes.count {
            let byte = bytes[i]
            i += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let string = String(validating: text, as: UTF8.self) else { throw stop("not UTF-8") }
                return string
            case UInt8(ascii: "\\"):
                guard i < bytes.count else { throw stop("an unterminated escape") }
                let escape = bytes[i]
                i += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"): text.append(contentsOf: String(try unicodeEscape()).utf8)
                default: throw stop("an unknown escape")
                }
            case ..<0x20:
                throw stop("a control character in a string")
            default:
                text.append(byte)
            }
        }
        throw stop("an unterminated string")
    }

    /// The character of `\uXXXX`, or of a surrogate pair `\uD83D\uDE97`; lone surrogates are refused.
    private mutating func unicodeEscape() throws(NotOnFastPath) -> Character {
        let first = try hex4()
        var value = UInt32(first)
        if (0xD800..<0xDC00).contains(first) {
            guard i + 2 <= bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                throw stop("a lone surrogate")
            }
            i += 2
            let second = try hex4()
            guard (0xDC00..<0xE000).contains(second) else { throw stop("a lone surrogate") }
            value = 0x10000 + ((UInt32(first) - 0xD800) << 10) + (UInt32(second) - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(value) else { throw stop("a lone surrogate") }
        return Character(scalar)
    }

    private mutating func hex4() throws(NotOnFastPath) -> UInt16 {
        guard i + 4 <= bytes.count else { throw stop("a short \\u escape") }
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard let digit = Self.hexValue(bytes[i]) else { throw stop("a bad \\u escape") }
            value = value << 4 | UInt16(digit)
            i += 1
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        let digit = hexDigit(byte)
        return digit < 16 ? digit : nil
    }

    /// Each byte's value as a hex digit, 0xFF for the others.
    private static let hexDigits: [UInt8] = (0...255).map { hexDigit(UInt8($0)) }

    /// The value of a hex digit, or 0xFF for any other byte.
    @inline(__always)
    private static func hexDigit(_ byte: UInt8) -> UInt8 {
        let decimal = byte &- 0x30
        if decimal < 10 { return decimal }
        let letter = (byte | 0x20) &- 0x61
        return letter < 6 ? letter &+ 10 : 0xFF
    }

    /// A UUID string in either case, as `UUID(uuidString:)` reads it.
    private mutating func uuid() throws(NotOnFastPath) -> UUID {
        guard i + 38 <= bytes.count, bytes[i] == UInt8(ascii: "\""), bytes[i + 37] == UInt8(ascii: "\""),
            bytes[i + 9] == UInt8(ascii: "-"), bytes[i + 14] == UInt8(ascii: "-"),
            bytes[i + 19] == UInt8(ascii: "-"), bytes[i + 24] == UInt8(ascii: "-")
        else {
            throw stop("not an id")
        }
        var raw: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        // Any byte that is not a hex digit sets the high bits of `invalid`. A table, not comparisons:
        // digits and letters come in random order, and each mispredicted branch cost more than the rest.
        var invalid: UInt8 = 0
        let text = bytes.baseAddress! + i + 1
        Self.hexDigits.withUnsafeBufferPointer { digits in
            withUnsafeMutableBytes(of: &raw) { out in
                var p = 0
                for n in 0..<16 {
                    if n == 4 || n == 6 || n == 8 || n == 10 { p += 1 }
                    let high = digits[Int(text[p])], low = digits[Int(text[p + 1])]
                    invalid |= high | low
                    out[n] = high << 4 | low
                    p += 2
                }
            }
        }
        guard invalid < 16 else { throw stop("not an id") }
        i += 38
        return UUID(uuid: raw)
    }

    private mutating func date() throws(NotOnFastPath) -> Date {
        let text = try string()
        guard let date = Self.fastDate(text) ?? ISO8601Text.date(text) else { throw stop("not a date") }
        return date
    }

    /// `yyyy-MM-ddTHH:mm:ss` followed by `Z` or `±HH:MM`, the form the app writes; nil for any other
    /// form (fractions, out-of-range fields), which `ISO8601Text` then decides on.
    static func fastDate(_ text: String) -> Date? {
        let b = Array(text.utf8)
        guard b.count == 20 || b.count == 25, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"),
            b[10] == UInt8(ascii: "T"), b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":")
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for k in range {
                guard b[k] >= 0x30, b[k] <= 0x39 else { return nil }
                value = value * 10 + Int(b[k] - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19)
        else { return nil }
        let civil = CivilTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard civil.isValid else { return nil }
        var offset = 0
        if b.count == 20 {
            guard b[19] == UInt8(ascii: "Z") else { return nil }
        } else {
            guard b[19] == UInt8(ascii: "+") || b[19] == UInt8(ascii: "-"), b[22] == UInt8(ascii: ":"),
                let hours = number(20..<22), let minutes = number(23..<25), hours <= 23, minutes <= 59
            else { return nil }
            offset = (hours * 3600 + minutes * 60) * (b[19] == UInt8(ascii: "-") ? -1 : 1)
        }
        return Date(timeIntervalSince1970: Double(civil.unixSeconds - offset))
    }

    /// A whole number as `JSONDecoder` reads an `Int`: plain digits only (a fraction or exponent
    /// goes to the full decoder).
    private mutating func integer() throws(NotOnFastPath) -> Int {
        let negative = i < bytes.count && bytes[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        let start = i
        var value = 0
        while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 {
            // Past 18 digits the number is refused below; accumulating it would overflow first.
            if i - start < 18 { value = value * 10 + Int(bytes[i] - 0x30) }
            i += 1
        }
        let count = i - start
        guard count > 0, count <= 18, !(count > 1 && bytes[start] == 0x30) else { throw stop("not a plain whole number") }
        if i < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[i]) {
            throw stop("not a plain whole number")
        }
        return negative ? -value : value
    }

    /// A JSON number as the nearest Double (correctly rounded, as the full decoder reads it).
    ///
    /// Up to 15 significant digits and a power of ten within ±22, the value is one exact
    /// multiplication or division of two exact doubles (Clinger's fast path); anything longer
    /// goes through the standard library's correctly rounded, locale-independent parser.
    private mutating func number() throws(NotOnFastPath) -> Double {
        let start = i
        let negative = i < bytes.count && bytes[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        var mantissa: UInt64 = 0
        var significant = 0
        var truncated = false
        var exponent = 0
        let integerStart = i
        while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 {
            let digit = UInt64(bytes[i] - 0x30)
            if significant == 0 && digit == 0 {
                // a leading zero adds nothing
            } else if significant < 19 {
                mantissa = mantissa * 10 + digit
                significant += 1
            } else {
                exponent += 1
                truncated = true
            }
            i += 1
        }
        let integerDigits = i - integerStart
        guard integerDigits > 0, !(integerDigits > 1 && bytes[integerStart] == 0x30) else { throw stop("not a number") }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            let fractionStart = i
            while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 {
                let digit = UInt64(bytes[i] - 0x30)
                if significant == 0 && digit == 0 {
                    exponent -= 1
                } else if significant < 19 {
                    mantissa = mantissa * 10 + digit
                    significant += 1
                    exponent -= 1
                } else {
                    truncated = true
                }
                i += 1
            }
            guard i > fractionStart else { throw stop("not a number") }
        }
        if i < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            var sign = 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
                if bytes[i] == UInt8(ascii: "-") { sign = -1 }
                i += 1
            }
            let exponentStart = i
            var written = 0
            while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 {
                if written < 10_000 { written = written * 10 + Int(bytes[i] - 0x30) }
                i += 1
            }
            guard i > exponentStart else { throw stop("not a number") }
            exponent += sign * written
        }
        let exact = !truncated && mantissa < (1 << 53) && (-22...22).contains(exponent)
        let value: Double
        if exact {
            let m = Double(mantissa)
            value = exponent < 0 ? m / Self.powersOfTen[-exponent] : m * Self.powersOfTen[exponent]
        } else {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[(negative ? start + 1 : start)..<i]), as: UTF8.self)
            guard let parsed = Double(text) else { throw stop("not a number") }
            value = parsed
        }
        // Out of range (1e400) is an error the full decoder words.
        guard value.isFinite else { throw stop("a number out of range") }
        return negative ? -value : value
    }

    private static let powersOfTen: [Double] = (0...22).map { (0..<$0).reduce(1.0) { r, _ in r * 10 } }
}

/// A key of the trip document, compared without making a String.
struct StaticKey {
    let bytes: UnsafeBufferPointer<UInt8>

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    static func ~= (pattern: StaticString, key: StaticKey) -> Bool {
        pattern.utf8CodeUnitCount == key.bytes.count
            && pattern.withUTF8Buffer { memcmp($0.baseAddress!, key.bytes.baseAddress!, key.bytes.count) == 0 }
    }
}

extension StaticKey: CustomStringConvertible {
    var description: String { String(decoding: bytes, as: UTF8.self) }
}
