import Foundation
import Synchronization
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One URLSession for every `https://` request of a client, so its connections and TLS sessions
/// are kept between requests; each request's events go to its own `BoundedFetch`.
///
/// URLSession's own timeouts reset whenever a byte arrives, so a server that trickles would hold
/// the caller for ever; a watchdog cancels the task at the deadline instead. The body is collected
/// through the delegate so that a huge answer is cut off at the limit rather than buffered whole.
final class SecureSession: Sendable {
    private let timeoutSeconds: Double
    private let router = TaskRouter()
    /// Made on the first `https://` request: most clients only ever speak plain HTTP.
    private let made = Mutex<URLSession?>(nil)

    init(timeoutSeconds: Double) {
        self.timeoutSeconds = timeoutSeconds
    }

    deinit {
        // Also releases the session's strong reference to its delegate.
        made.withLock { $0?.finishTasksAndInvalidate() }
    }

    private var session: URLSession {
        made.withLock { made in
            if let made { return made }
            let configuration = URLSessionConfiguration.ephemeral
            // Only a backstop: the watchdog keeps the deadline. Linux's URLSession truncates these
            // to whole seconds, and a fraction below one second then fails at once.
            let backstop = timeoutSeconds.rounded(.up) + 1
            configuration.timeoutIntervalForRequest = backstop
            configuration.timeoutIntervalForResource = backstop
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            let session = URLSession(configuration: configuration, delegate: router, delegateQueue: nil)
            made = session
            return session
        }
    }

    func start(
        _ fetch: BoundedFetch, url: URL, continuation: CheckedContinuation<Result<HTTPResponse, HTTPFailure>, Never>
    ) {
        var request = URLRequest(url: url)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let task = session.dataTask(with: request)
        guard fetch.begin(task, continuation: continuation, router: router) else { return }
        task.resume()
        DispatchQueue.global().asyncAfter(deadline: .now() + fetch.timeoutSeconds) {
            fetch.finish(.failure(.timedOut(seconds: fetch.timeoutSeconds)))
        }
    }
}

/// The session's delegate: hands each task's events to the fetch that started it.
private final class TaskRouter: NSObject, URLSessionDataDelegate, Sendable {
    private let fetches = Mutex<[Int: BoundedFetch]>([:])

    func add(_ fetch: BoundedFetch, for task: URLSessionTask) {
        fetches.withLock { $0[task.taskIdentifier] = fetch }
    }

    func remove(_ task: URLSessionTask) {
        _ = fetches.withLock { $0.removeValue(forKey: task.taskIdentifier) }
    }

    private func fetch(_ task: URLSessionTask) -> BoundedFetch? {
        fetches.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        guard let fetch = fetch(dataTask) else { return completionHandler(.cancel) }
        completionHandler(fetch.receive(response) ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        fetch(dataTask)?.receive(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        fetch(task)?.complete(error)
        remove(task)
    }
}

/// One request: resumes its continuation exactly once, whichever of completion, size limit,
/// deadline or cancellation comes first.
final class BoundedFetch: Sendable {
    let limit: Int
    let timeoutSeconds: Double

    private struct State {
        var body = Data()
        var status = 0
        var task: URLSessionTask?
        var router: TaskRouter?
        var continuation: CheckedContinuation<Result<HTTPResponse, HTTPFailure>, Never>?
        var outcome: Result<HTTPResponse, HTTPFailure>?
    }
    private let state = Mutex(State())

    init(limit: Int, timeoutSeconds: Double) {
        self.limit = limit
        self.timeoutSeconds = timeoutSeconds
    }

    /// Takes the task and the waiting caller; false (and the caller answered) when the fetch was
    /// cancelled before it started.
    fileprivate func begin(
        _ task: URLSessionTask, continuation: CheckedContinuation<Result<HTTPResponse, HTTPFailure>, Never>,
        router: TaskRouter
    ) -> Bool {
        let early: Result<HTTPResponse, HTTPFailure>? = state.withLock { state in
            if let outcome = state.outcome { return outcome }
            state.task = task
            state.router = router
            state.continuation = continuation
            return nil
        }
        if let early {
            continuation.resume(returning: early)
            return false
        }
        router.add(self, for: task)
        return true
    }

    /// The first outcome wins; later ones are ignored. Ending early cancels the task, which leaves
    /// the session's other connections as they are.
    func finish(_ result: Result<HTTPResponse, HTTPFailure>) {
        let taken = state.withLock {
            state -> (CheckedContinuation<Result<HTTPResponse, HTTPFailure>, Never>?, URLSessionTask?, TaskRouter?)? in
            guard state.outcome == nil else { return nil }
            state.outcome = result
            defer {
                state.continuation = nil
                state.task = nil
                state.router = nil
            }
            return (state.continuation, state.task, state.router)
        }
        guard let (continuation, task, router) = taken else { return }
        if let task {
            router?.remove(task)
            if case .failure = result { task.cancel() }
        }
        continuation?.resume(returning: result)
    }

    /// The status line and headers: false when the declared length is past the limit, so the
    /// body need not be read at all.
    fileprivate func receive(_ response: URLResponse) -> Bool {
        let http = response as? HTTPURLResponse
        state.withLock { $0.status = http?.statusCode ?? 0 }
        if let length = http?.expectedContentLength, length > Int64(limit) {
            finish(.failure(.tooLarge(limitBytes: limit)))
            return false
        }
        return true
    }

    fileprivate func receive(_ data: Data) {
        let overflow = state.withLock { state in
            guard state.body.count + data.count <= limit else { return true }
            state.body.append(data)
            return false
        }
        if overflow { finish(.failure(.tooLarge(limitBytes: limit))) }
    }

    fileprivate func complete(_ error: Error?) {
        guard let error else {
            finish(.success(state.withLock { HTTPResponse(status: $0.status, body: $0.body) }))
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
