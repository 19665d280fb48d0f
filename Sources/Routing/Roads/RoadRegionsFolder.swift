import Foundation
import RoadtripCore

/// The regions `roadtrip roads import` prepared: `<folder of the data file>/roads/REGION/`, each
/// holding its OSRM dataset (`REGION.osrm.*`) and `region.json`. A folder is a region only once
/// its `region.json` is written, the last step of an import, so a cancelled import is never one.
public struct RoadRegionsFolder: Sendable {
    public let url: URL

    public init(dataFile: URL) {
        url = dataFile.deletingLastPathComponent().appendingPathComponent("roads")
    }

    init(url: URL) {
        self.url = url
    }

    /// A region as found on disk: what `region.json` says, and where its dataset is.
    public struct Entry: Sendable, Equatable {
        public var region: RoadRegion
        var folder: URL
        /// The `X.osrm` base path osrm-routed is given.
        public var dataset: URL { folder.appendingPathComponent(region.name + ".osrm") }
    }

    public func folder(_ name: String) -> URL { url.appendingPathComponent(name) }

    static func manifest(in folder: URL) -> URL { folder.appendingPathComponent("region.json") }

    /// Every region whose `region.json` reads and whose dataset is there, by name. Folders being
    /// written (their names start with a dot) and unreadable ones are left out.
    public func entries() -> [Entry] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().compactMap { entry($0) }
    }

    /// The region called `name`, when it is a whole one.
    public func entry(_ name: String) -> Entry? {
        let folder = folder(name)
        guard let data = try? Data(contentsOf: Self.manifest(in: folder)),
            let region = try? JSONDecoder().decode(RoadRegion.self, from: data), region.name == name,
            region.extracts.allSatisfy({ $0.bounds.isPlausible && !$0.cells.isEmpty })
        else { return nil }
        let found = Entry(region: region, folder: folder)
        let graph = ["mldgr", "hsgr"].contains { FileManager.default.fileExists(atPath: found.dataset.path + "." + $0) }
        return graph ? found : nil
    }

    /// The bytes a region takes on disk.
    public func bytes(of entry: Entry) -> Int64 {
        let files =
            (try? FileManager.default.contentsOfDirectory(at: entry.folder, includingPropertiesForKeys: [.fileSizeKey])) ?? []
        return files.reduce(0) { $0 + Int64((try? $1.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0) }
    }

    /// A fresh folder to prepare `name` in, hidden from `entries()` until `publish` renames it.
    func workFolder(for name: String) throws -> URL {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let work = url.appendingPathComponent(".\(name).partial-\(getpid())")
        try? FileManager.default.removeItem(at: work)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: false)
        return work
    }

    /// Writes `region.json` into `work` and puts it in place of any region of that name, so the
    /// region is either the old one or the new one whole, never a mixture.
    func publish(_ region: RoadRegion, from work: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(region).write(to: Self.manifest(in: work), options: .atomic)
        let target = folder(region.name)
        let old = url.appendingPathComponent(".\(region.name).old-\(getpid())")
        let had = FileManager.default.fileExists(atPath: target.path)
        if had { try FileManager.default.moveItem(at: target, to: old) }
        do {
            try FileManager.default.moveItem(at: work, to: target)
        } catch {
            if had { try? FileManager.default.moveItem(at: old, to: target) }
            throw error
        }
        if had { try? FileManager.default.removeItem(at: old) }
    }

    /// Removes the region `name`; false when there is none.
    public func forget(_ name: String) throws -> Bool {
        guard entry(name) != nil || FileManager.default.fileExists(atPath: folder(name).path) else { return false }
        // Renamed away first: a region half-deleted by an interrupted removal is never read as whole.
        let doomed = url.appendingPathComponent(".\(name).forgotten-\(getpid())")
        try FileManager.default.moveItem(at: folder(name), to: doomed)
        // Forgotten once renamed; what cannot be deleted now is swept by a later import.
        try? FileManager.default.removeItem(at: doomed)
        return true
    }

    /// Leftovers of imports that were killed before they could clean up (their process is gone).
    public func sweep() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        for name in names where name.hasPrefix(".") {
            // Only when the process that made it is gone (ESRCH); EPERM is someone else's live process.
            guard let pid = name.split(separator: "-").last.flatMap({ Int32($0) }), pid != getpid(),
                kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            try? FileManager.default.removeItem(at: url.appendingPathComponent(name))
        }
    }
}
