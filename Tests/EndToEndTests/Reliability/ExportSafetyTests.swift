import Foundation
import RoadtripCore
import Testing
import TestSupport

/// `export -o` never destroys: not the data file under any name, not a device or a FIFO, not a
/// read-only file, and a replaced file keeps its owner and mode.
@Suite struct ExportSafetyTests {
    @Test func theDataFileIsRefusedUnderEveryName() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let before = try #require(sandbox.dataBytes())
        try FileManager.default.createDirectory(at: sandbox.file("x"), withIntermediateDirectories: true)
        try FileManager.default.linkItem(at: sandbox.dataURL, to: sandbox.file("hard.json"))
        for name in ["trips.json", "x/../trips.json", sandbox.dataURL.path, "hard.json", "trips.json.bak"] {
            if name.hasSuffix(".bak") { try before.write(to: sandbox.file(name)) }
            let result = try sandbox.run("export", "Alps", "--format", "json", "-o", name)
            if name.hasSuffix(".bak") { continue }
            #expect(result.isOneLineUserError, "\(name): \(result)")
            #expect(result.stderr.contains("is the trip data file"), "\(name): \(result)")
        }
        #expect(sandbox.dataBytes() == before)
        // --data through a symbolic link: the file behind it is still the data file.
        try FileManager.default.createSymbolicLink(at: sandbox.file("link.json"), withDestinationURL: sandbox.dataURL)
        let viaLink = try RoadtripProcess.run(
            [
                "export", "--data", sandbox.file("link.json").path, "Alps", "--format", "gpx",
                "-o", "trips.json"
            ], directory: sandbox.folder)
        #expect(viaLink.isOneLineUserError, "\(viaLink)")
        #expect(sandbox.dataBytes() == before)
    }

    @Test func aFIFOIsWrittenNotReplacedAndWithoutAReaderItIsRefused() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let fifo = sandbox.file("pipe")
        try #require(mkfifo(fifo.path, 0o600) == 0)
        let lonely = try sandbox.run("export", "Alps", "--format", "csv", "-o", "pipe")
        #expect(lonely.isOneLineUserError && lonely.stderr.contains("no program is reading from it"), "\(lonely)")
        // A reader on another thread, as `cat pipe` would be.
        let box = ReadBox()
        let done = DispatchSemaphore(value: 0)
        let path = fifo.path
        DispatchQueue.global().async {
            let fd = open(path, O_RDONLY)
            var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 4096)
            while fd >= 0 {
                let n = read(fd, &chunk, chunk.count)
                if n <= 0 { break }
                bytes += chunk[..<n]
            }
            if fd >= 0 { close(fd) }
            box.text = String(decoding: bytes, as: UTF8.self)
            done.signal()
        }
        // The reader may not have opened its end yet on a loaded machine: try again for a while.
        var fed = try sandbox.run("export", "Alps", "--format", "csv", "-o", "pipe")
        for _ in 0..<40 where fed.status != 0 {
            Thread.sleep(forTimeInterval: 0.25)
            fed = try sandbox.run("export", "Alps", "--format", "csv", "-o", "pipe")
        }
        #expect(fed.status == 0, "\(fed)")
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(box.text.hasPrefix("order,name,latitude,longitude"))
        var info = stat()
        #expect(stat(fifo.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
    }

    @Test(.enabled(if: geteuid() == 0, "making a device node needs root"))
    func aDeviceStaysADevice() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let device = sandbox.file("null")
        // Our own null device (1, 3) inside the sandbox: the system's /dev/null is never put at risk.
        try #require(mknod(device.path, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0)
        let result = try sandbox.run("export", "Alps", "--format", "gpx", "-o", "null")
        #expect(result.status == 0, "\(result)")
        var info = stat()
        #expect(stat(device.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR)
    }

    @Test func aReadOnlyFileIsRefusedAndAReplacedOneKeepsOwnerAndMode() throws {
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let readOnly = sandbox.file("ro.csv")
        try Data("keep me\n".utf8).write(to: readOnly)
        try #require(chmod(readOnly.path, 0o444) == 0)
        let refused = try sandbox.run("export", "Alps", "--format", "csv", "-o", "ro.csv")
        #expect(refused.isOneLineUserError && refused.stderr.contains("read-only (mode 0444)"), "\(refused)")
        #expect(try String(contentsOf: readOnly, encoding: .utf8) == "keep me\n")

        let kept = sandbox.file("kept.gpx")
        try Data("old\n".utf8).write(to: kept)
        try #require(chmod(kept.path, 0o600) == 0)
        let owner: uid_t = geteuid() == 0 ? 4321 : geteuid()
        if geteuid() == 0 { try #require(chown(kept.path, owner, 4321) == 0) }
        let result = try sandbox.run("export", "Alps", "--format", "gpx", "-o", "kept.gpx")
        #expect(result.status == 0, "\(result)")
        var info = stat()
        #expect(stat(kept.path, &info) == 0)
        #expect(info.st_mode & 0o7777 == 0o600)
        #expect(info.st_uid == owner)
        #expect(try String(contentsOf: kept, encoding: .utf8).contains("<gpx"))
    }
}

/// What the FIFO's reader got.
private final class ReadBox: @unchecked Sendable {
    var text = ""
}
