import Foundation

/// The one table every figure lands in, with the target it is held to.
struct Table {
    struct Row {
        var area: String
        var what: String
        var workload: String
        var figure: String
        var target: String
        /// nil when the line has no target (a reference figure).
        var met: Bool?
    }

    private(set) var rows: [Row] = []

    mutating func add(_ area: String, _ what: String, _ workload: String, _ figure: String,
                      target: String = "", met: Bool? = nil) {
        rows.append(Row(area: area, what: what, workload: workload, figure: figure, target: target, met: met))
        // Progress on stderr, so a long run shows where it is.
        FileHandle.standardError.write(Data("  \(area) · \(what) · \(workload): \(figure)\n".utf8))
    }

    var missed: [Row] { rows.filter { $0.met == false } }

    func render() -> String {
        let headers = ["Area", "Measurement", "Workload", "Figure", "Target", ""]
        let cells = rows.map { [$0.area, $0.what, $0.workload, $0.figure, $0.target, $0.met.map { $0 ? "ok" : "MISSED" } ?? ""] }
        let widths = headers.indices.map { c in ([headers[c]] + cells.map { $0[c] }).map { $0.count }.max() ?? 0 }
        func line(_ row: [String]) -> String {
            "| " + row.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: " | ") + " |"
        }
        return ([line(headers), "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"]
            + cells.map(line)).joined(separator: "\n")
    }
}

func format(_ ms: Double) -> String {
    if ms.isNaN { return "n/a" }
    if ms < 0.01 { return String(format: "%.1f µs", ms * 1000) }
    if ms < 10 { return String(format: "%.2f ms", ms) }
    return String(format: "%.0f ms", ms)
}

func formatMB(_ bytes: Int) -> String {
    bytes < 1_048_576 ? String(format: "%.0f KB", Double(bytes) / 1024) : String(format: "%.1f MB", Double(bytes) / 1_048_576)
}
