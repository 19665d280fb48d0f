import Foundation
import RoadtripCore

/// Packs places into the form `PackedPlaces` maps: names folded, keys sorted, gateways found, once.
enum PackedPlacesWriter {
    /// One place to pack: what a search shows and ranks it by, and its destination's gateway town.
    struct Input {
        var place: ImportedPlace
        var source: String
        var gateway: Coordinate?
    }

    /// The packed bytes of `inputs`, in their order (ties in a search go by it).
    /// `sourceHash`: `fnv1a` of the file the inputs were read from.
    static func pack(_ inputs: [Input], sourceHash: UInt64) -> [UInt8] {
        var strings: [UInt8] = []
        var interned: [String: (UInt32, UInt32)] = [:]
        func intern(_ text: String) -> (UInt32, UInt32) {
            if let known = interned[text] { return known }
            let reference = (UInt32(strings.count), UInt32(text.utf8.count))
            strings += text.utf8
            interned[text] = reference
            return reference
        }
        var records: [UInt8] = []
        var keys: [(bytes: [UInt8], entry: UInt32, kind: PackedPlaces.KeyKind)] = []
        for (index, input) in inputs.enumerated() {
            let p = input.place
            let name = printable(p.name)
            let folded = TypedName.folded(name)
            let region = printable(p.region), country = printable(p.country), code = printable(p.countryCode)
            let texts = [
                name, region, country, code, p.timeZone, printable(p.kind), input.source, folded,
                TypedName.folded(region), TypedName.folded(country), TypedName.folded(code)
            ]
            for text in texts {
                let (offset, length) = intern(text)
                append(offset, to: &records)
                append(length, to: &records)
            }
            append(p.latitude.bitPattern, to: &records)
            append(p.longitude.bitPattern, to: &records)
            append(UInt64(bitPattern: Int64(p.population)), to: &records)
            append(UInt64(bitPattern: Int64(max(p.prominence, p.population))), to: &records)
            append(UInt32(bitPattern: p.elevation.flatMap { Int32(exactly: $0) } ?? Int32.min), to: &records)
            append(UInt32(0), to: &records)
            append((input.gateway?.latitude ?? .nan).bitPattern, to: &records)
            append((input.gateway?.longitude ?? .nan).bitPattern, to: &records)
            let entry = UInt32(index)
            keys.append((Array(folded.utf8), entry, .name))
            // A query may begin at any later word and run on ("animalier" for "le jardin animalier").
            for i in folded.indices where i != folded.startIndex && isWordStart(folded, i) {
                keys.append((Array(folded[i...].utf8), entry, .word))
            }
            for alias in p.aliases { keys.append((Array(TypedName.folded(printable(alias)).utf8), entry, .alias)) }
        }
        // Sorted by bytes, ties by entry then kind, so the same input packs to the same bytes.
        keys.sort {
            if $0.bytes != $1.bytes { return $0.bytes.lexicographicallyPrecedes($1.bytes) }
            return ($0.entry, $0.kind.rawValue) < ($1.entry, $1.kind.rawValue)
        }
        var keyBytes: [UInt8] = []
        for key in keys {
            let (offset, length) = intern(String(decoding: key.bytes, as: UTF8.self))
            for field in [offset, length, key.entry, key.kind.rawValue] { append(field, to: &keyBytes) }
        }
        let gateways = Set(inputs.compactMap(\.gateway).map(Gateways.Key.init))
            .map { (Int64($0.latitude), Int64($0.longitude)) }.sorted { $0 < $1 }
        var gatewayBytes: [UInt8] = []
        for (latitude, longitude) in gateways {
            append(UInt64(bitPattern: latitude), to: &gatewayBytes)
            append(UInt64(bitPattern: longitude), to: &gatewayBytes)
        }
        var out = PackedPlaces.magic
        for field in [
            PackedPlaces.version, UInt32(inputs.count), UInt32(keys.count), UInt32(gateways.count), UInt32(strings.count), 0
        ] {
            append(field, to: &out)
        }
        while out.count < 32 { out.append(0) }
        append(sourceHash, to: &out)
        for section in [records, keyBytes, gatewayBytes, strings] {
            out += section
            while out.count % 8 != 0 { out.append(0) }
        }
        return out
    }

    /// Writes `inputs` packed to `url`, atomically.
    static func write(_ inputs: [Input], sourceHash: UInt64, to url: URL) throws {
        do {
            try AtomicFileWriter(target: url, keepsBackup: false).write(pack(inputs, sourceHash: sourceHash))
        } catch {
            throw GazetteerError.malformed(path: url.path, reason: "cannot be written: \(error.message)")
        }
    }

    private static func isWordStart(_ name: String, _ i: String.Index) -> Bool {
        (name[i].isLetter || name[i].isNumber)
            && !(name[name.index(before: i)].isLetter || name[name.index(before: i)].isNumber)
    }

    /// A hand-edited file may hold anything: no hidden character reaches a row.
    static func printable(_ text: String) -> String { PlainText.line(text) }

    private static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }
}
