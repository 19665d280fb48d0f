import Foundation

extension RoadtripProcess {
    /// A configured, not yet started `roadtrip args…` with piped output, for tests that run
    /// two copies at once (one holds the data file while the other tries it).
    public static func start(_ args: [String]) -> (process: Process, stdout: Pipe, stderr: Pipe) {
        let process = Process()
        process.executableURL = binary
        process.arguments = args
        process.environment = ["LANG": "C.UTF-8", "HOME": FileManager.default.temporaryDirectory.path]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        return (process, out, err)
    }
}
