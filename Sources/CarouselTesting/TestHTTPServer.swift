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
public final class TestHTTPServer: @unchecked Sendable {
    /// What a path answers.
    public struct Route: Sendable {
        public var status: Int
        public var body: [UInt8]
        /// Seconds to wait before answering.
        public var delay: Double
        /// Whether to send Content-Length (without it the body ends when the connection closes).
        public var sendsLength: Bool
        public var contentType: String
        /// Headers besides Content-Type, Content-Length and Connection (e.g. Location, Content-Encoding).
        public var headers: [(String, String)] = []
        /// A body of this many bytes made on the fly (an endless pattern, never held in memory) instead of `body`.
        public var generated: Int?
        /// The Content-Length announced instead of the body's real length (a lie in either direction).
        public var announcedLength: Int?
        /// Sends the body with chunked transfer encoding (no length at all).
        public var chunked = false
        /// Seconds between bytes: a server trickling the body a byte at a time.
        public var trickle: Double?

        /// A response: 200 with an empty PNG-typed body unless told otherwise.
        public init(status: Int = 200, body: [UInt8] = [], delay: Double = 0, sendsLength: Bool = true,
                    contentType: String = "image/png") {
            self.status = status; self.body = body; self.delay = delay
            self.sendsLength = sendsLength; self.contentType = contentType
        }

        /// A redirect to `location` (a path on this server or a URL).
        public static func redirect(to location: String) -> Route {
            var r = Route(status: 302, contentType: "text/plain")
            r.headers = [("Location", location)]
            return r
        }

        /// A 200 whose body is `bytes` bytes made on the fly (the length announced, chunked, or neither).
        public static func huge(_ bytes: Int, sendsLength: Bool = true, chunked: Bool = false) -> Route {
            var r = Route(sendsLength: sendsLength, contentType: "image/jpeg")
            r.generated = bytes
            r.chunked = chunked
            return r
        }
    }

    /// The port the server listens on.
    public let port: UInt16
    static let maxConnections = 200
    private let listener: Int32
    private let lock = NSLock()
    private var routes: [String: Route]
    private var counts: [String: Int] = [:]
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

    /// Requests for every path together.
    public var totalRequests: Int { lock.lock(); defer { lock.unlock() }; return counts.values.reduce(0, +) }

    /// Replaces or adds a route.
    public func set(_ path: String, _ route: Route) { lock.lock(); routes[path] = route; lock.unlock() }

    /// Stops accepting (connections in progress finish on their own).
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
        guard let path = readRequestPath(connection) else { return }
        let route: Route = {
            lock.lock(); defer { lock.unlock() }
            counts[path, default: 0] += 1
            return routes[path] ?? Route(status: 404, body: Array("not found".utf8), contentType: "text/plain")
        }()
        if route.delay > 0 { Thread.sleep(forTimeInterval: route.delay) }
        let reason = route.status == 200 ? "OK" : route.status == 302 ? "Found" : "Error"
        var head = "HTTP/1.1 \(route.status) \(reason)\r\nContent-Type: \(route.contentType)\r\nConnection: close\r\n"
        let length = route.generated ?? route.body.count
        if route.chunked {
            head += "Transfer-Encoding: chunked\r\n"
        } else if route.sendsLength {
            head += "Content-Length: \(route.announcedLength ?? length)\r\n"
        }
        for (name, value) in route.headers { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        guard write(connection, Array(head.utf8)) else { return }
        // The body in pieces, as a network would deliver it (a generated one from one reused buffer).
        let piece = 64 * 1024
        let pattern = [UInt8](repeating: 0x5A, count: piece)
        var offset = 0
        while offset < length {
            let n = route.trickle != nil ? 1 : min(route.generated != nil ? piece : 1024, length - offset)
            let bytes = route.generated != nil ? Array(pattern[0..<n]) : Array(route.body[offset..<offset + n])
            let framed = route.chunked ? Array((String(n, radix: 16) + "\r\n").utf8) + bytes + Array("\r\n".utf8) : bytes
            guard write(connection, framed) else { return }
            offset += n
            if let t = route.trickle { Thread.sleep(forTimeInterval: t) }
            if isStopped && route.trickle != nil { return }
        }
        if route.chunked { _ = write(connection, Array("0\r\n\r\n".utf8)) }
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
