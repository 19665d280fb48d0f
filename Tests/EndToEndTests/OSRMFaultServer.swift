import Foundation
import Routing
#if canImport(Glibc)
    import Glibc
#endif

/// A one-purpose HTTP server on 127.0.0.1 that misbehaves the way a broken routing server does,
/// so the provider's fallbacks are exercised over a real socket. Every connection gets the same
/// behaviour. It stops on `stop()`, and any connection it holds open lets go within 30 s anyway.
final class OSRMFaultServer: @unchecked Sendable {
    enum Behaviour: Sendable {
        /// Reads the request and never answers.
        case hang
        /// A complete HTTP answer.
        case answer(status: Int, body: String)
        /// Promises `declaredLength` bytes, sends `body`, closes.
        case cutOff(body: String, declaredLength: Int)
        /// A 200 whose body never ends (no length, streamed until the client hangs up).
        case endlessBody
        /// A 200 whose body comes one byte every 100 ms: never idle long enough for an idle timeout.
        case trickle
        /// A 200 with `Content-Encoding: gzip` though identity was asked for (a gzip bomb's wrapper).
        case compressed
        /// A complete 200 sent in chunks of `chunkSize` bytes (Transfer-Encoding: chunked).
        case chunked(body: String, chunkSize: Int)
        /// A 200 with `body` for each of `requestsPerConnection` requests on one kept-alive
        /// connection, which the server then closes while the client holds it idle.
        case keepAlive(body: String, requestsPerConnection: Int)
    }

    let behaviour: Behaviour
    let port: Int
    private let listener: Int32
    private let lock = NSLock()
    private var paths: [String] = []
    private var accepted = 0
    private var stopped = false

    init(_ behaviour: Behaviour) throws {
        self.behaviour = behaviour
        guard let socket = LoopbackSocket.make(listening: 16) else { throw POSIXError(.EADDRINUSE) }
        listener = socket.descriptor
        port = socket.port
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// The request paths received so far.
    var requests: [String] { lock.withLock { paths } }

    /// Connections accepted so far.
    var connections: Int { lock.withLock { accepted } }

    func stop() {
        lock.withLock { stopped = true }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    private func acceptLoop() {
        while !isStopped {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            lock.withLock { accepted += 1 }
            Thread.detachNewThread { [self] in serve(connection) }
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        guard let path = readRequestPath(connection) else { return }
        lock.withLock { paths.append(path) }
        switch behaviour {
        case .hang:
            let deadline = Date().addingTimeInterval(30)
            while !isStopped && Date() < deadline { usleep(20_000) }
        case let .answer(status, body):
            send(
                connection,
                "HTTP/1.1 \(status) Whatever\r\nContent-Type: application/json\r\n"
                    + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
        case let .cutOff(body, declaredLength):
            send(
                connection,
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                    + "Content-Length: \(declaredLength)\r\nConnection: close\r\n\r\n\(body)")
        case .endlessBody:
            guard
                send(
                    connection,
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n"
                        + #"{"code":"Ok","routes":[{"legs":[],"geometry":""#)
            else { return }
            let chunk = String(repeating: "_ibE", count: 16_384)
            // Bounded: 256 MB at most, far past any sane limit, in case a client never hangs up.
            for _ in 0..<4096 where !isStopped {
                guard send(connection, chunk) else { return }
            }
        case .compressed:
            // The gzip header of an empty member, then zeros: what matters is that it is never inflated.
            guard
                send(
                    connection,
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\n"
                        + "Content-Length: 1048576\r\nConnection: close\r\n\r\n")
            else { return }
            _ = send(connection, String(repeating: "\0", count: 4096))
        case let .chunked(body, size):
            guard
                send(
                    connection,
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n"
                        + "Connection: close\r\n\r\n")
            else { return }
            var rest = Substring(body)
            while !rest.isEmpty {
                let piece = rest.prefix(size)
                rest = rest.dropFirst(piece.count)
                guard send(connection, String(piece.utf8.count, radix: 16) + ";ext=1\r\n" + piece + "\r\n") else { return }
            }
            _ = send(connection, "0\r\n\r\n")
        case let .keepAlive(body, count):
            let answer =
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.utf8.count)\r\nConnection: keep-alive\r\n\r\n\(body)"
            guard send(connection, answer) else { return }
            for _ in 1..<max(1, count) {
                guard let next = readRequestPath(connection) else { return }
                lock.withLock { paths.append(next) }
                guard send(connection, answer) else { return }
            }
        case .trickle:
            guard send(connection, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n")
            else { return }
            for _ in 0..<300 where !isStopped {
                guard send(connection, " ") else { return }
                usleep(100_000)
            }
        }
    }

    /// Reads up to the blank line that ends the request head; returns the request path.
    private func readRequestPath(_ connection: Int32) -> String? {
        var head = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while head.count < 1 << 20 {
            let n = recv(connection, &buffer, buffer.count, 0)
            guard n > 0 else { return nil }
            head += buffer[0..<n]
            if let text = String(bytes: head, encoding: .utf8), text.contains("\r\n\r\n") {
                let requestLine = text.split(separator: "\r\n").first ?? ""
                let parts = requestLine.split(separator: " ")
                return parts.count >= 2 ? String(parts[1]) : nil
            }
        }
        return nil
    }

    @discardableResult
    private func send(_ connection: Int32, _ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            // MSG_NOSIGNAL: a client that hung up must not kill the test process with SIGPIPE.
            let n = bytes.withUnsafeBytes {
                Glibc.send(connection, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
            }
            guard n > 0 else { return false }
            sent += n
        }
        return true
    }
}
