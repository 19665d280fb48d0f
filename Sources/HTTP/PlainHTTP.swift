import Foundation

/// HTTP/1.1 GET over a plain socket, for `http://` servers (a local or LAN OSRM), with hard bounds.
///
/// URLSession on Linux hands bodies to libcurl, which inflates gzip by itself and buffers ahead of
/// the reader: an endless answer grew to 311 MB and a gzip bomb to 1.2 GB before the size limit
/// could act. Here every byte is read by us: the headers may take 64 KB, the body `limit` bytes,
/// nothing is inflated (the request asks for `identity`, and a compressed answer is refused), and
/// the whole exchange ends at `deadline`.
struct PlainHTTP {
    var limit: Int
    var timeoutSeconds: Double
    var deadline: Date
    var isCancelled: @Sendable () -> Bool

    static let maxHeaderBytes = 64 << 10

    /// Where finished connections wait for the next request; nil closes each after its answer.
    var pool: ConnectionPool?

    /// The status and body of `GET url`, or why there is none.
    func get(_ url: URL) -> Result<HTTPResponse, HTTPFailure> {
        guard let host = url.host, !host.isEmpty else { return .failure(.transport("no host in \(url)")) }
        let port = url.port ?? 80
        let server = "\(host):\(port)"
        var path = url.path.isEmpty ? "/" : url.path
        if let query = url.query { path += "?" + query }
        let hostHeader = url.port.map { "\(host):\($0)" } ?? host
        let request = Array(
            ("GET \(path) HTTP/1.1\r\nHost: \(hostHeader)\r\nAccept: application/json\r\n"
                + "Accept-Encoding: identity\r\nConnection: \(pool == nil ? "close" : "keep-alive")\r\n"
                + "User-Agent: roadtrip\r\n\r\n").utf8)
        // A kept connection the server closed a moment ago fails before any byte of the answer:
        // that request is sent again once, on a new connection.
        if let reused = pool?.take(server) {
            var reader = Reader(fd: reused, http: self)
            let answer = send(request, on: reused).map { Result<HTTPResponse, HTTPFailure>.failure($0) } ?? reader.response()
            if case .failure(.unreachable) = answer, reader.receivedNothing {
                close(reused)
            } else {
                return finish(answer, reader: reader, fd: reused, server: server)
            }
        }
        let connection: Int32
        switch connect(host: host, port: port) {
        case let .success(fd): connection = fd
        case let .failure(failure): return .failure(failure)
        }
        pool?.didOpen()
        if let failure = send(request, on: connection) {
            close(connection)
            return .failure(failure)
        }
        var reader = Reader(fd: connection, http: self)
        let answer = reader.response()
        return finish(answer, reader: reader, fd: connection, server: server)
    }

    /// Gives the connection back for the next request when its answer ended cleanly, else closes it.
    private func finish(
        _ answer: Result<HTTPResponse, HTTPFailure>, reader: Reader, fd: Int32, server: String
    ) -> Result<HTTPResponse, HTTPFailure> {
        if let pool, case .success = answer, reader.canCarryAnother {
            pool.giveBack(fd, to: server)
        } else {
            close(fd)
        }
        return answer
    }

    /// A connected TCP socket, trying each address the name has until one answers.
    private func connect(host: String, port: Int) -> Result<Int32, HTTPFailure> {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
            return .failure(.unreachable("host not found"))
        }
        defer { freeaddrinfo(list) }
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let address = next {
            next = address.pointee.ai_next
            let fd = socket(
                address.pointee.ai_family, address.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), address.pointee.ai_protocol
            )
            guard fd >= 0 else { continue }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            if Glibc.connect(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 || errno == EINPROGRESS {
                if wait(fd, for: Int16(POLLOUT)) == nil {
                    var error: Int32 = 0
                    var length = socklen_t(MemoryLayout<Int32>.size)
                    getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
                    if error == 0 { return .success(fd) }
                }
            }
            close(fd)
            if Date() >= deadline { return .failure(.timedOut(seconds: timeoutSeconds)) }
        }
        return .failure(.unreachable("cannot connect"))
    }

    private func send(_ bytes: [UInt8], on fd: Int32) -> HTTPFailure? {
        var sent = 0
        while sent < bytes.count {
            if let failure = wait(fd, for: Int16(POLLOUT)) { return failure }
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0, errno == EAGAIN || errno == EINTR { continue }
            guard n > 0 else { return .unreachable("connection lost") }
            sent += n
        }
        return nil
    }

    /// Waits until `fd` is ready for `events`, in slices so cancellation is seen; nil when ready.
    fileprivate func wait(_ fd: Int32, for events: Int16) -> HTTPFailure? {
        while true {
            if isCancelled() { return .cancelled }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return .timedOut(seconds: timeoutSeconds) }
            var entry = pollfd(fd: fd, events: events, revents: 0)
            let ready = poll(&entry, 1, Int32(min(50, max(1, left * 1000))))
            if ready > 0 { return nil }
            if ready < 0, errno != EINTR { return .transport(String(cString: strerror(errno))) }
        }
    }
}

/// Reads one response off a socket, within the bounds of its `PlainHTTP`.
private struct Reader {
    let fd: Int32
    let http: PlainHTTP
    private var buffer: [UInt8] = []
    private var closed = false
    /// Whether not one byte came back: a kept connection the server had already closed.
    private(set) var receivedNothing = true
    /// Whether the connection may carry the next request: the body was framed (a length or
    /// chunks), read to its end with nothing after it, and the server did not ask to close.
    private(set) var canCarryAnother = false

    init(fd: Int32, http: PlainHTTP) {
        self.fd = fd
        self.http = http
    }

    mutating func response() -> Result<HTTPResponse, HTTPFailure> {
        // Status line and headers, up to the blank line.
        var headerEnd: Int?
        while headerEnd == nil {
            headerEnd = find([13, 10, 13, 10])
            if headerEnd != nil { break }
            guard buffer.count <= PlainHTTP.maxHeaderBytes else { return .failure(.transport("headers longer than 64 KB")) }
            if let failure = fill() { return .failure(failure) }
            if closed && find([13, 10, 13, 10]) == nil { return .failure(.unreachable("connection lost")) }
        }
        let head = String(decoding: buffer[..<headerEnd!], as: UTF8.self)
        buffer.removeFirst(headerEnd! + 4)
        let lines = head.components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/1."), let status = Int(statusParts[1]) else {
            return .failure(.transport("not an HTTP answer"))
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        if let encoding = headers["content-encoding"], encoding.lowercased() != "identity" {
            return .failure(.transport("sent a compressed answer (\(encoding)) though none was asked for"))
        }
        let body: Result<[UInt8], HTTPFailure>
        var framed = true
        if headers["transfer-encoding"]?.lowercased().contains("chunked") == true {
            body = chunked()
        } else if let declared = headers["content-length"] {
            guard let length = Int(declared), length >= 0 else { return .failure(.transport("a bad Content-Length")) }
            guard length <= http.limit else { return .failure(.tooLarge(limitBytes: http.limit)) }
            body = exactly(length)
            if case .success = body { buffer.removeFirst(length) }
        } else {
            framed = false
            body = untilClosed()
        }
        let keepAlive =
            statusParts[0] == "HTTP/1.1"
            ? headers["connection"]?.lowercased() != "close" : headers["connection"]?.lowercased() == "keep-alive"
        canCarryAnother = framed && keepAlive && !closed && buffer.isEmpty
        return body.map { HTTPResponse(status: status, body: Data($0)) }
    }

    private mutating func exactly(_ length: Int) -> Result<[UInt8], HTTPFailure> {
        while buffer.count < length {
            if closed { return .failure(.unreachable("connection lost")) }
            if let failure = fill() { return .failure(failure) }
        }
        return .success(Array(buffer.prefix(length)))
    }

    private mutating func untilClosed() -> Result<[UInt8], HTTPFailure> {
        while !closed {
            if buffer.count > http.limit { return .failure(.tooLarge(limitBytes: http.limit)) }
            if let failure = fill() { return .failure(failure) }
        }
        return buffer.count > http.limit ? .failure(.tooLarge(limitBytes: http.limit)) : .success(buffer)
    }

    private mutating func chunked() -> Result<[UInt8], HTTPFailure> {
        var body: [UInt8] = []
        while true {
            guard let lineEnd = line() else {
                return .failure(closed ? .unreachable("connection lost") : .transport("a bad chunk"))
            }
            let sizeText = String(decoding: buffer[..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size >= 0 else {
                return .failure(.transport("a bad chunk size"))
            }
            buffer.removeFirst(lineEnd + 2)
            if size == 0 {
                // Trailer lines, then the blank line that ends the message; a message left
                // unfinished here only costs the connection its reuse.
                while let end = line() {
                    buffer.removeFirst(end + 2)
                    if end == 0 { break }
                }
                return .success(body)
            }
            // Subtracted, not added: a chunk size near Int.max from the server must not overflow.
            guard size <= http.limit - body.count else { return .failure(.tooLarge(limitBytes: http.limit)) }
            switch exactly(size + 2) {
            case let .failure(failure): return .failure(failure)
            case .success: break
            }
            body += buffer.prefix(size)
            buffer.removeFirst(size + 2)
        }
    }

    /// The offset of the next CRLF, reading more as needed (a chunk-size line is short).
    private mutating func line() -> Int? {
        while true {
            if let end = find([13, 10]) { return end }
            if closed || buffer.count > 1024 { return nil }
            if fill() != nil { return nil }
        }
    }

    private func find(_ pattern: [UInt8]) -> Int? {
        guard buffer.count >= pattern.count else { return nil }
        for i in 0...(buffer.count - pattern.count)
        where buffer[i] == pattern[0] && Array(buffer[i..<(i + pattern.count)]) == pattern {
            return i
        }
        return nil
    }

    /// Reads what has arrived (at most 64 KB); sets `closed` at the end of the stream.
    private mutating func fill() -> HTTPFailure? {
        if let failure = http.wait(fd, for: Int16(POLLIN)) { return failure }
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n < 0 {
            if errno == EAGAIN || errno == EINTR { return nil }
            return .unreachable("connection lost")
        }
        if n == 0 { closed = true } else { buffer += chunk[..<n] }
        if n > 0 { receivedNothing = false }
        return nil
    }
}
