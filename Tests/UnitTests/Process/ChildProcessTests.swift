import Foundation
import RoadtripCore
import Testing

/// Real children: /bin/sh doing what each test needs.
struct ChildProcessTests {
    private func sh(
        _ script: String, stdout: ChildProcess.Stream = .null, stderr: ChildProcess.Stream = .null,
        directory: String? = nil
    ) throws -> ChildProcess {
        try ChildProcess.spawn(
            "/bin/sh", ["-c", script], environment: ["PATH": "/usr/bin:/bin"],
            directory: directory, stdout: stdout, stderr: stderr)
    }

    @Test func reportsTheExitCodeOrTheSignal() throws {
        #expect(try sh("exit 0").wait() == 0)
        #expect(try sh("exit 3").wait() == 3)
        #expect(try sh("kill -KILL $$").wait() == 128 + SIGKILL)
    }

    @Test func readsStandardOutputThroughAPipeToItsEnd() throws {
        let child = try sh("printf 'one\\ntwo'; exit 0", stdout: .pipe)
        let text = String(decoding: try #require(child.output).readDataToEndOfFile(), as: UTF8.self)
        #expect(text == "one\ntwo")
        #expect(child.wait() == 0)
        #expect(child.errors == nil)
    }

    @Test func writesStandardInputThroughAPipe() throws {
        let child = try ChildProcess.spawn(
            "/bin/sh", ["-c", "tr a-z A-Z"], environment: ["PATH": "/usr/bin:/bin"],
            stdin: .pipe, stdout: .pipe)
        let input = try #require(child.input)
        input.write(Data("roadtrip".utf8))
        try input.close()
        #expect(String(decoding: child.output?.readDataToEndOfFile() ?? Data(), as: UTF8.self) == "ROADTRIP")
        #expect(child.wait() == 0)
    }

    @Test func bothStreamsCanAppendToOneFile() throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: log) }
        #expect(
            try sh("echo out; echo err >&2; echo out2", stdout: .appending(log.path), stderr: .appending(log.path)).wait() == 0)
        #expect(try String(contentsOf: log, encoding: .utf8) == "out\nerr\nout2\n")
    }

    @Test func runsInTheGivenFolder() throws {
        let child = try sh("pwd", stdout: .pipe, directory: "/usr")
        #expect(String(decoding: child.output?.readDataToEndOfFile() ?? Data(), as: UTF8.self) == "/usr\n")
        child.wait()
    }

    @Test func aProgramThatIsMissingIsOneLineNamingIt() {
        #expect {
            try ChildProcess.spawn("/nonexistent/osrm-routed", [])
        } throws: { error in
            let text = "\(error)"
            return text.contains("/nonexistent/osrm-routed") && text.contains("No such file") && !text.contains("\n")
        }
    }

    @Test func theChildInheritsNoDescriptorButItsThreeStreams() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)  // not close-on-exec: a plain posix_spawn would pass it on
        defer {
            close(ends[0])
            close(ends[1])
        }
        let child = try sh(
            "for fd in \(ends[0]) \(ends[1]); do [ -e /proc/self/fd/$fd ] && echo open; done; echo checked",
            stdout: .pipe)
        #expect(String(decoding: child.output?.readDataToEndOfFile() ?? Data(), as: UTF8.self) == "checked\n")
        child.wait()
    }

    @Test func theChildStartsWithNoSignalBlockedOrIgnored() throws {
        // As a Dispatch worker thread would have them: SIGTERM and SIGCHLD blocked, SIGINT ignored.
        let result = Statuses()
        let thread = Thread {
            var blocked = sigset_t()
            sigemptyset(&blocked)
            sigaddset(&blocked, SIGTERM)
            sigaddset(&blocked, SIGCHLD)
            pthread_sigmask(SIG_BLOCK, &blocked, nil)
            let previous = signal(SIGINT, SIG_IGN)
            defer { signal(SIGINT, previous) }
            guard
                let child = try? ChildProcess.spawn(
                    "/bin/sh", ["-c", "grep -E '^Sig(Blk|Ign)' /proc/self/status"],
                    environment: ["PATH": "/usr/bin:/bin"], stdout: .pipe)
            else { return }
            let text = String(decoding: child.output?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
            child.wait()
            result.add(text.contains("SigBlk:\t0000000000000000") ? 1 : 0)
            // sh itself ignores nothing unless told; SIGINT (bit 2) must not come through ignored.
            let ignored =
                text.split(separator: "\n").first { $0.hasPrefix("SigIgn") }.flatMap {
                    UInt64($0.split(separator: "\t").last ?? "", radix: 16)
                } ?? .max
            result.add(ignored & (1 << (UInt64(SIGINT) - 1)) == 0 ? 1 : 0)
        }
        thread.start()
        while result.all.count < 2 && !thread.isFinished { usleep(1000) }
        while result.all.count < 2 { usleep(1000) }
        #expect(result.all == [1, 1])
    }

    @Test func stopEndsAProgramThatIgnoresSIGTERM() throws {
        // The trap is set before "ready" is printed, so the SIGTERM cannot arrive first.
        let child = try sh("trap '' TERM; echo ready; while :; do sleep 1; done", stdout: .pipe)
        _ = child.output?.availableData
        #expect(child.isRunning)
        #expect(child.stop(grace: 0.2) == 128 + SIGKILL)
        #expect(!child.isRunning)
        // Once reaped, the pid may belong to someone else: nothing more is sent to it.
        child.send(SIGTERM)
        #expect(child.status == 128 + SIGKILL)
    }

    @Test func waitingAndPollingFromManyThreadsAllSeeTheOneStatus() throws {
        for _ in 0..<20 {
            let child = try sh("exit 7")
            let seen = Statuses()
            DispatchQueue.concurrentPerform(iterations: 4) { i in
                if i % 2 == 0 {
                    seen.add(child.wait())
                } else {
                    while child.isRunning { usleep(100) }
                    seen.add(child.status ?? -99)
                }
            }
            #expect(seen.all == [7, 7, 7, 7])
        }
    }
}

private final class Statuses: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Int32] = []
    func add(_ status: Int32) { lock.withLock { items.append(status) } }
    var all: [Int32] { lock.withLock { items } }
}
