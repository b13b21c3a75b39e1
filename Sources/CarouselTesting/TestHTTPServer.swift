import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny HTTP/1.1 server for tests, on 127.0.0.1 and a free port chosen by the kernel.
///
/// Each connection is served on its own thread (so a slow response does not hold up others): it reads one request,
/// counts it by path, waits the route's delay, answers and closes. Unknown paths get a 404. The accept loop ends when
/// the server is stopped, released, or after `maxConnections`, so a test can never leave a loop running. Shared by
/// the image-fetching, backend and end-to-end tests.
///
/// Each exchange's times are kept (`exchanges(_:)`): when the request arrived and when the client hung up, as this
/// server's threads saw them. A test of a client's deadline reads those rather than its own clock, which also counts
/// the test's wait for a thread of Swift's cooperative pool when other suites run beside it.
///
/// Routes can also be hostile: bodies of any size made while they are sent (never held whole), a Content-Length
/// that lies in either direction, chunked or close-delimited bodies with no length, gzip bombs with
/// `Content-Encoding: gzip`, redirects (loops and chains), bytes trickled slowly, and HTML pages with status 200. A
/// body is sent only as fast as the client reads it (TCP's back-pressure), and sending stops when the client goes
/// away or the server is stopped.
public final class TestHTTPServer: @unchecked Sendable {
    /// What a path answers.
    public struct Route: Sendable {
        public var status: Int
        public var content: Content
        public var framing: Framing
        /// The Content-Type header, or nil for none.
        public var contentType: String?
        /// More header fields (Location, Content-Encoding, ...).
        public var headers: [String: String]
        /// Seconds to wait before answering.
        public var delay: Double
        /// Send the body slowly: this many bytes, then a pause, and again.
        public var trickle: Trickle?

        /// A response: 200 with an empty PNG-typed body unless told otherwise; `sendsLength` false leaves out the
        /// Content-Length (the body then ends when the connection closes).
        public init(status: Int = 200, body: [UInt8] = [], delay: Double = 0, sendsLength: Bool = true,
                    contentType: String = "image/png") {
            self.init(status: status, content: .bytes(body), framing: sendsLength ? .contentLength : .closeDelimited,
                      contentType: contentType, delay: delay)
        }

        /// Any response.
        public init(status: Int = 200, content: Content, framing: Framing = .contentLength,
                    contentType: String? = "image/png", headers: [String: String] = [:], delay: Double = 0,
                    trickle: Trickle? = nil) {
            self.status = status; self.content = content; self.framing = framing; self.contentType = contentType
            self.headers = headers; self.delay = delay; self.trickle = trickle
        }

        /// A redirect to `location` (a path on this server or a whole URL).
        public static func redirect(to location: String, status: Int = 302) -> Route {
            Route(status: status, content: .bytes(Array("moved".utf8)), contentType: "text/plain", headers: ["Location": location])
        }

        /// An HTML page, with status 200 unless told otherwise (a captive portal, a CDN's error page).
        public static func html(_ page: String, status: Int = 200) -> Route {
            Route(status: status, content: .bytes(Array(page.utf8)), contentType: "text/html; charset=utf-8")
        }
    }

    /// A route's body.
    public enum Content: Sendable {
        case bytes([UInt8])
        /// `prefix`, then `fill`, then `suffix`: `count` bytes in all, made while it is sent.
        case generated(prefix: [UInt8], fill: UInt8, count: Int, suffix: [UInt8] = [])
        /// A gzip stream of `prefix` and zeros up to `decodedCount` bytes, made while it is sent (send it with
        /// `Content-Encoding: gzip` for a gzip bomb).
        case gzip(GzipOfZeros)

        /// Hands the body to `sink` in pieces; stops when `sink` returns false.
        func write(to sink: ([UInt8]) -> Bool) {
            switch self {
            case .bytes(let bytes):
                var offset = 0
                while offset < bytes.count {
                    let end = min(offset + 1024, bytes.count)
                    guard sink(Array(bytes[offset..<end])) else { return }
                    offset = end
                }
            case .generated(let prefix, let fill, let count, let suffix):
                if !prefix.isEmpty { guard sink(Array(prefix.prefix(count))) else { return } }
                var left = count - prefix.count - suffix.count
                let piece = [UInt8](repeating: fill, count: 64 << 10)
                while left > 0 {
                    let n = min(left, piece.count)
                    guard sink(n == piece.count ? piece : Array(piece[0..<n])) else { return }
                    left -= n
                }
                if !suffix.isEmpty { _ = sink(suffix) }
            case .gzip(let stream):
                stream.write(to: sink)
            }
        }

        /// The body's length in bytes.
        var count: Int {
            switch self {
            case .bytes(let bytes): bytes.count
            case .generated(_, _, let count, _): count
            case .gzip(let stream): stream.encodedCount
            }
        }
    }

    /// How the end of a body is told.
    public enum Framing: Sendable {
        /// A true Content-Length.
        case contentLength
        /// This Content-Length, whatever the body's real length: a lie in either direction.
        case declaredLength(Int)
        /// No length: the body ends when the server closes the connection.
        case closeDelimited
        /// `Transfer-Encoding: chunked`, no length.
        case chunked
    }

    /// One request's times, as the serving thread saw them.
    public struct Exchange: Sendable {
        /// When the request head had arrived.
        public var arrived: ContinuousClock.Instant
        /// When the client hung up before the response was sent whole (noticed while waiting out a delay or a
        /// trickle's interval, or when a write failed); nil when it has not.
        public var clientLeft: ContinuousClock.Instant?
        /// Seconds from the request's arrival to the client hanging up, or nil.
        public var secondsUntilClientLeft: Double? {
            clientLeft.map { arrived.duration(to: $0) / .seconds(1) }
        }
    }

    /// A slow body: `bytes` at a time, `interval` seconds apart.
    public struct Trickle: Sendable {
        public var bytes: Int
        public var interval: Double
        public init(bytes: Int, interval: Double) { self.bytes = max(bytes, 1); self.interval = interval }
    }

    /// The port the server listens on.
    public let port: UInt16
    static let maxConnections = 200
    private let listener: Int32
    private let lock = NSLock()
    private var routes: [String: Route]
    private var counts: [String: Int] = [:]
    private var sent: [String: Int] = [:]
    private var exchangeLog: [String: [Exchange]] = [:]
    private var stopped = false

    /// Starts listening and accepting.
    public init(routes: [String: Route]) throws {
        self.routes = routes
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ServerError("socket() failed: errno \(errno)") }
        // No SO_REUSEADDR: the kernel must never hand a port in use (or lingering) to a second test's server.
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 32) == 0 else { close(fd); throw ServerError("bind/listen failed: errno \(errno)") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        // The loop holds the server weakly, so releasing the server stops it; the loop closes the listener itself
        // when it ends, so its descriptor number cannot be reused while `accept` may still be called on it.
        let thread = Thread { [weak self] in Self.acceptLoop(fd, server: { self }) }
        thread.start()
    }

    deinit { stop() }

    /// The URL of `path` on this server.
    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// How many requests `path` has had.
    public func requests(_ path: String) -> Int { lock.lock(); defer { lock.unlock() }; return counts[path] ?? 0 }

    /// Body bytes written to clients for `path` (what the clients' sockets accepted, not what they read).
    public func bytesSent(_ path: String) -> Int { lock.lock(); defer { lock.unlock() }; return sent[path] ?? 0 }

    /// The requests for `path` so far, in order of arrival, with when each client hung up.
    public func exchanges(_ path: String) -> [Exchange] { lock.lock(); defer { lock.unlock() }; return exchangeLog[path] ?? [] }

    /// Requests for every path together.
    public var totalRequests: Int { lock.lock(); defer { lock.unlock() }; return counts.values.reduce(0, +) }

    /// Replaces or adds a route.
    public func set(_ path: String, _ route: Route) { lock.lock(); routes[path] = route; lock.unlock() }

    /// Stops accepting, and ends the bodies being sent (a trickle, a huge body) at their next piece.
    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        shutdown(listener, Int32(SHUT_RDWR))
    }

    // MARK: Serving

    /// Accepts until the listener is shut down, the server is gone, or `maxConnections`; then closes the listener.
    private static func acceptLoop(_ listener: Int32, server: () -> TestHTTPServer?) {
        defer { close(listener) }
        for _ in 0..<maxConnections {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            guard let server = server(), !server.isStopped else { close(connection); return }
            let thread = Thread { server.serve(connection) }
            thread.start()
        }
    }

    private var isStopped: Bool { lock.lock(); defer { lock.unlock() }; return stopped }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        // A client that stops reading but keeps the connection open cannot hold this thread for long.
        var sendTimeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &sendTimeout, socklen_t(MemoryLayout<timeval>.size))
        guard let path = readRequestPath(connection) else { return }
        let (route, exchange): (Route, Int) = {
            lock.lock(); defer { lock.unlock() }
            counts[path, default: 0] += 1
            exchangeLog[path, default: []].append(Exchange(arrived: .now))
            return (routes[path] ?? Route(status: 404, body: Array("not found".utf8), contentType: "text/plain"),
                    exchangeLog[path]!.count - 1)
        }()
        func clientLeft() { lock.lock(); exchangeLog[path]?[exchange].clientLeft = .now; lock.unlock() }
        if route.delay > 0, Self.waitForHangUp(connection, seconds: route.delay) { clientLeft(); return }
        var head = "HTTP/1.1 \(route.status) \(route.status == 200 ? "OK" : "Error")\r\nConnection: close\r\n"
        if let type = route.contentType { head += "Content-Type: \(type)\r\n" }
        for (name, value) in route.headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        switch route.framing {
        case .contentLength: head += "Content-Length: \(route.content.count)\r\n"
        case .declaredLength(let n): head += "Content-Length: \(n)\r\n"
        case .chunked: head += "Transfer-Encoding: chunked\r\n"
        case .closeDelimited: break
        }
        head += "\r\n"
        guard write(connection, Array(head.utf8)) else { clientLeft(); return }
        let chunked: Bool = if case .chunked = route.framing { true } else { false }
        var gone = false
        route.content.write { piece in
            var rest = piece[...]
            while !rest.isEmpty {
                guard !isStopped else { gone = true; return false }
                let n = route.trickle.map { min($0.bytes, rest.count) } ?? rest.count
                var frame = chunked ? Array((String(n, radix: 16) + "\r\n").utf8) : []
                frame += rest.prefix(n)
                if chunked { frame += [0x0D, 0x0A] }
                guard write(connection, frame) else { clientLeft(); gone = true; return false }
                lock.lock(); sent[path, default: 0] += n; lock.unlock()
                rest = rest.dropFirst(n)
                if let trickle = route.trickle, Self.waitForHangUp(connection, seconds: trickle.interval) {
                    clientLeft(); gone = true; return false
                }
            }
            return true
        }
        if chunked && !gone { _ = write(connection, Array("0\r\n\r\n".utf8)) }
    }

    /// Waits `seconds`, or less when the client hangs up meanwhile (its end of the connection closed or reset);
    /// true when it did.
    private static func waitForHangUp(_ connection: Int32, seconds: Double) -> Bool {
        let end = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while case let left = ContinuousClock.now.duration(to: end), left > .zero {
            var fds = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            let ms = Int32((left / .milliseconds(1)).rounded(.up))
            guard poll(&fds, 1, ms) > 0 else { continue }
            if fds.revents & Int16(POLLHUP | POLLERR) != 0 { return true }
            var byte: UInt8 = 0
            let n = recv(connection, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
            if n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) { return true }
            // More bytes from the client (not expected after one request): wait out the rest without polling them.
            if n > 0 { Thread.sleep(forTimeInterval: Double(ms) / 1000) }
        }
        return false
    }

    /// Reads up to the end of the request head; returns the request path.
    private func readRequestPath(_ connection: Int32) -> String? {
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while head.count < 16_384 {
            let n = recv(connection, &buffer, buffer.count, 0)
            guard n > 0 else { return nil }
            head += buffer[0..<n]
            if String(decoding: head, as: UTF8.self).contains("\r\n\r\n") { break }
        }
        let firstLine = String(decoding: head, as: UTF8.self).split(separator: "\r\n").first ?? ""
        let parts = firstLine.split(separator: " ")
        return parts.count >= 2 ? String(parts[1]) : nil
    }

    /// Sends all of `bytes`; false when the client has gone (no SIGPIPE).
    private func write(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { return false }
            sent += n
        }
        return true
    }
}

/// A port on 127.0.0.1 that is bound but not listening: connections to it are refused, and no other test can take
/// it while this object lives.
public final class ClosedPort {
    /// The refusing port.
    public let port: UInt16
    private let fd: Int32

    /// Binds a free port without listening.
    public init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ServerError("socket() failed: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { close(fd); throw ServerError("bind failed: errno \(errno)") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.fd = fd
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(fd) }
}

/// A test server that could not start.
public struct ServerError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
