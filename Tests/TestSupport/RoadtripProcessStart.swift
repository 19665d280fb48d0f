import Foundation
import RoadtripCore

extension RoadtripProcess {
    /// A running `roadtrip args…` whose standard output this process reads through a pipe, for
    /// tests that run two copies at once (one holds the data file while the other tries it).
    public static func start(_ args: [String]) throws -> ChildProcess {
        try ChildProcess.spawn(
            binary.path, args,
            environment: ["LANG": "C.UTF-8", "HOME": FileManager.default.temporaryDirectory.path],
            stdout: .pipe)
    }
}
