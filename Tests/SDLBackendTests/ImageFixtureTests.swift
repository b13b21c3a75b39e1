import CSDL2
import CarouselCore
import Foundation
import Testing
@testable import SDLBackend

/// The decoder against Pillow's decoding of the fixtures in Tests/Fixtures/Images (made by its `make-fixtures.py`,
/// which also wrote what Pillow decodes from each as `NAME.pillow.png`): every EXIF orientation, CMYK with and
/// without Adobe's marker, YCCK, and the animated GIF's note.
@MainActor
@Suite("Decoding fixtures: EXIF orientation, CMYK and YCCK, compared with Pillow")
struct ImageFixtureTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Images")

    static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// A decoded surface's pixels as rows of 0xAARRGGBB.
    struct Pixels: Equatable {
        var width: Int, height: Int
        var argb: [UInt32]
        init(_ s: UnsafeMutablePointer<SDL_Surface>) {
            width = Int(s.pointee.w); height = Int(s.pointee.h)
            argb = []
            for y in 0..<height {
                let row = (s.pointee.pixels! + y * Int(s.pointee.pitch)).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width { argb.append(row[x]) }
            }
        }
        func rgb(_ x: Int, _ y: Int) -> [Int] {
            let p = argb[y * width + x]
            return [Int(p >> 16 & 0xff), Int(p >> 8 & 0xff), Int(p & 0xff)]
        }
        /// The largest difference of one channel between the two images (same size).
        func worst(against other: Pixels) -> Int {
            zip(argb, other.argb).map { a, b in [16, 8, 0].map { abs(Int(a >> UInt32($0) & 0xff) - Int(b >> UInt32($0) & 0xff)) }.max()! }.max() ?? 0
        }
    }

    /// The file decoded as the image store decodes it (nil: full size).
    func decoded(_ name: String, max: Size? = nil) throws -> (Pixels, natural: Size) {
        let result = ImageDecoder.decode(path: Self.path(name), name: name, maxPixelSize: max, pixelBudget: 100_000_000)
        guard case .decoded(let box, let natural, _) = result, let s = box.take() else {
            throw DecodeFailure(what: "\(name): \(result)")
        }
        defer { SDL_FreeSurface(s) }
        return (Pixels(s), natural)
    }

    /// What Pillow decoded (its PNG, decoded by libpng).
    func pillow(_ name: String) throws -> Pixels {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent(name + ".pillow.png"))
        let s = try data.withUnsafeBytes(PNGDecoder.decode).get()
        defer { SDL_FreeSurface(s) }
        return Pixels(s)
    }

    struct DecodeFailure: Error { var what: String }

    @Test("Each of the eight EXIF orientations shows the picture upright, as Pillow's exif_transpose does",
          arguments: 1...8)
    func orientation(_ n: Int) throws {
        let (pixels, natural) = try decoded("orientation-\(n).jpg")
        let expected = try pillow("orientation-\(n)")
        // The upright picture is portrait: 16x24, whatever the stored pixels (24x16 for 5 to 8).
        #expect(natural == Size(16, 24))
        #expect(pixels.width == 16 && pixels.height == 24)
        #expect(pixels.width == expected.width && pixels.height == expected.height)
        guard pixels.width == expected.width, pixels.height == expected.height else { return }
        #expect(pixels.worst(against: expected) <= 2, "orientation \(n)")
        // The red cell at the top left, the cyan one at the bottom right.
        #expect(near(pixels.rgb(3, 3), [230, 30, 30], 6) && near(pixels.rgb(12, 20), [30, 220, 220], 6), "orientation \(n)")
    }

    @Test("Reduced to fit a box, an Orientation 6 picture fits the box upright (the limit is turned for the stored pixels)")
    func orientationWithLimit() throws {
        let (pixels, natural) = try decoded("orientation-6.jpg", max: Size(8, 100))
        #expect(natural == Size(16, 24))
        #expect(pixels.width == 8 && pixels.height == 12)
        #expect(near(pixels.rgb(1, 1), [230, 30, 30], 24) && near(pixels.rgb(6, 10), [30, 220, 220], 24))
    }

    @Test("A PNG's eXIf orientation is applied (Chromium applies it); a WebP's EXIF is not (Chromium ignores it)")
    func pngAndWebP() throws {
        let (png, pngNatural) = try decoded("orientation-6.png")
        #expect(pngNatural == Size(16, 24))
        #expect(png.worst(against: try pillow("orientation-6")) <= 2)
        let (webp, webpNatural) = try decoded("orientation-6.webp")
        #expect(webpNatural == Size(24, 16) && webp.width == 24)
    }

    @Test("CMYK (plain, Adobe's inverted with its APP14 marker) and YCCK JPEGs decode to Pillow's colours",
          arguments: ["cmyk", "cmyk-adobe", "ycck"])
    func cmyk(_ name: String) throws {
        let (pixels, natural) = try decoded("\(name).jpg")
        let expected = try pillow(name)
        #expect(natural == Size(16, 32))
        #expect(pixels.worst(against: expected) <= 2, "\(name)")
        // Red at the top, green at the bottom (the file drew (3, 14, 240) at the top).
        #expect(near(pixels.rgb(8, 0), [253, 1, 1], 4) && near(pixels.rgb(8, 31), [1, 253, 1], 4), "\(pixels.rgb(8, 0)) \(pixels.rgb(8, 31))")
    }

    @Test("The image store reports the upright size, and its mip levels and layers are the upright picture's")
    func storeSizes() throws {
        let canvas = try HeadlessCanvas(width: 64, height: 64)
        let store = canvas.images
        let h = store.handle(for: Self.path("orientation-6.jpg"), maxPixelSize: Size(8, 100))
        #expect(store.waitUntilLoaded(timeout: 10))
        #expect(store.state(of: h) == .ready(Size(16, 24)))
        #expect(store.textureSize(of: h) == Size(8, 12))
        #expect(store.mipSizes(of: h).first == Size(8, 12))
        canvas.renderer.beginFrame(clearColor: .black)
        canvas.renderer.drawImage(h, in: Rect(0, 0, 20, 30), cornerRadius: 0, contentMode: .stretch, opacity: 1)
        canvas.renderer.endFrame()
        #expect(store.layerSizes(of: h).contains(Size(20, 30)))
        // Drawn upright: red at the top left, cyan at the bottom right.
        #expect(near(rgb(canvas, 3, 3), [230, 30, 30], 30) && near(rgb(canvas, 16, 26), [30, 220, 220], 30))
    }

    @Test("An animated GIF is noted as shown by its first frame; a still one is not")
    func animatedGIF() throws {
        let canvas = try HeadlessCanvas(width: 64, height: 64)
        let store = canvas.images
        let gif = store.handle(for: Self.path("animated.gif"), maxPixelSize: nil)
        let still = store.handle(for: Self.path("orientation-1.jpg"), maxPixelSize: nil)
        #expect(store.waitUntilLoaded(timeout: 10))
        #expect(store.state(of: gif) == .ready(Size(16, 16)))
        #expect(store.note(of: gif) == "GIF: first frame of 3")
        #expect(store.note(of: still) == nil)
    }
}
