import CarouselTesting
import Foundation
@testable import ImageFetching
import Testing

/// Fetching image bytes (issue 8): a local HTTP server on 127.0.0.1 started by each test serves images, a 404, a
/// slow response and oversized bodies; caches and files are checked in temporary folders.
@Suite("Image fetching")
struct ImageFetcherTests {
    /// A 1x1 PNG.
    static let png: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4,
        0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0xF0,
        0x1F, 0x00, 0x05, 0x00, 0x01, 0xFF, 0x89, 0x99, 0x3D, 0x1D, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45,
        0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]

    /// `count` bytes that differ per `seed`.
    static func bytes(_ count: Int, seed: UInt8) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7) &+ seed } }

    func tempDir() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fetch-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func fetcher(disk: URL?, diskBytes: Int = 200 << 20, memoryBytes: Int = 64 << 20, maxBytes: Int = 64 << 20,
                 timeout: Double = 5) -> ImageFetcher {
        ImageFetcher(configuration: .init(timeout: timeout, maxResponseBytes: maxBytes, memoryCacheBytes: memoryBytes,
                                          diskCacheBytes: diskBytes, diskCacheDirectory: disk))
    }

    func failure(_ r: Result<Data, FetchError>) -> FetchError? {
        if case .failure(let e) = r { return e } else { return nil }
    }

    // MARK: HTTP

    @Test("Bytes arrive over HTTP from the local server")
    func bytesArrive() async throws {
        let server = try TestHTTPServer(routes: ["/a.png": .init(body: Self.png)])
        let f = fetcher(disk: nil)
        let result = await f.fetch(server.url("/a.png"))
        #expect(try result.get() == Data(Self.png))
        #expect(server.requests("/a.png") == 1)
        #expect(f.statistics.networkRequests == 1)
    }

    @Test("A deck file by URL (fetchDocument): JSON that fetch refuses as not an image arrives, uncached, within its byte limit")
    func documentsArrive() async throws {
        let json = Array(#"{"items": ["a.jpg"]}"#.utf8)
        let server = try TestHTTPServer(routes: [
            "/deck.json": .init(body: json, contentType: "application/json"),
            "/big.json": .init(content: .generated(prefix: Array("[".utf8), fill: 0x20, count: 4096), contentType: "application/json"),
        ])
        let disk = tempDir()
        defer { try? FileManager.default.removeItem(at: disk) }
        let f = fetcher(disk: disk)
        #expect(failure(await f.fetch(server.url("/deck.json")))?.kind == .notAnImage)
        #expect(try await f.fetchDocument(server.url("/deck.json"), maxBytes: 1 << 20).get() == Data(json))
        #expect(try await f.fetchDocument(server.url("/deck.json"), maxBytes: 1 << 20).get() == Data(json))
        #expect(server.requests("/deck.json") == 3, "a deck is fetched afresh each time, never from the caches")
        #expect(failure(await f.fetchDocument(server.url("/big.json"), maxBytes: 1024))?.kind == .tooLarge(limit: 1024))
        #expect(failure(await f.fetchDocument(server.url("/missing.json"), maxBytes: 1024))?.kind == .http(status: 404))
    }

    @Test("A test server stops serving once released, so no test leaves one running")
    func serverStopsWhenReleased() async throws {
        var server: TestHTTPServer? = try TestHTTPServer(routes: ["/a.png": .init(body: Self.png)])
        let url = try #require(server).url("/a.png")
        #expect(try await fetcher(disk: nil).fetch(url).get() == Data(Self.png))
        server = nil
        // The thread that served the request may hold the server a moment longer.
        var refused = false
        for _ in 0..<30 where !refused {
            if case .failure = await fetcher(disk: nil, timeout: 2).fetch(url) { refused = true } else {
                try await Task.sleep(nanoseconds: 100_000_000)
            }
        }
        #expect(refused)
    }

    @Test("A 404 is a one-line error naming the URL and the status")
    func notFound() async throws {
        let server = try TestHTTPServer(routes: [:])
        let url = server.url("/missing.png")
        let error = failure(await fetcher(disk: tempDir()).fetch(url))
        #expect(error?.kind == .http(status: 404))
        #expect(error?.message == "\(url): HTTP 404 Not Found")
        #expect(error?.isRetryable == true)
    }

    @Test("A response slower than the timeout fails with a timeout naming the URL, at the timeout")
    func timeout() async throws {
        let server = try TestHTTPServer(routes: ["/slow.png": .init(body: Self.png, delay: 3)])
        let url = server.url("/slow.png")
        let start = ContinuousClock.now
        let error = failure(await fetcher(disk: nil, timeout: 0.5).fetch(url))
        #expect(error?.kind == .timeout)
        #expect(error?.message.hasPrefix(url + ": timed out") == true)
        #expect(error?.message.contains("0.5 s") == true)
        #expect(start.duration(to: .now) >= .milliseconds(450), "the error came before the deadline")
        // When the fetcher gave up, as the server saw it: the test's own clock would also count its wait for a
        // thread when other suites run beside it.
        let waited = try await Self.clientLeft(server, "/slow.png")
        // Not before the deadline, and before the server's answer at 3 s: the deadline ended it, not the answer.
        #expect(waited >= 0.4 && waited < 3, "the fetcher hung up \(waited) s after its request, for a 0.5 s deadline")
    }

    /// Seconds from the first request for `path` to its client hanging up, as `server` saw them: waits until the
    /// server has seen the hang-up (its thread notices within milliseconds of the client closing); a client that
    /// never hangs up fails after a generous 30 s, saying what the server saw.
    static func clientLeft(_ server: TestHTTPServer, _ path: String) async throws -> Double {
        let started = ContinuousClock.now, deadline = started + .seconds(30)
        var looks = 0
        while ContinuousClock.now < deadline {
            if let s = server.exchanges(path).first?.secondsUntilClientLeft { return s }
            looks += 1
            try await Task.sleep(for: .milliseconds(20))
        }
        let seen = server.exchanges(path).map { "arrived \(String(format: "%.1f", $0.arrived.duration(to: .now) / .seconds(1))) s ago" }
        Issue.record("the client of \(path) never hung up (\(looks) looks in \(started.duration(to: .now)); requests: \(seen); \(server.bytesSent(path)) body bytes sent)")
        return .infinity
    }

    @Test("A response over the byte budget is refused, with a Content-Length or without one")
    func tooLarge() async throws {
        let body = Self.bytes(5000, seed: 1)
        let server = try TestHTTPServer(routes: ["/big.png": .init(body: body), "/stream.png": .init(body: body, sendsLength: false),
                                                 "/small.png": .init(body: Array(body.prefix(900)), sendsLength: false)])
        let f = fetcher(disk: tempDir(), maxBytes: 1000)
        for path in ["/big.png", "/stream.png"] {
            let error = failure(await f.fetch(server.url(path)))
            #expect(error?.kind == .tooLarge(limit: 1000))
            #expect(error?.message.hasPrefix(server.url(path) + ": the response is larger than the 1000 bytes limit") == true)
            #expect(error?.isRetryable == false)
        }
        #expect(try await f.fetch(server.url("/small.png")).get().count == 900)
    }

    @Test("A refused connection is a network error naming the URL")
    func refused() async throws {
        let port = try ClosedPort()
        let url = "http://127.0.0.1:\(port.port)/a.png"
        let error = failure(await fetcher(disk: nil, timeout: 3).fetch(url))
        #expect(error?.kind == .network)
        #expect(error?.message == url + ": cannot connect (connection refused)")
        withExtendedLifetime(port) {}
    }

    @Test("Concurrent fetches of one URL share one request")
    func coalesced() async throws {
        let server = try TestHTTPServer(routes: ["/a.png": .init(body: Self.png, delay: 0.3)])
        let f = fetcher(disk: nil)
        let url = server.url("/a.png")
        let results = await withTaskGroup(of: Data?.self) { group in
            for _ in 0..<5 { group.addTask { try? await f.fetch(url).get() } }
            return await group.reduce(into: [Data?]()) { $0.append($1) }
        }
        #expect(results.count == 5 && results.allSatisfy { $0 == Data(Self.png) })
        #expect(server.requests("/a.png") == 1)
    }

    // MARK: Caches

    @Test("The second fetch comes from memory, and a second run from disk, with no new request")
    func cachesServeRepeats() async throws {
        let server = try TestHTTPServer(routes: ["/a.png": .init(body: Self.png)])
        let dir = tempDir()
        let url = server.url("/a.png")
        let first = fetcher(disk: dir)
        #expect(try await first.fetch(url).get() == Data(Self.png))
        #expect(try await first.fetch(url).get() == Data(Self.png))
        #expect(first.statistics == .init(memoryHits: 1, diskHits: 0, networkRequests: 1, fileReads: 0))
        let file = try #require(first.diskCacheFile(for: url))
        #expect(file.lastPathComponent == ImageFetcher.cacheKey(for: url))
        #expect(FileManager.default.contents(atPath: file.path) == Data(Self.png))

        let secondRun = fetcher(disk: dir)
        #expect(secondRun.cachedData(for: url) == Data(Self.png))
        #expect(try await secondRun.fetch(url).get() == Data(Self.png))
        #expect(server.requests("/a.png") == 1)
        #expect(secondRun.statistics.networkRequests == 0 && secondRun.statistics.diskHits == 1)
    }

    @Test("Removing a source's cached bytes clears memory and disk, so the next fetch asks the server again")
    func removeCachedData() async throws {
        let server = try TestHTTPServer(routes: ["/a.png": .init(body: Self.png)])
        let url = server.url("/a.png")
        let f = fetcher(disk: tempDir())
        #expect(try await f.fetch(url).get() == Data(Self.png))
        let file = try #require(f.diskCacheFile(for: url))
        #expect(FileManager.default.fileExists(atPath: file.path))

        f.removeCachedData(for: url)
        #expect(f.cachedData(for: url) == nil)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(try await f.fetch(url).get() == Data(Self.png))
        #expect(server.requests("/a.png") == 2)
        #expect(f.statistics.memoryHits == 0 && f.statistics.diskHits == 0)
    }

    @Test("The disk cache keeps within its budget: least recently used files go first, no partial files remain")
    func diskEviction() async throws {
        var routes: [String: TestHTTPServer.Route] = [:]
        for (i, name) in ["a", "b", "c", "d"].enumerated() { routes["/\(name).png"] = .init(body: Self.bytes(1000, seed: UInt8(i))) }
        let server = try TestHTTPServer(routes: routes)
        let dir = tempDir()
        let f = fetcher(disk: dir, diskBytes: 2500, memoryBytes: 0)
        func cached(_ name: String) -> Bool {
            FileManager.default.fileExists(atPath: f.diskCacheFile(for: server.url("/\(name).png"))!.path)
        }
        for name in ["a", "b", "c"] {
            _ = try await f.fetch(server.url("/\(name).png")).get()
            try await Task.sleep(for: .milliseconds(30))
        }
        #expect(!cached("a") && cached("b") && cached("c"))
        // Reading b makes it the most recently used, so d pushes out c.
        _ = try await f.fetch(server.url("/b.png")).get()
        try await Task.sleep(for: .milliseconds(30))
        _ = try await f.fetch(server.url("/d.png")).get()
        #expect(cached("b") && !cached("c") && cached("d"))
        #expect(server.requests("/b.png") == 1)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(names.count == 2)
        #expect(names.allSatisfy { $0.count == 64 && $0.allSatisfy(\.isHexDigit) })
        let total = names.reduce(0) { $0 + (FileManager.default.contents(atPath: dir.appendingPathComponent($1).path)?.count ?? 0) }
        #expect(total <= 2500)
        // An evicted image is fetched again.
        _ = try await f.fetch(server.url("/a.png")).get()
        #expect(server.requests("/a.png") == 2)
    }

    @Test("The memory cache keeps within its budget")
    func memoryBudget() async throws {
        let server = try TestHTTPServer(routes: ["/a.png": .init(body: Self.bytes(1000, seed: 1)), "/b.png": .init(body: Self.bytes(1000, seed: 2))])
        let f = fetcher(disk: nil, memoryBytes: 1500)
        _ = try await f.fetch(server.url("/a.png")).get()
        _ = try await f.fetch(server.url("/b.png")).get()
        _ = try await f.fetch(server.url("/b.png")).get()
        #expect(server.requests("/b.png") == 1)
        _ = try await f.fetch(server.url("/a.png")).get()
        #expect(server.requests("/a.png") == 2)
    }

    // MARK: Files and sources

    @Test("Plain paths and file:// URLs are read; a missing file is an error naming it")
    func files() async throws {
        let dir = tempDir()
        let path = dir.appendingPathComponent("photo one.png").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(Self.png)))
        let f = fetcher(disk: nil)
        #expect(try await f.fetch(path).get() == Data(Self.png))
        #expect(try await f.fetch(URL(fileURLWithPath: path).absoluteString).get() == Data(Self.png))
        #expect(f.statistics.fileReads == 2 && f.statistics.networkRequests == 0)
        let missing = dir.appendingPathComponent("nope.jpg").path
        let error = failure(await f.fetch(missing))
        #expect(error?.kind == .notFound)
        #expect(error?.message == "\(missing): no such file")
        let folder = failure(await f.fetch(dir.path))
        #expect(folder?.kind == .unreadable && folder?.message.hasPrefix(dir.path + ": ") == true)
        let big = failure(await fetcher(disk: nil, maxBytes: 10).fetch(path))
        #expect(big?.kind == .tooLarge(limit: 10))
    }

    @Test("Sources that are neither paths nor http(s) or file URLs are refused with a clear message")
    func invalidSources() async throws {
        let f = fetcher(disk: nil)
        let ftp = failure(await f.fetch("ftp://example.com/a.png"))
        #expect(ftp?.kind == .invalidSource)
        #expect(ftp?.message == "ftp://example.com/a.png: unsupported URL scheme \"ftp\" (use a path, file://, http:// or https://)")
        #expect(failure(await f.fetch("http://"))?.kind == .invalidSource)
        #expect(failure(await f.fetch(""))?.kind == .invalidSource)
        #expect(f.statistics.networkRequests == 0)
    }

    // MARK: Policy and keys

    @Test("Retry delays double from 0.5 s up to the cap and stop after the last attempt")
    func retryPolicy() {
        let p = RetryPolicy(initialDelay: 0.5, multiplier: 2, maxDelay: 3, maxAttempts: 6)
        #expect((1...5).map { p.delay(forAttempt: $0) } == [0.5, 1, 2, 3, 3])
        #expect(p.delay(forAttempt: 6) == nil)
        #expect(p.delay(forAttempt: 0) == nil)
        let notFound = FetchError(source: "http://h/a.png", kind: .http(status: 404), problem: "HTTP 404 Not Found")
        let tooBig = FetchError(source: "http://h/a.png", kind: .tooLarge(limit: 10), problem: "too large")
        #expect(p.delay(after: notFound, attempt: 2) == 1)
        #expect(p.delay(after: tooBig, attempt: 1) == nil)
        #expect(RetryPolicy().delay(forAttempt: 1) == 0.5)
    }

    @Test("Cache keys are the SHA-256 of the source text")
    func sha256() {
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        // Two blocks of padding.
        #expect(SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(ImageFetcher.cacheKey(for: "abc") == SHA256.hex("abc"))
    }

    @Test("The cache folder is under XDG_CACHE_HOME when it is absolute, else ~/.cache")
    func cacheDirectory() {
        typealias C = ImageFetcher.Configuration
        #expect(C.defaultCacheDirectory(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"])?.path == "/x/cache/carousel-lab/images")
        #expect(C.defaultCacheDirectory(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/u"])?.path == "/home/u/.cache/carousel-lab/images")
        #expect(C.defaultCacheDirectory(environment: ["HOME": "/home/u"])?.path == "/home/u/.cache/carousel-lab/images")
        #expect(C.defaultCacheDirectory(environment: [:]) == nil)
    }
}
