import CSDL2
import CSDL2Image
import CarouselCore
import Foundation
import Testing
@testable import SDLBackend

@MainActor
@Suite("Image store and image drawing")
struct ImageTests {
    /// A canvas, a temp folder, and a 200x100 image: green | red | blue stripes (25 %, 50 %, 25 %).
    struct Fixture {
        let canvas: HeadlessCanvas
        let dir: URL
        let striped: String
    }

    func fixture(width: Int = 100, height: Int = 100) throws -> Fixture {
        let dir = try makeTempDir()
        let path = dir.appendingPathComponent("stripes.png").path
        writeStripedPNG(path, width: 200, height: 100, stripes: [(0.25, 0x00ff00), (0.5, 0xff0000), (0.25, 0x0000ff)])
        return Fixture(canvas: try HeadlessCanvas(width: width, height: height), dir: dir, striped: path)
    }

    func failure(_ store: SDLImageStore, _ h: ImageHandle) -> String? {
        if case .failed(let m) = store.state(of: h) { return m }
        return nil
    }

    @Test func goodFileBecomesReadyWithNaturalSizeAndDownscaledTexture() throws {
        let f = try fixture()
        defer { try? FileManager.default.removeItem(at: f.dir) }
        let store = f.canvas.images
        let h = store.handle(for: f.striped, maxPixelSize: Size(50, 50))
        #expect(store.handle(for: f.striped, maxPixelSize: Size(50, 50)) == h)
        #expect(store.state(of: h) == .loading)
        #expect(store.source(of: h) == f.striped)
        #expect(store.waitUntilLoaded(timeout: 10))
        #expect(store.state(of: h) == .ready(Size(200, 100)))
        #expect(store.textureSize(of: h) == Size(50, 25))
        #expect(store.textureBytes == 50 * 25 * 4)
        #expect(!store.isLoading)
    }

    @Test func fileURLsLoad() throws {
        let f = try fixture()
        defer { try? FileManager.default.removeItem(at: f.dir) }
        let h = f.canvas.images.handle(for: URL(fileURLWithPath: f.striped).absoluteString, maxPixelSize: nil)
        #expect(f.canvas.images.waitUntilLoaded(timeout: 10))
        #expect(f.canvas.images.state(of: h) == .ready(Size(200, 100)))
        #expect(f.canvas.images.textureSize(of: h) == Size(200, 100))
    }

    @Test func brokenSourcesFailWithAMessageNamingTheFile() throws {
        let f = try fixture()
        defer { try? FileManager.default.removeItem(at: f.dir) }
        let store = f.canvas.images
        let missing = f.dir.appendingPathComponent("nope.jpg").path
        let text = f.dir.appendingPathComponent("notes.png").path
        try "just some text, not pixels".write(toFile: text, atomically: true, encoding: .utf8)
        let empty = f.dir.appendingPathComponent("empty.png").path
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        let truncated = f.dir.appendingPathComponent("truncated.png").path
        let full = try Data(contentsOf: URL(fileURLWithPath: f.striped))
        try full.prefix(full.count / 2).write(to: URL(fileURLWithPath: truncated))

        let hs = [missing, text, empty, truncated, "ftp://example.com/a.jpg"].map { store.handle(for: $0, maxPixelSize: nil) }
        #expect(store.waitUntilLoaded(timeout: 10))
        let messages = hs.map { failure(store, $0) }
        #expect(messages[0] == "\(missing): file not found")
        #expect(messages[1]?.hasPrefix("\(text): not an image") == true)
        #expect(messages[2] == "\(empty): empty file (0 bytes)")
        #expect(messages[3]?.hasPrefix("\(truncated): corrupt or truncated PNG image") == true)
        #expect(messages[4] == "ftp://example.com/a.jpg: unsupported URL scheme \"ftp\" (use a path, file://, http:// or https://)")
    }

    @Test func imagesOverThePixelBudgetAreRefusedFromTheHeader() throws {
        let f = try fixture()
        defer { try? FileManager.default.removeItem(at: f.dir) }
        f.canvas.images.pixelBudget = 10_000
        let h = f.canvas.images.handle(for: f.striped, maxPixelSize: nil)
        #expect(f.canvas.images.waitUntilLoaded(timeout: 10))
        #expect(failure(f.canvas.images, h)?.contains("image too large (200x100") == true)
    }

    @Test func headerSizesOfPNGAndJPEG() throws {
        let f = try fixture()
        defer { try? FileManager.default.removeItem(at: f.dir) }
        #expect(ImageHeader.size(ofFileAt: f.striped).map { [$0.0, $0.1] } == [200, 100])
        let jpg = f.dir.appendingPathComponent("s.jpg").path
        let s = IMG_Load(f.striped)!
        #expect(IMG_SaveJPG(s, jpg, 90) == 0)
        SDL_FreeSurface(s)
        #expect(ImageHeader.size(ofFileAt: jpg).map { [$0.0, $0.1] } == [200, 100])
    }

    @Test func bigReductionsAreFilteredNotAliased() throws {
        let dir = try makeTempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("checker.png").path
        writeCheckerPNG(path, width: 512, height: 512)
        let c = try HeadlessCanvas(width: 64, height: 64)
        let h = c.images.handle(for: path, maxPixelSize: Size(48, 48))
        #expect(c.images.waitUntilLoaded(timeout: 10))
        #expect(c.images.textureSize(of: h) == Size(48, 48))
        c.renderer.beginFrame(clearColor: .black)
        c.renderer.drawImage(h, in: Rect(0, 0, 48, 48), cornerRadius: 0, contentMode: .stretch, opacity: 1)
        c.renderer.endFrame()
        // A checkerboard averages to mid grey everywhere; nearest-neighbour sampling would give black or white.
        for y in stride(from: 2, to: 46, by: 7) {
            for x in stride(from: 2, to: 46, by: 7) { #expect(near(rgb(c, x, y), [128, 128, 128], 16), "(\(x), \(y))") }
        }
    }

    @Test func fillCropsInsteadOfStretching() throws {
        let f = try fixture()
        defer { try? FileManager.default.removeItem(at: f.dir) }
        let h = f.canvas.images.handle(for: f.striped, maxPixelSize: nil)
        #expect(f.canvas.images.waitUntilLoaded(timeout: 10))
        let r = f.canvas.renderer
        r.beginFrame(clearColor: .black)
        r.drawImage(h, in: Rect(0, 0, 100, 100), cornerRadius: 0, contentMode: .fill, opacity: 1)
        r.endFrame()
        // Aspect-fill of 200x100 into 100x100 shows the middle half: all red. Stretching would show green and blue.
        #expect(rgb(f.canvas, 3, 50) == [255, 0, 0])
        #expect(rgb(f.canvas, 96, 50) == [255, 0, 0])
        #expect(rgb(f.canvas, 50, 1) == [255, 0, 0])

        r.beginFrame(clearColor: .black)
        r.drawImage(h, in: Rect(0, 0, 100, 100), cornerRadius: 0, contentMode: .stretch, opacity: 1)
        r.endFrame()
        #expect(rgb(f.canvas, 3, 50) == [0, 255, 0])
        #expect(rgb(f.canvas, 96, 50) == [0, 0, 255])
    }

    @Test func fitLetterboxesAndCenterShowsNaturalSize() throws {
        let f = try fixture()
        defer { try? FileManager.default.removeItem(at: f.dir) }
        let h = f.canvas.images.handle(for: f.striped, maxPixelSize: nil)
        #expect(f.canvas.images.waitUntilLoaded(timeout: 10))
        let r = f.canvas.renderer
        r.beginFrame(clearColor: .black)
        r.drawImage(h, in: Rect(0, 0, 100, 100), cornerRadius: 0, contentMode: .fit, opacity: 1)
        r.endFrame()
        #expect(rgb(f.canvas, 50, 10) == [0, 0, 0])      // letterbox band
        #expect(rgb(f.canvas, 3, 50) == [0, 255, 0])
        #expect(rgb(f.canvas, 96, 50) == [0, 0, 255])

        r.beginFrame(clearColor: .black)
        r.drawImage(h, in: Rect(0, 0, 60, 100), cornerRadius: 0, contentMode: .center, opacity: 1)
        r.endFrame()
        // Natural 200 px wide centred in 60: only the red middle shows, and nothing beyond the rect.
        #expect(rgb(f.canvas, 1, 50) == [255, 0, 0])
        #expect(rgb(f.canvas, 58, 50) == [255, 0, 0])
        #expect(rgb(f.canvas, 61, 50) == [0, 0, 0])
    }

    @Test func circularImageWithOpacity() throws {
        let f = try fixture()
        defer { try? FileManager.default.removeItem(at: f.dir) }
        let h = f.canvas.images.handle(for: f.striped, maxPixelSize: nil)
        #expect(f.canvas.images.waitUntilLoaded(timeout: 10))
        let r = f.canvas.renderer
        r.beginFrame(clearColor: .black)
        r.save()
        r.multiplyOpacity(0.5)
        r.drawImage(h, in: Rect(0, 0, 100, 100), cornerRadius: 50, contentMode: .fill, opacity: 1)
        r.restore()
        r.endFrame()
        #expect(near(rgb(f.canvas, 50, 50), [128, 0, 0], 2))
        #expect(rgb(f.canvas, 8, 8) == [0, 0, 0])
        #expect(rgb(f.canvas, 92, 92) == [0, 0, 0])
    }

    @Test func imagesInsideARoundedRowClipGetRoundOuterCorners() throws {
        let f = try fixture(width: 200, height: 100)
        defer { try? FileManager.default.removeItem(at: f.dir) }
        let h = f.canvas.images.handle(for: f.striped, maxPixelSize: nil)
        #expect(f.canvas.images.waitUntilLoaded(timeout: 10))
        let r = f.canvas.renderer
        r.beginFrame(clearColor: .black)
        r.save()
        r.clip(to: Rect(0, 0, 200, 100), cornerRadius: 16)
        r.drawImage(h, in: Rect(0, 0, 100, 100), cornerRadius: 0, contentMode: .stretch, opacity: 1)
        r.drawImage(h, in: Rect(100, 0, 100, 100), cornerRadius: 0, contentMode: .stretch, opacity: 1)
        r.restore()
        r.endFrame()
        #expect(rgb(f.canvas, 1, 1) == [0, 0, 0])
        #expect(rgb(f.canvas, 198, 98) == [0, 0, 0])
        #expect(rgb(f.canvas, 1, 50) == [0, 255, 0])
        // Where the two images meet, corners stay square and the texture is not shifted.
        #expect(rgb(f.canvas, 99, 0) == [0, 0, 255])
        #expect(rgb(f.canvas, 100, 0) == [0, 255, 0])
    }

    @Test func drawingAnImageThatIsNotReadyDrawsNothing() throws {
        let f = try fixture()
        defer { try? FileManager.default.removeItem(at: f.dir) }
        let h = f.canvas.images.handle(for: f.dir.appendingPathComponent("missing.png").path, maxPixelSize: nil)
        f.canvas.renderer.beginFrame(clearColor: .black)
        f.canvas.renderer.drawImage(h, in: Rect(0, 0, 100, 100), cornerRadius: 0, contentMode: .fill, opacity: 1)
        f.canvas.renderer.drawImage(ImageHandle(999), in: Rect(0, 0, 100, 100), cornerRadius: 0, contentMode: .fill, opacity: 1)
        f.canvas.renderer.endFrame()
        #expect(rgb(f.canvas, 50, 50) == [0, 0, 0])
        #expect(f.canvas.images.waitUntilLoaded(timeout: 10))
    }

    @Test func texturesOverBudgetAreEvictedAndReloadedWhenDrawn() throws {
        let f = try fixture()
        defer { try? FileManager.default.removeItem(at: f.dir) }
        let store = f.canvas.images
        let other = f.dir.appendingPathComponent("other.png").path
        writeStripedPNG(other, width: 200, height: 100, stripes: [(1, 0xffffff)])
        let a = store.handle(for: f.striped, maxPixelSize: nil)
        #expect(store.waitUntilLoaded(timeout: 10))
        // Room for one image (its pixels and mip levels), not two.
        store.textureBudget = store.textureBytes + 10
        f.canvas.renderer.beginFrame(clearColor: .black)
        f.canvas.renderer.endFrame()
        let b = store.handle(for: other, maxPixelSize: nil)
        #expect(store.waitUntilLoaded(timeout: 10))
        #expect(store.textureSize(of: a) == nil)      // evicted: not drawn in the current frame
        #expect(store.textureSize(of: b) != nil)
        #expect(store.state(of: a) == .ready(Size(200, 100)))
        f.canvas.renderer.beginFrame(clearColor: .black)
        f.canvas.renderer.drawImage(a, in: Rect(0, 0, 100, 100), cornerRadius: 0, contentMode: .fill, opacity: 1)
        f.canvas.renderer.endFrame()
        #expect(store.isLoading)
        #expect(store.waitUntilLoaded(timeout: 10))
        #expect(store.textureSize(of: a) != nil)
        #expect(store.textureBytes <= store.textureBudget)
    }

    @Test func onChangeIsCalledFromPump() throws {
        let f = try fixture()
        defer { try? FileManager.default.removeItem(at: f.dir) }
        var calls = 0
        f.canvas.images.onChange = { calls += 1 }
        _ = f.canvas.images.handle(for: f.striped, maxPixelSize: nil)
        #expect(f.canvas.images.waitUntilLoaded(timeout: 10))
        #expect(calls >= 1)
        #expect(f.canvas.images.pump() == false)
    }
}

/// JPEGs through libjpeg-turbo (issue 31): reduced in the DCT, the natural size still the file's, the pixels those
/// SDL_image gives.
@MainActor
@Suite("JPEG decoding")
struct JPEGDecodingTests {
    /// A `width` x `height` JPEG of four vertical stripes.
    func stripedJPEG(_ dir: URL, width: Int32, height: Int32) throws -> String {
        let path = dir.appendingPathComponent("stripes-\(width).jpg").path
        let s = try #require(SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_ARGB8888.rawValue))
        defer { SDL_FreeSurface(s) }
        for (i, colour) in [UInt32(0xff20_4080), 0xffe0_a030, 0xff30_c060, 0xfff0_f0f0].enumerated() {
            var r = SDL_Rect(x: Int32(i) * width / 4, y: 0, w: width / 4, h: height)
            SDL_FillRect(s, &r, colour)
        }
        #expect(IMG_SaveJPG(s, path, 95) == 0)
        return path
    }

    @Test("A large JPEG decodes reduced to its budget with its natural size, and matches SDL_image's decode")
    func reducedDecode() throws {
        let dir = try makeTempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try stripedJPEG(dir, width: 1600, height: 800)
        guard case .decoded(let box, let natural, let opaque) = ImageDecoder.decode(path: path, name: "s", maxPixelSize: Size(300, 300), pixelBudget: 100_000_000),
              let fast = box.take() else { Issue.record("not decoded"); return }
        defer { SDL_FreeSurface(fast) }
        #expect(natural == Size(1600, 800) && opaque)
        #expect(fast.pointee.w == 300 && fast.pointee.h == 150)
        // It came through libjpeg-turbo (SDL_image would have given the same answer, slower).
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let direct = bytes.withUnsafeBytes { ImageDecoder.decodeJPEG($0, name: "s", maxPixelSize: Size(300, 300), pixelBudget: 100_000_000) }
        guard case .decoded(let directBox, let directNatural, _)? = direct else { Issue.record("libjpeg-turbo did not decode it"); return }
        #expect(directNatural == Size(1600, 800))
        if let s = directBox.take() { SDL_FreeSurface(s) }
        // SDL_image's whole decode, downscaled the same way.
        let loaded = try #require(IMG_Load(path))
        let argb = try #require(SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0))
        SDL_FreeSurface(loaded)
        let reference = try #require(ImageDecoder.downscale(argb, to: (300, 150)))
        defer { SDL_FreeSurface(reference) }
        var worst = 0
        for y in 0..<150 {
            let a = (fast.pointee.pixels! + y * Int(fast.pointee.pitch)).assumingMemoryBound(to: UInt32.self)
            let b = (reference.pointee.pixels! + y * Int(reference.pointee.pitch)).assumingMemoryBound(to: UInt32.self)
            for x in 0..<300 where x % 75 > 3 && x % 75 < 71 {  // away from the stripes' edges
                for shift in [0, 8, 16] { worst = max(worst, abs(Int(a[x] >> UInt32(shift) & 0xff) - Int(b[x] >> UInt32(shift) & 0xff))) }
            }
        }
        #expect(worst <= 6)
    }

    @Test("A full-size JPEG is decoded straight into the surface that keeps it: SDL_image's pixels, and freed with the surface")
    func fullSizeDecodeOwnsItsPixels() throws {
        let dir = try makeTempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try stripedJPEG(dir, width: 640, height: 360)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        // The same pixels as SDL_image's decode of the file (both libjpeg-turbo, the same IDCT).
        let loaded = try #require(IMG_Load(path))
        let reference = try #require(SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0))
        SDL_FreeSurface(loaded)
        defer { SDL_FreeSurface(reference) }
        let allocations = SDL_GetNumAllocations()
        for round in 0..<24 {
            let result = bytes.withUnsafeBytes { ImageDecoder.decodeJPEG($0, name: "s", maxPixelSize: nil, pixelBudget: 100_000_000) }
            guard case .decoded(let box, let natural, _)? = result, let s = box.take() else { Issue.record("not decoded"); return }
            #expect(natural == Size(640, 360) && s.pointee.w == 640 && s.pointee.h == 360)
            // The surface owns the decoder's memory: SDL frees it with the surface.
            #expect(s.pointee.flags & UInt32(SDL_PREALLOC) == 0)
            if round == 0 {
                var worst = 0
                for y in 0..<360 {
                    let a = (s.pointee.pixels! + y * Int(s.pointee.pitch)).assumingMemoryBound(to: UInt32.self)
                    let b = (reference.pointee.pixels! + y * Int(reference.pointee.pitch)).assumingMemoryBound(to: UInt32.self)
                    for x in 0..<640 {
                        for shift: UInt32 in [0, 8, 16, 24] {
                            let p = Int((a[x] >> shift) & 0xff), q = Int((b[x] >> shift) & 0xff)
                            worst = max(worst, abs(p - q))
                        }
                    }
                }
                #expect(worst <= 2)
            }
            SDL_FreeSurface(s)
        }
        // Each decode's pixels went back to SDL's allocator (a leak would leave 24 more; other tests may hold a few).
        #expect(SDL_GetNumAllocations() - allocations < 12)
    }

    @Test("What is not a JPEG is left to SDL_image")
    func notAJPEG() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0]
        let result = png.withUnsafeBytes { ImageDecoder.decodeJPEG($0, name: "x", maxPixelSize: nil, pixelBudget: 1_000_000) }
        #expect(result == nil)
        // A JPEG's start and then garbage: libjpeg fails, SDL_image names the problem.
        let broken: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
        #expect(broken.withUnsafeBytes { ImageDecoder.decodeJPEG($0, name: "x", maxPixelSize: nil, pixelBudget: 1_000_000) } == nil)
    }
}
