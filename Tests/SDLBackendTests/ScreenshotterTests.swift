import CarouselApp
import CarouselCore
import Foundation
import SDLBackend
import Testing

/// Screenshots through the backend on a headless canvas: the frame read back before it would be presented, the PNG
/// and its sidecar written off the main thread through temporary files, and failures that leave nothing behind.
@MainActor
@Suite("Screenshotter", .serialized)
struct ScreenshotterTests {
    /// Draws a frame: dark background, a blue rounded card and a red square.
    func drawFrame(_ r: SDLRenderer) {
        r.beginFrame(clearColor: Color(hex: 0x202124))
        r.fill(Rect(20, 20, 120, 80), cornerRadius: 12, color: Color(hex: 0x3060c0))
        r.fill(Rect(150, 40, 30, 30), cornerRadius: 0, color: Color(hex: 0xd02020))
        r.endFrame()
    }

    func files(in dir: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted()
    }

    @Test("The next frame drawn is saved as a PNG with the same pixels, and the sidecar beside it, off the main thread")
    func savesFrameAndSidecar() throws {
        let dir = try makeTempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let canvas = try HeadlessCanvas(width: 200, height: 120)
        let shots = Screenshotter(renderer: canvas.renderer)
        let png = dir.appendingPathComponent("sub/folder/expand-2026-11-22-044812.png").path
        let json = dir.appendingPathComponent("sub/folder/expand-2026-11-22-044812.json").path
        var result: Result<String, Error>?
        shots.captureNextFrame(naming: screenshotNames(png, sidecar: "{\"style\": \"expand\"}\n", at: json)) { result = $0 }
        drawFrame(canvas.renderer)
        #expect(result == nil, "reported only once written")
        #expect(shots.isSaving)
        #expect(shots.waitUntilIdle(timeout: 10))
        #expect((try result?.get()) == png)
        #expect(files(in: dir.appendingPathComponent("sub/folder")) == ["expand-2026-11-22-044812.json", "expand-2026-11-22-044812.png"])
        #expect(try String(contentsOfFile: json, encoding: .utf8) == "{\"style\": \"expand\"}\n")
        let image = try PixelImage.load(png)
        #expect(image.width == 200 && image.height == 120)
        let drawn = PixelImage(width: 200, height: 120, rgba: canvas.pixels())
        #expect(image.difference(to: drawn).meanAbs == 0)
        // The picture really is the frame: the card, the square and the background where expected.
        func rgb(_ x: Int, _ y: Int) -> [Int] { let o = (y * 200 + x) * 4; return image.rgba[o..<o + 3].map(Int.init) }
        #expect(rgb(60, 60) == [0x30, 0x60, 0xc0])
        #expect(rgb(165, 55) == [0xd0, 0x20, 0x20])
        #expect(rgb(5, 5) == [0x20, 0x21, 0x24])
        #expect(rgb(21, 21) != [0x30, 0x60, 0xc0], "the card's corner is rounded")
    }

    @Test("Only the frame after the request is read: earlier and later frames are not")
    func onlyNextFrame() throws {
        let dir = try makeTempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let canvas = try HeadlessCanvas(width: 64, height: 64)
        let shots = Screenshotter(renderer: canvas.renderer)
        func solid(_ c: Color) {
            canvas.renderer.beginFrame(clearColor: c)
            canvas.renderer.endFrame()
        }
        solid(Color(hex: 0xff0000))
        shots.captureNextFrame(naming: screenshotNames(dir.appendingPathComponent("a.png").path, sidecar: "{}", at: dir.appendingPathComponent("a.json").path)) { _ in }
        solid(Color(hex: 0x00ff00))
        solid(Color(hex: 0x0000ff))
        #expect(shots.waitUntilIdle(timeout: 10))
        let image = try PixelImage.load(dir.appendingPathComponent("a.png").path)
        #expect(Array(image.rgba[0..<3]) == [0, 0xff, 0])
    }

    @Test("Two requests before one frame both get that frame")
    func twoRequests() throws {
        let dir = try makeTempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let canvas = try HeadlessCanvas(width: 200, height: 120)
        let shots = Screenshotter(renderer: canvas.renderer)
        var done: [String] = []
        for name in ["a", "b"] {
            shots.captureNextFrame(naming: screenshotNames(dir.appendingPathComponent("\(name).png").path, sidecar: "{}", at: dir.appendingPathComponent("\(name).json").path)) { if case .success(let p) = $0 { done.append(p) } }
        }
        drawFrame(canvas.renderer)
        #expect(shots.waitUntilIdle(timeout: 10))
        #expect(done.count == 2)
        let a = try PixelImage.load(dir.appendingPathComponent("a.png").path), b = try PixelImage.load(dir.appendingPathComponent("b.png").path)
        #expect(a == b)
        #expect(!shots.isSaving)
    }

    @Test("A folder that cannot be created is an error naming the file; nothing is left behind and later saves work")
    func unwritableFolder() throws {
        let dir = try makeTempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let blocker = dir.appendingPathComponent("not-a-folder")
        #expect(FileManager.default.createFile(atPath: blocker.path, contents: Data("x".utf8)))
        let canvas = try HeadlessCanvas(width: 32, height: 32)
        let shots = Screenshotter(renderer: canvas.renderer)
        let png = blocker.appendingPathComponent("shots/a.png").path
        var result: Result<String, Error>?
        shots.captureNextFrame(naming: screenshotNames(png, sidecar: "{}", at: blocker.appendingPathComponent("shots/a.json").path)) { result = $0 }
        drawFrame(canvas.renderer)
        #expect(shots.waitUntilIdle(timeout: 10))
        let message = try #require(result.map { r -> String in
            if case .failure(let e) = r { return "\(e)" }
            return "saved"
        })
        #expect(message.hasPrefix("could not write PNG \(png): cannot create the folder \(blocker.path)/shots"), "\(message)")
        #expect(!message.contains("\n"))
        #expect(files(in: dir) == ["not-a-folder"])
        // The screenshotter goes on.
        let ok = dir.appendingPathComponent("ok.png").path
        shots.captureNextFrame(naming: screenshotNames(ok, sidecar: "{}", at: dir.appendingPathComponent("ok.json").path)) { result = $0 }
        drawFrame(canvas.renderer)
        #expect(shots.waitUntilIdle(timeout: 10))
        #expect((try? result?.get()) == ok)
    }

    @Test("A name whose PNG or sidecar is taken (a file, a folder) goes to the next of the series; the pair stays together")
    func takenNameGoesToTheNext() throws {
        let dir = try makeTempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        // a.json is a folder, a-2.png someone else's file: the screenshot is a-3.png with a-3.json.
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("a.json/inside"), withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: dir.appendingPathComponent("a-2.png").path, contents: Data("theirs".utf8)))
        let canvas = try HeadlessCanvas(width: 32, height: 32)
        let shots = Screenshotter(renderer: canvas.renderer)
        var result: Result<String, Error>?
        shots.captureNextFrame(naming: screenshotNames(dir.appendingPathComponent("a.png").path, sidecar: "{}", at: dir.appendingPathComponent("a.json").path)) { result = $0 }
        drawFrame(canvas.renderer)
        #expect(shots.waitUntilIdle(timeout: 10))
        #expect((try? result?.get()) == dir.appendingPathComponent("a-3.png").path)
        #expect(files(in: dir) == ["a-2.png", "a-3.json", "a-3.png", "a.json"])
        #expect(try String(contentsOfFile: dir.appendingPathComponent("a-2.png").path, encoding: .utf8) == "theirs", "nothing replaced")
    }

    @Test("A sidecar that cannot be written takes the PNG with it")
    func sidecarFailureRemovesPNG() throws {
        let dir = try makeTempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        // The sidecar's folder does not exist: its temporary file cannot be made.
        let canvas = try HeadlessCanvas(width: 32, height: 32)
        let shots = Screenshotter(renderer: canvas.renderer)
        var result: Result<String, Error>?
        let sidecar = dir.appendingPathComponent("gone/a.json").path
        shots.captureNextFrame(naming: screenshotNames(dir.appendingPathComponent("a.png").path, sidecar: "{}", at: sidecar)) { result = $0 }
        drawFrame(canvas.renderer)
        #expect(shots.waitUntilIdle(timeout: 10))
        guard case .failure(let e)? = result else { Issue.record("saved"); return }
        #expect("\(e)".contains("cannot write \(sidecar)"), "\(e)")
        #expect(files(in: dir).isEmpty)
    }
}
