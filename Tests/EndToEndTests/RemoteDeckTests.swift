import CarouselApp
import CarouselClips
import CarouselCore
import CarouselStyles
import CarouselTesting
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ImageFetching
import SDLBackend
import Testing

/// A deck of http:// images (issue 8) captured through the real app: a local server on 127.0.0.1 serves two of the
/// bundled photos and answers 404 for a third item. Against hostile servers (issue 20): the peak memory of
/// `carousel-lab capture` fetching 1 GB bodies, and a cache shared by concurrent captures, one killed mid-write.
@MainActor
@Suite("Remote decks", .serialized)
struct RemoteDeckTests {
    static let photos = ["coffee.jpg", "cat.jpg"]
    static let size = Size(1280, 720)

    /// Serves the photos (the 404 is the server's default for unknown paths).
    func startServer() throws -> TestHTTPServer {
        var routes: [String: TestHTTPServer.Route] = [:]
        for name in Self.photos {
            let bytes = try Data(contentsOf: Golden.packageRoot.appendingPathComponent("Resources/images/\(name)"))
            routes["/" + name] = .init(body: [UInt8](bytes), contentType: "image/jpeg")
        }
        return try TestHTTPServer(routes: routes)
    }

    /// Writes a deck JSON naming each of `sources` (with a fixed title) into `dir`; returns its path.
    func writeDeck(_ sources: [String], in dir: URL, name: String) throws -> String {
        let items = sources.enumerated().map { k, s in #"{"image": "\#(s)", "title": "Item \#(k + 1)"}"# }
        let path = dir.appendingPathComponent(name).path
        try Data(#"{"name": "Remote", "items": [\#(items.joined(separator: ", "))]}"#.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Captures `deck` with style expand at 0.5 s in-process, fetching into the disk cache `cache`.
    func capture(deck: String, cache: URL) throws -> (HeadlessCanvas, Preview) {
        let canvas = try HeadlessCanvas(width: Int(Self.size.width), height: Int(Self.size.height))
        canvas.images.fetchConfiguration = ImageFetcher.Configuration(timeout: 5, diskCacheDirectory: cache)
        let (loaded, _) = try Deck.load(path: deck)
        let preview = try Preview(deck: loaded, images: canvas.images, size: Self.size, style: "expand")
        let run = CaptureRun(preview: preview, script: try ScriptedInput.parse("", size: Self.size)) {
            _ = canvas.images.waitUntilLoaded(timeout: 30)
            return true
        }
        run.render(times: [0.5], into: canvas.renderer) { _ in }
        return (canvas, preview)
    }

    /// The centre of item `index`'s image on screen, from the layout, nudged up by a fifth of its height (the error
    /// placeholder's label sits at the centre).
    func probe(_ preview: Preview, _ index: Int) -> (Int, Int)? {
        guard let item = preview.layoutJSON()["items"]?.arrayValue?.first(where: { $0["index"] == .number(Double(index)) }),
              let f = item["frame"]?.arrayValue?.compactMap(\.numberValue), f.count == 4 else { return nil }
        return (Int(f[0] + f[2] / 2), Int(f[1] + f[3] * 0.3))
    }

    func rgb(_ c: HeadlessCanvas, _ p: (Int, Int)) -> [Int] {
        let v = c.pixel(x: p.0, y: p.1)
        return [Int(v.r), Int(v.g), Int(v.b)]
    }

    @Test("libcurl is loaded only when a deck names a URL: a capture of files never maps it; one of served images loads it and draws them")
    func libcurlOnlyForURLs() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lazy-curl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let server = try startServer()
        let files = Self.photos.map { Golden.packageRoot.appendingPathComponent("Resources/images/\($0)").path }
        let local = try writeDeck(files, in: dir, name: "local.json")
        let remote = try writeDeck(Self.photos.map { server.url("/" + $0) }, in: dir, name: "remote.json")
        // The dynamic linker names every library it maps (LD_DEBUG=files), linked or opened later.
        let environment = ["LD_DEBUG": "files", "XDG_CACHE_HOME": dir.appendingPathComponent("cache").path]
        let a = try CLI.run(["capture", "--style", "expand", "--images", local, "--at", "0.5", "--out", dir.appendingPathComponent("local.png").path],
                            environment: environment)
        #expect(a.status == 0, "\(a.stderr.suffix(400))")
        #expect(!a.stderr.contains("libcurl"))
        let b = try CLI.run(["capture", "--style", "expand", "--images", remote, "--at", "0.5", "--out", dir.appendingPathComponent("remote.png").path],
                            environment: environment)
        #expect(b.status == 0, "\(b.stderr.suffix(400))")
        #expect(b.stderr.contains("file=libcurl.so.4"))
        for name in Self.photos { #expect(server.requests("/" + name) == 1, "\(name)") }
        // The served photos are drawn as the files are.
        #expect(try Data(contentsOf: dir.appendingPathComponent("local.png")) == Data(contentsOf: dir.appendingPathComponent("remote.png")))
    }

    @Test("Served images are drawn and a 404 item shows the error placeholder with its reason, exactly as the same deck of files but for the reason")
    func remoteDeckMatchesLocalDeck() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("remote-deck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let server = try startServer()
        let remote = try writeDeck(Self.photos.map { server.url("/" + $0) } + [server.url("/missing.jpg")], in: dir, name: "remote.json")
        let files = Self.photos.map { Golden.packageRoot.appendingPathComponent("Resources/images/\($0)").path }
        let local = try writeDeck(files + [dir.appendingPathComponent("missing.jpg").path], in: dir, name: "local.json")

        let (canvas, preview) = try capture(deck: remote, cache: dir.appendingPathComponent("cache"))
        for name in Self.photos { #expect(server.requests("/" + name) == 1, "\(name)") }
        let error: [Int] = [0x5c, 0x2b, 0x29], placeholder: [Int] = [0x3c, 0x40, 0x43], background: [Int] = [0x20, 0x21, 0x24]
        for index in 0..<2 {
            let p = try #require(probe(preview, index))
            let colour = rgb(canvas, p)
            #expect(colour != error && colour != placeholder && colour != background, "item \(index) at \(p): \(colour)")
        }
        let missing = try #require(probe(preview, 2))
        #expect(rgb(canvas, missing) == error)

        // The same deck read from files draws the same frame, but for the missing item's reason under "can't load".
        let (localCanvas, _) = try capture(deck: local, cache: dir.appendingPathComponent("unused"))
        let missingURL = try server.url("/missing.jpg")
        #expect(canvas.images.failureReason(of: canvas.images.handle(for: missingURL, maxPixelSize: nil)) == "HTTP 404 Not Found")
        #expect(localCanvas.images.failureReason(of: localCanvas.images.handle(for: dir.appendingPathComponent("missing.jpg").path, maxPixelSize: nil))
                == "file not found")
        let items = preview.layoutJSON()["items"]?.arrayValue ?? []
        let frame = items.first { $0["index"] == .number(2) }?["frame"]?.arrayValue?.compactMap(\.numberValue)
        let f = try #require(frame)
        var remotePixels = canvas.pixels()
        let localPixels = localCanvas.pixels()
        for y in max(Int(f[1]), 0)..<min(Int((f[1] + f[3]).rounded(.up)), canvas.pixelHeight) {
            for x in max(Int(f[0]), 0)..<min(Int((f[0] + f[2]).rounded(.up)), canvas.pixelWidth) {
                for c in 0..<4 { remotePixels[(y * canvas.pixelWidth + x) * 4 + c] = localPixels[(y * canvas.pixelWidth + x) * 4 + c] }
            }
        }
        let d = PixelImage(width: canvas.pixelWidth, height: canvas.pixelHeight, rgba: remotePixels)
            .difference(to: PixelImage(width: localCanvas.pixelWidth, height: localCanvas.pixelHeight, rgba: localPixels))
        #expect(d.meanAbs < 0.01 && d.fractionOver == 0, "mean \(d.meanAbs), \(d.fractionOver * 100) % of pixels off")
    }

    @Test("carousel-lab capture of a remote deck caches under XDG_CACHE_HOME; the second run makes no request",
          .enabled(if: cliAvailable, "needs a built carousel-lab"))
    func captureCommandUsesTheDiskCache() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("remote-capture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let server = try startServer()
        let deck = try writeDeck(Self.photos.map { server.url("/" + $0) }, in: dir, name: "remote.json")
        let cacheHome = dir.appendingPathComponent("xdg-cache")

        func capture(_ out: String) throws -> Int32 {
            // Bounded: a hung capture is ended rather than holding the suite.
            try ChildProcess(AppWindow.executable, ["capture", "--style", "expand", "--images", deck, "--at", "0.5", "--out", dir.appendingPathComponent(out).path],
                             errors: .discarded, environment: ["XDG_CACHE_HOME": cacheHome.path]).wait(timeout: 60).statusOrSignal
        }

        #expect(try capture("first.png") == 0)
        #expect(server.totalRequests == Self.photos.count)
        let cached = try FileManager.default.contentsOfDirectory(atPath: cacheHome.appendingPathComponent("carousel-lab/images").path)
        #expect(cached.count == Self.photos.count)

        #expect(try capture("second.png") == 0)
        #expect(server.totalRequests == Self.photos.count)
        let first = try PixelImage.load(dir.appendingPathComponent("first.png").path)
        let second = try PixelImage.load(dir.appendingPathComponent("second.png").path)
        #expect(first == second)
    }

    // MARK: Hostile servers (issue 20)

    /// Runs the built `carousel-lab capture` on a one-item deck naming `url`, with its own cache, under
    /// `/usr/bin/time -f %M` (its peak resident memory: `ru_maxrss` from wait4 on the capture process alone).
    func captureChild(_ url: String, in dir: URL, name: String) throws -> ChildProcess.Exit {
        let deck = try writeDeck([url], in: dir, name: name + ".json")
        let child = try ChildProcess(AppWindow.executable,
                                     ["capture", "--style", "expand", "--images", deck, "--at", "0.5",
                                      "--out", dir.appendingPathComponent(name + ".png").path],
                                     environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("cache-" + name).path],
                                     measuresPeakMemory: true)
        return child.wait(timeout: 120)
    }

    @Test("One fetch of a hostile 1 GB body grows capture's peak memory by less than the 64 MB budget + 16 MB",
          .enabled(if: cliAvailable, "needs a built carousel-lab"),
          .enabled(if: TestRequirement.met(FileManager.default.isExecutableFile(atPath: ChildProcess.timeProgram)), "needs /usr/bin/time (scripts/setup.sh test)"))
    func hostileBodiesStayWithinTheBudget() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("remote-memory-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let gigabyte = 1 << 30
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let huge = TestHTTPServer.Content.generated(prefix: png, fill: 0x55, count: gigabyte)
        let bomb = TestHTTPServer.Content.gzip(GzipOfZeros(prefix: png, decodedCount: gigabyte))
        let page = TestHTTPServer.Content.generated(prefix: Array("<!doctype html><html>".utf8), fill: 0x20, count: gigabyte)
        let server = try TestHTTPServer(routes: [
            "/chunked.png": .init(content: huge, framing: .chunked),
            "/close.png": .init(content: huge, framing: .closeDelimited),
            "/length.png": .init(content: huge, framing: .contentLength),
            "/lies-low.png": .init(content: huge, framing: .declaredLength(32 << 20)),
            "/bomb.png": .init(content: bomb, framing: .chunked, headers: ["Content-Encoding": "gzip"]),
            "/page.html": .init(content: page, framing: .chunked, contentType: "text/html"),
        ])
        // The same capture with an item that fails at once (a 404): everything but the fetch's own memory.
        let baseline = try captureChild(server.url("/missing.png"), in: dir, name: "baseline")
        let base = try #require(baseline.peakResidentBytes)
        #expect(baseline.status == 0)
        #expect(baseline.standardError == "carousel-lab: \(server.url("/missing.png")): HTTP 404 Not Found\n")
        let limit = "the response is larger than the 64 MB limit"
        let cases: [(String, String)] = [
            ("/chunked.png", limit), ("/close.png", limit), ("/length.png", limit + " (1024 MB)"),
            ("/lies-low.png", "corrupt or truncated PNG image"),
            ("/bomb.png", limit + " once decompressed (Content-Encoding gzip)"),
            ("/page.html", "is an HTML page, not an image"),
        ]
        for (path, problem) in cases {
            let exit = try captureChild(server.url(path), in: dir, name: String(path.dropFirst()))
            let peak = try #require(exit.peakResidentBytes)
            let growth = peak - base
            print("capture memory: \(path) peak \(peak >> 20) MB, baseline \(base >> 20) MB, growth \(growth >> 20) MB")
            #expect(exit.status == 0, "\(path): \(exit)")
            // The line for the item, exactly (the decoder's detail follows for the truncated PNG; libpng may warn first).
            let line = "carousel-lab: \(server.url(path)): \(problem)"
            let lines = exit.standardError.split(separator: "\n").map(String.init)
            #expect(path == "/lies-low.png" ? lines.contains { $0.hasPrefix(line + " (") } : lines == [line], "\(path): \(exit.standardError)")
            #expect(growth < (64 + 16) << 20, "\(path): peak \(peak >> 20) MB, \(growth >> 20) MB over the baseline")
        }
    }

    /// A 24-bit BMP of `width` x `height` mid-grey pixels, as a body made while it is sent (~47 MB at 4096x4000).
    static func greyBMP(width: Int, height: Int) -> (content: TestHTTPServer.Content, bytes: () -> [UInt8]) {
        let pixels = width * 3 * height
        func le(_ v: Int, _ n: Int) -> [UInt8] { (0..<n).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        let header = Array("BM".utf8) + le(54 + pixels, 4) + le(0, 4) + le(54, 4)
            + le(40, 4) + le(width, 4) + le(height, 4) + le(1, 2) + le(24, 2) + le(0, 4) + le(pixels, 4)
            + le(2835, 4) + le(2835, 4) + le(0, 4) + le(0, 4)
        return (.generated(prefix: header, fill: 0x80, count: 54 + pixels), { header + [UInt8](repeating: 0x80, count: pixels) })
    }

    @Test("Two captures share one cache; one killed mid-write leaves only a temporary file, and a third capture reads the cache cleanly with no request",
          .enabled(if: cliAvailable, "needs a built carousel-lab"))
    func killedCaptureLeavesACleanCache() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("remote-shared-\(UUID().uuidString)")
        let images = dir.appendingPathComponent("xdg/carousel-lab/images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var server: TestHTTPServer? = try startServer()
        let big = Self.greyBMP(width: 4096, height: 4000)
        server!.set("/big.bmp", .init(content: big.content, contentType: "image/bmp"))
        let urls = [server!.url("/coffee.jpg"), server!.url("/big.bmp")]
        let deck = try writeDeck(urls, in: dir, name: "shared.json")
        func capture(_ out: String) throws -> ChildProcess {
            try ChildProcess(AppWindow.executable,
                             ["capture", "--style", "expand", "--images", deck, "--at", "0.5", "--out", dir.appendingPathComponent(out).path],
                             environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("xdg").path])
        }
        let bigKey = ImageFetcher.cacheKey(for: urls[1])
        let watch = try DirectoryWatch(images)

        let a = try capture("a.png"), b = try capture("b.png")
        // Killed the moment it creates its temporary file for the big image: mid-write (47 MB to write and fsync).
        let temporary = watch.waitForCreation(timeout: 60) { $0.hasPrefix(".\(bigKey).\(a.pid).") && $0.hasSuffix(".tmp") }
        a.kill(SIGKILL)
        let exitA = a.wait(timeout: 120)
        #expect(temporary != nil, "a's temporary file never appeared")
        #expect(exitA.signal == SIGKILL, "\(exitA)")
        let names = { Set((try? FileManager.default.contentsOfDirectory(atPath: images.path)) ?? []) }
        if let temporary { #expect(names().contains(temporary), "a's write finished before the kill") }

        let exitB = b.wait(timeout: 120)
        #expect(exitB.status == 0 && exitB.standardError.isEmpty, "\(exitB): \(exitB.standardError)")
        // Whatever a and b did, each cached image is whole.
        let coffee = try Data(contentsOf: Golden.packageRoot.appendingPathComponent("Resources/images/coffee.jpg"))
        #expect(FileManager.default.contents(atPath: images.appendingPathComponent(ImageFetcher.cacheKey(for: urls[0])).path) == coffee)
        #expect(FileManager.default.contents(atPath: images.appendingPathComponent(bigKey).path) == Data(big.bytes()))

        // The third capture: no server at all, every image from the cache, the same frame as b's.
        let requests = server!.totalRequests
        server!.stop()
        server = nil
        let exitC = try capture("c.png").wait(timeout: 120)
        #expect(exitC.status == 0 && exitC.standardError.isEmpty, "\(exitC): \(exitC.standardError)")
        #expect(requests <= 4)
        let frameB = try PixelImage.load(dir.appendingPathComponent("b.png").path)
        let frameC = try PixelImage.load(dir.appendingPathComponent("c.png").path)
        #expect(frameB == frameC)
        // c swept a's leftover: only the two whole images remain.
        #expect(names() == [ImageFetcher.cacheKey(for: urls[0]), bigKey])
        withExtendedLifetime(watch) {}
    }
}

/// Names of files created in one folder, from inotify (IN_CREATE), so a test can act the moment a file appears.
final class DirectoryWatch {
    private let fd: Int32

    init(_ directory: URL) throws {
        fd = inotify_init1(Int32(IN_CLOEXEC) | Int32(IN_NONBLOCK))
        guard fd >= 0, inotify_add_watch(fd, directory.path, UInt32(IN_CREATE)) >= 0 else {
            throw ServerError("inotify on \(directory.path): \(String(cString: strerror(errno)))")
        }
    }

    deinit { close(fd) }

    /// The name of the first file created from now on that satisfies `matches`, or nil after `timeout` seconds.
    func waitForCreation(timeout: Double, _ matches: (String) -> Bool) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while Date() < deadline {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 100) > 0 else { continue }
            let n = read(fd, &buffer, buffer.count)
            var offset = 0
            // struct inotify_event: wd, mask, cookie, len (4 bytes each), then len bytes of NUL-padded name.
            while n > 0, offset + 16 <= n {
                let length = Int(buffer[offset + 12]) | Int(buffer[offset + 13]) << 8 | Int(buffer[offset + 14]) << 16 | Int(buffer[offset + 15]) << 24
                let raw = buffer[(offset + 16)..<min(offset + 16 + length, n)]
                let name = String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                if matches(name) { return name }
                offset += 16 + length
            }
        }
        return nil
    }
}
