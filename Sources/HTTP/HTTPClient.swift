import Foundation
import Synchronization
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A status and a body, read in full.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var body: Data

    public init(status: Int, body: Data) {
        self.status = status
        self.body = body
    }
}

/// Why no complete answer came back.
public enum HTTPFailure: Error, Equatable, Sendable {
    /// Nothing listens there, the host is unknown, or the connection dropped: a short cause.
    case unreachable(String)
    /// No complete answer within the time limit.
    case timedOut(seconds: Double)
    /// The body grew past the limit; reading stopped there.
    case tooLarge(limitBytes: Int)
    case cancelled
    /// Any other transport error, in the system's words.
    case transport(String)
}

/// GET with the two bounds a status line must be able to promise: a total time limit and a body
/// size limit. `http://` goes through `PlainHTTP`, which reads every byte itself; `https://`
/// through URLSession (libcurl underneath on Linux, see `SecureSession`), whose buffering the
/// bounds contain less tightly.
///
/// A client is one session: `http://` connections are kept open between requests (keep-alive) in
/// its `connections`, so hold one client per server for as long as it is used.
public struct HTTPClient: Sendable {
    public var timeout: Duration
    public var maxBodyBytes: Int
    /// The session's idle `http://` connections, and how many it opened.
    public let connections = ConnectionPool()
    /// The session for `https://`: URLSession keeps its connections (and TLS) alive.
    private let secure: SecureSession

    public init(timeout: Duration, maxBodyBytes: Int) {
        self.timeout = timeout
        self.maxBodyBytes = maxBodyBytes
        self.secure = SecureSession(timeoutSeconds: timeout.seconds)
    }

    public func get(_ url: URL) async -> Result<HTTPResponse, HTTPFailure> {
        if url.scheme?.lowercased() == "http" { return await getPlain(url) }
        let fetch = BoundedFetch(limit: maxBodyBytes, timeoutSeconds: timeout.seconds)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                secure.start(fetch, url: url, continuation: continuation)
            }
        } onCancel: {
            fetch.finish(.failure(.cancelled))
        }
    }
}

extension HTTPClient {
    /// `http://` through `PlainHTTP`, on a thread of its own (the socket calls block), cancelled
    /// with the task.
    private func getPlain(_ url: URL) async -> Result<HTTPResponse, HTTPFailure> {
        let cancelled = CancelFlag()
        let http = PlainHTTP(
            limit: maxBodyBytes, timeoutSeconds: timeout.seconds,
            deadline: Date().addingTimeInterval(timeout.seconds), isCancelled: { cancelled.isSet }, pool: connections)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                Thread.detachNewThread { continuation.resume(returning: http.get(url)) }
            }
        } onCancel: {
            cancelled.set()
        }
    }
}

/// A flag set from one thread and read from another.
private final class CancelFlag: Sendable {
    private let value = Mutex(false)
    var isSet: Bool { value.withLock { $0 } }
    func set() { value.withLock { $0 = true } }
}

extension Duration {
    /// The duration in seconds, fractions included.
    public var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}
