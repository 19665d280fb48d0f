import Foundation

/// Where the `roadtrip` executable under test is.
public enum RoadtripBinary {
    /// `$ROADTRIP_BIN` when set, else the debug build in this checkout (`<repo>/.build/debug/roadtrip`).
    public static var url: URL {
        if let path = ProcessInfo.processInfo.environment["ROADTRIP_BIN"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return repositoryRoot.appendingPathComponent(".build/debug/roadtrip")
    }

    /// Whether the executable has been built.
    public static var exists: Bool { FileManager.default.isExecutableFile(atPath: url.path) }

    /// The checkout this file belongs to: Tests/TestSupport/Binary.swift is three levels down.
    public static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }
}

/// A fresh folder under the system's temporary directory, removed when this goes away.
public final class TemporaryDirectory {
    public let url: URL

    public init(prefix: String = "roadtrip-test") throws {
        let base = FileManager.default.temporaryDirectory
        url = base.appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(
            at: url, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// A path inside the folder (not created).
    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Writes `text` to `name` inside the folder and returns its URL.
    @discardableResult
    public func write(_ text: String, to name: String) throws -> URL {
        let target = file(name)
        try Data(text.utf8).write(to: target)
        return target
    }

    /// The contents of `name`, or nil if there is no such file.
    public func read(_ name: String) -> String? {
        try? String(contentsOf: file(name), encoding: .utf8)
    }

    /// Polls until `name` exists, or returns false after `timeout`.
    public func waitForFile(_ name: String, timeout: TimeInterval = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if FileManager.default.fileExists(atPath: file(name).path) { return true }
            usleep(20_000)
        }
        return false
    }
}
