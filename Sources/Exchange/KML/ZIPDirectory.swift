import RoadtripCore
import Foundation
import ZIPFoundation

/// Reads the files of a zip archive held in memory, with every offset checked against the bytes.
///
/// ZIPFoundation writes KMZ files, but reading an archive that came from outside goes through this
/// reader instead of its `Archive`: an in-memory `Archive` traps when a damaged directory points
/// past the end of the data (the KMZ fuzzer found it in seconds), and its Linux inflate loop hands
/// zlib a full buffer's length even for a shorter last chunk and waits forever for the rest of a
/// cut stream. Here only ZIPFoundation's inflate is used, given the whole compressed entry as one
/// chunk of exactly its length, so it never reads past it and never waits for more.
struct ZIPDirectory {
    struct Entry {
        var path: String
        var method, flags: UInt16
        var crc32: UInt32
        var compressedSize, uncompressedSize, localHeaderOffset: Int

        var isDirectory: Bool { path.hasSuffix("/") }
    }

    let bytes: [UInt8]
    let entries: [Entry]

    /// Reads the central directory; throws `.malformed` for anything that does not fit the bytes.
    init(_ bytes: [UInt8]) throws {
        self.bytes = bytes
        let end = try Self.endOfDirectory(bytes)
        guard Self.u16(bytes, end + 4) == 0, Self.u16(bytes, end + 6) == 0 else {
            throw Self.unsupported("archives split over several files")
        }
        let count = Int(Self.u16(bytes, end + 10))
        let size = Int(Self.u32(bytes, end + 12)), start = Int(Self.u32(bytes, end + 16))
        guard count != 0xFFFF, size != 0xFFFF_FFFF, start != 0xFFFF_FFFF else { throw Self.unsupported("ZIP64 archives") }
        guard start + size <= end else { throw Self.damaged("its directory lies outside the archive") }
        var entries: [Entry] = []
        var p = start
        for _ in 0..<count {
            guard p + 46 <= start + size, Self.u32(bytes, p) == 0x0201_4B50 else {
                throw Self.damaged("its directory is cut short")
            }
            let nameLength = Int(Self.u16(bytes, p + 28))
            let next = p + 46 + nameLength + Int(Self.u16(bytes, p + 30)) + Int(Self.u16(bytes, p + 32))
            guard next <= start + size else { throw Self.damaged("its directory is cut short") }
            let entry = Entry(
                path: String(decoding: bytes[(p + 46)..<(p + 46 + nameLength)], as: UTF8.self),
                method: Self.u16(bytes, p + 10), flags: Self.u16(bytes, p + 8), crc32: Self.u32(bytes, p + 16),
                compressedSize: Int(Self.u32(bytes, p + 20)), uncompressedSize: Int(Self.u32(bytes, p + 24)),
                localHeaderOffset: Int(Self.u32(bytes, p + 42)))
            guard entry.compressedSize != 0xFFFF_FFFF, entry.uncompressedSize != 0xFFFF_FFFF,
                entry.localHeaderOffset != 0xFFFF_FFFF
            else { throw Self.unsupported("ZIP64 archives") }
            entries.append(entry)
            p = next
        }
        self.entries = entries
    }

    /// The unpacked contents of `entry`, checked against its size and CRC-32.
    ///
    /// The size is checked before anything is unpacked and again as the bytes come: a directory
    /// that understates it (a zip bomb in disguise) is caught at the declared size.
    func contents(of entry: Entry, maxBytes: Int) throws -> [UInt8] {
        let name = ImportedText.singleLine(entry.path)
        guard entry.flags & 1 == 0 else { throw Self.unsupported("encrypted files (\(name))") }
        // Before any offset is checked: an archive in a method roadtrip cannot unpack is named as such,
        // never as damaged, since the sizes of such entries mean nothing to the checks below.
        guard entry.method == 0 || entry.method == 8 else {
            let method = Self.methodNames[entry.method].map { "\($0) compression" } ?? "compression method \(entry.method)"
            throw ParseFailure(
                .unsupported,
                "the KMZ archive uses \(method) (\(name)), which roadtrip does not read: "
                    + "save it again with ordinary (Deflate) compression, e.g. zip -Z deflate")
        }
        guard entry.uncompressedSize <= maxBytes else {
            throw ParseFailure(
                .tooLarge,
                "\(name) unpacks to \(Formatting.grouped(entry.uncompressedSize)) bytes, "
                    + "over the \(Formatting.grouped(maxBytes))-byte limit")
        }
        let header = entry.localHeaderOffset
        guard header + 30 <= bytes.count, Self.u32(bytes, header) == 0x0403_4B50 else {
            throw Self.damaged("\(name) is not where its directory says")
        }
        let start = header + 30 + Int(Self.u16(bytes, header + 26)) + Int(Self.u16(bytes, header + 28))
        guard start + entry.compressedSize <= bytes.count else { throw Self.damaged("\(name) is cut short") }
        let stored = bytes[start..<(start + entry.compressedSize)]
        var out = Data()
        let crc: UInt32
        switch entry.method {
        case 0:
            out = Data(stored)
            crc = out.crc32(checksum: 0)
        case 8:
            guard !stored.isEmpty else { throw Self.damaged("\(name) is empty but says it is compressed") }
            do throws(Inflate.Failure) {
                (out, crc) = try Inflate.raw(Data(stored), maxBytes: entry.uncompressedSize)
            } catch .cut {
                throw Self.damaged("\(name) is cut short")
            } catch .tooLarge {
                throw Self.damaged("\(name) unpacks to more than its directory says")
            } catch {
                throw Self.damaged("\(name) does not unpack")
            }
        default:
            throw Self.unsupported("compression method \(entry.method) (\(name))")
        }
        guard out.count == entry.uncompressedSize, crc == entry.crc32 else {
            throw Self.damaged("\(name) does not match its checksum")
        }
        return [UInt8](out)
    }

    /// Where the end-of-directory record starts: the last one in the archive's final 64 KiB and 22 bytes.
    private static func endOfDirectory(_ bytes: [UInt8]) throws -> Int {
        guard bytes.count >= 22 else { throw damaged("it is too short to be a zip archive") }
        var p = bytes.count - 22
        let lowest = max(0, p - 0xFFFF)
        while p >= lowest {
            if u32(bytes, p) == 0x0605_4B50 { return p }
            p -= 1
        }
        throw damaged("it has no zip directory")
    }

    private static func u16(_ b: [UInt8], _ i: Int) -> UInt16 { UInt16(b[i]) | UInt16(b[i + 1]) << 8 }

    private static func u32(_ b: [UInt8], _ i: Int) -> UInt32 { UInt32(u16(b, i)) | UInt32(u16(b, i + 2)) << 16 }

    /// The ZIP methods people meet, by their APPNOTE numbers.
    private static let methodNames: [UInt16: String] = [
        9: "Deflate64", 12: "bzip2", 14: "LZMA", 93: "Zstandard", 95: "XZ", 98: "PPMd"
    ]

    private static func damaged(_ what: String) -> ParseFailure {
        ParseFailure(.malformed, "the KMZ archive is damaged: \(what)")
    }

    private static func unsupported(_ what: String) -> ParseFailure {
        ParseFailure(.unsupported, "the KMZ archive uses \(what), which roadtrip does not read")
    }
}
