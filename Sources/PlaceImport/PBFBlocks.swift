import Foundation
import Exchange
import RoadtripCore
import SwiftProtobuf

/// The blocks of an OpenStreetMap PBF file, read one at a time from disk.
///
/// A file is a sequence of (4-byte big-endian header length, BlobHeader, Blob); each Blob holds one
/// block, usually zlib-compressed. Sizes are checked against the format's own limits before anything
/// is allocated, so a damaged or hostile file is refused in one line instead of exhausting memory.
struct PBFBlocks {
    /// The format's limits: a header of at most 64 KiB, a block of at most 32 MiB.
    static let maxHeaderBytes = 64 * 1024
    static let maxBlockBytes = 32 * 1024 * 1024

    let path: String

    /// Calls `body` with every OSMData block, decoded; checks the header block's required features.
    func forEachDataBlock(_ body: (RoadtripOsm_PrimitiveBlock) throws -> Void) throws {
        let path = PlainText.line(self.path)
        var info = stat()
        if stat(self.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw ImportError("\(path) is a folder, not an .osm.pbf extract: give the extract's file")
        }
        guard let handle = FileHandle(forReadingAtPath: self.path) else {
            throw ImportError("cannot open \(path): \(String(cString: strerror(errno))); check the path and try again")
        }
        defer { try? handle.close() }
        var offset: UInt64 = 0
        var sawHeader = false
        while true {
            guard let lengthBytes = try readChunk(handle, 4, path: path), !lengthBytes.isEmpty else { break }
            guard lengthBytes.count == 4 else { throw cutShort(path, at: offset) }
            let headerLength = lengthBytes.reduce(0) { $0 << 8 | Int($1) }
            guard headerLength > 0, headerLength <= Self.maxHeaderBytes else {
                throw ImportError(
                    "\(path) is not an OpenStreetMap PBF file (a block header of \(headerLength) bytes at byte \(offset))")
            }
            let header: RoadtripOsm_BlobHeader
            do {
                header = try RoadtripOsm_BlobHeader(serializedBytes: try read(handle, headerLength, at: offset, path: path))
            } catch let error as ImportError {
                throw error
            } catch {
                throw ImportError("\(path) is not an OpenStreetMap PBF file (an unreadable block header at byte \(offset))")
            }
            guard header.datasize >= 0, Int(header.datasize) <= Self.maxBlockBytes else {
                throw ImportError("\(path): a block of \(header.datasize) bytes at byte \(offset), over the format's 32 MiB")
            }
            let blob = try read(handle, Int(header.datasize), at: offset, path: path)
            let blockStart = offset
            offset += UInt64(4 + headerLength + Int(header.datasize))
            let bytes = try Self.contents(
                of: try Self.decoded(path, at: blockStart) { try RoadtripOsm_Blob(serializedBytes: blob) }, at: blockStart,
                in: path)
            switch header.type {
            case "OSMHeader":
                let block = try Self.decoded(path, at: blockStart) { try RoadtripOsm_HeaderBlock(serializedBytes: bytes) }
                let unknown = block.requiredFeatures.filter { !["OsmSchema-V0.6", "DenseNodes"].contains($0) }
                guard unknown.isEmpty else {
                    throw ImportError("\(path) needs features this reader does not have: \(unknown.joined(separator: ", "))")
                }
                sawHeader = true
            case "OSMData":
                guard sawHeader else { throw ImportError("\(path) has data before its OSMHeader block") }
                try body(try Self.decoded(path, at: blockStart) { try RoadtripOsm_PrimitiveBlock(serializedBytes: bytes) })
            default:
                continue  // The format lets readers skip block types they do not know.
            }
        }
        guard sawHeader else { throw ImportError("\(path) is not an OpenStreetMap PBF file (no OSMHeader block)") }
    }

    private func read(_ handle: FileHandle, _ count: Int, at offset: UInt64, path: String) throws -> Data {
        let data = try readChunk(handle, count, path: path) ?? Data()
        guard data.count == count else { throw cutShort(path, at: offset) }
        return data
    }

    /// Up to `count` bytes; a read error names the file, not the Foundation error domain.
    private func readChunk(_ handle: FileHandle, _ count: Int, path: String) throws -> Data? {
        do { return try handle.read(upToCount: count) } catch {
            throw ImportError("\(path) cannot be read (\(String(cString: strerror(errno)))): check the file and try again")
        }
    }

    private func cutShort(_ path: String, at offset: UInt64) -> ImportError {
        ImportError("\(path) ends inside a block (at byte \(offset)): the download was cut short; download it again")
    }

    /// A block decoded by SwiftProtobuf, whose own errors ("truncated") name neither file nor place.
    private static func decoded<T>(_ path: String, at offset: UInt64, _ decode: () throws -> T) throws -> T {
        do { return try decode() } catch let error as ImportError { throw error } catch {
            throw ImportError("\(path): a damaged block at byte \(offset) (\(error)): download the extract again")
        }
    }

    /// A blob's bytes: stored, or inflated from zlib (the only compression osmium and Geofabrik use by default).
    static func contents(of blob: RoadtripOsm_Blob, at offset: UInt64, in path: String) throws -> Data {
        if blob.hasRaw { return blob.raw }
        guard blob.hasZlibData else {
            throw ImportError(
                "\(path): a block compressed other than with zlib (at byte \(offset)); convert it with `osmium cat -o out.osm.pbf`"
            )
        }
        let expected = Int(blob.rawSize)
        guard expected >= 0, expected <= maxBlockBytes, blob.zlibData.count > 2 else {
            throw ImportError("\(path): a block that would unpack to \(expected) bytes (at byte \(offset))")
        }
        // zlib's two-byte header off: what is left is raw deflate (and the checksum after it, never read).
        let out: Data
        do throws(Inflate.Failure) {
            out = try Inflate.raw(Data(blob.zlibData.dropFirst(2)), maxBytes: expected).data
        } catch .tooLarge {
            throw ImportError("\(path): a block larger than it says (at byte \(offset))")
        } catch {
            throw ImportError("\(path): a damaged block (at byte \(offset))")
        }
        guard out.count == expected else { throw ImportError("\(path): a block shorter than it says (at byte \(offset))") }
        return out
    }
}

/// Why an import failed, in one line.
struct ImportError: Error, CustomStringConvertible, Equatable {
    public var description: String
    init(_ description: String) { self.description = description }
}
