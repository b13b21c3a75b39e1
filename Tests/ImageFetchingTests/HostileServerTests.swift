import CarouselTesting
import Foundation
@testable import ImageFetching
import Testing

/// Limits that hold whatever a server sends (issue 20): bodies over the budget with and without a length, lengths
/// that lie both ways, a gzip bomb, redirect loops, a trickle, an HTML page answered with 200. The budget is 1 MB
/// here so the tests stay quick; the child-process test in EndToEndTests measures memory with the real 64 MB one.
@Suite("Hostile servers")
struct HostileServerTests {
    static let budget = 1 << 20

    func fetcher(timeout: Double = 5) -> ImageFetcher {
        ImageFetcher(configuration: .init(timeout: timeout, maxResponseBytes: Self.budget, memoryCacheBytes: 0, diskCacheBytes: 0,
                                          diskCacheDirectory: nil))
    }

    func message(_ r: Result<Data, FetchError>) -> String? {
        if case .failure(let e) = r { return e.message } else { return nil }
    }

    @Test("A body over the budget is refused: announced (before the body) or not (chunked, or no length at all)")
    func overBudget() async throws {
        let server = try TestHTTPServer(routes: ["/announced": .huge(50 << 20), "/chunked": .huge(50 << 20, chunked: true),
                                                 "/unannounced": .huge(50 << 20, sendsLength: false)])
        let f = fetcher()
        #expect(message(await f.fetch(server.url("/announced"))) == "\(server.url("/announced")): the response is larger than the 1 MB limit (50 MB)")
        for path in ["/chunked", "/unannounced"] {
            #expect(message(await f.fetch(server.url(path))) == "\(server.url(path)): the response is larger than the 1 MB limit")
        }
    }

    @Test("A Content-Length that lies: too large ends early and says so; too small stops at the length announced")
    func lyingLengths() async throws {
        var long = TestHTTPServer.Route(body: ImageFetcherTests.png)
        long.announcedLength = 500_000
        var short = TestHTTPServer.Route.huge(50 << 20)
        short.announcedLength = 1000
        let server = try TestHTTPServer(routes: ["/long": long, "/short": short])
        let f = fetcher()
        #expect(message(await f.fetch(server.url("/long")))
                == "\(server.url("/long")): the response ended early (the server announced 500000 bytes, sent \(ImageFetcherTests.png.count) bytes)")
        // Bounded by the length announced: the rest of the 50 MB is never read.
        let data = try await f.fetch(server.url("/short")).get()
        #expect(data.count == 1000)
    }

    @Test("A gzip bomb stays compressed (nothing is inflated) and is reported as not an image")
    func gzipBomb() async throws {
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/bin/sh")
        gzip.arguments = ["-c", "head -c 100000000 /dev/zero | gzip -9c"]
        let out = Pipe()
        gzip.standardOutput = out
        try gzip.run()
        let bomb = out.fileHandleForReading.readDataToEndOfFile()
        gzip.waitUntilExit()
        #expect(bomb.count < 200_000, "100 MB of zeros compress to \(bomb.count) bytes")
        var route = TestHTTPServer.Route(body: Array(bomb), contentType: "image/png")
        route.headers = [("Content-Encoding", "gzip")]
        let server = try TestHTTPServer(routes: ["/bomb.png": route])
        #expect(message(await fetcher().fetch(server.url("/bomb.png")))
                == "\(server.url("/bomb.png")): the server sent gzip-compressed data (Content-Encoding gzip), not an image")
    }

    @Test("Redirects: a short chain is followed; a loop or more than 10 is 'too many redirects', at once")
    func redirects() async throws {
        var routes: [String: TestHTTPServer.Route] = ["/loop": .redirect(to: "/loop"), "/image.png": .init(body: ImageFetcherTests.png)]
        for i in 0..<12 { routes["/hop\(i)"] = .redirect(to: i == 11 ? "/image.png" : "/hop\(i + 1)") }
        let server = try TestHTTPServer(routes: routes)
        let f = fetcher(timeout: 10)
        #expect(try await f.fetch(server.url("/hop9")).get() == Data(ImageFetcherTests.png), "three redirects are followed")
        let start = Date()
        #expect(message(await f.fetch(server.url("/loop"))) == "\(server.url("/loop")): too many redirects (more than 10)")
        #expect(message(await f.fetch(server.url("/hop0"))) == "\(server.url("/hop0")): too many redirects (more than 10)")
        #expect(Date().timeIntervalSince(start) < 5, "not a time-out")
    }

    @Test("A server trickling bytes is cut at the deadline")
    func trickle() async throws {
        var route = TestHTTPServer.Route.huge(1000)
        route.trickle = 0.05
        let server = try TestHTTPServer(routes: ["/slow.jpg": route])
        let start = Date()
        #expect(message(await fetcher(timeout: 1).fetch(server.url("/slow.jpg")))
                == "\(server.url("/slow.jpg")): timed out: no complete response within 1 s")
        #expect(Date().timeIntervalSince(start) < 3)
        server.stop()
    }

    @Test("Pages and text answered with 200 are reported as what they are, not as images that fail to decode")
    func notImages() async throws {
        let server = try TestHTTPServer(routes: [
            "/login.jpg": .init(body: Array("<!DOCTYPE html><html><body>Sign in</body></html>".utf8), contentType: "text/html; charset=utf-8"),
            "/api.png": .init(body: Array(#"{"error": "quota"}"#.utf8), contentType: "application/json"),
            "/ok.png": .init(body: ImageFetcherTests.png, contentType: "application/octet-stream"),
        ])
        let f = fetcher()
        #expect(message(await f.fetch(server.url("/login.jpg"))) == "\(server.url("/login.jpg")): the server sent an HTML page, not an image (Content-Type text/html)")
        #expect(message(await f.fetch(server.url("/api.png"))) == "\(server.url("/api.png")): the server sent text, not an image (Content-Type application/json)")
        #expect(try await f.fetch(server.url("/ok.png")).get() == Data(ImageFetcherTests.png), "a PNG is a PNG whatever its type says")
    }
}
