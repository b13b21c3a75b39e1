import CCurl
import Foundation

/// HTTP GET through libcurl (Debian's libcurl4), with limits that hold whatever the server sends.
///
/// Why libcurl and not URLSession or AsyncHTTPClient: FoundationNetworking's URLSession on Linux keeps reading from
/// libcurl with no back-pressure, so a 1 GB body cost 1.16 GB of memory although the budget was 64 MB, and a redirect
/// loop showed as a time-out; AsyncHTTPClient would fix both but brings SwiftNIO, adding minutes to every clean build
/// on two cores. libcurl is already on every machine that has the Swift toolchain, and its easy interface gives each
/// limit directly:
/// - the body goes through our write callback, which refuses the byte past the budget (the transfer stops there, so
///   memory is the budget plus curl's small buffer), and `CURLOPT_MAXFILESIZE_LARGE` refuses an announced
///   Content-Length over it before the body starts;
/// - `CURLOPT_MAXREDIRS` 10 ("too many redirects"), http and https only, on redirects too;
/// - `CURLOPT_TIMEOUT_MS`: the whole response within the deadline, so a trickling server is cut at it;
/// - no `Accept-Encoding`: curl decompresses nothing, so a gzip bomb stays as small as it was sent (and is then not
///   an image);
/// - the status is known before the body: an error page is never downloaded.
/// Each transfer runs on a background thread (at most `maxConcurrent` at once); cancelling the calling task aborts it.
final class HTTPClient: Sendable {
    /// Transfers at once; more wait their turn.
    static let maxConcurrent = 6
    private let slots = DispatchSemaphore(value: HTTPClient.maxConcurrent)
    private let queue = DispatchQueue(label: "ImageFetching.HTTPClient", attributes: .concurrent)

    /// libcurl's global set-up, once per process (it is not thread-safe).
    private static let initialised: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

    init() { _ = HTTPClient.initialised }

    /// Nothing to release: each transfer cleans up after itself.
    func invalidate() {}

    /// GETs `url`; `source` names it in errors. Fails with `.http` for a status outside 2xx, `.tooLarge` past `limit`
    /// bytes, `.timeout` when the whole response has not arrived within `timeout` seconds, `.cancelled` when the
    /// calling task is cancelled, `.notAnImage` for a page or data that is no image, and `.network` for connection
    /// failures, too many redirects and empty or cut-off bodies.
    func get(_ url: URL, source: String, limit: Int, timeout: Double) async -> Result<Data, FetchError> {
        let transfer = CurlTransfer(url: url.absoluteString, source: source, limit: limit, timeout: timeout)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                queue.async { [slots] in
                    slots.wait()
                    defer { slots.signal() }
                    continuation.resume(returning: transfer.perform())
                }
            }
        } onCancel: {
            transfer.cancel()
        }
    }
}

/// One request: the easy handle's options, the body received so far, and how it ended.
final class CurlTransfer: @unchecked Sendable {
    let url: String
    let source: String
    let limit: Int
    let timeout: Double
    private let lock = NSLock()
    private var cancelled = false
    /// The body so far (never more than `limit` bytes).
    fileprivate var body = Data()
    /// Set when the write callback refused bytes past the budget.
    fileprivate var overBudget = false
    /// The status of the last response (after redirects), known from its status line.
    fileprivate var status = 0
    /// The Content-Type of the last response.
    fileprivate var contentType: String?
    fileprivate var contentEncoding: String?
    /// The Content-Length of the last response, if it announced one.
    fileprivate var announcedLength: Int?

    init(url: String, source: String, limit: Int, timeout: Double) {
        self.url = url; self.source = source; self.limit = limit; self.timeout = timeout
    }

    /// Aborts the transfer at the next progress callback.
    func cancel() { lock.lock(); cancelled = true; lock.unlock() }
    fileprivate var isCancelled: Bool { lock.lock(); defer { lock.unlock() }; return cancelled }

    private func failure(_ kind: FetchError.Kind, _ problem: String) -> Result<Data, FetchError> {
        .failure(FetchError(source: source, kind: kind, problem: problem))
    }

    /// Runs the request to its end on this thread.
    func perform() -> Result<Data, FetchError> {
        if isCancelled { return failure(.cancelled, "cancelled") }
        guard let h = curl_easy_init() else { return failure(.network, "cannot start a transfer (libcurl)") }
        defer { curl_easy_cleanup(h) }
        var headers: UnsafeMutablePointer<curl_slist>? = curl_slist_append(nil, "Accept: image/*, */*;q=0.5")
        defer { curl_slist_free_all(headers) }
        let me = Unmanaged.passUnretained(self).toOpaque()
        var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        let code: CURLcode = url.withCString { urlText in
            errorBuffer.withUnsafeMutableBufferPointer { errors in
                _ = carousel_curl_set_string(h, CURLOPT_URL, urlText)
                _ = carousel_curl_set_pointer(h, CURLOPT_ERRORBUFFER, errors.baseAddress)
                _ = carousel_curl_set_long(h, CURLOPT_NOSIGNAL, 1)
                _ = carousel_curl_set_long(h, CURLOPT_FOLLOWLOCATION, 1)
                _ = carousel_curl_set_long(h, CURLOPT_MAXREDIRS, 10)
                _ = carousel_curl_set_string(h, CURLOPT_PROTOCOLS_STR, "http,https")
                _ = carousel_curl_set_string(h, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
                _ = carousel_curl_set_long(h, CURLOPT_TIMEOUT_MS, max(Int(timeout * 1000), 1))
                _ = carousel_curl_set_long(h, CURLOPT_CONNECTTIMEOUT_MS, max(Int(min(timeout, 10) * 1000), 1))
                _ = carousel_curl_set_off(h, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(limit))
                _ = carousel_curl_set_string(h, CURLOPT_USERAGENT, "carousel-lab")
                _ = carousel_curl_set_list(h, CURLOPT_HTTPHEADER, headers)
                _ = carousel_curl_set_write(h, CURLOPT_WRITEFUNCTION, curlWrite)
                _ = carousel_curl_set_pointer(h, CURLOPT_WRITEDATA, me)
                _ = carousel_curl_set_write(h, CURLOPT_HEADERFUNCTION, curlHeader)
                _ = carousel_curl_set_pointer(h, CURLOPT_HEADERDATA, me)
                _ = carousel_curl_set_long(h, CURLOPT_NOPROGRESS, 0)
                _ = carousel_curl_set_progress(h, curlProgress)
                _ = carousel_curl_set_pointer(h, CURLOPT_XFERINFODATA, me)
                return withExtendedLifetime(self) { curl_easy_perform(h) }
            }
        }
        let detail = String(cString: errorBuffer)
        return outcome(code, handle: h, detail: detail)
    }

    /// The request's end as a result: the body, or what went wrong, in one short phrase.
    private func outcome(_ code: CURLcode, handle h: UnsafeMutableRawPointer, detail: String) -> Result<Data, FetchError> {
        if isCancelled { return failure(.cancelled, "cancelled") }
        let length = announcedLength ?? -1
        let httpError = status >= 300 && code != CURLE_TOO_MANY_REDIRECTS && code != CURLE_OPERATION_TIMEDOUT
        if httpError { return failure(.http(status: status), "HTTP \(status) \(HTTPStatus.reason(status))") }
        switch code {
        case CURLE_OK:
            break
        case CURLE_FILESIZE_EXCEEDED:
            return failure(.tooLarge(limit: limit), ByteText.tooLarge(limit: limit, size: length > 0 ? Int(length) : nil))
        case CURLE_WRITE_ERROR where overBudget:
            return failure(.tooLarge(limit: limit), ByteText.tooLarge(limit: limit, size: nil))
        case CURLE_OPERATION_TIMEDOUT:
            return failure(.timeout, CurlTransfer.timeoutProblem(timeout))
        case CURLE_TOO_MANY_REDIRECTS:
            return failure(.network, "too many redirects (more than 10)")
        case CURLE_COULDNT_CONNECT:
            return failure(.network, "cannot connect (connection refused)")
        case CURLE_COULDNT_RESOLVE_HOST:
            return failure(.network, "cannot connect (host not found)")
        case CURLE_UNSUPPORTED_PROTOCOL:
            return failure(.network, "redirected to a URL that is not http or https")
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER, CURLE_SSL_CACERT_BADFILE:
            return failure(.network, "secure connection failed (TLS)")
        case CURLE_PARTIAL_FILE:
            let said = length > 0 ? " (the server announced \(ByteText.bytes(Int(length))), sent \(ByteText.bytes(body.count)))" : ""
            return failure(.network, "the response ended early\(said)")
        case CURLE_GOT_NOTHING:
            return failure(.network, "the server closed the connection without a response")
        case CURLE_RECV_ERROR, CURLE_SEND_ERROR:
            return failure(.network, "the connection was lost")
        case CURLE_WEIRD_SERVER_REPLY:
            return failure(.network, "bad response from the server")
        default:
            let text = detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
            return failure(.network, "network error (\(text.lowercased()))")
        }
        guard !body.isEmpty else { return failure(.network, "the server sent an empty response") }
        if let what = ImageSniffing.notAnImage(body, contentType: contentType, contentEncoding: contentEncoding) {
            return failure(.notAnImage, what)
        }
        return .success(body)
    }

    static func timeoutProblem(_ timeout: Double) -> String {
        "timed out: no complete response within \(ByteText.seconds(timeout))"
    }

    // MARK: Callbacks

    /// Takes body bytes up to the budget; refuses (stopping the transfer) past it, or for a response that is an
    /// error (its page is not wanted; a redirect's body curl skips by itself).
    fileprivate func receive(_ bytes: UnsafeRawBufferPointer) -> Int {
        if status >= 400 { return 0 }
        guard body.count + bytes.count <= limit else { overBudget = true; return 0 }
        body.append(contentsOf: bytes)
        return bytes.count
    }

    /// Reads one header line: a status line starts a new response (after a redirect), and its Content-Type and
    /// Content-Encoding are kept.
    fileprivate func header(_ line: String) {
        if line.hasPrefix("HTTP/") {
            let parts = line.split(separator: " ")
            status = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
            contentType = nil
            contentEncoding = nil
            announcedLength = nil
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].lowercased()
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
        if name == "content-type" { contentType = value.lowercased() }
        if name == "content-encoding" { contentEncoding = value.lowercased() }
        if name == "content-length" { announcedLength = Int(value) }
    }
}

private func curlWrite(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?) -> Int {
    guard let context, let data else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    return transfer.receive(UnsafeRawBufferPointer(start: data, count: size * count))
}

private func curlHeader(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?) -> Int {
    guard let context, let data else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
    transfer.header(String(decoding: bytes, as: UTF8.self))
    return size * count
}

private func curlProgress(_ context: UnsafeMutableRawPointer?, _ dlTotal: curl_off_t, _ dlNow: curl_off_t, _ ulTotal: curl_off_t,
                          _ ulNow: curl_off_t) -> Int32 {
    guard let context else { return 0 }
    return Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().isCancelled ? 1 : 0
}

/// Tells images from what servers send instead: an HTML or text page (a login or error page answered with 200),
/// JSON, or compressed data.
enum ImageSniffing {
    /// Why `data` is not an image, or nil when it may be one (the decoder has the last word).
    static func notAnImage(_ data: Data, contentType: String?, contentEncoding: String?) -> String? {
        let head = data.prefix(512)
        func starts(_ bytes: [UInt8]) -> Bool { head.starts(with: bytes) }
        // Image formats the decoder reads, by their magic numbers.
        if starts([0x89, 0x50, 0x4E, 0x47]) || starts([0xFF, 0xD8, 0xFF]) || starts(Array("GIF8".utf8)) || starts(Array("BM".utf8))
            || (starts(Array("RIFF".utf8)) && data.count > 12 && data[data.startIndex + 8..<data.startIndex + 12].elementsEqual("WEBP".utf8))
            || starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) {
            return nil
        }
        let type = contentType.map { "Content-Type \($0.split(separator: ";").first.map(String.init) ?? $0)" } ?? "no Content-Type"
        if let encoding = contentEncoding, encoding != "identity" {
            return "the server sent \(encoding)-compressed data (Content-Encoding \(encoding)), not an image"
        }
        if starts([0x1F, 0x8B]) { return "the server sent gzip-compressed data, not an image" }
        let text = String(decoding: head, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if text.hasPrefix("<!doctype html") || text.hasPrefix("<html") || contentType?.hasPrefix("text/html") == true {
            return "the server sent an HTML page, not an image (\(type))"
        }
        if contentType?.hasPrefix("text/") == true || contentType?.hasPrefix("application/json") == true
            || text.hasPrefix("{") || text.hasPrefix("<?xml") && !text.contains("<svg") {
            return "the server sent text, not an image (\(type))"
        }
        return nil
    }
}

/// HTTP status codes as messages name them.
enum HTTPStatus {
    /// The standard reason phrase of `status` ("Not Found"), or "Error" for one this table lacks.
    static func reason(_ status: Int) -> String {
        let phrases: [Int: String] = [
            400: "Bad Request", 401: "Unauthorized", 402: "Payment Required", 403: "Forbidden", 404: "Not Found",
            405: "Method Not Allowed", 406: "Not Acceptable", 407: "Proxy Authentication Required", 408: "Request Timeout",
            409: "Conflict", 410: "Gone", 411: "Length Required", 412: "Precondition Failed", 413: "Payload Too Large",
            414: "URI Too Long", 415: "Unsupported Media Type", 416: "Range Not Satisfiable", 418: "I'm A Teapot",
            429: "Too Many Requests", 451: "Unavailable For Legal Reasons", 500: "Internal Server Error", 501: "Not Implemented",
            502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout", 505: "HTTP Version Not Supported",
            300: "Multiple Choices", 304: "Not Modified", 204: "No Content", 206: "Partial Content",
        ]
        return phrases[status] ?? (status >= 500 ? "Server Error" : status >= 400 ? "Client Error" : "Unexpected Status")
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
