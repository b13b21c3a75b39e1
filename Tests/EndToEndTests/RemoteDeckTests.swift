import CarouselApp
import CarouselCore
import CarouselStyles
import CarouselTesting
import Foundation
import ImageFetching
import SDLBackend
import Testing

/// A deck of http:// images (issue 8) captured through the real app: a local server on 127.0.0.1 serves two of the
/// bundled photos and answers 404 for a third item.
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

    @Test("Served images are drawn and a 404 item shows the error placeholder, exactly as the same deck of files")
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

        // The same deck read from files draws the same frame.
        let (localCanvas, _) = try capture(deck: local, cache: dir.appendingPathComponent("unused"))
        let d = PixelImage(width: canvas.pixelWidth, height: canvas.pixelHeight, rgba: canvas.pixels())
            .difference(to: PixelImage(width: localCanvas.pixelWidth, height: localCanvas.pixelHeight, rgba: localCanvas.pixels()))
        #expect(d.meanAbs < 0.01 && d.fractionOver == 0, "mean \(d.meanAbs), \(d.fractionOver * 100) % of pixels off")
    }

    @Test("carousel-lab capture of a remote deck caches under XDG_CACHE_HOME; the second run makes no request",
          .enabled(if: FileManager.default.isExecutableFile(atPath: AppWindow.executable), "needs a built carousel-lab"))
    func captureCommandUsesTheDiskCache() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("remote-capture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let server = try startServer()
        let deck = try writeDeck(Self.photos.map { server.url("/" + $0) }, in: dir, name: "remote.json")
        let cacheHome = dir.appendingPathComponent("xdg-cache")

        func capture(_ out: String) throws -> Int32 {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: AppWindow.executable)
            p.arguments = ["capture", "--style", "expand", "--images", deck, "--at", "0.5", "--out", dir.appendingPathComponent(out).path]
            var environment = ProcessInfo.processInfo.environment
            environment["XDG_CACHE_HOME"] = cacheHome.path
            p.environment = environment
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            // Bounded: a hung capture is killed rather than holding the suite.
            let deadline = Date().addingTimeInterval(60)
            while p.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            if p.isRunning { p.terminate(); p.waitUntilExit() }
            return p.terminationStatus
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
}
