import CarouselCore
import CarouselTesting
import Foundation
import ImageFetching
import Testing
@testable import SDLBackend

/// Images from http:// URLs in the SDL image store (issue 8): each test starts its own server on 127.0.0.1 with
/// slow, failing and non-image responses, and points the store's disk cache at a temporary folder.
@MainActor
@Suite("Remote images in the image store")
struct RemoteImageTests {
    /// A canvas whose store fetches with a short timeout and fast retries into a fresh disk cache, and the bytes of
    /// a 200x100 PNG: green | red | blue stripes (25 %, 50 %, 25 %).
    @MainActor
    struct Fixture {
        let canvas: HeadlessCanvas
        let cache: URL
        let png: [UInt8]
        var store: SDLImageStore { canvas.images }
    }

    /// How long a load may take to settle. A fetch's result reaches the store through Swift's shared task pool, and
    /// in the whole suite that pool (one thread per core) is often held by tests that wait for a child process, so
    /// the bound is generous; a load that settles returns at once.
    static let settle: Double = 90

    /// 0.2 s, 0.4 s, ... between attempts, 3 attempts in all.
    static let fastRetry = RetryPolicy(initialDelay: 0.2, multiplier: 2, maxDelay: 1, maxAttempts: 3)

    func fixture(cache: URL? = nil, timeout: Double = 5) throws -> Fixture {
        let dir = try makeTempDir()
        let path = dir.appendingPathComponent("stripes.png").path
        writeStripedPNG(path, width: 200, height: 100, stripes: [(0.25, 0x00ff00), (0.5, 0xff0000), (0.25, 0x0000ff)])
        let png = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let canvas = try HeadlessCanvas(width: 100, height: 100)
        canvas.images.fetchConfiguration = ImageFetcher.Configuration(timeout: timeout, diskCacheDirectory: cache ?? dir)
        canvas.images.retryPolicy = Self.fastRetry
        return Fixture(canvas: canvas, cache: cache ?? dir, png: png)
    }

    /// Pumps `store` until `done` holds or `timeout` seconds pass; returns `done()`.
    func pump(_ store: SDLImageStore, timeout: Double = Self.settle, until done: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while Date() < deadline {
            store.pump()
            if done() { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        store.pump()
        return done()
    }

    /// Pumps `store` for `seconds`, so scheduled retries that are due get the chance to run.
    func pumpFor(_ store: SDLImageStore, seconds: Double) {
        _ = pump(store, timeout: seconds) { false }
    }

    func failure(_ store: SDLImageStore, _ h: ImageHandle) -> String? {
        if case .failed(let m) = store.state(of: h) { return m }
        return nil
    }

    // MARK: Loading

    @Test("A served image is loading (placeholder) until it arrives, then ready at natural size with a texture")
    func placeholderThenImage() throws {
        let f = try fixture()
        defer { try? FileManager.default.removeItem(at: f.cache) }
        let server = try TestHTTPServer(routes: ["/stripes.png": .init(body: f.png, delay: 0.3)])
        let url = server.url("/stripes.png")
        let h = f.store.handle(for: url, maxPixelSize: Size(50, 50))
        f.store.pump()
        #expect(f.store.state(of: h) == .loading)
        #expect(f.store.isLoading)
        #expect(f.store.source(of: h) == url)

        #expect(f.store.waitUntilLoaded(timeout: Self.settle))
        #expect(f.store.state(of: h) == .ready(Size(200, 100)))
        #expect(f.store.textureSize(of: h) == Size(50, 25))
        #expect(server.requests("/stripes.png") == 1)

        // The texture holds the served pixels.
        let r = f.canvas.renderer
        r.beginFrame(clearColor: .black)
        r.drawImage(h, in: Rect(0, 0, 100, 100), cornerRadius: 0, contentMode: .stretch, opacity: 1)
        r.endFrame()
        #expect(near(rgb(f.canvas, 5, 50), [0, 255, 0], 8))
        #expect(near(rgb(f.canvas, 50, 50), [255, 0, 0], 8))
        #expect(near(rgb(f.canvas, 95, 50), [0, 0, 255], 8))
    }

    @Test("A served JPEG decodes to the same natural and texture size as the same file read from disk")
    func jpegMatchesTheFile() throws {
        let f = try fixture()
        defer { try? FileManager.default.removeItem(at: f.cache) }
        let file = packageRoot.appendingPathComponent("Resources/images/coffee.jpg").path
        let server = try TestHTTPServer(routes: ["/coffee.jpg": .init(body: try [UInt8](Data(contentsOf: URL(fileURLWithPath: file))),
                                                                      contentType: "image/jpeg")])
        let remote = f.store.handle(for: server.url("/coffee.jpg"), maxPixelSize: Size(150, 150))
        let local = f.store.handle(for: file, maxPixelSize: Size(150, 150))
        #expect(f.store.waitUntilLoaded(timeout: Self.settle))
        #expect(f.store.state(of: remote) == .ready(Size(600, 400)))
        #expect(f.store.state(of: remote) == f.store.state(of: local))
        #expect(f.store.textureSize(of: remote) == Size(150, 100))
        #expect(f.store.fetcher.statistics.networkRequests == 1)
        #expect(f.store.fetcher.statistics.fileReads == 0)
    }

    @Test("A second store with the same disk cache shows the image with no new request")
    func secondRunFromDiskCache() throws {
        let cache = try makeTempDir()
        defer { try? FileManager.default.removeItem(at: cache) }
        let first = try fixture(cache: cache)
        let server = try TestHTTPServer(routes: ["/stripes.png": .init(body: first.png)])
        let url = server.url("/stripes.png")
        _ = first.store.handle(for: url, maxPixelSize: nil)
        #expect(first.store.waitUntilLoaded(timeout: Self.settle))
        #expect(server.requests("/stripes.png") == 1)
        #expect(FileManager.default.fileExists(atPath: try #require(first.store.fetcher.diskCacheFile(for: url)).path))

        server.stop()
        let second = try fixture(cache: cache)
        let h = second.store.handle(for: url, maxPixelSize: nil)
        #expect(second.store.waitUntilLoaded(timeout: Self.settle))
        #expect(second.store.state(of: h) == .ready(Size(200, 100)))
        #expect(second.store.textureSize(of: h) == Size(200, 100))
        #expect(server.requests("/stripes.png") == 1)
        #expect(second.store.fetcher.statistics.diskHits == 1)
        #expect(second.store.fetcher.statistics.networkRequests == 0)
    }

    // MARK: Failures and retries

    @Test("A 404 fails naming the URL, wakes the loop, and is retried with back-off until the attempts run out")
    func notFoundIsRetried() throws {
        let f = try fixture()
        defer { try? FileManager.default.removeItem(at: f.cache) }
        let wakes = Locked(0)
        f.store.wake = { wakes.withLock { $0 += 1 } }
        let server = try TestHTTPServer(routes: [:])
        let url = server.url("/gone.png")
        let h = f.store.handle(for: url, maxPixelSize: nil)
        // Settled as failed: capture does not wait for the scheduled retries.
        #expect(f.store.waitUntilLoaded(timeout: Self.settle))
        #expect(failure(f.store, h) == "\(url): HTTP 404 Not Found")
        #expect(server.requests("/gone.png") == 1)
        // The decode thread posts the failure, then wakes the loop: the wake may land just after the pump saw it.
        let deadline = Date().addingTimeInterval(2)
        while wakes.withLock({ $0 }) == 0 && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(wakes.withLock { $0 } >= 1)

        // The second attempt after 0.2 s, the third after 0.4 s more; the error placeholder stays meanwhile.
        #expect(pump(f.store) { server.requests("/gone.png") == 2 })
        #expect(pump(f.store) { server.requests("/gone.png") == 3 })
        #expect(failure(f.store, h) == "\(url): HTTP 404 Not Found")
        #expect(!f.store.isLoading)
        // No fourth attempt (the next back-off would be 0.8 s).
        pumpFor(f.store, seconds: 1.2)
        #expect(server.requests("/gone.png") == 3)
        #expect(failure(f.store, h) == "\(url): HTTP 404 Not Found")
    }

    @Test("A response slower than the timeout fails, then a retry shows the image once the server answers in time")
    func timeoutIsRetriedAndRecovers() throws {
        let f = try fixture(timeout: 0.5)
        defer { try? FileManager.default.removeItem(at: f.cache) }
        let server = try TestHTTPServer(routes: ["/slow.png": .init(body: f.png, delay: 3)])
        let url = server.url("/slow.png")
        let h = f.store.handle(for: url, maxPixelSize: nil)
        #expect(f.store.state(of: h) == .loading)
        #expect(f.store.waitUntilLoaded(timeout: Self.settle))
        #expect(failure(f.store, h)?.hasPrefix("\(url): timed out") == true)
        #expect(server.requests("/slow.png") == 1)

        server.set("/slow.png", .init(body: f.png))
        #expect(pump(f.store) { f.store.state(of: h) == .ready(Size(200, 100)) })
        #expect(server.requests("/slow.png") == 2)
        #expect(f.store.textureSize(of: h) == Size(200, 100))
    }

    @Test("A 404 that later serves the image turns ready on the next retry")
    func failedThenServed() throws {
        let f = try fixture()
        defer { try? FileManager.default.removeItem(at: f.cache) }
        let server = try TestHTTPServer(routes: ["/later.png": .init(status: 503, body: Array("busy".utf8), contentType: "text/plain")])
        let url = server.url("/later.png")
        let h = f.store.handle(for: url, maxPixelSize: nil)
        #expect(f.store.waitUntilLoaded(timeout: Self.settle))
        #expect(failure(f.store, h)?.hasPrefix("\(url): HTTP 503") == true)
        server.set("/later.png", .init(body: f.png))
        #expect(pump(f.store) { f.store.state(of: h) == .ready(Size(200, 100)) })
        #expect(server.requests("/later.png") == 2)
    }

    @Test("An HTML page with status 200 fails as an HTML page, a cut image as corrupt; neither is retried or kept in the caches")
    func notAnImage() throws {
        let f = try fixture()
        defer { try? FileManager.default.removeItem(at: f.cache) }
        let html = Array("<html><body>Please log in to the Wi-Fi</body></html>".utf8)
        let server = try TestHTTPServer(routes: ["/portal.jpg": .init(body: html, contentType: "text/html"),
                                                 "/cut.png": .init(body: Array(f.png.prefix(f.png.count / 2)))])
        let portal = server.url("/portal.jpg"), cut = server.url("/cut.png")
        let hp = f.store.handle(for: portal, maxPixelSize: nil)
        let hc = f.store.handle(for: cut, maxPixelSize: nil)
        #expect(f.store.waitUntilLoaded(timeout: Self.settle))
        #expect(failure(f.store, hp) == "\(portal): is an HTML page, not an image")
        #expect(failure(f.store, hc)?.hasPrefix("\(cut): corrupt or truncated PNG image") == true)
        #expect(!FileManager.default.fileExists(atPath: try #require(f.store.fetcher.diskCacheFile(for: portal)).path))
        #expect(f.store.fetcher.cachedData(for: portal) == nil)
        pumpFor(f.store, seconds: 0.6)
        #expect(server.requests("/portal.jpg") == 1)
        #expect(server.requests("/cut.png") == 1)
    }

    @Test("Remote images obey the pixel budget and the byte limit, and permanent errors are not retried")
    func limits() throws {
        let f = try fixture()
        defer { try? FileManager.default.removeItem(at: f.cache) }
        f.store.pixelBudget = 10_000
        f.store.fetchConfiguration.maxResponseBytes = f.png.count + 100
        let server = try TestHTTPServer(routes: ["/wide.png": .init(body: f.png),
                                                 "/huge.png": .init(body: f.png + [UInt8](repeating: 0, count: 200))])
        let wide = server.url("/wide.png"), huge = server.url("/huge.png")
        let hw = f.store.handle(for: wide, maxPixelSize: nil)
        let hh = f.store.handle(for: huge, maxPixelSize: nil)
        #expect(f.store.waitUntilLoaded(timeout: Self.settle))
        #expect(failure(f.store, hw)?.hasPrefix("\(wide): image too large (200x100") == true)
        #expect(failure(f.store, hh)?.hasPrefix("\(huge): the response is larger than the") == true)
        pumpFor(f.store, seconds: 0.6)
        #expect(server.requests("/wide.png") == 1)
        #expect(server.requests("/huge.png") == 1)
    }
}

/// The package's root folder (for the bundled images).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL

/// A value shared with a `@Sendable` closure in tests.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<R>(_ body: (inout Value) -> R) -> R { lock.lock(); defer { lock.unlock() }; return body(&value) }
}
