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
/// through URLSession (libcurl underneath on Linux), whose buffering the bounds below contain less
/// tightly.
///
/// URLSession's own timeouts reset whenever a byte arrives, so a server that trickles would hold
/// the caller for ever; a watchdog cancels the task at the deadline instead. The body is collected
/// through a delegate so that a huge answer is cut off at the limit rather than buffered whole.
///
/// A client is one session: `http://` connections are kept open between requests (keep-alive) in
/// its `connections`, so hold one client per server for as long as it is used.
public struct HTTPClient: Sendable {
    public var timeout: Duration
    public var maxBodyBytes: Int
    /// The session's idle connections, and how many it opened.
    public let connections = ConnectionPool()

    public init(timeout: Duration, maxBodyBytes: Int) {
        self.timeout = timeout
        self.maxBodyBytes = maxBodyBytes
    }

    public func get(_ url: URL) async -> Result<HTTPResponse, HTTPFailure> {
        if url.scheme?.lowercased() == "http" { return await getPlain(url) }
        let fetch = BoundedFetch(limit: maxBodyBytes, timeoutSeconds: timeout.seconds)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                fetch.start(url: url, continuation: continuation)
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

/// One request: resumes its continuation exactly once, whichever of completion, size limit,
/// deadline or cancellation comes first.
private final class BoundedFetch: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // @unchecked: URLSession calls the delegate on its own queue; every mutable field is only touched under `lock`.
    private let limit: Int
    private let timeoutSeconds: Double
    private let lock = NSLock()
    private var body = Data()
    private var status = 0
    private var session: URLSession?
    private var continuation: CheckedContinuation<Result<HTTPResponse, HTTPFailure>, Never>?
    private var outcome: Result<HTTPResponse, HTTPFailure>?

    init(limit: Int, timeoutSeconds: Double) {
        self.limit = limit
        self.timeoutSeconds = timeoutSeconds
    }

    func start(url: URL, continuation: CheckedContinuation<Result<HTTPResponse, HTTPFailure>, Never>) {
        let configuration = URLSessionConfiguration.ephemeral
        // Only a backstop: the watchdog below keeps the deadline. Linux's URLSession truncates
        // these to whole seconds, and a fraction below one second then fails at once.
        let backstop = timeoutSeconds.rounded(.up) + 1
        configuration.timeoutIntervalForRequest = backstop
        configuration.timeoutIntervalForResource = backstop
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
        lock.lock()
        if let outcome {  // cancelled before it started
            lock.unlock()
            session.invalidateAndCancel()
            continuation.resume(returning: outcome)
            return
        }
        self.continuation = continuation
        self.session = session
        lock.unlock()
        var request = URLRequest(url: url)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        session.dataTask(with: request).resume()
        DispatchQueue.global().asyncAfter(deadline: .now() + timeoutSeconds) { [weak self] in
            guard let self else { return }
            self.finish(.failure(.timedOut(seconds: self.timeoutSeconds)))
        }
    }

    /// The first outcome wins; later ones are ignored.
    func finish(_ result: Result<HTTPResponse, HTTPFailure>) {
        lock.lock()
        guard outcome == nil else {
            lock.unlock()
            return
        }
        outcome = result
        let continuation = self.continuation, session = self.session
        self.continuation = nil
        self.session = nil
        lock.unlock()
        // Invalidating also releases the session's strong reference to this delegate.
        session?.invalidateAndCancel()
        continuation?.resume(returning: result)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let http = response as? HTTPURLResponse
        lock.lock()
        status = http?.statusCode ?? 0
        lock.unlock()
        // A declared length past the limit need not be read at all.
        if let length = http?.expectedContentLength, length > Int64(limit) {
            completionHandler(.cancel)
            finish(.failure(.tooLarge(limitBytes: limit)))
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        let overflow = body.count + data.count > limit
        if !overflow { body.append(data) }
        lock.unlock()
        if overflow { finish(.failure(.tooLarge(limitBytes: limit))) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        guard let error else {
            lock.lock()
            let response = HTTPResponse(status: status, body: body)
            lock.unlock()
            finish(.success(response))
            return
        }
        finish(.failure(Self.failure(for: error, timeoutSeconds: timeoutSeconds)))
    }

    private static func failure(for error: Error, timeoutSeconds: Double) -> HTTPFailure {
        let nsError = error as NSError
        // On Linux, localizedDescription is often "(null)": libcurl's words sit in the user info.
        let words = (nsError.userInfo[NSLocalizedDescriptionKey] as? String) ?? "error \(nsError.code)"
        guard nsError.domain == NSURLErrorDomain else { return .transport(words) }
        switch URLError.Code(rawValue: nsError.code) {
        case .timedOut: return .timedOut(seconds: timeoutSeconds)
        case .cancelled: return .cancelled
        case .cannotFindHost, .dnsLookupFailed: return .unreachable("host not found")
        case .cannotConnectToHost: return .unreachable("cannot connect")
        case .networkConnectionLost: return .unreachable("connection lost")
        case .notConnectedToInternet: return .unreachable("no network")
        default: return .transport(words)
        }
    }
}

extension Duration {
    /// The duration in seconds, fractions included.
    public var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}
