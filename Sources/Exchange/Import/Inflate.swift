import Foundation
import ZIPFoundation

/// Raw deflate (zip entries, and zlib streams without their two-byte header, as OSM PBF blocks hold).
///
/// ZIPFoundation's inflate is given the whole input as one chunk of exactly its length: asked for more,
/// a cut stream fails here instead of reading past the end or waiting for bytes that never come.
public enum Inflate {
    public enum Failure: Error, Equatable {
        /// The stream wants more bytes than there are.
        case cut
        /// It unpacks to more than `maxBytes`.
        case tooLarge
        /// It is not deflate.
        case damaged
    }

    /// `stored` inflated, at most `maxBytes`, and the CRC-32 of what came out.
    public static func raw(_ stored: Data, maxBytes: Int) throws(Failure) -> (data: Data, crc32: UInt32) {
        guard !stored.isEmpty else { throw .cut }
        var out = Data()
        var handedOut = false
        do {
            let crc = try Data.decompress(
                size: Int64(stored.count), bufferSize: max(stored.count, 1), skipCRC32: false,
                provider: { _, _ in
                    guard !handedOut else { throw Failure.cut }
                    handedOut = true
                    return stored
                },
                consumer: { chunk in
                    guard out.count + chunk.count <= maxBytes else { throw Failure.tooLarge }
                    out.append(chunk)
                })
            return (out, crc)
        } catch let failure as Failure {
            throw failure
        } catch {
            throw .damaged
        }
    }
}
