import CSDL2
import CSDL2Image
import CarouselCore
import Foundation
import Testing
@testable import SDLBackend

/// The software renderer's fast paths (issue 10): what they skip or cache must not change what is drawn.
@MainActor
@Suite("Software renderer fast paths")
struct SoftwarePathTests {
    /// A 100x100 canvas and an opaque 400x600 image (three stripes), in a temp folder.
    func fixture() throws -> (HeadlessCanvas, ImageHandle, URL) {
        let dir = try makeTempDir()
        let path = dir.appendingPathComponent("poster.png").path
        writeStripedPNG(path, width: 400, height: 600, stripes: [(0.3, 0x336699), (0.4, 0xcc8844), (0.3, 0x88aa22)])
        let canvas = try HeadlessCanvas(width: 100, height: 100)
        let h = canvas.images.handle(for: path, maxPixelSize: nil)
        #expect(canvas.images.waitUntilLoaded(timeout: 10))
        return (canvas, h, dir)
    }

    /// The largest difference of any channel of any pixel between two captures.
    func maxDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 255
    }

    @Test("A fill under an opaque image that covers it is skipped; one the image does not cover is drawn")
    func coveredFillIsSkipped() throws {
        let (c, h, dir) = try fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = c.renderer
        r.beginFrame(clearColor: .black)
        r.fill(Rect(10, 10, 60, 80), cornerRadius: 8, color: Color(1, 0, 0))
        r.drawImage(h, in: Rect(10, 10, 60, 80), cornerRadius: 8, contentMode: .fill, opacity: 1)
        r.endFrame()
        #expect(r.stats.skippedFills == 1)
        #expect(near(rgb(c, 40, 50), [0xcc, 0x88, 0x44], 8))

        r.beginFrame(clearColor: .black)
        r.fill(Rect(10, 10, 60, 80), cornerRadius: 8, color: Color(1, 0, 0))
        r.drawImage(h, in: Rect(20, 20, 40, 60), cornerRadius: 8, contentMode: .fill, opacity: 1)
        r.endFrame()
        #expect(r.stats.skippedFills == 0)
        #expect(rgb(c, 14, 50) == [255, 0, 0])
        #expect(rgb(c, 2, 2) == [0, 0, 0])

        // The same image at half opacity shows the fill through it: nothing is skipped.
        r.beginFrame(clearColor: .black)
        r.fill(Rect(10, 10, 60, 80), cornerRadius: 8, color: Color(1, 0, 0))
        r.drawImage(h, in: Rect(10, 10, 60, 80), cornerRadius: 8, contentMode: .fill, opacity: 0.5)
        r.endFrame()
        #expect(r.stats.skippedFills == 0)
        #expect(rgb(c, 40, 50)[0] > 180)
    }

    @Test("The clear is skipped under an opaque image that fills the canvas")
    func clearUnderFullImageIsSkipped() throws {
        let (c, h, dir) = try fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = c.renderer
        r.beginFrame(clearColor: Color(1, 0, 0))
        r.drawImage(h, in: Rect(0, 0, 100, 100), cornerRadius: 0, contentMode: .fill, opacity: 1)
        r.endFrame()
        #expect(r.stats.skippedFills == 1)
        #expect(!near(rgb(c, 0, 0), [255, 0, 0], 40))
        r.beginFrame(clearColor: Color(1, 0, 0))
        r.drawImage(h, in: Rect(0, 0, 100, 100), cornerRadius: 10, contentMode: .fill, opacity: 1)
        r.endFrame()
        #expect(r.stats.skippedFills == 0)
        #expect(rgb(c, 0, 0) == [255, 0, 0])
    }

    @Test("An image resting at one size is drawn from a copy at that size, and looks the same")
    func restingImageUsesSizedCopy() throws {
        let (c, h, dir) = try fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = c.renderer
        func frame(_ rect: Rect = Rect(10, 10, 60, 80)) -> [UInt8] {
            r.beginFrame(clearColor: .black)
            r.drawImage(h, in: rect, cornerRadius: 8, contentMode: .fill, opacity: 0.8)
            r.endFrame()
            return c.pixels()
        }
        /// The same image drawn in the same frame at a second size first: it counts as animating, so the 60x80 draw
        /// stretches from the texture; the second draw is then painted over by a full clear of its area.
        func frameWithoutCopies() -> [UInt8] {
            r.beginFrame(clearColor: .black)
            r.drawImage(h, in: Rect(80, 80, 10, 10), cornerRadius: 0, contentMode: .fill, opacity: 1)
            r.fill(Rect(80, 80, 20, 20), cornerRadius: 0, color: .black)
            r.drawImage(h, in: Rect(10, 10, 60, 80), cornerRadius: 8, contentMode: .fill, opacity: 0.8)
            r.endFrame()
            #expect(c.images.sizedTextureSize(of: h) == nil || c.images.sizedTextureSize(of: h) == Size(10, 15))
            return c.pixels()
        }
        // Drawn stretched from the texture, as a renderer without the copies would.
        r.beginFrame(clearColor: .black)
        r.endFrame()
        let direct = frameWithoutCopies()
        // Drawn at two sizes in the last frame, it waits one more frame at one size before it gets its copy.
        _ = frame()
        let fromCopy = frame()
        #expect(c.images.sizedTextureSize(of: h) == Size(60, 90))
        #expect(maxDifference(direct, fromCopy) <= 24)
        let mean = Double(zip(direct, fromCopy).map { abs(Int($0) - Int($1)) }.reduce(0, +)) / Double(direct.count)
        #expect(mean < 1)
        // A size that changes from frame to frame (an animation) is stretched into scratch space; once it rests,
        // it gets a copy of its own.
        _ = frame(Rect(10, 10, 40, 40))
        #expect(c.images.sizedTextureSize(of: h) == Size(60, 90))
        let animating = c.pixels()
        _ = frame(Rect(10, 10, 40, 40))
        #expect(c.images.sizedTextureSize(of: h) == Size(40, 60))
        #expect(maxDifference(animating, c.pixels()) <= 24)
    }

    @Test("A translucent shape drawn again comes from a sprite, and looks the same")
    func repeatedShadowUsesSprite() throws {
        let c = try HeadlessCanvas(width: 100, height: 100)
        let r = c.renderer
        func frame() -> [UInt8] {
            r.beginFrame(clearColor: .white)
            r.drawShadow(for: Rect(20, 20, 50, 50), cornerRadius: 25, shadow: Shadow(color: Color(0, 0, 0, 0.4), radius: 8, offset: Point(3, 4)))
            r.fill(Rect(5, 80, 90, 10), cornerRadius: 5, color: Color(0, 0, 1, 0.5))
            r.endFrame()
            return c.pixels()
        }
        let direct = frame()
        #expect(r.spriteCount == 0)
        _ = frame()
        #expect(r.spriteCount == 2)
        let fromSprites = frame()
        #expect(maxDifference(direct, fromSprites) <= 2)
    }

    @Test("A source with a URL scheme is not a local path; plain and file:// paths are", arguments: [
        ("/photos/a.jpg", "/photos/a.jpg"), ("photos/a:b.jpg", "photos/a:b.jpg"), ("file:///tmp/x.png", "/tmp/x.png"),
        ("https://example.com/a.jpg", nil), ("s3+x.y-z://bucket/a", nil), ("1http://x", "1http://x"),
        ("C:/photos/a.jpg", "C:/photos/a.jpg"), ("ht tp://x", "ht tp://x"),
    ] as [(String, String?)])
    func localPaths(source: String, expected: String?) {
        #expect(SDLImageStore.localPath(source) == expected)
        // The same answer as the pattern it replaced.
        let isURL = source.range(of: "^[a-zA-Z][a-zA-Z0-9+.-]*://", options: .regularExpression) != nil
        if !source.lowercased().hasPrefix("file://") { #expect((SDLImageStore.localPath(source) == nil) == isURL) }
    }

    @Test("Opaque images become textures without an alpha channel; transparent ones keep it")
    func opaqueImagesHaveNoAlphaChannel() throws {
        let (c, h, dir) = try fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(c.images.textureFormat(of: h) == SDL_PIXELFORMAT_RGB888.rawValue)
        let path = dir.appendingPathComponent("holes.png").path
        let s = SDL_CreateRGBSurfaceWithFormat(0, 8, 8, 32, SDL_PIXELFORMAT_ARGB8888.rawValue)!
        SDL_FillRect(s, nil, 0x80ff_0000)
        #expect(IMG_SavePNG(s, path) == 0)
        SDL_FreeSurface(s)
        let t = c.images.handle(for: path, maxPixelSize: nil)
        #expect(c.images.waitUntilLoaded(timeout: 10))
        #expect(c.images.textureFormat(of: t) == SDL_PIXELFORMAT_ARGB8888.rawValue)
    }
}
