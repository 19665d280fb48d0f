import Foundation
import Synchronization

/// Idle keep-alive connections of one `HTTPClient`, per host and port, so a trip edited ten times
/// costs one TCP connection to the routing server instead of ten.
///
/// A connection is taken by one request at a time and given back only when its answer was read
/// to the last byte of a framed body (Content-Length or chunked) and the server did not ask to
/// close. One that the server closed while idle is seen before it is used again (it reads as
/// ready: end of stream) and dropped.
public final class ConnectionPool: Sendable {
    /// Idle connections kept per server; more are closed when given back.
    static let idlePerServer = 4

    private struct State {
        var idle: [String: [Int32]] = [:]
        var opened = 0
    }
    private let state = Mutex(State())

    init() {}

    deinit {
        state.withLock { state in
            for fd in state.idle.values.joined() { close(fd) }
        }
    }

    /// TCP connections opened so far: the figure keep-alive keeps low.
    public var connectionsOpened: Int { state.withLock { $0.opened } }

    func didOpen() { state.withLock { $0.opened += 1 } }

    /// An idle connection to `server` that is still open, if any.
    func take(_ server: String) -> Int32? {
        while let fd = state.withLock({ $0.idle[server]?.popLast() }) {
            if Self.isStillOpen(fd) { return fd }
            close(fd)
        }
        return nil
    }

    /// Keeps `fd` for the next request to `server`, or closes it when enough are kept.
    func giveBack(_ fd: Int32, to server: String) {
        let kept: Bool = state.withLock { state in
            guard state.idle[server, default: []].count < Self.idlePerServer else { return false }
            state.idle[server, default: []].append(fd)
            return true
        }
        if !kept { close(fd) }
    }

    /// An idle connection has nothing to read; anything readable is the server's end of stream
    /// (or stray bytes no request asked for), and either way it cannot carry another request.
    private static func isStillOpen(_ fd: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) == 0
    }
}
