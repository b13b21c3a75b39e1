import CSDL2
import CSDL2Image
import CarouselCore
import CarouselTesting
import Foundation
import Testing
@testable import SDLBackend

/// The software renderer's fast paths (issues 10 and 31): what they skip or cache must not change what is drawn.
@MainActor
@Suite("Software renderer fast paths")
struct SoftwarePathTests {
    /// A 100x100 canvas and an opaque 400x600 image (three stripes), in a temp folder.
    func fixture() throws -> (HeadlessCanvas, ImageHandle, URL) {
        let dir = try makeTempDir()
        let path = dir.appendingPathComponent("poster.png").path
        writeStripedPNG(path, width: 400, height: 600, stripes: [(0.3, 0x336699), (0.4, 0xcc8844), (0.3, 0x88aa22)])
        let canvas = try HeadlessCanvas(width: 100, height: 100)
        let h = canvas.images.handle(for: path, maxPixelSize: Size(400, 600))
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

    @Test("An image is drawn from a layer at its drawn size: made once, found after, the same pixels either way")
    func imageLayersAreKeptAndLookTheSame() throws {
        let (c, h, dir) = try fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = c.renderer
        r.fadesWithoutLayers = false
        func frame(_ rect: Rect = Rect(10, 10, 40, 80), opacity: Double = 0.8) -> [UInt8] {
            r.beginFrame(clearColor: .black)
            r.drawImage(h, in: rect, cornerRadius: 8, contentMode: .fill, opacity: opacity)
            r.endFrame()
            return c.pixels()
        }
        // 400x600 cover-fitted into 40x80: scaled to 53x80 (cropped to 40 columns).
        let first = frame()
        #expect(r.stats.layersMade == 1 && r.stats.layerHits == 0)
        #expect(c.images.layerSizes(of: h) == [Size(53, 80)])
        let second = frame()
        #expect(r.stats.layersMade == 0 && r.stats.layerHits == 1)
        #expect(first == second)
        // A cover-fitted card that only widens keeps its scale: the same layer, cropped wider; only the columns it
        // shows now are scaled, then found.
        _ = frame(Rect(10, 10, 50, 80))
        #expect(r.stats.layersMade == 1 && c.images.layerSizes(of: h) == [Size(53, 80)])
        _ = frame(Rect(10, 10, 50, 80))
        #expect(r.stats.layersMade == 0 && r.stats.layerHits == 1)
        // A new size is a new layer; one drawn in a single frame is the memory the next size is made in.
        _ = frame(Rect(10, 10, 40, 40))
        _ = frame(Rect(10, 10, 44, 44))
        #expect(c.images.layerSizes(of: h).sorted { $0.width < $1.width } == [Size(44, 66), Size(53, 80)])
        // Back at the first size: found, and the same pixels as when made.
        #expect(frame() == first)
        #expect(r.stats.layerHits == 1)
    }

    @Test("An animation's steps scale only the part shown, in reused memory, and give the pixels a whole layer gives",
          arguments: [0.7, 1.0])
    func animationStepsScaleWhatIsShown(opacity: Double) throws {
        let (c, h, dir) = try fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = c.renderer
        /// The poster of expand: growing from its top-left corner inside a clip that shows part of it.
        func frame(_ k: Double, on canvas: HeadlessCanvas) -> [UInt8] {
            let r = canvas.renderer
            r.fadesWithoutLayers = false
            r.beginFrame(clearColor: .black)
            r.save()
            r.clip(to: Rect(15, 20, 40, 50), cornerRadius: 6)
            r.drawImage(h, in: Rect(5, 5, 52 * k, 78 * k), cornerRadius: 0, contentMode: .fill, opacity: opacity)
            r.restore()
            r.endFrame()
            return canvas.pixels()
        }
        var memory: UnsafeMutableRawPointer?
        // 52x78 growing to 80x120: no step is a mip level's own size (50x75, 100x150).
        for step in 0..<12 {
            let k = 1 + Double(step) * 0.05
            let animated = frame(k, on: c)
            #expect(r.stats.layersMade == 1)
            let layer = try #require(c.images.layer(for: h, width: Int32((52 * k).rounded()), height: Int32((78 * k).rounded()), smooth: opacity == 1))
            // After the second step the same memory serves every step.
            if step >= 2 { #expect(memory == nil || layer.pixels == memory) }
            if step >= 1 { memory = layer.pixels }
            // A fresh canvas draws the step from a layer made whole: the very same pixels.
            let fresh = try HeadlessCanvas(width: 100, height: 100)
            let fh = fresh.images.handle(for: dir.appendingPathComponent("poster.png").path, maxPixelSize: nil)
            #expect(fresh.images.waitUntilLoaded(timeout: 10))
            #expect(frame(k, on: fresh) == animated, "step \(step)")
            _ = fh
        }
    }

    @Test("A fading picture sampled and blended in one pass gives the pixels its nearest-pixel layer gives, without a layer")
    func fadesWithoutLayers() throws {
        try #require(Compositor.hasAVX2, "the one-pass kernels need AVX2")
        let (c, h, dir) = try fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        let layered = try HeadlessCanvas(width: 100, height: 100)
        layered.renderer.fadesWithoutLayers = false
        let lh = layered.images.handle(for: dir.appendingPathComponent("poster.png").path, maxPixelSize: nil)
        #expect(layered.images.waitUntilLoaded(timeout: 10))
        var rng = SeededGenerator(seed: 41)
        func next(_ bound: Double) -> Double { Double.random(in: 0..<bound, using: &rng) }
        for step in 0..<30 {
            // A card on a fractional position, rounded or not, clipped or not, over a frame already drawn.
            let rect = Rect(next(30) - 5, next(30) - 5, 20 + next(90), 20 + next(90))
            let radius = step % 3 == 0 ? 0 : next(14), opacity = 0.05 + next(0.9)
            let clip = step % 2 == 0 ? Rect(8 + next(10), 6 + next(10), 60, 70) : nil
            func draw(_ canvas: HeadlessCanvas, _ image: ImageHandle) -> [UInt8] {
                let r = canvas.renderer
                r.beginFrame(clearColor: Color(0.2, 0.3, 0.4))
                r.fill(Rect(0, 0, 100, 50), cornerRadius: 0, color: Color(0.9, 0.5, 0.1))
                r.save()
                if let clip { r.clip(to: clip, cornerRadius: 9) }
                r.drawImage(image, in: rect, cornerRadius: radius, contentMode: .fill, opacity: opacity)
                r.restore()
                r.endFrame()
                return canvas.pixels()
            }
            #expect(draw(c, h) == draw(layered, lh), "step \(step): \(rect), radius \(radius), opacity \(opacity)")
        }
        #expect(c.images.layerSizes(of: h).isEmpty && !layered.images.layerSizes(of: lh).isEmpty)
    }

    @Test("Layers are scaled from the nearest mip level at least as large, each level made when a layer needs it")
    func mipLevels() throws {
        let (c, h, dir) = try fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        // No smaller levels until a layer needs them (issue 41), whatever the image was decoded for.
        #expect(c.images.mipSizes(of: h) == [Size(400, 600)])
        let path = dir.appendingPathComponent("poster.png").path
        let natural = try HeadlessCanvas(width: 100, height: 100)
        let n = natural.images.handle(for: path, maxPixelSize: nil)
        #expect(natural.images.waitUntilLoaded(timeout: 10))
        #expect(natural.images.mipSizes(of: n) == [Size(400, 600)])
        let bytes = natural.images.textureBytes
        natural.renderer.beginFrame(clearColor: .black)
        natural.renderer.drawImage(n, in: Rect(0, 0, 40, 60), cornerRadius: 0, contentMode: .fill, opacity: 1)
        natural.renderer.endFrame()
        // Down to the level the layer is scaled from, no further.
        #expect(natural.images.mipSizes(of: n) == [Size(400, 600), Size(200, 300), Size(100, 150), Size(50, 75)])
        #expect(natural.images.textureBytes == bytes + (200 * 300 + 100 * 150 + 50 * 75 + 40 * 60) * 4)
        // A layer at a level's own size is the level itself: nothing scaled.
        let r = c.renderer
        r.beginFrame(clearColor: .black)
        r.drawImage(h, in: Rect(0, 0, 50, 75), cornerRadius: 0, contentMode: .fill, opacity: 1)
        r.endFrame()
        #expect(r.stats.layerHits == 1 && r.stats.layersMade == 0)
        // From a level, a 12x18 layer matches the stripes' colours (no aliasing to speak of on flat stripes).
        r.beginFrame(clearColor: .black)
        r.drawImage(h, in: Rect(0, 0, 12, 18), cornerRadius: 0, contentMode: .fill, opacity: 1)
        r.endFrame()
        #expect(near(rgb(c, 1, 9), [0x33, 0x66, 0x99], 4))
        #expect(near(rgb(c, 6, 9), [0xcc, 0x88, 0x44], 4))
        #expect(near(rgb(c, 10, 9), [0x88, 0xaa, 0x22], 4))
    }

    @Test("A shape drawn again reuses its coverage bands, also when it moved by whole pixels, and looks the same")
    func repeatedShapesReuseCoverage() throws {
        let c = try HeadlessCanvas(width: 100, height: 100)
        let r = c.renderer
        func frame(dx: Double = 0) -> [UInt8] {
            r.beginFrame(clearColor: .white)
            r.drawShadow(for: Rect(20 + dx, 20, 50, 50), cornerRadius: 25, shadow: Shadow(color: Color(0, 0, 0, 0.4), radius: 8, offset: Point(3, 4)))
            r.fill(Rect(5 + dx, 80, 60, 10), cornerRadius: 5, color: Color(0, 0, 1, 0.5))
            r.endFrame()
            return c.pixels()
        }
        let direct = frame()
        let made = r.coverageCounts.made
        #expect(made == 2)
        #expect(frame() == direct)
        #expect(r.coverageCounts.made == made)
        _ = frame(dx: 7)
        #expect(r.coverageCounts.made == made)
        // Moved back: the very same pixels.
        #expect(frame() == direct)
    }

    @Test("A partial frame draws in one pass, only inside its regions: pixels between and around them keep the last frame")
    func partialFrameStaysInsideItsRegions() throws {
        let c = try HeadlessCanvas(width: 100, height: 60)
        let r = c.renderer
        r.beginFrame(clearColor: .black)
        r.endFrame()
        #expect(r.keepsLastFrame)
        r.beginFrame(clearColor: Color(0, 0, 1), regions: [Rect(10, 10, 20, 20), Rect(60, 30, 20, 20)])
        r.fill(Rect(0, 0, 100, 60), cornerRadius: 0, color: Color(1, 0, 0, 0.5))
        r.endFrame()
        #expect(rgb(c, 15, 15) == [128, 0, 127])      // cleared to blue, then half red
        #expect(rgb(c, 70, 40) == [128, 0, 127])
        #expect(rgb(c, 45, 25) == [0, 0, 0])          // between the regions, inside their span: untouched
        #expect(rgb(c, 5, 55) == [0, 0, 0])
        #expect(r.stats.repaintedPixels == 800)
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

    @Test("Opaque images are copied; transparent ones are blended over what is beneath")
    func opaqueAndTransparentImages() throws {
        let (c, h, dir) = try fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("holes.png").path
        let s = SDL_CreateRGBSurfaceWithFormat(0, 8, 8, 32, SDL_PIXELFORMAT_ARGB8888.rawValue)!
        SDL_FillRect(s, nil, 0x80ff_0000)
        #expect(IMG_SavePNG(s, path) == 0)
        SDL_FreeSurface(s)
        let t = c.images.handle(for: path, maxPixelSize: nil)
        #expect(c.images.waitUntilLoaded(timeout: 10))
        let r = c.renderer
        r.beginFrame(clearColor: Color(0, 0, 1))
        r.drawImage(h, in: Rect(0, 0, 40, 60), cornerRadius: 0, contentMode: .fill, opacity: 1)
        r.drawImage(t, in: Rect(50, 0, 40, 40), cornerRadius: 0, contentMode: .fill, opacity: 1)
        r.endFrame()
        #expect(near(rgb(c, 5, 30), [0x33, 0x66, 0x99], 2))
        // Half-transparent red over blue.
        #expect(near(rgb(c, 70, 20), [128, 0, 127], 3))
    }
}
