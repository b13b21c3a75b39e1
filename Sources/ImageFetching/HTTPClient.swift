import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// HTTP GET through URLSession with a byte budget and an overall deadline.
///
/// URLSession (FoundationNetworking on Linux, backed by libcurl) ships with the Swift toolchain: no package to add,
/// HTTP/1.1 and HTTP/2, TLS, redirects, proxies from the environment, and connection reuse. What it lacks for images
/// from a deck is added here: the body is streamed through a delegate so a response over the budget is cut off as
/// soon as it is known to be too big (by its Content-Length, or while it arrives), and a deadline covers the whole
/// request, since URLSession's own request timeout only measures silence between packets.
final class HTTPClient: Sendable {
    private let session: URLSession
    private let delegate: SessionDelegate

    init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpMaximumConnectionsPerHost = 6
        delegate = SessionDelegate()
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.name = "ImageFetching.HTTPClient"
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
    }

    /// Cancels every transfer and releases the session.
    func invalidate() { session.invalidateAndCancel() }

    /// GETs `url`; `source` names it in errors. Fails with `.http` for a status outside 2xx, `.tooLarge` past `limit`
    /// bytes, `.timeout` when the whole response has not arrived within `timeout` seconds, `.cancelled` when the
    /// calling task is cancelled, and `.network` for connection failures and empty bodies.
    func get(_ url: URL, source: String, limit: Int, timeout: Double) async -> Result<Data, FetchError> {
        let transfer = Transfer(source: source, limit: limit, timeout: timeout)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                guard transfer.begin(continuation) else { return }
                var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
                request.httpMethod = "GET"
                request.setValue("image/*, */*;q=0.5", forHTTPHeaderField: "Accept")
                let task = session.dataTask(with: request)
                delegate.register(transfer, for: task)
                transfer.attach(task)
                task.resume()
                // Weak: a finished transfer (and the body it held) is freed at once, not when its deadline passes.
                DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [weak transfer] in
                    transfer?.fail(.timeout, Transfer.timeoutProblem(timeout))
                }
            }
        } onCancel: {
            transfer.fail(.cancelled, "cancelled")
        }
    }
}

/// One request's state: the body so far, and the continuation resumed exactly once with the outcome.
final class Transfer: @unchecked Sendable {
    let source: String
    let limit: Int
    let timeout: Double
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Result<Data, FetchError>, Never>?
    private var early: Result<Data, FetchError>?
    private var finished = false
    private var task: URLSessionDataTask?
    private var body = Data()

    init(source: String, limit: Int, timeout: Double) { self.source = source; self.limit = limit; self.timeout = timeout }

    static func timeoutProblem(_ timeout: Double) -> String {
        "timed out: no complete response within \(ByteText.seconds(timeout))"
    }

    /// Takes the continuation; returns false (and resumes it) when the transfer already failed (cancelled early).
    func begin(_ c: CheckedContinuation<Result<Data, FetchError>, Never>) -> Bool {
        lock.lock()
        if let early {
            finished = true
            lock.unlock()
            c.resume(returning: early)
            return false
        }
        continuation = c
        lock.unlock()
        return true
    }

    func attach(_ task: URLSessionDataTask) { lock.lock(); self.task = task; lock.unlock() }

    /// Ends the transfer with an error now (the first outcome wins) and cancels the request.
    func fail(_ kind: FetchError.Kind, _ problem: String) {
        finish(.failure(FetchError(source: source, kind: kind, problem: problem)), cancelTask: true)
    }

    /// Adds received bytes; false once the body is over the limit.
    func append(_ data: Data) -> Bool {
        lock.lock(); defer { lock.unlock() }
        guard body.count + data.count <= limit else { return false }
        body.append(data)
        return true
    }

    /// The request completed, with an error or not.
    func complete(error: Error?) {
        let result: Result<Data, FetchError>
        if let error {
            let (kind, problem) = Transfer.describe(error, timeout: timeout)
            result = .failure(FetchError(source: source, kind: kind, problem: problem))
        } else {
            lock.lock(); let data = body; body = Data(); lock.unlock()
            result = data.isEmpty
                ? .failure(FetchError(source: source, kind: .network, problem: "the server sent an empty response"))
                : .success(data)
        }
        finish(result, cancelTask: false)
    }

    private func finish(_ result: Result<Data, FetchError>, cancelTask: Bool) {
        lock.lock()
        guard !finished, early == nil else { lock.unlock(); return }
        let c = continuation
        if c == nil { early = result } else { finished = true; continuation = nil }
        let t = task
        lock.unlock()
        c?.resume(returning: result)
        if cancelTask { t?.cancel() }
    }

    /// A URLSession error as a kind and a short problem text.
    static func describe(_ error: Error, timeout: Double) -> (FetchError.Kind, String) {
        guard let e = error as? URLError else { return (.network, "network error (\(error))") }
        switch e.code {
        case .timedOut: return (.timeout, timeoutProblem(timeout))
        case .cancelled: return (.cancelled, "cancelled")
        case .cannotConnectToHost: return (.network, "cannot connect (connection refused)")
        case .cannotFindHost, .dnsLookupFailed: return (.network, "cannot connect (host not found)")
        case .networkConnectionLost: return (.network, "the connection was lost")
        case .notConnectedToInternet: return (.network, "no network connection")
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            return (.network, "secure connection failed (TLS)")
        case .badServerResponse: return (.network, "bad response from the server")
        case .httpTooManyRedirects: return (.network, "too many redirects")
        default: return (.network, "network error \(e.code.rawValue)")
        }
    }
}

/// The session's delegate: routes each task's callbacks to its transfer.
final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let transfers = Locked<[Int: Transfer]>([:])

    func register(_ transfer: Transfer, for task: URLSessionTask) {
        transfers.withLock { $0[task.taskIdentifier] = transfer }
    }

    private func transfer(_ task: URLSessionTask) -> Transfer? { transfers.withLock { $0[task.taskIdentifier] } }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        guard let transfer = transfer(dataTask) else { completionHandler(.cancel); return }
        if let http = response as? HTTPURLResponse, !(200...299).contains(http.statusCode) {
            transfer.fail(.http(status: http.statusCode),
                          "HTTP \(http.statusCode) \(HTTPURLResponse.localizedString(forStatusCode: http.statusCode))")
            completionHandler(.cancel)
            return
        }
        if response.expectedContentLength > Int64(transfer.limit) {
            transfer.fail(.tooLarge(limit: transfer.limit), ByteText.tooLarge(limit: transfer.limit, size: Int(response.expectedContentLength)))
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let transfer = transfer(dataTask) else { return }
        if !transfer.append(data) {
            transfer.fail(.tooLarge(limit: transfer.limit), ByteText.tooLarge(limit: transfer.limit, size: nil))
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        let transfer = transfers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        transfer?.complete(error: error)
    }
}

/// Sizes and durations in messages.
enum ByteText {
    /// "64 MB" for whole megabytes, else "1500 bytes".
    static func bytes(_ n: Int) -> String {
        n >= 1 << 20 && n % (1 << 20) == 0 ? "\(n >> 20) MB" : "\(n) bytes"
    }

    static func tooLarge(limit: Int, size: Int?) -> String {
        "the response is larger than the \(bytes(limit)) limit" + (size.map { " (\(bytes($0)))" } ?? "")
    }

    /// "10 s", "0.5 s".
    static func seconds(_ s: Double) -> String {
        s == s.rounded() ? "\(Int(s)) s" : "\(s) s"
    }
}
