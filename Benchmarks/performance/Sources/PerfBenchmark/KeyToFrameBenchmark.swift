import Foundation
import RoadtripCore
import TermUI

/// Key to frame in-process: each key through view → presenter → interactor → store save → render.
@MainActor
enum KeyToFrameBenchmark {
    static func run(_ files: [URL], keys: Int, compareSynchronous: Bool = true, into table: inout Table) throws {
        for url in files {
            let label = Workloads.label(url)
            let isLarge = Workloads.size(of: url) > 10_000_000
            // Work on a copy: the edits are saved for real.
            let work = url.deletingLastPathComponent().appendingPathComponent("keys-" + url.lastPathComponent)
            try? FileManager.default.removeItem(at: work)
            try FileManager.default.copyItem(at: url, to: work)
            let session = try ScreenSession(url: work)

            let moves = measure(session, count: keys) { i in [i % 2 == 0 ? .down : .up] }
            report(moves, "move selection", label, limit: 1, into: &table)

            // Rename in place: r, one letter, Enter; the Enter commits and saves.
            let rename = measure(session, count: keys, setup: { i in [.char("r"), .char(Character(UnicodeScalar(UInt8(97 + i % 26))))] }) { _ in [.enter] }
            guard session.screen.contains("trips") else { throw BenchmarkError("rename left the list") }
            report(rename, "rename trip (Enter saves)", label, limit: isLarge ? 5 : nil, into: &table)
            session.repository.flush()

            // Typing into a field (issue 15): r opens the name field, each character is timed, Esc
            // (not timed) cancels after every 24 characters, so the text never passes the limit.
            let text = Array("Pacific NW loop 東京 🚗 yes")
            let typing = measure(session, count: keys, setup: { i in i % text.count == 0 ? [.char("r")] : [] },
                                 after: { i in i % text.count == text.count - 1 ? [.escape] : [] }) { i in [.char(text[i % text.count])] }
            session.press(.escape)
            report(typing, "type a character into a field", label, limit: 1, into: &table)
            // A 2,000-character paste into the field arrives as one key (the field keeps its 200).
            let pasted = String(repeating: "Pacific NW loop ", count: 125)
            let paste = measure(session, count: max(3, keys / 10), setup: { _ in [.char("r")] }, after: { _ in [.escape] }) { _ in [.paste(pasted)] }
            report(paste, "paste 2,000 characters into a field", label, limit: 5, into: &table)
            guard session.screen.contains("trips"), !session.screen.contains("Pacific NW") else {
                throw BenchmarkError("typing left the list or saved a name:\n\(session.screen)")
            }

            session.press(.enter)  // open the selected trip
            guard session.screen.contains("Trip:") else { throw BenchmarkError("Enter did not open a trip:\n\(session.screen)") }
            let stopMoves = measure(session, count: keys) { i in [.char(i % 2 == 0 ? "J" : "K")] }
            report(stopMoves, "move stop (J/K, saves)", label, limit: isLarge ? 5 : nil, into: &table)
            session.repository.flush()

            // Delete a stop: d asks, y deletes and saves; u (not timed) brings it back for the next round.
            let delete = measure(session, count: keys, setup: { _ in [.char("d")] }, after: { _ in [.char("u")] }) { _ in [.char("y")] }
            report(delete, "delete stop (y saves)", label, limit: isLarge ? 5 : nil, into: &table)
            if let error = session.repository.flush() { throw BenchmarkError("saving failed: \(error)") }

            if isLarge && compareSynchronous {
                // Before: the same rename with the save on the key path.
                let sync = try ScreenSession(url: work, background: false)
                let before = measure(sync, count: max(3, keys / 20), setup: { _ in [.char("r"), .char("s")] }) { _ in [.enter] }
                table.add("Key→frame", "before: rename with synchronous save p50", label, format(before.wall.median))
            }
        }
    }

    /// Two lines: wall-clock p50/p99 (held to the target) and the main thread's CPU time p50/p99,
    /// which leaves out the time other processes on a busy machine had the core.
    static func report(_ s: (wall: Samples, cpu: Samples), _ what: String, _ label: String, limit: Double?,
                               into table: inout Table) {
        table.add("Key→frame", what + " p50 / p99", label, "\(format(s.wall.median)) / \(format(s.wall.percentile(99)))",
                  target: limit.map { "p99 ≤ \(Int($0)) ms" } ?? "", met: limit.map { s.wall.percentile(99) <= $0 })
        table.add("Key→frame", what + ", main-thread CPU p50 / p99", label,
                  "\(format(s.cpu.median)) / \(format(s.cpu.percentile(99)))",
                  target: limit.map { "p99 ≤ \(Int($0)) ms" } ?? "", met: limit.map { s.cpu.percentile(99) <= $0 })
    }

    /// Times the keys `timed(i)` returns, after untimed `setup(i)` keys and before untimed `after(i)` keys.
    static func measure(_ session: ScreenSession, count: Int,
                                setup: (Int) -> [Key] = { _ in [] }, after: (Int) -> [Key] = { _ in [] },
                                timed: (Int) -> [Key]) -> (wall: Samples, cpu: Samples) {
        var samples = Samples(), cpu = Samples()
        let clock = ContinuousClock()
        // A few rounds first, so caches and lazily built state are warm.
        for i in 0..<(count + 5) {
            for key in setup(i) { session.press(key) }
            for key in timed(i) {
                let start = clock.now, startCPU = threadCPUTime()
                session.press(key)
                if i >= 5 {
                    samples.add(clock.now - start)
                    cpu.add(threadCPUTime() - startCPU)
                }
            }
            for key in after(i) { session.press(key) }
        }
        return (samples, cpu)
    }
}
