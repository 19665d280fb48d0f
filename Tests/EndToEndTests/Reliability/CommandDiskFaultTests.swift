import Foundation
import RoadtripCore
import TripFile
import Testing
import TestSupport

/// Real disk faults under the command line: the edit is refused on stderr, status 1, file unchanged.
@Suite(.serialized) struct CommandDiskFaultTests {
    static let needsMount = "needs root with CAP_SYS_ADMIN to mount a tmpfs or a read-only bind mount"

    @Test(.enabled(if: ScratchMount.available, Comment(rawValue: needsMount)))
    func fullDiskRefusesTheEditAndTheNextOneSucceeds() throws {
        let mount = try ScratchMount.tmpfs(size: "64k")
        defer { mount.unmount() }
        let file = mount.folder.appendingPathComponent("trips.json")
        #expect(try RoadtripProcess.run(["new", "Alps", "--data", file.path]).status == 0)
        let before = try Data(contentsOf: file)
        let filler = fillUp(mount.folder)

        let refused = try RoadtripProcess.run(["rename", "Alps", "Alps in winter", "--data", file.path])
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("roadtrip: Not saved: No space left on device"), "\(refused.stderr)")
        #expect(refused.stderr.contains(file.path))
        #expect(refused.stderr.split(separator: "\n").count == 1)
        #expect(try Data(contentsOf: file) == before)

        try FileManager.default.removeItem(at: filler)
        #expect(try RoadtripProcess.run(["rename", "Alps", "Alps in winter", "--data", file.path]).status == 0)
        #expect(try JSONTripStore(url: file).load()?.trips.map(\.name) == ["Alps in winter"])
    }

    @Test(.enabled(if: ScratchMount.available, Comment(rawValue: needsMount)))
    func readOnlyFolderRefusesTheEdit() throws {
        try withFolder { source in
            let file = source.appendingPathComponent("trips.json")
            #expect(try RoadtripProcess.run(["new", "Alps", "--data", file.path]).status == 0)
            let before = try Data(contentsOf: file)
            let view = try ScratchMount.readOnlyView(of: source)
            defer { view.unmount() }
            let viewed = view.folder.appendingPathComponent("trips.json").path

            let refused = try RoadtripProcess.run(["rename", "Alps", "Elsewhere", "--data", viewed])
            #expect(refused.status == 1)
            #expect(refused.stderr.hasPrefix("roadtrip: Not saved: Read-only file system"), "\(refused.stderr)")
            #expect(try Data(contentsOf: file) == before)
            // Reading still works.
            #expect(try RoadtripProcess.run(["list", "--data", viewed]).stdout.contains("Alps"))
        }
    }

    @Test func folderInPlaceOfTheFileIsNamedAndLeftAlone() throws {
        try withFolder { folder in
            let file = folder.appendingPathComponent("trips.json")
            try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
            let refused = try RoadtripProcess.run(["new", "Alps", "--data", file.path])
            #expect(refused.status == 1)
            #expect(refused.stderr == "roadtrip: \(file.path): is a folder, not a data file\n", "\(refused.stderr)")
            var isFolder: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder) && isFolder.boolValue)
        }
    }
}
