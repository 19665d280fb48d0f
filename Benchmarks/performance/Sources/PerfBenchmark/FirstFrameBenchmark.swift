import Foundation
import RoadtripCore

/// Start-up to the first complete frame, and peak memory, each in a fresh process.
enum FirstFrameBenchmark {
    /// In the child: load `url`, draw the first frame, move the selection a little; print ms and peak RSS.
    @MainActor
    static func child(_ url: URL) throws {
        var session: ScreenSession?
        let ms = try milliseconds { session = try ScreenSession(url: url) }
        // Peak memory covers using the screen too, not only opening it.
        for _ in 0..<20 { session?.press(.down) }
        print(ms, peakResidentKiB())
    }

    /// VmHWM, the peak resident set of this process image. (getrusage's ru_maxrss would not do: Linux
    /// carries it over from the parent through fork and exec, so a child of a big parent reads big.)
    static func peakResidentKiB() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
    }

    static func run(_ files: [URL], runs: Int, executable: String, into table: inout Table) {
        for url in files {
            let label = Workloads.label(url)
            let isLarge = Workloads.size(of: url) > 10_000_000
            var frames: [Double] = [], peaks: [Int] = [], wall: [Double] = []
            for _ in 0..<runs {
                var output: String?
                wall.append(milliseconds { output = Command.run(executable, ["first-frame", url.path]) })
                let parts = output?.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? []
                if parts.count == 2, let ms = Double(parts[0]), let kib = Int(parts[1]) {
                    frames.append(ms)
                    peaks.append(kib * 1024)
                }
            }
            guard !frames.isEmpty else {
                table.add("Start", "first frame in-process", label, "failed")
                continue
            }
            let frame = frames.sorted()[frames.count / 2]
            let peak = peaks.max() ?? 0
            let frameTarget = isLarge ? 200.0 : 50.0
            table.add("Start", "first frame, in-process (load → drawn)", label, format(frame),
                      target: "≤ \(Int(frameTarget)) ms", met: frame <= frameTarget)
            table.add("Start", "whole process (spawn → exit)", label, format(wall.sorted()[wall.count / 2]))
            let memoryTarget = isLarge ? 150 : 30
            table.add("Memory", "peak RSS (no gazetteer)", label, formatMB(peak),
                      target: "≤ \(memoryTarget) MB", met: peak <= memoryTarget * 1_048_576)
        }
    }
}
