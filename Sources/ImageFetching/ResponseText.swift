/// Sizes, durations and HTTP statuses as the error messages spell them.
enum ByteText {
    /// "64 MB" for whole megabytes, else "1500 bytes".
    static func bytes(_ n: Int) -> String {
        n >= 1 << 20 && n % (1 << 20) == 0 ? "\(n >> 20) MB" : "\(n) bytes"
    }

    /// "the response is larger than the 64 MB limit", with the declared size when there is one.
    static func tooLarge(limit: Int, size: Int?) -> String {
        "the response is larger than the \(bytes(limit)) limit" + (size.map { " (\(bytes($0)))" } ?? "")
    }

    /// "timed out: no complete response within 10 s".
    static func timedOut(_ timeout: Double) -> String {
        "timed out: no complete response within \(seconds(timeout))"
    }

    /// "10 s", "0.5 s".
    static func seconds(_ s: Double) -> String {
        s == s.rounded() ? "\(Int(s)) s" : "\(s) s"
    }
}

/// HTTP status lines: "HTTP 404 Not Found".
enum HTTPStatus {
    /// The reason phrases of RFC 9110 for the statuses a server of images plausibly sends.
    static let phrases: [Int: String] = [
        100: "Continue", 101: "Switching Protocols",
        300: "Multiple Choices", 301: "Moved Permanently", 302: "Found", 303: "See Other", 304: "Not Modified",
        305: "Use Proxy", 307: "Temporary Redirect", 308: "Permanent Redirect",
        400: "Bad Request", 401: "Unauthorized", 402: "Payment Required", 403: "Forbidden", 404: "Not Found",
        405: "Method Not Allowed", 406: "Not Acceptable", 407: "Proxy Authentication Required",
        408: "Request Timeout", 409: "Conflict", 410: "Gone", 411: "Length Required", 412: "Precondition Failed",
        413: "Content Too Large", 414: "URI Too Long", 415: "Unsupported Media Type", 416: "Range Not Satisfiable",
        417: "Expectation Failed", 421: "Misdirected Request", 422: "Unprocessable Content", 425: "Too Early",
        426: "Upgrade Required", 428: "Precondition Required", 429: "Too Many Requests",
        431: "Request Header Fields Too Large", 451: "Unavailable For Legal Reasons",
        500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable",
        504: "Gateway Timeout", 505: "HTTP Version Not Supported", 511: "Network Authentication Required",
    ]

    /// "HTTP 404 Not Found"; "HTTP 299" for a status with no known phrase; "no HTTP status" for 0.
    static func text(_ status: Int) -> String {
        guard status > 0 else { return "no HTTP status in the response" }
        return "HTTP \(status)" + (phrases[status].map { " " + $0 } ?? "")
    }
}
