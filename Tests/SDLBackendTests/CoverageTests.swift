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
    /// The bands painted into a full coverage image, `width` x `height`: the interior at `alpha` (the compositor
    /// draws it through a solid alpha), each piece's mask where it lies.
    func assembled(_ bands: CoverageBands, alpha: UInt8, width: Int, height: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height)
        for i in bands.interior {
            for y in i.y..<i.maxY { for x in i.x..<i.maxX {
                #expect(out[Int(y) * width + Int(x)] == 0, "pixel \(x),\(y) in two interior rectangles")
                out[Int(y) * width + Int(x)] = alpha
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

    @Test("Every pixel of the assembled bands equals its coverage computed alone", arguments: 0..<40)
    func bandsEqualPixelByPixel(seed: Int) {
        var rng = SeededGenerator(seed: UInt64(seed))
        func next(_ bound: Double) -> Double { Double.random(in: 0..<bound, using: &rng) }
        func q(_ v: Double) -> Int32 { Int32((v * 16).rounded()) }
        let w = 8 + next(300), h = 6 + next(220)
        let feather = seed % 4 == 0 ? 4 + next(20) : 1
        let limit = min(w, h) / 2
        let radii = (0..<4).map { _ in seed % 5 == 0 ? 0 : min(next(30), limit) }
        let key = CoverageBands.Key(fx: q(feather / 2 + next(1)), fy: q(feather / 2 + next(1)), w: q(w), h: q(h),
                                    radii: (q(radii[0]), q(radii[1]), q(radii[2]), q(radii[3])), feather: q(feather),
                                    alpha: seed % 3 == 0 ? UInt8(next(255)) : 255)
        let bands = CoverageBands(key)
        let width = Int((feather + 1 + w + feather / 2).rounded(.up)) + 2, height = Int((feather + 1 + h + feather / 2).rounded(.up)) + 2
        let image = assembled(bands, alpha: key.alpha, width: width, height: height)
        var wrong = 0
        for y in 0..<height { for x in 0..<width where image[y * width + x] != CoverageBands.coverage(of: key, x: Int32(x), y: Int32(y)) { wrong += 1 } }
        #expect(wrong == 0, "\(wrong) pixels differ for \(key)")
        // A shape larger than its corners and feather has an interior drawn without a mask.
        if min(w, h) > 2 * (Double(radii.max()!) + feather) + 4 { #expect(!bands.interior.isEmpty) }
    }

    @Test("Bands at an alpha are the full bands' masks times the alpha, made and kept apart")
    func alphaScalesMasks() {
        let key = CoverageBands.Key(fx: 8, fy: 8, w: 16 * 40, h: 16 * 30, radii: (160, 160, 160, 160), feather: 16)
        var half = key
        half.alpha = 128
        let cache = CoverageCache()
        let full = cache.bands(key), scaled = cache.bands(half)
        #expect(scaled.interior == full.interior)
        for (a, b) in zip(full.pieces, scaled.pieces) {
            let pa = UnsafeMutableRawPointer(pixman_image_get_data(a.mask)!).assumingMemoryBound(to: UInt8.self)
            let pb = UnsafeMutableRawPointer(pixman_image_get_data(b.mask)!).assumingMemoryBound(to: UInt8.self)
            let n = Int(pixman_image_get_stride(a.mask)) * Int(a.rect.h)
            for i in 0..<n { #expect(abs(Int(pb[i]) - (Int(pa[i]) * 128 + 127) / 255) <= 1) }
        }
        #expect(cache.made == 2)
        _ = cache.bands(half)
        #expect(cache.made == 2 && cache.found == 1)
    }
}
