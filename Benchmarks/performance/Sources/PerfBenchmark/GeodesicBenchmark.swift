import Foundation
import RoadtripCore

/// Karney's inverse problem, ours against GeographicLib's C++ on the same pairs.
enum GeodesicBenchmark {
    /// `count` pairs from the seed: uniform on the sphere, with one in fifty nearly antipodal.
    static func writePairs(count: Int, to url: URL) throws -> [(Coordinate, Coordinate)] {
        var random = WorkloadRandom(seed: Workloads.seed)
        var text = ""
        text.reserveCapacity(count * 60)
        var pairs: [(Coordinate, Coordinate)] = []
        for n in 0..<count {
            func point() -> (Double, Double) {
                (asin(random.unit(-1, 1)) * 180 / .pi, random.unit(-180, 180))
            }
            let (lat1, lon1) = point()
            var (lat2, lon2) = point()
            if n % 50 == 0 { lat2 = -lat1 + random.unit(-0.5, 0.5); lon2 = lon1 + 179.5 + random.unit(0, 0.5) }
            if lon2 > 180 { lon2 -= 360 }
            lat2 = max(-90, min(90, lat2))
            // Printed to 1e-9 degrees, and read back, so both programs start from identical numbers.
            let line = String(format: "%.9f %.9f %.9f %.9f", lat1, lon1, lat2, lon2)
            let values = line.split(separator: " ").map { Double($0)! }
            pairs.append((Coordinate(latitude: values[0], longitude: values[1]), Coordinate(latitude: values[2], longitude: values[3])))
            text += line + "\n"
        }
        try text.write(to: url, atomically: true, encoding: .utf8)
        return pairs
    }

    /// In the child: GeodSolve -i's job over standard input, printing `azi1 azi2 s12`.
    static func child() {
        var out = ""
        out.reserveCapacity(1 << 20)
        while let line = readLine() {
            let v = line.split(separator: " ").compactMap { Double($0) }
            guard v.count == 4 else { continue }
            let g = Geodesic.inverse(Coordinate(latitude: v[0], longitude: v[1]), Coordinate(latitude: v[2], longitude: v[3]))
            out += String(format: "%.10f %.10f %.6f\n", g.initialAzimuth, g.finalAzimuth, g.distance)
            if out.utf8.count > 1 << 20 { FileHandle.standardOutput.write(Data(out.utf8)); out = "" }
        }
        FileHandle.standardOutput.write(Data(out.utf8))
    }

    static func run(count: Int, folder: URL, executable: String, sources: URL, into table: inout Table) throws {
        let pairsURL = folder.appendingPathComponent("pairs.txt")
        let pairs = try writePairs(count: count, to: pairsURL)
        let label = "\(count / 1000)k pairs"

        // In-process: ours.
        var sink = 0.0
        let ours = Samples.measure(3) {
            for (a, b) in pairs { sink += Geodesic.inverse(a, b).distance }
        }
        let oursPerCall = ours.median * 1e6 / Double(count)  // ns
        table.add("Geodesic", "inverse in-process, roadtrip (Swift)", label, String(format: "%.0f ns/call", oursPerCall))

        // In-process: GeographicLib's C++, built from Benchmarks/performance/geodesic/inverse.cpp.
        let binary = folder.appendingPathComponent("geodesic-inverse-cpp")
        let built = Command.run("g++", ["-O2", "-o", binary.path, sources.appendingPathComponent("geodesic/inverse.cpp").path, "-lGeographicLib"]) != nil
        if built, let text = Command.run(binary.path, [pairsURL.path]), let cpp = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
            table.add("Geodesic", "inverse in-process, GeographicLib C++ (g++ -O2)", label, String(format: "%.0f ns/call", cpp))
            table.add("Geodesic", "in-process ratio roadtrip / C++", label, String(format: "%.2f×", oursPerCall / cpp),
                      target: "≤ 2×", met: oursPerCall / cpp <= 2)
        } else {
            table.add("Geodesic", "inverse in-process, GeographicLib C++", label, "n/a (apt-get install libgeographiclib-dev g++)")
        }

        // Whole process: GeodSolve -i against our binary doing the same job on the same file.
        let theirs = (0..<3).compactMap { _ in Command.time("GeodSolve", ["-i", "-p", "6"], stdin: pairsURL) }.sorted()
        let mine = (0..<3).compactMap { _ in Command.time(executable, ["geodsolve"], stdin: pairsURL) }.sorted()
        if !theirs.isEmpty, !mine.isEmpty {
            let t = theirs[theirs.count / 2], m = mine[mine.count / 2]
            table.add("Geodesic", "whole process, GeodSolve -i -p 6", label, format(t))
            table.add("Geodesic", "whole process, roadtrip inverse (same I/O)", label, format(m))
            table.add("Geodesic", "whole-process ratio roadtrip / GeodSolve", label, String(format: "%.2f×", m / t),
                      target: "≤ 2×", met: m / t <= 2)
        } else {
            table.add("Geodesic", "whole process, GeodSolve -i", label, "n/a (apt-get install geographiclib-tools)")
        }

        // Accuracy: the same distances to a millimetre.
        if let text = Command.run("GeodSolve", ["-i", "-p", "6"], stdin: pairsURL) {
            var worst = 0.0
            for (line, (a, b)) in zip(text.split(separator: "\n"), pairs) {
                guard let s12 = line.split(separator: " ").last.flatMap({ Double($0) }) else { continue }
                worst = max(worst, abs(Geodesic.inverse(a, b).distance - s12))
            }
            table.add("Geodesic", "largest distance difference vs GeodSolve", label, String(format: "%.3f µm", worst * 1e6),
                      target: "≤ 1 mm", met: worst <= 0.001)
        }
        if sink.isNaN { print("") }  // keeps the timed loop from being optimised away
    }
}
