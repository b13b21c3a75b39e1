import CPixman
import CarouselCore
import CarouselTesting
import Foundation
import Testing
@testable import SDLBackend

/// The compositor's coverage bands (issue 31): the interior plus the masked border pieces must give every pixel
/// exactly the coverage computed for it alone, whatever the shape's fraction of a pixel, radii and feather.
@MainActor
@Suite("Coverage bands")
struct CoverageTests {
    /// The bands painted into a full coverage image, `width` x `height`: the interior full, each piece's mask where
    /// it lies.
    func assembled(_ bands: CoverageBands, width: Int, height: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height)
        for i in bands.interior {
            for y in i.y..<i.maxY { for x in i.x..<i.maxX {
                #expect(out[Int(y) * width + Int(x)] == 0, "pixel \(x),\(y) in two interior rectangles")
                out[Int(y) * width + Int(x)] = 255
            } }
        }
        for piece in bands.pieces {
            let data = UnsafeMutableRawPointer(pixman_image_get_data(piece.mask)!).assumingMemoryBound(to: UInt8.self)
            let stride = Int(pixman_image_get_stride(piece.mask))
            for y in 0..<Int(piece.rect.h) {
                for x in 0..<Int(piece.rect.w) {
                    let (px, py) = (Int(piece.rect.x) + x, Int(piece.rect.y) + y)
                    #expect(out[py * width + px] == 0, "pixel \(px),\(py) in two pieces")
                    out[py * width + px] = data[y * stride + x]
                }
            }
        }
        return out
    }

    /// Shared by every case, so corners made for one shape serve others.
    nonisolated(unsafe) static let corners = CornerMasks()

    @Test("Every pixel of the assembled bands equals its coverage computed alone", arguments: 0..<40)
    func bandsEqualPixelByPixel(seed: Int) {
        var rng = SeededGenerator(seed: UInt64(seed))
        func next(_ bound: Double) -> Double { Double.random(in: 0..<bound, using: &rng) }
        func q(_ v: Double) -> Int32 { Int32((v * CoverageBands.grid).rounded()) }
        let w = 8 + next(300), h = 6 + next(220)
        let feather = seed % 4 == 0 ? 4 + next(20) : 1
        let limit = min(w, h) / 2
        let radii = (0..<4).map { _ in seed % 5 == 0 ? 0 : min(next(30), limit) }
        let key = CoverageBands.Key(fx: q(feather / 2 + next(1)), fy: q(feather / 2 + next(1)), w: q(w), h: q(h),
                                    radii: (q(radii[0]), q(radii[1]), q(radii[2]), q(radii[3])), feather: q(feather))
        // Corner masks shared with the other cases' shapes (and a shape of the same corners, twice as wide).
        let bands = CoverageBands(key, corners: CoverageTests.corners)
        var wider = key
        wider.w *= 2
        _ = CoverageBands(wider, corners: CoverageTests.corners)
        let width = Int((feather + 1 + w + feather / 2).rounded(.up)) + 2, height = Int((feather + 1 + h + feather / 2).rounded(.up)) + 2
        let image = assembled(bands, width: width, height: height)
        var wrong = 0
        for y in 0..<height { for x in 0..<width where image[y * width + x] != CoverageBands.coverage(of: key, x: Int32(x), y: Int32(y)) { wrong += 1 } }
        #expect(wrong == 0, "\(wrong) pixels differ for \(key)")
        // A shape larger than its corners and feather has an interior drawn without a mask.
        if min(w, h) > 2 * (Double(radii.max()!) + feather) + 4 { #expect(!bands.interior.isEmpty) }
    }

    @Test("Circles and pills, one mask each, with wide feathers (shadows): every pixel equals its coverage computed alone",
          arguments: 0..<24)
    func roundShapesEqualPixelByPixel(seed: Int) {
        var rng = SeededGenerator(seed: UInt64(1000 + seed))
        func next(_ bound: Double) -> Double { Double.random(in: 0..<bound, using: &rng) }
        func q(_ v: Double) -> Int32 { Int32((v * CoverageBands.grid).rounded()) }
        let w = 4 + next(400), h = seed % 2 == 0 ? w : 4 + next(300)
        let feather = seed % 3 == 0 ? 1 : 2 + next(60)
        let r = min(w, h) / 2
        let key = CoverageBands.Key(fx: q(feather / 2 + next(1)), fy: q(feather / 2 + next(1)), w: q(w), h: q(h),
                                    radii: (q(r), q(r), q(r), q(r)), feather: q(feather))
        let bands = CoverageBands(key, corners: CoverageTests.corners)
        let width = Int((feather + 1 + w + feather / 2).rounded(.up)) + 2, height = Int((feather + 1 + h + feather / 2).rounded(.up)) + 2
        let image = assembled(bands, width: width, height: height)
        var wrong = 0
        for y in 0..<height { for x in 0..<width where image[y * width + x] != CoverageBands.coverage(of: key, x: Int32(x), y: Int32(y)) { wrong += 1 } }
        #expect(wrong == 0, "\(wrong) pixels differ for \(key)")
    }

    @Test("A shape that only widens reuses its four corners' masks, and draws the same corners")
    func cornersAreShared() {
        let cache = CoverageCache()
        let (_, narrow) = CoverageBands.key(for: RoundedRect(Rect(10.25, 20.5, 150, 200), radius: 10), feather: 1)
        let (_, wide) = CoverageBands.key(for: RoundedRect(Rect(10.25, 20.5, 173, 200), radius: 10), feather: 1)
        _ = cache.bands(narrow)
        #expect(cache.corners.made == 4 && cache.corners.found == 0)
        let b = cache.bands(wide)
        #expect(cache.corners.made == 4 && cache.corners.found == 4)
        #expect(b.pieces.count == 8)
    }

    @Test("Bands are cached by shape: found again, also for a shape moved by whole pixels")
    func cachedByShape() {
        let cache = CoverageCache()
        let shape = RoundedRect(Rect(10.25, 20.5, 40, 30), radius: 10)
        let (_, key) = CoverageBands.key(for: shape, feather: 1)
        let (_, moved) = CoverageBands.key(for: RoundedRect(Rect(17.25, 23.5, 40, 30), radius: 10), feather: 1)
        #expect(key == moved)
        let a = cache.bands(key), b = cache.bands(moved)
        #expect(a === b && cache.made == 1 && cache.found == 1)
    }

    @Test("A translucent drawing's border is its coverage times its alpha, pixel by pixel")
    func translucentBorders() throws {
        let dir = try makeTempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("white.png").path
        writeStripedPNG(path, width: 64, height: 64, stripes: [(1, 0xffffff)])
        let c = try HeadlessCanvas(width: 80, height: 80)
        let h = c.images.handle(for: path, maxPixelSize: nil)
        #expect(c.images.waitUntilLoaded(timeout: 10))
        func frame(_ opacity: Double) -> [UInt8] {
            c.renderer.beginFrame(clearColor: .black)
            c.renderer.drawImage(h, in: Rect(8.3, 9.6, 60.2, 58.5), cornerRadius: 14, contentMode: .fill, opacity: opacity)
            c.renderer.endFrame()
            return c.pixels()
        }
        let opaque = frame(1), half = frame(0.5)
        var worst = 0
        for i in stride(from: 0, to: opaque.count, by: 4) {
            worst = max(worst, abs(Int(half[i]) - (Int(opaque[i]) * 128 + 127) / 255))
        }
        #expect(worst <= 2)
        #expect(opaque.contains { $0 > 20 && $0 < 235 }, "the opaque drawing has anti-aliased edges")
    }
}
