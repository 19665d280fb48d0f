import Foundation
import RoadtripCore
import TripFile

/// Loading and saving whole data files, beside Python's json module and Foundation's coders on the same files.
enum StoreBenchmark {
    static func run(_ files: [URL], repetitions: Int, foundation: Bool, into table: inout Table) throws {
        for url in files {
            let label = Workloads.label(url)
            let store = JSONTripStore(url: url)
            var document: TripDocument?
            let load = try Samples.measure(repetitions) { document = try store.load() }
            guard let document else { throw BenchmarkError("\(url.path) did not load") }
            let copy = url.deletingLastPathComponent().appendingPathComponent("save-" + url.lastPathComponent)
            let copyStore = JSONTripStore(url: copy)
            let save = try Samples.measure(repetitions) { try copyStore.save(document) }
            let python = Python.jsonTimes(url, repetitions: repetitions)
            let isLarge = document.trips.count >= 10_000
            table.add("Store", "load (read + parse + check)", label, format(load.median))
            table.add("Store", "save (encode + atomic write + fsync)", label, format(save.median))
            if let python {
                table.add("Store", "python3 json.load", label, format(python.load))
                table.add("Store", "python3 json.dump(indent=2, sort_keys)", label, format(python.dump))
                table.add("Store", "load speed-up vs json.load", label, String(format: "%.1f×", python.load / load.median),
                          target: isLarge ? "≥ 1×" : "", met: isLarge ? python.load >= load.median : nil)
                table.add("Store", "save speed-up vs json.dump", label, String(format: "%.1f×", python.dump / save.median),
                          target: isLarge ? "≥ 1×" : "", met: isLarge ? python.dump >= save.median : nil)
            }
            if isLarge && foundation {
                // What the store did before: Foundation's coders, for the record.
                let data = try Data(contentsOf: url)
                let decode = try Samples.measure(1) { _ = try JSONDecoder().decode(TripDocument.self, from: data) }
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                let encode = try Samples.measure(1) { _ = try encoder.encode(document) }
                table.add("Store", "before: Foundation JSONDecoder", label, format(decode.median))
                table.add("Store", "before: Foundation JSONEncoder", label, format(encode.median))
            }
        }
    }
}

/// Python's json module on the same files, timed inside Python (the interpreter's start is not counted).
enum Python {
    static func jsonTimes(_ url: URL, repetitions: Int) -> (load: Double, dump: Double)? {
        let script = """
        import json, statistics, sys, time
        path, out, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
        loads, dumps = [], []
        for _ in range(n):
            t = time.perf_counter()
            with open(path, encoding="utf-8") as f:
                data = json.load(f)
            loads.append(time.perf_counter() - t)
        for _ in range(n):
            t = time.perf_counter()
            with open(out, "w", encoding="utf-8") as f:
                json.dump(data, f, indent=2, sort_keys=True, ensure_ascii=False)
            dumps.append(time.perf_counter() - t)
        print(statistics.median(loads) * 1000, statistics.median(dumps) * 1000)
        """
        let out = url.deletingLastPathComponent().appendingPathComponent("python-" + url.lastPathComponent).path
        guard let text = Command.run("python3", ["-c", script, url.path, out, String(repetitions)]) else { return nil }
        let parts = text.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
