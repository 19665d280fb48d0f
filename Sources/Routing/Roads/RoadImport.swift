import Foundation
import RoadtripCore
import Synchronization
#if canImport(Glibc)
    import Glibc
#endif

/// Prepares one routing region from OpenStreetMap extracts: merges several into one (osmium-tool,
/// since osrm-extract reads one file), then osrm-extract, osrm-partition and osrm-customize with
/// the car profile, all in a hidden folder that becomes the region only when every step is done.
public final class RoadImport: Sendable {
    /// What an import will cost, said before it starts.
    public struct Plan: Sendable, Equatable {
        public var inputBytes: Int64
        var seconds: Double
        public var diskBytes: Int64
        var memoryBytes: Int64
        var merges: Bool

        /// "about 3 min, 1.1 GB of disk and 2.4 GB of memory".
        public var text: String {
            "about \(Self.duration(seconds)), \(Self.bytes(diskBytes)) of disk and \(Self.bytes(memoryBytes)) of memory"
        }

        static func duration(_ seconds: Double) -> String {
            if seconds < 60 { return "\(max(1, Int(seconds.rounded()))) s" }
            if seconds < 3600 { return "\(Int((seconds / 60).rounded())) min" }
            return String(format: "%.1f h", seconds / 3600)
        }

        public static func bytes(_ count: Int64) -> String {
            let value = Double(count)
            if value < 1e6 { return "\(max(1, Int((value / 1e3).rounded()))) kB" }
            if value < 1e9 { return "\(Int((value / 1e6).rounded())) MB" }
            return String(format: "%.1f GB", value / 1e9)
        }
    }

    /// Costs per byte of extract, measured on the largest extract at hand and scaled linearly
    /// (BENCHMARKS.md, "Roads import"): labelled estimates, not promises.
    enum Rates {
        static let secondsPerMB = 0.8
        static let fixedSeconds = 2.0
        static let diskPerInputByte = 1.2
        static let memoryPerInputByte = 5.5
        static let fixedMemory: Int64 = 50_000_000
    }

    /// OSRM's `--small-component-size` for extracts with `nodes` nodes each: its default of 1,000
    /// unless the smallest extract is a city's clip, whose whole road network may be smaller than
    /// that; points there would then snap to the biggest network of the region, however far. A
    /// 50th of its nodes (at least 100) keeps a city's own streets routable.
    public static func smallComponentSize(nodes: [Int]) -> Int {
        guard let fewest = nodes.min() else { return 1000 }
        return min(1000, max(100, fewest / 50))
    }

    public static func plan(inputBytes: [Int64]) -> Plan {
        let total = inputBytes.reduce(0, +)
        let megabytes = Double(total) / 1e6
        let merges = inputBytes.count > 1
        return Plan(
            inputBytes: total, seconds: Rates.fixedSeconds + megabytes * Rates.secondsPerMB * (merges ? 1.1 : 1),
            diskBytes: Int64(Double(total) * (Rates.diskPerInputByte + (merges ? 1 : 0))),
            memoryBytes: Rates.fixedMemory + Int64(Double(total) * Rates.memoryPerInputByte), merges: merges)
    }

    /// Why an import stopped: one line for the person. `cancelled` when asked to stop.
    public struct Failure: Error, CustomStringConvertible, Equatable {
        public var description: String
        public var cancelled = false
    }

    private let state = Mutex((cancelled: false, child: ChildProcess?.none))

    public init() {}

    /// Stops the import: the running step is ended and the work folder removed (by `run`).
    public func cancel() {
        let child: ChildProcess? = state.withLock { state in
            state.cancelled = true
            return state.child
        }
        child?.send(SIGTERM)
    }

    private var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Prepares `inputs` as the region `region` in `folder` and returns it. Nothing of it is
    /// left behind when a step fails or the import is cancelled.
    public func run(
        inputs: [URL], region: RoadRegion, toolkit: OSRMToolkit, osmium: URL?, folder: RoadRegionsFolder,
        smallComponentSize: Int = 1000, say: (String) -> Void
    ) throws -> RoadRegionsFolder.Entry {
        let work: URL
        do { work = try folder.workFolder(for: region.name) } catch {
            throw Failure(description: "cannot write in \(folder.url.path): \(error.localizedDescription)")
        }
        do {
            let source = work.appendingPathComponent(region.name + ".osm.pbf")
            let steps = inputs.count > 1 ? 4 : 3
            var number = 0
            func step(_ what: String, _ program: URL, _ arguments: [String]) throws {
                number += 1
                say("Step \(number) of \(steps): \(what)…")
                try runStep(what, program, arguments, in: work)
            }
            if inputs.count > 1 {
                guard let osmium else {
                    throw Failure(
                        description: "merging \(inputs.count) extracts needs osmium-tool (sudo apt-get install osmium-tool); "
                            + "OSRM's osrm-extract reads one file")
                }
                try step(
                    "merging \(inputs.count) extracts with osmium", osmium,
                    ["merge", "--overwrite", "--no-progress", "-o", source.path] + inputs.map(\.path))
            } else {
                try FileManager.default.createSymbolicLink(at: source, withDestinationURL: inputs[0])
            }
            try step(
                "extracting the roads (\(toolkit.profile.deletingPathExtension().lastPathComponent) profile)",
                toolkit.program("osrm-extract"),
                ["-p", toolkit.profile.path, "--small-component-size", String(smallComponentSize), source.path])
            let dataset = work.appendingPathComponent(region.name + ".osrm").path
            try step("partitioning the road graph", toolkit.program("osrm-partition"), [dataset])
            try step("customising the road graph", toolkit.program("osrm-customize"), [dataset])
            try? FileManager.default.removeItem(at: source)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: work.path)) ?? [] where name.hasSuffix(".log") {
                try? FileManager.default.removeItem(at: work.appendingPathComponent(name))
            }
            if isCancelled { throw Failure(description: "cancelled", cancelled: true) }
            try folder.publish(region, from: work)
            guard let entry = folder.entry(region.name) else {
                throw Failure(description: "the region \(region.name) was written but does not read back")
            }
            return entry
        } catch let failure as Failure {
            try? FileManager.default.removeItem(at: work)
            throw failure
        } catch {
            try? FileManager.default.removeItem(at: work)
            throw Failure(description: "\(error)")
        }
    }

    private func runStep(_ what: String, _ program: URL, _ arguments: [String], in work: URL) throws {
        let log = work.appendingPathComponent(program.lastPathComponent + ".log")
        let child: ChildProcess
        do {
            child = try ChildProcess.spawn(
                program.path, arguments, directory: work.path, stdout: .file(log.path), stderr: .appending(log.path))
        } catch {
            throw Failure(description: "cannot run \(program.path): \(error)")
        }
        let startedCancelled: Bool = state.withLock { state in
            state.child = child
            return state.cancelled
        }
        if startedCancelled { child.send(SIGTERM) }
        let status = child.wait()
        state.withLock { $0.child = nil }
        // Ctrl-C at the terminal reaches the step too (it shares roadtrip's process group) and may
        // end it before roadtrip's own handler has run: a step ended by a signal waits for it a moment.
        if status != 0, [SIGINT, SIGTERM, SIGHUP].map({ 128 + $0 }).contains(status) {
            for _ in 0..<50 where !isCancelled { usleep(10_000) }
        }
        if isCancelled { throw Failure(description: "cancelled", cancelled: true) }
        guard status == 0 else {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            let last =
                text.split(whereSeparator: \.isNewline).last { $0.contains("error") || $0.contains("rror") }
                ?? text.split(whereSeparator: \.isNewline).last
            throw Failure(
                description: "\(what) failed (\(program.lastPathComponent) exit \(status))"
                    + (last.map { ": " + PlainText.line(String($0)) } ?? ""))
        }
    }
}
