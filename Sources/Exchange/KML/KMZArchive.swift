import RoadtripCore
import Foundation
import ZIPFoundation

/// KMZ: a zip archive holding `doc.kml` (and sometimes images), as Google Earth writes it.
enum KMZArchive {
    /// A KMZ holding `kml` as doc.kml, deflated.
    static func pack(_ kml: Data) throws -> Data {
        let archive = try Archive(data: Data(), accessMode: .create)
        try archive.addEntry(with: "doc.kml", type: .file, uncompressedSize: Int64(kml.count),
                             modificationDate: Date(timeIntervalSince1970: 0), compressionMethod: .deflate) { position, size in
            kml.subdata(in: Int(position)..<Int(position) + size)
        }
        guard let data = archive.data else { throw ParseFailure(.malformed, "the KMZ archive could not be made") }
        return data
    }

    /// The KML document in a KMZ: doc.kml, else the first .kml file at any depth.
    ///
    /// An entry that would unpack to more than `maxBytes` is refused before it is unpacked:
    /// a few kilobytes of zip can hold gigabytes of zeros.
    static func unpack(_ bytes: [UInt8], maxBytes: Int) throws -> [UInt8] {
        let archive: Archive
        do {
            archive = try Archive(data: Data(bytes), accessMode: .read)
        } catch {
            throw ParseFailure(.malformed, "not a readable KMZ (zip) archive")
        }
        let documents = archive.filter { $0.type == .file && $0.path.lowercased().hasSuffix(".kml") }
        guard let entry = documents.first(where: { $0.path == "doc.kml" }) ?? documents.first else {
            throw ParseFailure(.noStops, "the KMZ archive holds no .kml document")
        }
        guard entry.uncompressedSize <= UInt64(maxBytes) else {
            throw ParseFailure(.tooLarge, "\(entry.path) unpacks to \(Formatting.grouped(Int(clamping: entry.uncompressedSize))) bytes, over the \(Formatting.grouped(maxBytes))-byte limit")
        }
        var out = Data()
        do {
            _ = try archive.extract(entry) { chunk in
                // The size in the archive's directory may lie; the bytes themselves are counted too.
                guard out.count + chunk.count <= maxBytes else { throw ParseFailure(.tooLarge, "\(entry.path) unpacks to more than \(Formatting.grouped(maxBytes)) bytes") }
                out.append(chunk)
            }
        } catch let failure as ParseFailure {
            throw failure
        } catch {
            throw ParseFailure(.malformed, "\(entry.path) in the KMZ archive is damaged")
        }
        return [UInt8](out)
    }
}
