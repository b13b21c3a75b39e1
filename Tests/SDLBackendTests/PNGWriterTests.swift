import CSDL2
import CSDL2Image
import CarouselCore
import Foundation
import Testing
@testable import SDLBackend

@MainActor
@Suite("PNG writing that never leaves a partial file")
struct PNGWriterTests {
    @Test("The PNG encoded in memory decodes to the same pixels")
    func roundTrip() throws {
        let dir = try makeTempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = dir.appendingPathComponent("stripes.png").path
        writeStripedPNG(source, width: 300, height: 40, stripes: [(0.3, 0x336699), (0.4, 0xffcc00), (0.3, 0x00ff00)])
        let loaded = IMG_Load(source)  // outside #require: the macro would let the C string die before the call
        let surface = try #require(loaded)
        defer { SDL_FreeSurface(surface) }
        let bytes = try PNGWriter.encode(surface)
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let out = dir.appendingPathComponent("copy.png").path
        try PNGWriter.write(bytes, to: out)
        let a = try PixelImage.load(source), b = try PixelImage.load(out)
        #expect(a.width == 300 && b == a)
    }

    @Test("An existing file is replaced whole, a folder is refused, a symbolic link is written through to its target; no temporary file stays")
    func targets() throws {
        let dir = try makeTempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out.png").path
        try Data(repeating: 7, count: 100_000).write(to: URL(fileURLWithPath: out))
        try PNGWriter.write([1, 2, 3], to: out)
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == Data([1, 2, 3]))
        let folder = dir.appendingPathComponent("folder.png")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        #expect(throws: PNGWriteError.self) { try PNGWriter.write([1, 2, 3], to: folder.path) }
        let target = dir.appendingPathComponent("target.png").path
        #expect(FileManager.default.createFile(atPath: target, contents: Data([9])))
        let link = dir.appendingPathComponent("link.png").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.png")
        try PNGWriter.write([4, 5], to: link)
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Data([4, 5]), "the link's target is written (issue 34)")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == "target.png", "the link stays a link")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".tmp") } == [])
    }

    @Test("A folder that is missing is one clear reason")
    func missingFolder() throws {
        do { try PNGWriter.write([1], to: "/nonexistent-folder/x.png"); Issue.record("wrote into a missing folder") } catch {
            #expect(error.reason == "folder /nonexistent-folder does not exist")
        }
    }
}

/// A clip's PNG frames (issue 31): encoded at zlib's fastest level on background threads, still lossless.
@MainActor
@Suite("PNG frames written in parallel")
struct PNGFrameWriterTests {
    @Test("Frames written in parallel decode to exactly the canvas's pixels, each in its own file")
    func framesAreLossless() throws {
        let dir = try makeTempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let canvas = try HeadlessCanvas(width: 160, height: 90)
        let writer = PNGFrameWriter(threads: 2)
        var expected: [String: [UInt8]] = [:]
        for k in 0..<6 {
            let r = canvas.renderer
            r.beginFrame(clearColor: Color(0.1, 0.1, 0.12))
            r.fill(Rect(Double(10 * k), 10, 60, 50), cornerRadius: 9, color: Color(0.9, 0.4, 0.1))
            r.fill(Rect(30, 30, 90, 40), cornerRadius: 4, color: Color(0.2, 0.5, 1, 0.5))
            r.drawText("frame \(k)", at: Point(5, 70), font: FontSpec(size: 12), color: .white)
            r.endFrame()
            let path = dir.appendingPathComponent("f-\(k).png").path
            try writer.write(canvas, to: path)
            expected[path] = canvas.pixels()
        }
        try writer.finish()
        #expect(writer.written == 6)
        for (path, pixels) in expected {
            let image = try PixelImage.load(path)
            #expect(image.width == 160 && image.rgba == pixels, "\(path)")
        }
    }

    @Test("Transparent pixels keep their alpha (RGBA), opaque frames are RGB")
    func alphaRoundTrips() throws {
        var pixels = [UInt32](repeating: 0xff20_4060, count: 12 * 4)
        let opaque = try pixels.withUnsafeBytes { try PNGWriter.encode(bgra: $0, width: 12, height: 4, pitch: 48, level: PNGWriter.fastLevel) }
        #expect(opaque[25] == 2, "colour type RGB")
        pixels[5] = 0x8010_2030
        let translucent = try pixels.withUnsafeBytes { try PNGWriter.encode(bgra: $0, width: 12, height: 4, pitch: 48, level: PNGWriter.fastLevel) }
        #expect(translucent[25] == 6, "colour type RGBA")
        let dir = try makeTempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("a.png").path
        try PNGWriter.write(translucent, to: path)
        let image = try PixelImage.load(path)
        #expect(Array(image.rgba[20..<24]) == [0x10, 0x20, 0x30, 0x80])
        #expect(Array(image.rgba[0..<4]) == [0x20, 0x40, 0x60, 0xff])
    }

    @Test("A frame that cannot be written fails the clip with one line naming the file")
    func failureNamesTheFile() throws {
        let canvas = try HeadlessCanvas(width: 20, height: 20)
        canvas.renderer.beginFrame(clearColor: .black)
        canvas.renderer.endFrame()
        let writer = PNGFrameWriter(threads: 2)
        try writer.write(canvas, to: "/nonexistent-folder/f-1.png")
        do { try writer.finish(); Issue.record("a frame went into a missing folder") } catch {
            #expect(error.message == "/nonexistent-folder/f-1.png: folder /nonexistent-folder does not exist")
        }
    }
}
