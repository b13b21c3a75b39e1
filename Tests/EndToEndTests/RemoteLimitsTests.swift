import CarouselClips
import CarouselSupport
import SDLBackend
import CarouselTesting
import Foundation
import ImageFetching
import Testing

/// Image URLs in a child process as a user would run the app (issue 20): a disk cache shared by processes, one killed
/// while its request is under way. (Peak memory against 1 GB bodies, and a capture killed mid-write, are in
/// `RemoteDeckTests`.)
@Suite("Remote limits in a child process", .serialized)
struct RemoteLimitsTests {
    /// A deck of one remote image.
    static func deck(_ url: String, in dir: URL) throws -> String {
        let path = dir.appendingPathComponent("deck.json").path
        try #"{"name": "remote", "items": [{"image": "\#(url)", "title": "remote"}]}"#.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("Two captures share a cache, one is killed mid-fetch: a third reads the cache cleanly with the server gone",
          .enabled(if: CLI.available))
    func sharedCacheSurvivesAKill() throws {
        let dir = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let photo = try Data(contentsOf: Golden.packageRoot.appendingPathComponent("Resources/images/coffee.jpg"))
        // Answered after 2 s: the first capture is killed while its request is under way.
        let slow = TestHTTPServer.Route(body: Array(photo), delay: 2, contentType: "image/jpeg")
        var server: TestHTTPServer? = try TestHTTPServer(routes: ["/slow.jpg": slow])
        let url = try #require(server).url("/slow.jpg")
        let deck = try Self.deck(url, in: dir)
        let cache = dir.appendingPathComponent("cache")
        func capture(_ name: String) throws -> ChildProcess {
            try ChildProcess(CLI.executable, ["capture", "--images", deck, "--size", "320x200", "--at", "0.1", "--out", dir.appendingPathComponent(name).path],
                             errors: .discarded, environment: ["DISPLAY": nil, "XDG_CACHE_HOME": cache.path])
        }
        // A crashed writer's leftover, named as a process killed while writing the cache file leaves it (AtomicFile's
        // temporary name, with the PID of a process that has ended).
        let images = cache.appendingPathComponent("carousel-lab/images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        let ended = try ChildProcess("/bin/true", [])
        _ = ended.wait()
        let leftover = ".\(ImageFetcher.cacheKey(for: url)).\(ended.pid).12345.tmp"
        try Data(photo.prefix(1000)).write(to: images.appendingPathComponent(leftover))
        let killed = try capture("killed.png"), finished = try capture("finished.png")
        // Both requests under way (the server answers each 2 s after it came): the first is killed mid-fetch.
        #expect(Waiting.until(timeout: 60) { server?.requests("/slow.jpg") == 2 }, "both captures asked for the image within 60 s")
        killed.kill(SIGKILL)
        killed.wait()
        #expect(finished.wait().status == 0)
        #expect(server?.exchanges("/slow.jpg").contains { $0.clientLeft != nil } == true,
                "the killed capture hung up before its answer: \(server?.exchanges("/slow.jpg") ?? [])")
        server = nil
        #expect(try capture("third.png").wait().status == 0)
        // The third capture drew the photo from the cache (no server to ask): the same frame as the one that fetched it.
        let a = try PixelImage.load(dir.appendingPathComponent("finished.png").path), b = try PixelImage.load(dir.appendingPathComponent("third.png").path)
        #expect(a == b)
        // And it is the photo, not the placeholder of an image that failed.
        let centre = (Int(b.height) / 2 * Int(b.width) + Int(b.width) / 4) * 4
        #expect(b.rgba[centre..<centre + 3].map(Int.init) != [0x3c, 0x40, 0x43] && b.rgba[centre..<centre + 3].map(Int.init) != [0x5c, 0x2b, 0x29])
        // Nothing half-written is in the cache under an image's name, and the dead writer's leftover is gone.
        let names = try FileManager.default.contentsOfDirectory(atPath: images.path)
        #expect(names == [ImageFetcher.cacheKey(for: url)])
        #expect(try Data(contentsOf: images.appendingPathComponent(ImageFetcher.cacheKey(for: url))) == photo)
    }
}
