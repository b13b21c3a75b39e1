import CCurl
import Foundation

/// HTTP(S) GET through libcurl's multi interface, on one transfer thread, with limits that hold whatever the
/// server sends.
///
/// libcurl comes from Debian (libcurl4-openssl-dev) and builds in seconds; it brings HTTP/1.1 and HTTP/2, TLS,
/// proxies from the environment and connection reuse. Each transfer is bounded (see `HTTPTransfer`): the body is
/// kept in a buffer that refuses bytes past the budget and aborts the transfer there (libcurl then stops reading
/// the socket: real back-pressure), a Content-Length over the budget is refused before any body byte, compressed
/// bodies are undone in small pieces counted against the budget, at most 10 redirects are followed and only to
/// http(s), a transfer slower than 1 KB/s for the stall time is cut, and so is one that has not finished by its
/// deadline. At most `maxConcurrent` transfers run at once (the others wait their turn; a deadline starts when the
/// transfer does), so the memory bodies can take is bounded by that many budgets.
///
/// The transfer thread starts at the first request, sleeps while there is nothing to do and ends at `invalidate()`.
final class HTTPClient: @unchecked Sendable {
    /// Transfers running at once.
    static let maxConcurrent = 6

    private let condition = NSCondition()
    // Guarded by `condition`:
    private var queued: [HTTPTransfer] = []
    private var cancelled: [HTTPTransfer] = []
    private var stopped = false
    private var threadStarted = false
    /// The multi handle while the thread runs (for `curl_multi_wakeup` from other threads).
    private var multi: UnsafeMutableRawPointer?

    /// libcurl loaded (at the first remote image, see CCurl's shim) and set up, once per process, before any handle
    /// is made; nil when it was, else why not.
    private static let setUpProblem: String? = {
        guard carousel_curl() != nil else { return "libcurl could not be loaded (\(String(cString: carousel_curl_error())))" }
        return carousel_curl_global_init(Int(CURL_GLOBAL_ALL)) == CURLE_OK ? nil : "libcurl could not be initialised"
    }()

    init() {}

    /// Fails every transfer not finished with `.cancelled` and ends the transfer thread.
    func invalidate() {
        condition.lock()
        stopped = true
        condition.signal()
        if let multi { carousel_curl_multi_wakeup(multi) }
        condition.unlock()
    }

    /// GETs `url`; `source` names it in errors. Fails with `.http` for a final status outside 2xx, `.tooLarge`
    /// past `limits.bytes`, `.tooManyRedirects`, `.notAnImage`, `.timeout` at the deadline or when stalled,
    /// `.cancelled` when the calling task is cancelled, and `.network` for connection failures, bodies cut short
    /// and empty bodies.
    func get(_ url: String, source: String, limits: HTTPLimits) async -> Result<Data, FetchError> {
        if let problem = Self.setUpProblem { return .failure(FetchError(source: source, kind: .network, problem: problem)) }
        guard let transfer = HTTPTransfer(url: url, source: source, limits: limits) else {
            return .failure(FetchError(source: source, kind: .network, problem: "libcurl could not be initialised"))
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                transfer.begin(continuation)
                submit(transfer)
            }
        } onCancel: {
            transfer.finish(transfer.failure(.cancelled, "cancelled"))
            cancel(transfer)
        }
    }

    private func submit(_ transfer: HTTPTransfer) {
        condition.lock()
        defer { condition.unlock() }
        guard !stopped else {
            transfer.finish(transfer.failure(.cancelled, "cancelled"))
            return
        }
        queued.append(transfer)
        if !threadStarted {
            threadStarted = true
            let thread = Thread { self.run() }
            thread.name = "ImageFetching.HTTPClient"
            thread.start()
        }
        condition.signal()
        if let multi { carousel_curl_multi_wakeup(multi) }
    }

    /// Takes `transfer` off the queue, or has the transfer thread remove it from the running ones.
    private func cancel(_ transfer: HTTPTransfer) {
        condition.lock()
        defer { condition.unlock() }
        if let i = queued.firstIndex(where: { $0 === transfer }) {
            queued.remove(at: i)
            return
        }
        cancelled.append(transfer)
        condition.signal()
        if let multi { carousel_curl_multi_wakeup(multi) }
    }

    // MARK: The transfer thread

    private func run() {
        guard let multi = carousel_curl_multi_init() else {
            condition.lock()
            let waiting = queued
            queued = []
            condition.unlock()
            for t in waiting { t.finish(t.failure(.network, "libcurl could not be initialised")) }
            return
        }
        condition.lock()
        self.multi = multi
        condition.unlock()
        var active: [Int: HTTPTransfer] = [:]

        func remove(_ t: HTTPTransfer) {
            guard active.removeValue(forKey: t.key) != nil else { return }
            carousel_curl_multi_remove_handle(multi, t.easy)
        }

        while true {
            condition.lock()
            while !stopped && queued.isEmpty && cancelled.isEmpty && active.isEmpty { condition.wait() }
            let stopping = stopped
            let cancels = cancelled
            cancelled = []
            var starts: [HTTPTransfer] = []
            if stopping {
                for t in queued { t.finish(t.failure(.cancelled, "cancelled")) }
                queued = []
            } else {
                while active.count + starts.count < Self.maxConcurrent, !queued.isEmpty { starts.append(queued.removeFirst()) }
            }
            condition.unlock()

            for t in cancels { remove(t) }
            if stopping {
                for t in active.values {
                    carousel_curl_multi_remove_handle(multi, t.easy)
                    t.finish(t.failure(.cancelled, "cancelled"))
                }
                active = [:]
                break
            }
            for t in starts where !t.isFinished {
                if let error = t.configure() { t.finish(.failure(error)); continue }
                active[t.key] = t
                carousel_curl_multi_add_handle(multi, t.easy)
            }

            var running: Int32 = 0
            carousel_curl_multi_perform(multi, &running)
            var left: Int32 = 0
            while let message = carousel_curl_multi_info_read(multi, &left) {
                guard carousel_curl_msg_is_done(message) != 0, let easy = carousel_curl_msg_easy(message),
                      let t = active[Int(bitPattern: easy)] else { continue }
                let code = carousel_curl_msg_result(message)
                remove(t)
                t.finish(t.outcome(for: code))
            }
            // Waits for socket activity, libcurl's next timer (deadlines, stall checks) or a wake-up from
            // `submit`, `cancel` or `invalidate`.
            if !active.isEmpty { carousel_curl_multi_poll(multi, nil, 0, 1000, nil) }
        }

        condition.lock()
        self.multi = nil
        condition.unlock()
        carousel_curl_multi_cleanup(multi)
    }
}
