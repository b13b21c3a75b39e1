import CarouselSupport
import CCurl
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The limits of one GET.
struct HTTPLimits: Sendable {
    /// The most body bytes accepted (after any Content-Encoding is undone).
    var bytes: Int
    /// Seconds the whole response may take, from the moment the transfer starts.
    var timeout: Double
    /// Seconds the transfer may go slower than `minimumSpeed` before it is cut (a server that trickles bytes).
    var stall: Double
    /// Whether the body must be an image (sniffed from its first bytes and Content-Type); false for a document
    /// such as a deck file.
    var imagesOnly = true
    /// Bytes per second below which a transfer counts as stalled.
    static let minimumSpeed = 1024
    /// Redirects followed at most.
    static let maxRedirects = 10
}

/// One GET in flight: its libcurl easy handle, the body so far (bounded by `BodyBuffer`), and the outcome,
/// delivered exactly once.
///
/// libcurl calls `receive` on the client's transfer thread for every piece of the body; returning false aborts
/// the transfer at once, so nothing past the budget is read from the socket, let alone kept. The first piece is
/// where the status and the declared length are checked; the first `ImageSniffer.sniffLength` bytes decide whether
/// the body is an image at all.
final class HTTPTransfer: @unchecked Sendable {
    let source: String
    let url: String
    let limits: HTTPLimits
    /// The libcurl easy handle (freed with the transfer).
    let easy: UnsafeMutableRawPointer
    /// Identifies the transfer in the client's table of active transfers.
    var key: Int { Int(bitPattern: easy) }

    // Transfer-thread state: touched only by libcurl's callbacks and `outcome(for:)`.
    private let body: BodyBuffer
    private var abortReason: FetchError?
    private var checkedHead = false
    private var sniffed = false
    private var contentEncoding: String?
    /// The Content-Length of the latest response head, as the header said (libcurl does not report it when it
    /// refuses the response for it).
    private var declaredLength: Int?
    /// The Location of the latest response head, for a redirect libcurl refuses to follow.
    private var location: String?
    private var startTime = Date()
    private var requestHeaders: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))

    // The outcome, first one wins.
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Result<Data, FetchError>, Never>?
    private var early: Result<Data, FetchError>?
    private var resolved = false

    init?(url: String, source: String, limits: HTTPLimits) {
        guard let easy = carousel_curl_easy_init() else { return nil }
        self.easy = easy
        self.url = url
        self.source = source
        self.limits = limits
        body = BodyBuffer(limit: limits.bytes)
        errorBuffer.initialize(to: 0)
    }

    deinit {
        carousel_curl_easy_cleanup(easy)
        carousel_curl_slist_free_all(requestHeaders)
        errorBuffer.deallocate()
    }

    // MARK: Outcome

    /// Takes the continuation the outcome is delivered to (at once when the transfer already ended, cancelled
    /// before it started).
    func begin(_ c: CheckedContinuation<Result<Data, FetchError>, Never>) {
        lock.lock()
        if let early {
            resolved = true
            lock.unlock()
            c.resume(returning: early)
            return
        }
        continuation = c
        lock.unlock()
    }

    /// Delivers `result`, unless an outcome was already delivered.
    func finish(_ result: Result<Data, FetchError>) {
        lock.lock()
        guard !resolved, early == nil else { lock.unlock(); return }
        let c = continuation
        if c == nil { early = result } else { resolved = true; continuation = nil }
        lock.unlock()
        c?.resume(returning: result)
    }

    /// Whether an outcome was delivered (or is waiting for `begin`).
    var isFinished: Bool { lock.lock(); defer { lock.unlock() }; return resolved || early != nil }

    func failure(_ kind: FetchError.Kind, _ problem: String) -> Result<Data, FetchError> {
        .failure(FetchError(source: source, kind: kind, problem: problem))
    }

    // MARK: Options

    /// Sets the handle's options; nil when all were accepted, else the error to fail with (a libcurl too old for
    /// an option that enforces a limit must not fetch without it).
    func configure() -> FetchError? {
        let unmanaged = Unmanaged.passUnretained(self).toOpaque()
        requestHeaders = carousel_curl_slist_append(nil, "Accept: image/*, */*;q=0.5")
        let timeoutMS = max(Int(limits.timeout * 1000), 1)
        var results: [(String, CURLcode)] = [
            ("URL", carousel_curl_setopt_string(easy, CURLOPT_URL, url)),
            ("NOSIGNAL", carousel_curl_setopt_long(easy, CURLOPT_NOSIGNAL, 1)),
            ("PROTOCOLS_STR", carousel_curl_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https")),
            ("REDIR_PROTOCOLS_STR", carousel_curl_setopt_string(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")),
            ("FOLLOWLOCATION", carousel_curl_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 1)),
            ("MAXREDIRS", carousel_curl_setopt_long(easy, CURLOPT_MAXREDIRS, HTTPLimits.maxRedirects)),
            ("MAXFILESIZE_LARGE", carousel_curl_setopt_off(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(limits.bytes))),
            ("TIMEOUT_MS", carousel_curl_setopt_long(easy, CURLOPT_TIMEOUT_MS, timeoutMS)),
            ("CONNECTTIMEOUT_MS", carousel_curl_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, timeoutMS)),
            // Compressed responses are undone in pieces of at most 16 KB, each counted against the budget as it
            // arrives: a gzip bomb is cut at the budget like any other body.
            ("ACCEPT_ENCODING", carousel_curl_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, "gzip, deflate")),
            ("HTTPHEADER", carousel_curl_setopt_pointer(easy, CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(requestHeaders))),
            ("USERAGENT", carousel_curl_setopt_string(easy, CURLOPT_USERAGENT, "carousel-lab")),
            ("ERRORBUFFER", carousel_curl_setopt_pointer(easy, CURLOPT_ERRORBUFFER, UnsafeMutableRawPointer(errorBuffer))),
            ("PRIVATE", carousel_curl_setopt_pointer(easy, CURLOPT_PRIVATE, unmanaged)),
            ("WRITEDATA", carousel_curl_setopt_pointer(easy, CURLOPT_WRITEDATA, unmanaged)),
            ("HEADERDATA", carousel_curl_setopt_pointer(easy, CURLOPT_HEADERDATA, unmanaged)),
            ("WRITEFUNCTION", carousel_curl_setopt_data_callback(easy, CURLOPT_WRITEFUNCTION) { data, size, count, user in
                let transfer = Unmanaged<HTTPTransfer>.fromOpaque(user!).takeUnretainedValue()
                return transfer.receive(UnsafeRawBufferPointer(start: data, count: size * count)) ? size * count : 0
            }),
            ("HEADERFUNCTION", carousel_curl_setopt_data_callback(easy, CURLOPT_HEADERFUNCTION) { data, size, count, user in
                let transfer = Unmanaged<HTTPTransfer>.fromOpaque(user!).takeUnretainedValue()
                transfer.header(UnsafeRawBufferPointer(start: data, count: size * count))
                return size * count
            }),
        ]
        if limits.stall < limits.timeout {
            results.append(("LOW_SPEED_LIMIT", carousel_curl_setopt_long(easy, CURLOPT_LOW_SPEED_LIMIT, HTTPLimits.minimumSpeed)))
            results.append(("LOW_SPEED_TIME", carousel_curl_setopt_long(easy, CURLOPT_LOW_SPEED_TIME, max(Int(limits.stall.rounded()), 1))))
        }
        startTime = Date()
        guard let refused = results.first(where: { $0.1 != CURLE_OK }) else { return nil }
        return FetchError(source: source, kind: .network,
                          problem: "libcurl refused option CURLOPT_\(refused.0) (\(String(cString: carousel_curl_easy_strerror(refused.1))))")
    }

    // MARK: Callbacks (transfer thread)

    /// One header line of a response (of every response, redirects included).
    private func header(_ line: UnsafeRawBufferPointer) {
        let text = String(decoding: line, as: UTF8.self)
        if text.hasPrefix("HTTP/") {
            contentEncoding = nil
            declaredLength = nil
            location = nil
            return
        }
        guard let colon = text.firstIndex(of: ":") else { return }
        let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
        switch text[..<colon].lowercased() {
        case "content-encoding": contentEncoding = value.isEmpty || value.lowercased() == "identity" ? nil : value
        case "content-length": declaredLength = Int(value)
        case "location": location = value
        default: break
        }
    }

    /// A piece of the final response's body; false aborts the transfer (the reason is kept in `abortReason`).
    private func receive(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if !checkedHead {
            checkedHead = true
            if let problem = checkHead() { abortReason = problem; return false }
        }
        do {
            try body.append(bytes)
        } catch .overLimit {
            abortReason = tooLarge(size: nil)
            return false
        } catch {
            abortReason = FetchError(source: source, kind: .network, problem: "out of memory for the response")
            return false
        }
        if limits.imagesOnly, !sniffed, body.count >= ImageSniffer.sniffLength {
            sniffed = true
            if let problem = sniff() { abortReason = problem; return false }
        }
        return true
    }

    /// The status and the declared length of the final response, at its first body bytes.
    private func checkHead() -> FetchError? {
        let status = responseCode()
        guard (200...299).contains(status) else { return httpError(status) }
        let length = contentLength()
        if contentEncoding == nil, length > 0 {
            if length > limits.bytes { return tooLarge(size: length) }
            try? body.reserve(length)
        }
        return nil
    }

    private func sniff() -> FetchError? {
        ImageSniffer.problem(prefix: body.prefix(ImageSniffer.sniffLength), contentType: contentType())
            .map { FetchError(source: source, kind: .notAnImage, problem: $0) }
    }

    // MARK: The outcome (transfer thread)

    /// The result of the finished transfer, from libcurl's code and what the callbacks saw.
    func outcome(for code: CURLcode) -> Result<Data, FetchError> {
        if let abortReason { return .failure(abortReason) }
        switch code {
        case CURLE_OK:
            let status = responseCode()
            guard (200...299).contains(status) else { return .failure(httpError(status)) }
            guard body.count > 0 else { return failure(.network, "the response is empty") }
            if limits.imagesOnly, !sniffed, let problem = sniff() { return .failure(problem) }
            return .success(body.take())
        case CURLE_OPERATION_TIMEDOUT:
            let elapsed = Date().timeIntervalSince(startTime)
            if limits.stall < limits.timeout, elapsed < limits.timeout - 0.05 {
                return failure(.timeout, "stalled: less than 1 KB/s for \(ByteText.seconds(max(limits.stall.rounded(), 1)))")
            }
            return failure(.timeout, ByteText.timedOut(limits.timeout))
        case CURLE_FILESIZE_EXCEEDED:
            return .failure(tooLarge(size: declaredLength))
        case CURLE_TOO_MANY_REDIRECTS:
            return failure(.tooManyRedirects, "too many redirects (more than \(HTTPLimits.maxRedirects))")
        case CURLE_UNSUPPORTED_PROTOCOL:
            if redirectCount() > 0 || location != nil {
                return failure(.invalidSource, "redirected to \(location.map { MessageText.clean($0, limit: 200) } ?? "another URL"), but only http:// and https:// are followed")
            }
            return failure(.invalidSource, "unsupported URL (\(lastError()))")
        case CURLE_COULDNT_RESOLVE_HOST: return failure(.network, "cannot connect (host not found)")
        case CURLE_COULDNT_RESOLVE_PROXY: return failure(.network, "cannot connect (proxy not found)")
        case CURLE_COULDNT_CONNECT:
            let osError = osErrno()
            return failure(.network, osError == ECONNREFUSED || osError == 0
                           ? "cannot connect (connection refused)" : "cannot connect (\(String(cString: strerror(osError))))")
        case CURLE_PARTIAL_FILE:
            let received = info(CURLINFO_SIZE_DOWNLOAD_T), expected = contentLength()
            return failure(.network, expected >= 0
                           ? "the connection closed before the whole response arrived (\(received) of \(expected) bytes)"
                           : "the connection closed before the whole response arrived (after \(received) bytes)")
        case CURLE_GOT_NOTHING: return failure(.network, "the server closed the connection without answering")
        case CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_HTTP2, CURLE_HTTP2_STREAM:
            return failure(.network, "the connection was lost (\(lastError()))")
        case CURLE_WEIRD_SERVER_REPLY: return failure(.network, "bad response from the server (\(lastError()))")
        case CURLE_BAD_CONTENT_ENCODING:
            return failure(.network, "cannot undo the response's Content-Encoding \(MessageText.clean(contentEncoding ?? "")) (\(lastError()))")
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
             CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS:
            return failure(.network, "secure connection failed (TLS: \(lastError()))")
        case CURLE_ABORTED_BY_CALLBACK: return failure(.cancelled, "cancelled")
        default: return failure(.network, "network error (\(lastError()))")
        }
    }

    // MARK: Details

    private func tooLarge(size: Int?) -> FetchError {
        let problem = ByteText.tooLarge(limit: limits.bytes, size: size)
            + (contentEncoding.map { " once decompressed (Content-Encoding \(MessageText.clean($0)))" } ?? "")
        return FetchError(source: source, kind: .tooLarge(limit: limits.bytes), problem: problem)
    }

    private func httpError(_ status: Int) -> FetchError {
        FetchError(source: source, kind: .http(status: status), problem: HTTPStatus.text(status))
    }

    /// libcurl's message for the failure, else the text of its code.
    private func lastError() -> String {
        let message = String(cString: errorBuffer)
        return message.isEmpty ? "libcurl error" : message
    }

    private func responseCode() -> Int {
        var code = 0
        _ = carousel_curl_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &code)
        return code
    }

    private func redirectCount() -> Int {
        var count = 0
        _ = carousel_curl_getinfo_long(easy, CURLINFO_REDIRECT_COUNT, &count)
        return count
    }

    private func osErrno() -> Int32 {
        var value = 0
        _ = carousel_curl_getinfo_long(easy, CURLINFO_OS_ERRNO, &value)
        return Int32(value)
    }

    /// The final response's Content-Length, -1 when it has none.
    private func contentLength() -> Int { info(CURLINFO_CONTENT_LENGTH_DOWNLOAD_T) }

    private func info(_ what: CURLINFO) -> Int {
        var value: curl_off_t = -1
        return carousel_curl_getinfo_off(easy, what, &value) == CURLE_OK ? Int(value) : -1
    }

    private func contentType() -> String? {
        var value: UnsafeMutablePointer<CChar>?
        guard carousel_curl_getinfo_string(easy, CURLINFO_CONTENT_TYPE, &value) == CURLE_OK, let value else { return nil }
        return String(cString: value)
    }
}
