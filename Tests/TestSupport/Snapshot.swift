import Foundation
import Testing

/// Compares `text` with the golden file Tests/UnitTests/Snapshots/`name`.txt.
///
/// With RECORD_SNAPSHOTS=1 in the environment the file is (re)written instead and the check
/// passes; a missing golden file is written too but fails, so a new snapshot is never taken on trust.
public func assertSnapshot(
    _ text: String, named name: String,
    filePath: StaticString = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
    let url = snapshotsDirectory(from: "\(filePath)").appendingPathComponent(name + ".txt")
    let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
    let golden = try? String(contentsOf: url, encoding: .utf8)
    if recording || golden == nil {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try (text + "\n").write(to: url, atomically: true, encoding: .utf8)
        } catch {
            Issue.record("could not write snapshot \(url.path): \(error)", sourceLocation: sourceLocation)
            return
        }
        if !recording {
            Issue.record(
                "no snapshot \(name) yet: recorded it at \(url.path); check it and run again", sourceLocation: sourceLocation)
        }
        return
    }
    guard let golden, golden != text + "\n" else { return }
    let want = golden.split(separator: "\n", omittingEmptySubsequences: false)
    let got = (text + "\n").split(separator: "\n", omittingEmptySubsequences: false)
    let firstDifference = zip(want, got).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(want.count, got.count)
    Issue.record(
        """
        snapshot \(name) differs at line \(firstDifference + 1) (re-record with RECORD_SNAPSHOTS=1):
        want: \(firstDifference < want.count ? String(want[firstDifference]) : "<end>")
        got:  \(firstDifference < got.count ? String(got[firstDifference]) : "<end>")
        """, sourceLocation: sourceLocation)
}

/// Tests/UnitTests/Snapshots, found from the path of the test file that asks.
private func snapshotsDirectory(from testFile: String) -> URL {
    var dir = URL(fileURLWithPath: testFile).deletingLastPathComponent()
    while dir.path != "/" && dir.lastPathComponent != "UnitTests" { dir = dir.deletingLastPathComponent() }
    return dir.appendingPathComponent("Snapshots")
}
