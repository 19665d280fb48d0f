import Foundation
import RoadtripCore

/// Curated destinations or one imported region, packed once into the form a search reads in place:
/// every name already folded, the keys a query is looked up by already sorted, the gateway towns
/// already found. Mapped, not read: a search touches the few pages it needs and builds nothing, so
/// a `roadtrip places` process costs what its search costs.
///
/// Format (little-endian, every section 8-byte aligned):
///
///     "RTPK" u32 version, u32 entries, u32 keys, u32 gateways, u32 string bytes, u32 zero,
///     u64 FNV-1a hash of the source it was packed from (destinations.tsv, REGION.json)
///     entries × Record (see `Record`)
///     keys × (u32 offset, u32 length, u32 entry, u32 kind)   sorted by their bytes
///     gateways × (i64 latitude, i64 longitude)  sorted `Gateways.Key`s
///     strings                                    UTF-8, referenced by (offset, length)
///
/// `PackedPlacesWriter` writes it; `Scripts/data/pack_destinations.sh` keeps `Data/destinations.pack`
/// in step with `Data/destinations.tsv`, and `roadtrip places import` writes `places/REGION.pack`.
struct PackedPlaces: @unchecked Sendable {
    // @unchecked: the mapping is read-only and `file` keeps it alive as long as these views.
    static let magic = Array("RTPK".utf8)
    static let version: UInt32 = 1
    static let headerBytes = 40

    /// One entry's fixed-size record: 11 strings as (u32 offset, u32 length) — name, region,
    /// country, country code, time zone, kind, source, folded name, and the folded region, country
    /// and country code — then f64 latitude, f64 longitude, i64 population, i64 size, i32
    /// elevation (Int32.min: none), u32 zero, f64 gateway latitude and longitude (NaN: none).
    /// A name's aliases are in the keys only: they are matched, never shown.
    enum Record {
        static let strings = 11
        static let latitude = 88, longitude = 96, population = 104, size = 112, elevation = 120
        static let gatewayLatitude = 128, gatewayLongitude = 136
        static let bytes = 144
    }

    enum KeyKind: UInt32 { case name = 0, word = 1, alias = 2 }

    /// Keeps the bytes alive: the mapping, or the array a pack made in memory lives in.
    private let keeper: AnyObject
    /// The hash of the source the pack was made from, to tell a stale pack.
    let sourceHash: UInt64
    /// The records, read with one load a field (every section starts 8-byte aligned in the mapping).
    private let records: UnsafeRawPointer?
    private let keys: MappedArray<UInt32>
    private let gatewayKeys: MappedArray<Int64>
    private let strings: UnsafeBufferPointer<UInt8>
    let count: Int
    let keyCount: Int

    /// Maps `url` and checks every section and reference against the file's size, so a damaged
    /// file is refused with its reason and no search can read outside it.
    init(_ url: URL) throws {
        let file = try MappedFile(url)
        try self.init(file.bytes, keeper: file, path: url.path)
    }

    /// A pack made in memory (from a source whose file pack is missing or stale).
    init(packed: [UInt8], path: String) throws {
        let storage = PackBytes(packed)
        try self.init(storage.buffer, keeper: storage, path: path)
    }

    private init(_ bytes: UnsafeBufferPointer<UInt8>, keeper: AnyObject, path: String) throws {
        self.keeper = keeper
        func fail(_ reason: String) -> GazetteerError { .malformed(path: path, reason: reason) }
        guard bytes.count >= Self.headerBytes, bytes[0..<4].elementsEqual(Self.magic) else {
            throw fail("not a packed places file")
        }
        let header = MappedArray<UInt32>(bytes, at: 4, count: 6)
        guard header[0] == Self.version else {
            throw fail("packed places version \(header[0]), this build reads \(Self.version)")
        }
        count = Int(header[1])
        keyCount = Int(header[2])
        let gatewayCount = Int(header[3]), stringBytes = Int(header[4])
        sourceHash =
            UInt64(MappedArray<UInt32>(bytes, at: 32, count: 2)[0]) | UInt64(MappedArray<UInt32>(bytes, at: 32, count: 2)[1])
            << 32
        var at = Self.headerBytes
        func section(_ length: Int) throws -> Int {
            let start = at
            let (end, overflow) = at.addingReportingOverflow(length)
            guard !overflow, end <= bytes.count else { throw fail("cut short") }
            at = (end + 7) & ~7
            return start
        }
        let recordsAt = try section(count * Record.bytes)
        records = bytes.baseAddress.map { UnsafeRawPointer($0 + recordsAt) }
        keys = MappedArray(bytes, at: try section(keyCount * 16), count: keyCount * 4)
        gatewayKeys = MappedArray(bytes, at: try section(gatewayCount * 16), count: gatewayCount * 2)
        let stringsAt = try section(stringBytes)
        strings = UnsafeBufferPointer(rebasing: bytes[stringsAt..<(stringsAt + stringBytes)])
        // Every reference in range: checked once here, so reads below need no checks.
        func fits(_ offset: UInt32, _ length: UInt32) -> Bool { UInt64(offset) + UInt64(length) <= UInt64(stringBytes) }
        for i in 0..<keyCount {
            guard fits(keys[4 * i], keys[4 * i + 1]), Int(keys[4 * i + 2]) < count, KeyKind(rawValue: keys[4 * i + 3]) != nil
            else { throw fail("key \(i) points outside") }
        }
        for e in 0..<count {
            for s in 0..<Record.strings where !fits(u32(e, 8 * s), u32(e, 8 * s + 4)) { throw fail("entry \(e) points outside") }
            // The figures too: a damaged pack must not offer a place no trip could then save.
            let at = Coordinate(
                latitude: Double(bitPattern: u64(e, Record.latitude)), longitude: Double(bitPattern: u64(e, Record.longitude)))
            let elevation = Int32(bitPattern: u32(e, Record.elevation))
            guard at.isValid, Plausibility.population(Int(truncatingIfNeeded: u64(e, Record.population))) != nil, size(e) >= 0,
                elevation == Int32.min || Plausibility.elevation(Int(elevation)) != nil, gateway(e)?.isValid ?? true
            else { throw fail("entry \(e) holds a position or a figure no place has") }
        }
    }

    // MARK: Reading in place

    @inline(__always)
    private func u32(_ entry: Int, _ field: Int) -> UInt32 {
        UInt32(
            littleEndian: records.unsafelyUnwrapped.loadUnaligned(fromByteOffset: entry &* Record.bytes &+ field, as: UInt32.self)
        )
    }

    @inline(__always)
    private func u64(_ entry: Int, _ field: Int) -> UInt64 {
        UInt64(
            littleEndian: records.unsafelyUnwrapped.loadUnaligned(fromByteOffset: entry &* Record.bytes &+ field, as: UInt64.self)
        )
    }

    private func bytes(_ offset: UInt32, _ length: UInt32) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: strings[Int(offset)..<Int(offset + length)])
    }

    private func string(_ entry: Int, _ index: Int) -> String {
        String(decoding: bytes(u32(entry, 8 * index), u32(entry, 8 * index + 4)), as: UTF8.self)
    }

    /// The folded name's bytes, for the typo test: read in place.
    func nameBytes(_ entry: Int) -> UnsafeBufferPointer<UInt8> { bytes(u32(entry, 56), u32(entry, 60)) }

    /// The folded region, country and country code, for qualifiers ("Crater Lake, Oregon").
    func whereabouts(_ entry: Int) -> [String] { (8..<11).map { string(entry, $0) } }

    /// Whether the entry's folded name is `typed`.
    func foldedName(_ entry: Int) -> String { string(entry, 7) }

    /// The destination's gateway town, when it has one.
    func gateway(_ entry: Int) -> Coordinate? {
        let latitude = Double(bitPattern: u64(entry, Record.gatewayLatitude))
        let longitude = Double(bitPattern: u64(entry, Record.gatewayLongitude))
        return latitude.isNaN ? nil : Coordinate(latitude: latitude, longitude: longitude)
    }

    /// The ranking size: a destination's or point of interest's standing, or a town's population.
    func size(_ entry: Int) -> Int { Int(truncatingIfNeeded: u64(entry, Record.size)) }

    /// The entry's position, read in place.
    func coordinate(_ entry: Int) -> Coordinate {
        Coordinate(
            latitude: Double(bitPattern: u64(entry, Record.latitude)), longitude: Double(bitPattern: u64(entry, Record.longitude))
        )
    }

    /// The entry's kind ("park", "fuel"), read in place.
    func kind(_ entry: Int) -> String { string(entry, 5) }

    /// The entry as a place.
    func place(_ entry: Int) -> Place {
        // The writer cleaned what it packed; a pack changed on disk is not trusted to be clean.
        func text(_ index: Int) -> String { PlainText.line(string(entry, index)) }
        var place = Place(
            name: text(0), region: text(1), country: text(2), countryCode: text(3),
            coordinate: Coordinate(
                latitude: Double(bitPattern: u64(entry, Record.latitude)),
                longitude: Double(bitPattern: u64(entry, Record.longitude))),
            population: Int(truncatingIfNeeded: u64(entry, Record.population)), timeZone: text(4))
        place.feature = text(5)
        place.source = text(6)
        let elevation = Int32(bitPattern: u32(entry, Record.elevation))
        place.elevation = elevation == Int32.min ? nil : Int(elevation)
        return place
    }

    /// The entry of one of `kinds` nearest `coordinate` within `meters`, and how far it is.
    ///
    /// Reads only positions until one is near enough: a pack of a region holds tens of thousands of
    /// entries, and this is asked a few times an itinerary.
    func nearest(to coordinate: Coordinate, within meters: Double, kinds: Set<String>) -> (place: Place, meters: Double)? {
        let degrees = meters / 111_000 + 0.01
        var best: (entry: Int, meters: Double)?
        for e in 0..<count {
            let latitude = Double(bitPattern: u64(e, Record.latitude))
            guard abs(latitude - coordinate.latitude) <= degrees else { continue }
            let at = Coordinate(latitude: latitude, longitude: Double(bitPattern: u64(e, Record.longitude)))
            let d = Geodesic.distance(coordinate, at)
            guard d <= meters, d < (best?.meters ?? .infinity), kinds.contains(string(e, 5)) else { continue }
            best = (e, d)
        }
        return best.map { (place($0.entry), $0.meters) }
    }

    /// The keys that begin with `prefix`: (entry, kind, whether the key is exactly `prefix`).
    func keys(beginningWith prefix: [UInt8]) -> [(entry: Int, kind: KeyKind, exact: Bool)] {
        func key(_ i: Int) -> UnsafeBufferPointer<UInt8> { bytes(keys[4 * i], keys[4 * i + 1]) }
        var low = 0, high = keyCount
        while low < high {
            let mid = (low + high) / 2
            if key(mid).lexicographicallyPrecedes(prefix) { low = mid + 1 } else { high = mid }
        }
        var out: [(entry: Int, kind: KeyKind, exact: Bool)] = []
        var i = low
        while i < keyCount, key(i).starts(with: prefix) {
            out.append((Int(keys[4 * i + 2]), KeyKind(rawValue: keys[4 * i + 3]) ?? .name, key(i).count == prefix.count))
            i += 1
        }
        return out
    }

    /// Whether a town at `key` is a destination's gateway.
    func isGateway(_ key: Gateways.Key) -> Bool {
        var low = 0, high = gatewayKeys.count / 2
        let wanted = (Int64(key.latitude), Int64(key.longitude))
        while low < high {
            let mid = (low + high) / 2
            let here = (gatewayKeys[2 * mid], gatewayKeys[2 * mid + 1])
            if here == wanted { return true }
            if here < wanted { low = mid + 1 } else { high = mid }
        }
        return false
    }
}

/// A pack's bytes held in memory, at a stable address for as long as the pack lives.
private final class PackBytes {
    let buffer: UnsafeBufferPointer<UInt8>

    init(_ bytes: [UInt8]) {
        let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        _ = storage.initialize(from: bytes)
        buffer = UnsafeBufferPointer(rebasing: storage[0..<bytes.count])
    }

    deinit { buffer.baseAddress.map { UnsafeMutablePointer(mutating: $0).deallocate() } }
}

/// FNV-1a, 64 bits: tells a pack made from other bytes than the source beside it.
func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    return hash
}
