// The plain-HTTP reader every `http://` OSRM, Valhalla and Nominatim answer goes through, fed
// over a real loopback socket, and the small server that feeds it (and the Nominatim target).
import Foundation
@testable import HTTP
import Routing
#if canImport(Glibc)
    import Glibc
#endif

/// A one-connection-at-a-time HTTP server on 127.0.0.1 that reads a request and answers each
/// with the bytes it was last given, then closes: the fuzzer's input reaches the client as a
/// server's answer would.
final class LoopbackServer: @unchecked Sendable {
    static let shared = LoopbackServer()

    let port: Int
    private let listener: Int32
    private let lock = NSLock()
    private var bytes: [UInt8] = []

    private init() {
        signal(SIGPIPE, SIG_IGN)
        guard let socket = LoopbackSocket.make(listening: 16) else { fatalError("no loopback socket: errno \(errno)") }
        listener = socket.descriptor
        port = socket.port
        Thread.detachNewThread { [self] in serve() }
    }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Answers every request from now on with exactly `raw`.
    func answer(raw: [UInt8]) { lock.withLock { bytes = raw } }

    /// Answers every request from now on with `status` and `body`, its length declared.
    func answer(status: Int, body: Data) {
        answer(raw: Array("HTTP/1.1 \(status) Fuzz\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n".utf8) + body)
    }

    private func serve() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            var limit = timeval(tv_sec: 5, tv_usec: 0)
            setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
            // The whole request first: closing with unread bytes would reset the connection.
            var request: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            while request.count < 65536, !request.ends(with: [13, 10, 13, 10]) {
                let n = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
                if n <= 0 { break }
                request += chunk[..<n]
            }
            let answer = lock.withLock { bytes }
            var sent = 0
            while sent < answer.count {
                let n = answer[sent...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if n <= 0 { break }
                sent += n
            }
            close(connection)
        }
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}

/// The body limit the `http` target reads under: small, so the fuzzer's inputs reach it.
private let fuzzBodyLimit = 4096

/// Raw response bytes (status line, headers, a body by length, by chunks or to the end) as
/// `PlainHTTP` reads them: an answer, or a failure, within its bounds: never a trap, never a body
/// past the limit.
func readHTTPAnswer(_ data: Data) {
    let server = LoopbackServer.shared
    server.answer(raw: Array(data))
    let http = PlainHTTP(
        limit: fuzzBodyLimit, timeoutSeconds: 5, deadline: Date().addingTimeInterval(5), isCancelled: { false }, pool: nil)
    let answer = http.get(server.baseURL.appendingPathComponent("fuzz"))
    note("\(answer.map { "HTTP \($0.status), \($0.body.count) bytes" })")
    switch answer {
    case .success(let response):
        precondition(
            response.body.count <= fuzzBodyLimit, "a body of \(response.body.count) bytes passed a \(fuzzBodyLimit)-byte limit")
    case .failure(.timedOut):
        preconditionFailure("the loopback answer was not read within the time limit")
    case .failure:
        break
    }
}
