import RoadtripCore
import Foundation
import ZIPFoundation

/// KMZ: a zip archive holding `doc.kml` (and sometimes images), as Google Earth writes it.
///
/// Written with ZIPFoundation's `Archive`; read with `ZIPDirectory`, which checks every offset first.
enum KMZArchive {
    /// A KMZ holding `kml` as doc.kml, deflated.
    static func pack(_ kml: Data) throws -> Data {
        let archive = try Archive(data: Data(), accessMode: .create)
        try archive.addEntry(
            with: "doc.kml", type: .file, uncompressedSize: Int64(kml.count),
            modificationDate: Date(timeIntervalSince1970: 0), compressionMethod: .deflate
        ) { position, size in
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
        let archive = try ZIPDirectory(bytes)
        let documents = archive.entries.filter { !$0.isDirectory && $0.path.lowercased().hasSuffix(".kml") }
        guard let entry = documents.first(where: { $0.path == "doc.kml" }) ?? documents.first else {
            throw ParseFailure(.noStops, "the KMZ archive holds no .kml document")
        }
        return try archive.contents(of: entry, maxBytes: maxBytes)
    }
}
