import Foundation

/// The real binary in a real pseudo-terminal (Scripts/bench/pty_bench.py): first frame, bytes per key, peak memory.
enum PtyBenchmark {
    static func run(root: URL, workloads: Workloads, runs: Int, into table: inout Table) throws {
        let binary = root.appendingPathComponent(".build/release/roadtrip")
        let script = root.appendingPathComponent("Scripts/bench/pty_bench.py")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            table.add("PTY", "real terminal", "—", "n/a (no release build of roadtrip at \(binary.path))")
            return
        }
        for url in [workloads.sample, workloads.large] {
            let label = Workloads.label(url)
            let isLarge = Workloads.size(of: url) > 10_000_000
            var results: [[String: Any]] = []
            for n in 0..<runs {
                // A fresh copy each run: the keys move stops, which is saved.
                let copy = workloads.folder.appendingPathComponent("pty-\(n)-" + url.lastPathComponent)
                try? FileManager.default.removeItem(at: copy)
                try FileManager.default.copyItem(at: url, to: copy)
                // Without the gazetteer, as the targets are set: a data folder holding all but its files.
                let noGazetteer = workloads.folder.appendingPathComponent("no-gazetteer")
                Self.linkDataWithoutGazetteer(from: root.appendingPathComponent("Data"), into: noGazetteer)
                guard let text = Command.run("python3", [script.path, binary.path, copy.path],
                                             environment: ["ROADTRIP_DATA_DIR": noGazetteer.path]),
                      let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { continue }
                results.append(object)
            }
            guard !results.isEmpty else {
                table.add("PTY", "real terminal", label, "failed (run Scripts/bench/pty_bench.py by hand to see why)")
                continue
            }
            let frames = results.compactMap { $0["first_frame_ms"] as? Double }.sorted()
            let frame = frames[frames.count / 2]
            let target = isLarge ? 200.0 : 50.0
            table.add("PTY", "first frame, spawn → status line drawn", label, format(frame),
                      target: "≤ \(Int(target)) ms", met: frame <= target)
            let select = results.flatMap { $0["select_bytes"] as? [Int] ?? [] }
            let stops = results.flatMap { $0["stop_bytes"] as? [Int] ?? [] }
            if let worst = select.max() {
                table.add("PTY", "bytes to the terminal per selection move (max)", label, "\(worst) B",
                          target: "≤ 64 B", met: worst <= 64)
            }
            if let worst = stops.max() {
                table.add("PTY", "bytes per stop move J/K (median / max)", label,
                          "\(stops.sorted()[stops.count / 2]) / \(worst) B")
            }
            let peak = results.compactMap { $0["peak_rss_kb"] as? Int }.max() ?? 0
            let gazetteerCopy = workloads.folder.appendingPathComponent("pty-gazetteer-" + url.lastPathComponent)
            try? FileManager.default.removeItem(at: gazetteerCopy)
            try FileManager.default.copyItem(at: url, to: gazetteerCopy)
            if !isLarge, let text = Command.run("python3", [script.path, binary.path, gazetteerCopy.path, "--keys", "2"]),
               let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
               let withGazetteer = object["peak_rss_kb"] as? Int {
                table.add("PTY", "peak RSS of roadtrip with the gazetteer (reference)", label, formatMB(withGazetteer * 1024))
            }
            let memoryTarget = isLarge ? 150 : 30
            table.add("PTY", "peak RSS of roadtrip (no gazetteer)", label, formatMB(peak * 1024),
                      target: "≤ \(memoryTarget) MB", met: peak * 1024 <= memoryTarget * 1_048_576)
        }
    }

    /// `folder` holding links to every file of `data` but the gazetteer's.
    static func linkDataWithoutGazetteer(from data: URL, into folder: URL) {
        let fm = FileManager.default
        try? fm.removeItem(at: folder)
        try? fm.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in (try? fm.contentsOfDirectory(atPath: data.path)) ?? [] where !name.hasPrefix("gazetteer-") {
            try? fm.createSymbolicLink(at: folder.appendingPathComponent(name), withDestinationURL: data.appendingPathComponent(name))
        }
    }
}
