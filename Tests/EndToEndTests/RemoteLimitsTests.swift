import CarouselSupport
import SDLBackend
import CarouselTesting
import Foundation
import Testing

/// Image URLs against a hostile server, measured in a child process as a user would run the app (issue 20): the
/// peak memory of a `capture` whose one image is a 1 GB body, and a disk cache shared by processes, one killed.
@Suite("Remote limits in a child process", .serialized)
struct RemoteLimitsTests {
    static var timeAvailable: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/time") }

    /// A deck of one remote image.
    static func deck(_ url: String, in dir: URL) throws -> String {
        let path = dir.appendingPathComponent("deck.json").path
        try #"{"name": "remote", "items": [{"image": "\#(url)", "title": "remote"}]}"#.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Runs `capture` on `deck` under /usr/bin/time; returns its peak resident memory in MB and its stderr.
    static func peakCapture(_ deck: String, in dir: URL, cache: URL) throws -> (mb: Double, stderr: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        p.arguments = ["-f", "peak %M", CLI.executable, "capture", "--images", deck, "--size", "320x200", "--at", "0.1",
                       "--out", dir.appendingPathComponent("x.png").path]
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = nil
        env["XDG_CACHE_HOME"] = cache.path
        p.environment = env
        let err = Pipe()
        p.standardError = err
        try p.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        let kb = text.split(separator: "\n").last { $0.hasPrefix("peak ") }.flatMap { Double($0.dropFirst(5)) } ?? 0
        return (kb / 1024, text)
    }

    @Test("A 1 GB body costs the budget and no more: peak memory grows by under 64 + 16 MB over a small image's",
          .enabled(if: CLI.available && timeAvailable))
    func hugeBodyIsBounded() throws {
        let dir = try CLI.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let photo = try Data(contentsOf: Golden.packageRoot.appendingPathComponent("Resources/images/coffee.jpg"))
        let server = try TestHTTPServer(routes: ["/small.jpg": .init(body: Array(photo), contentType: "image/jpeg"),
                                                 "/huge.jpg": .huge(1 << 30, sendsLength: false)])
        let small = try Self.peakCapture(Self.deck(server.url("/small.jpg"), in: dir), in: dir, cache: dir.appendingPathComponent("c1"))
        let huge = try Self.peakCapture(Self.deck(server.url("/huge.jpg"), in: dir), in: dir, cache: dir.appendingPathComponent("c2"))
        #expect(huge.stderr.contains("\(server.url("/huge.jpg")): the response is larger than the 64 MB limit"), "\(huge.stderr)")
        #expect(small.mb > 10 && huge.mb > 10)
        #expect(huge.mb - small.mb < 64 + 16, "peak \(huge.mb) MB against \(small.mb) MB for a small image")
        print("remote limits: peak \(huge.mb) MB for the 1 GB body, \(small.mb) MB for a small image")
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
        func capture(_ name: String) -> Process {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: CLI.executable)
            p.arguments = ["capture", "--images", deck, "--size", "320x200", "--at", "0.1", "--out", dir.appendingPathComponent(name).path]
            var env = ProcessInfo.processInfo.environment
            env["DISPLAY"] = nil
            env["XDG_CACHE_HOME"] = cache.path
            p.environment = env
            p.standardError = FileHandle.nullDevice
            return p
        }
        // A crashed writer's leftover, as a process killed while writing the cache file leaves it.
        let images = cache.appendingPathComponent("carousel-lab/images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        try Data(photo.prefix(1000)).write(to: images.appendingPathComponent(".partial-\(UUID().uuidString)"))
        let killed = capture("killed.png"), finished = capture("finished.png")
        try killed.run()
        try finished.run()
        Thread.sleep(forTimeInterval: 1)
        kill(killed.processIdentifier, SIGKILL)
        killed.waitUntilExit()
        finished.waitUntilExit()
        #expect(finished.terminationStatus == 0)
        server = nil
        let third = capture("third.png")
        third.standardError = FileHandle.nullDevice
        try third.run()
        third.waitUntilExit()
        #expect(third.terminationStatus == 0)
        // The third capture drew the photo from the cache (no server to ask): the same frame as the one that fetched it.
        let a = try PixelImage.load(dir.appendingPathComponent("finished.png").path), b = try PixelImage.load(dir.appendingPathComponent("third.png").path)
        #expect(a == b)
        // And it is the photo, not the placeholder of an image that failed.
        let centre = (Int(b.height) / 2 * Int(b.width) + Int(b.width) / 4) * 4
        #expect(b.rgba[centre..<centre + 3].map(Int.init) != [0x3c, 0x40, 0x43] && b.rgba[centre..<centre + 3].map(Int.init) != [0x5c, 0x2b, 0x29])
        // Nothing half-written is in the cache under an image's name.
        let files = try FileManager.default.contentsOfDirectory(atPath: images.path).filter { !$0.hasPrefix(".") }
        #expect(files.count == 1)
        #expect(try Data(contentsOf: images.appendingPathComponent(files[0])) == photo)
    }
}
