import Foundation
import RoadtripCore
import Routing
import TermUI

/// Key to frame while OSRM requests are in flight (issue 4): the trip screen routed through a
/// server that accepts every connection and never answers, so each request stays open for the
/// whole run and every key is handled beside them.
@MainActor
enum InFlightBenchmark {
    static func run(_ url: URL, keys: Int, into table: inout Table) throws {
        let label = Workloads.label(url)
        let work = url.deletingLastPathComponent().appendingPathComponent("inflight-" + url.lastPathComponent)
        try? FileManager.default.removeItem(at: work)
        try FileManager.default.copyItem(at: url, to: work)
        let server = try SilentServer()
        defer { server.stop() }
        let configuration = OSRMConfiguration(baseURL: URL(string: "http://127.0.0.1:\(server.port)")!, timeout: .seconds(600))
        let routes = OSRMRouteProvider(configuration: configuration, cacheFolder: nil)
        let session = try ScreenSession(url: work, routes: routes)

        session.press(.enter)
        guard session.screen.contains("Trip:") else { throw BenchmarkError("Enter did not open a trip:\n\(session.screen)") }
        let stopMoves = KeyToFrameBenchmark.measure(session, count: keys) { i in [.char(i % 2 == 0 ? "J" : "K")] }
        let selection = KeyToFrameBenchmark.measure(session, count: keys) { i in [i % 2 == 0 ? .down : .up] }
        // Proof that the keys met requests in flight: the server got them, none has come back.
        // Each edit cancels the request for the stops it replaced, so at most one stays open.
        let sent = routes.requestCount.requests
        let open = server.openConnections
        guard server.connections > 0, sent > 0, session.screen.contains("Calculating") else {
            throw BenchmarkError("no OSRM request was in flight (\(server.connections) connections):\n\(session.screen)")
        }
        KeyToFrameBenchmark.report(
            stopMoves,
            "move stop (J/K), OSRM never answers: \(sent) requests for \(keys) edits, \(open) still open", label,
            limit: 2, into: &table)
        KeyToFrameBenchmark.report(selection, "move selection in a trip, requests in flight", label, limit: 2, into: &table)
        session.repository.flush()
    }
}

/// A loopback TCP server that accepts connections and never answers them.
final class SilentServer: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    private let lock = NSLock()
    private var accepted: [Int32] = []
    private var stopped = false

    init() throws {
        guard let socket = LoopbackSocket.make(listening: 512) else {
            throw BenchmarkError("cannot listen on 127.0.0.1: \(String(cString: strerror(errno)))")
        }
        listener = socket.descriptor
        port = socket.port
        let thread = Thread { [self] in acceptForever() }
        thread.start()
    }

    /// Connections accepted so far.
    var connections: Int { lock.withLock { accepted.count } }

    /// Connections the client has not closed: a cancelled request closes its own.
    var openConnections: Int {
        lock.withLock { accepted }.filter { fd in
            // The request's bytes are read and dropped; then nothing more to read and no end of
            // stream means the client still holds it open.
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                if n > 0 { continue }
                return n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
            }
        }.count
    }

    private func acceptForever() {
        while true {
            let fd = accept(listener, nil, nil)
            let keep = lock.withLock { () -> Bool in
                if stopped || fd < 0 { return false }
                accepted.append(fd)
                return true
            }
            if !keep {
                if fd >= 0 { close(fd) }
                if lock.withLock({ stopped }) { return }
            }
        }
    }

    func stop() {
        let fds: [Int32] = lock.withLock {
            stopped = true
            defer { accepted = [] }
            return accepted
        }
        fds.forEach { close($0) }
        // shutdown wakes the accept() blocked in the other thread; close alone may not.
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }
}
