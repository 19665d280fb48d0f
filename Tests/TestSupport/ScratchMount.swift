import Foundation

/// A real mount for fault tests: a tiny tmpfs that fills up, or a folder bound read-only.
///
/// Mounting needs root (CAP_SYS_ADMIN), as in CI's container; elsewhere the tests that need it
/// are skipped with a reason, never passed silently.
public final class ScratchMount {
    public let folder: URL
    private var mounted = true

    private init(folder: URL) { self.folder = folder }

    deinit { unmount() }

    /// Whether this process may mount: probed once with a real tmpfs mount.
    public static let available: Bool = {
        guard geteuid() == 0, let probe = try? tmpfs(size: "16k") else { return false }
        probe.unmount()
        return true
    }()

    /// A fresh tmpfs of `size` (mount's syntax: "64k") in a new 0700 folder.
    public static func tmpfs(size: String) throws -> ScratchMount {
        let folder = try newFolder()
        try run("/bin/mount", "-t", "tmpfs", "-o", "size=\(size),mode=0700", "tmpfs", folder.path)
        return ScratchMount(folder: folder)
    }

    /// `source` bound read-only at a new folder: writes there fail with EROFS, even for root.
    public static func readOnlyView(of source: URL) throws -> ScratchMount {
        let folder = try newFolder()
        try run("/bin/mount", "--bind", source.path, folder.path)
        let mount = ScratchMount(folder: folder)
        try run("/bin/mount", "-o", "remount,bind,ro", folder.path)
        return mount
    }

    public func unmount() {
        guard mounted else { return }
        mounted = false
        try? Self.run("/bin/umount", folder.path)
        rmdir(folder.path)
    }

    private static func newFolder() throws -> URL {
        let folder = URL(fileURLWithPath: "/tmp/rt-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: false,
            attributes: [.posixPermissions: 0o700])
        return folder
    }

    public struct Failure: Error, CustomStringConvertible { public var description: String }

    /// Runs a system tool; throws its output when it fails.
    @discardableResult
    public static func run(_ tool: String, _ arguments: String...) throws -> String {
        let result = try ProcessRunner.run(URL(fileURLWithPath: tool), arguments, check: false)
        let output = result.output + result.error
        guard result.status == 0 else {
            throw Failure(description: "\(tool) \(arguments.joined(separator: " ")): \(output)")
        }
        return output
    }
}

/// Fills the file system holding `folder` to the last byte; returns the filler to delete later.
public func fillUp(_ folder: URL) -> URL {
    let filler = folder.appendingPathComponent("filler")
    let fd = open(filler.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    defer { close(fd) }
    let block = [UInt8](repeating: 0x55, count: 4096)
    // Whole blocks first, then single bytes for the tail of the last one.
    while block.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
    while block.withUnsafeBytes({ write(fd, $0.baseAddress, 1) }) > 0 {}
    return filler
}
