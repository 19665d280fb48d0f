import Foundation
import RoadtripCore
import TripFile
import Testing
import TestSupport

/// Two real roadtrip processes on one data file: the lock keeps either from overwriting the other.
@Suite(.serialized) struct TwoCopiesTests {
    @Test func editIsRefusedNamingTheProcessThatHoldsTheFile() throws {
        try withFolder { folder in
            let file = folder.appendingPathComponent("trips.json").path
            _ = try RoadtripProcess.run(["new", "Alps", "--data", file])
            let holder = try startHolder(file)
            defer {
                holder.send(SIGKILL)
                holder.wait()
            }

            let second = try RoadtripProcess.run(["rename", "gen", "Mine", "--data", file])
            #expect(second.status == 1)
            #expect(
                second.stderr.contains("is open in another roadtrip (pid \(holder.pid), command)"),
                "\(second.stderr)")
            #expect(second.stderr.contains("nothing was changed"))

            holder.send(SIGKILL)
            holder.wait()
            let names = try JSONTripStore(url: URL(fileURLWithPath: file)).load()?.trips.map(\.name) ?? []
            #expect(names.count == 1 && names[0].hasPrefix("gen "), "\(names)")
            // The kernel dropped the killed holder's lock: the next edit goes through.
            let third = try RoadtripProcess.run(["rename", "gen", "Mine", "--data", file])
            #expect(third.status == 0, "\(third.stderr)")
            #expect(try JSONTripStore(url: URL(fileURLWithPath: file)).load()?.trips.map(\.name) == ["Mine"])
        }
    }

    @Test func plannerHoldingTheFileRefusesCommandsAtOnceAndASecondPlanner() throws {
        try withFolder { folder in
            let file = folder.appendingPathComponent("trips.json")
            #expect(try RoadtripProcess.run(["new", "Alps", "--data", file.path]).status == 0)
            let before = try Data(contentsOf: file)
            // This test process takes the planner's lock exactly as FullScreenApp does.
            let planner = try DataFileLock.acquire(for: file, role: .fullScreen)
            defer { planner.release() }
            let holder = "pid \(getpid()), full-screen planner"

            let edit = try RoadtripProcess.run(["rename", "Alps", "Mine", "--data", file.path])
            #expect(edit.status == 1)
            #expect(
                edit.stderr == "roadtrip: \(file.path) is open in another roadtrip (\(holder)); close it first, "
                    + "or try again when it has finished; nothing was changed\n", "\(edit.stderr)")
            #expect(try Data(contentsOf: file) == before)

            // A second planner is refused before it touches the terminal.
            let second = try RoadtripProcess.run(["--data", file.path])
            #expect(second.status == 1)
            #expect(second.stderr.contains("is open in another roadtrip (\(holder))"), "\(second.stderr)")
            #expect(try Data(contentsOf: file) == before)
        }
    }

    @Test func readingIsNotBlockedByAHolder() throws {
        try withFolder { folder in
            let file = folder.appendingPathComponent("trips.json").path
            _ = try RoadtripProcess.run(["new", "Alps", "--data", file])
            let holder = try startHolder(file)
            defer {
                holder.send(SIGKILL)
                holder.wait()
            }
            let list = try RoadtripProcess.run(["list", "--data", file])
            #expect(list.status == 0, "\(list.stderr)")
            #expect(list.stdout.contains("gen "))
        }
    }

    @Test func concurrentCommandsTakeTurnsAndLoseNothing() throws {
        try withFolder { folder in
            let file = folder.appendingPathComponent("trips.json").path
            _ = try RoadtripProcess.run(["new", "Relay", "--data", file])
            let perWriter = 12
            // Two writers at once, each adding its stops one process at a time.
            let failures = Failures()
            DispatchQueue.concurrentPerform(iterations: 2) { writer in
                for i in 0..<perWriter {
                    let outcome = try? RoadtripProcess.run([
                        "add-stop", "Relay", "\(writer).5,\(i).5", "--name", "w\(writer)-\(i)",
                        "--data", file
                    ])
                    if outcome?.status != 0 { failures.add(outcome?.stderr ?? "did not run") }
                }
            }
            #expect(failures.all.isEmpty, "\(failures.all)")
            let stops = try JSONTripStore(url: URL(fileURLWithPath: file)).load()?.trips.first?.waypoints.map(\.name) ?? []
            #expect(stops.count == 2 * perWriter, "lost updates: \(stops)")
            for writer in 0..<2 {
                #expect(stops.filter { $0.hasPrefix("w\(writer)-") } == (0..<perWriter).map { "w\(writer)-\($0)" })
            }
        }
    }
}

/// `roadtrip save-loop` on `file`, which holds the lock for as long as it runs, as the full-screen
/// planner does; returned once its first "saved" line says it has the lock and has written.
private func startHolder(_ file: String) throws -> ChildProcess {
    let holder = try RoadtripProcess.start(["save-loop", "--data", file])
    _ = holder.output?.availableData
    return holder
}

final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func add(_ item: String) { lock.withLock { items.append(item) } }
    var all: [String] { lock.withLock { items } }
}

/// A fresh folder under /tmp, removed afterwards.
func withFolder<R>(_ body: (URL) throws -> R) throws -> R {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder)
}
