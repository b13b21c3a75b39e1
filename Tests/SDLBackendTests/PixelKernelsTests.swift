import CPixelKernels
import CPixman
import CSDL2
import CarouselTesting
@testable import SDLBackend
import Testing

/// The compositor's own AVX2 and AVX-512 blends must give exactly the pixels pixman gives for the same drawing, so a
/// capture is the same whichever path drew it (the goldens hold that too, on a machine with AVX2). Each test checks
/// every loop this CPU runs, not only the one the entry points pick.
@Suite("Pixel kernels", .enabled(if: Compositor.hasAVX2, "needs a CPU with AVX2"))
struct PixelKernelsTests {
    /// The loops this CPU runs.
    static let wide = carousel_kernels_have_avx512() != 0
    static let loops = wide ? ["AVX2", "AVX-512"] : ["AVX2"]

    @Test("An opaque picture blended at every opacity equals pixman's OVER through a solid mask, bit for bit",
          arguments: [(37, 5), (8, 3), (301, 7), (1, 2)])
    func overOpaqueAlpha(width: Int, height: Int) throws {
        var generator = SeededGenerator(seed: UInt64(width * 1000 + height))
        let stride = width + 3
        for format in [PIXMAN_x8r8g8b8, PIXMAN_a8r8g8b8] {
            for alpha in 0...255 {
                var source = (0..<(stride * height)).map { _ in UInt32.random(in: 0...UInt32.max, using: &generator) }
                let start = (0..<(stride * height)).map { _ in UInt32.random(in: 0...UInt32.max, using: &generator) }
                var expected = start, got = start
                source.withUnsafeMutableBufferPointer { s in
                    expected.withUnsafeMutableBufferPointer { d in
                        let src = pixman_image_create_bits(PIXMAN_x8r8g8b8, Int32(width), Int32(height), s.baseAddress, Int32(stride * 4))
                        let dst = pixman_image_create_bits(format, Int32(width), Int32(height), d.baseAddress, Int32(stride * 4))
                        var c = pixman_color_t(red: 0, green: 0, blue: 0, alpha: UInt16(alpha) * 257)
                        let mask = pixman_image_create_solid_fill(&c)
                        pixman_image_composite32(PIXMAN_OP_OVER, src, mask, dst, 0, 0, 0, 0, 0, 0, Int32(width), Int32(height))
                        pixman_image_unref(src); pixman_image_unref(dst); pixman_image_unref(mask)
                    }
                }
                for loop in Self.loops {
                    got = start
                    source.withUnsafeBufferPointer { s in
                        got.withUnsafeMutableBufferPointer { d in
                            let (w, h, a) = (Int32(width), Int32(height), UInt8(alpha))
                            if loop == "AVX2" {
                                carousel_over_opaque_alpha_avx2(d.baseAddress, stride, s.baseAddress, stride, w, h, a)
                            } else {
                                carousel_over_opaque_alpha_avx512(d.baseAddress, stride, s.baseAddress, stride, w, h, a)
                            }
                        }
                    }
                    // The padding beyond each row is left alone; an x8r8g8b8 target's fourth byte is undefined.
                    let care: UInt32 = format == PIXMAN_x8r8g8b8 ? 0x00ff_ffff : 0xffff_ffff
                    let differing = zip(expected, got).enumerated().filter { i, p in i % stride < width ? (p.0 ^ p.1) & care != 0 : p.0 != p.1 }.count
                    #expect(differing == 0, "\(loop), alpha \(alpha), \(format == PIXMAN_x8r8g8b8 ? "x8r8g8b8" : "a8r8g8b8"): \(differing) pixels differ")
                    if differing != 0 { return }
                }
            }
        }
    }

    @Test("A picture scaled to the nearest pixel by gathers equals the scalar loop's, whatever the sizes and region",
          arguments: [(640, 427, 301, 200), (97, 61, 333, 129), (500, 500, 9, 7), (1, 1, 40, 3)])
    func gatherRows(sourceWidth: Int32, sourceHeight: Int32, width: Int32, height: Int32) throws {
        var generator = SeededGenerator(seed: UInt64(sourceWidth) * 7 + UInt64(width))
        let source = try #require(PixelBuffer(width: sourceWidth, height: sourceHeight, opaque: true))
        for y in 0..<Int(sourceHeight) { for x in 0..<Int(sourceWidth) { source.row(y)[x] = UInt32.random(in: 0...UInt32.max, using: &generator) } }
        let gathered = try #require(PixelBuffer(width: width, height: height, opaque: true))
        let looped = try #require(PixelBuffer(width: width, height: height, opaque: true))
        for y in 0..<Int(height) { for x in 0..<Int(width) { gathered.row(y)[x] = 0x1234_5678; looped.row(y)[x] = 0x1234_5678 } }
        // The whole picture, then a region inside it (an animation step scales only what shows).
        for region in [PixelRect(x: 0, y: 0, w: width, h: height), PixelRect(x: width / 3, y: height / 4, w: max(width / 2, 1), h: max(height / 2, 1))] {
            source.scaleNearest(into: gathered, region: region, vectorized: true)
            source.scaleNearest(into: looped, region: region, vectorized: false)
            for y in 0..<Int(height) {
                for x in 0..<Int(width) where gathered.row(y)[x] != looped.row(y)[x] {
                    Issue.record("pixel (\(x), \(y)) of \(region) differs")
                    return
                }
            }
        }
    }

    @Test("A translucent colour blended over pixels equals pixman's OVER of a solid source, bit for bit")
    func overSolid() {
        var generator = SeededGenerator(seed: 41)
        let width = 29, height = 3, stride = 31
        for format in [PIXMAN_x8r8g8b8, PIXMAN_a8r8g8b8] {
            for alpha in 0...255 {
                let straight = (0..<3).map { _ in UInt8.random(in: 0...255, using: &generator) }
                var color = Compositor.pixmanColor(SDL_Color(r: straight[0], g: straight[1], b: straight[2], a: UInt8(alpha)))
                let pixel = UInt32(color.alpha >> 8) << 24 | UInt32(color.red >> 8) << 16 | UInt32(color.green >> 8) << 8 | UInt32(color.blue >> 8)
                let start = (0..<(stride * height)).map { _ in UInt32.random(in: 0...UInt32.max, using: &generator) }
                var expected = start, got = start
                expected.withUnsafeMutableBufferPointer { d in
                    let dst = pixman_image_create_bits(format, Int32(width), Int32(height), d.baseAddress, Int32(stride * 4))
                    let solid = pixman_image_create_solid_fill(&color)
                    pixman_image_composite32(PIXMAN_OP_OVER, solid, nil, dst, 0, 0, 0, 0, 0, 0, Int32(width), Int32(height))
                    pixman_image_unref(dst); pixman_image_unref(solid)
                }
                for loop in Self.loops {
                    got = start
                    got.withUnsafeMutableBufferPointer { d in
                        if loop == "AVX2" {
                            carousel_over_solid_avx2(d.baseAddress, stride, pixel, Int32(width), Int32(height))
                        } else {
                            carousel_over_solid_avx512(d.baseAddress, stride, pixel, Int32(width), Int32(height))
                        }
                    }
                    let care: UInt32 = format == PIXMAN_x8r8g8b8 ? 0x00ff_ffff : 0xffff_ffff
                    let differing = zip(expected, got).enumerated().filter { i, p in i % stride < width ? (p.0 ^ p.1) & care != 0 : p.0 != p.1 }.count
                    #expect(differing == 0, "\(loop), alpha \(alpha): \(differing) pixels differ")
                    if differing != 0 { return }
                }
            }
        }
    }

    @Test("A premultiplied row blended over every row equals pixman's OVER of the row repeated downwards, bit for bit",
          arguments: [1, 8, 13, 16, 29, 100])
    func overRow(width: Int) {
        var generator = SeededGenerator(seed: UInt64(width) + 4100)
        let height = 5, stride = width + 2
        // Premultiplied colours: each channel at most the alpha; fully clear and opaque ones among them.
        var row = (0..<width).map { x -> UInt32 in
            let a = x % 7 == 0 ? 0 : x % 5 == 0 ? 255 : UInt32.random(in: 0...255, using: &generator)
            let (r, g, b) = (UInt32.random(in: 0...a, using: &generator), UInt32.random(in: 0...a, using: &generator), UInt32.random(in: 0...a, using: &generator))
            return a << 24 | r << 16 | g << 8 | b
        }
        for format in [PIXMAN_x8r8g8b8, PIXMAN_a8r8g8b8] {
            let start = (0..<(stride * height)).map { _ in UInt32.random(in: 0...UInt32.max, using: &generator) }
            var expected = start
            row.withUnsafeMutableBufferPointer { r in
                expected.withUnsafeMutableBufferPointer { d in
                    let src = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(width), 1, r.baseAddress, Int32(width * 4))
                    pixman_image_set_repeat(src, PIXMAN_REPEAT_NORMAL)
                    let dst = pixman_image_create_bits(format, Int32(width), Int32(height), d.baseAddress, Int32(stride * 4))
                    pixman_image_composite32(PIXMAN_OP_OVER, src, nil, dst, 0, 0, 0, 0, 0, 0, Int32(width), Int32(height))
                    pixman_image_unref(src); pixman_image_unref(dst)
                }
            }
            for loop in Self.loops {
                var got = start
                row.withUnsafeBufferPointer { r in
                    got.withUnsafeMutableBufferPointer { d in
                        if loop == "AVX2" {
                            carousel_over_row_avx2(d.baseAddress, stride, r.baseAddress, Int32(width), Int32(height))
                        } else {
                            carousel_over_row_avx512(d.baseAddress, stride, r.baseAddress, Int32(width), Int32(height))
                        }
                    }
                }
                let care: UInt32 = format == PIXMAN_x8r8g8b8 ? 0x00ff_ffff : 0xffff_ffff
                let differing = zip(expected, got).enumerated().filter { i, p in i % stride < width ? (p.0 ^ p.1) & care != 0 : p.0 != p.1 }.count
                #expect(differing == 0, "\(loop), \(format == PIXMAN_x8r8g8b8 ? "x8r8g8b8" : "a8r8g8b8"): \(differing) pixels differ")
            }
        }
    }

    @Test("The sixteen-pixel gathering loops give the eight-pixel loops' pixels, each row's last pixels included",
          .enabled(if: PixelKernelsTests.wide, "needs a CPU with AVX-512"), arguments: [1, 7, 8, 15, 16, 17, 45, 301])
    func gatheringLoopsAgree(width: Int) throws {
        var generator = SeededGenerator(seed: UInt64(width) * 31 + 7)
        let sourceWidth = 613, sourceHeight = 47, height = 9, stride = width + 5
        let source = (0..<(sourceWidth * sourceHeight)).map { _ in UInt32.random(in: 0...UInt32.max, using: &generator) }
        let columns = (0..<width).map { _ in Int32.random(in: 0..<Int32(sourceWidth), using: &generator) }
        let rows = (0..<height).map { _ in Int32.random(in: 0..<Int32(sourceHeight), using: &generator) }
        let coverage = (0..<(stride * height)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let start = (0..<(stride * height)).map { _ in UInt32.random(in: 0...UInt32.max, using: &generator) }
        let (w, h, st, ss) = (Int32(width), Int32(height), stride, sourceWidth)
        /// The pixels `kernel` leaves in a copy of `start`.
        func run(_ kernel: (UnsafeMutablePointer<UInt32>, UnsafePointer<UInt32>, UnsafePointer<Int32>, UnsafePointer<Int32>, UnsafePointer<UInt8>) -> Void) -> [UInt32] {
            var out = start
            out.withUnsafeMutableBufferPointer { d in
                source.withUnsafeBufferPointer { s in
                    columns.withUnsafeBufferPointer { c in
                        rows.withUnsafeBufferPointer { r in
                            coverage.withUnsafeBufferPointer { m in kernel(d.baseAddress!, s.baseAddress!, c.baseAddress!, r.baseAddress!, m.baseAddress!) }
                        }
                    }
                }
            }
            return out
        }
        func differing(_ a: [UInt32], _ b: [UInt32]) -> Int { zip(a, b).filter { $0 != $1 }.count }
        let copied = run { d, s, c, r, _ in carousel_gather_rows_avx2(d, st, s, ss, c, r, w, h) }
        #expect(differing(copied, run { d, s, c, r, _ in carousel_gather_rows_avx512(d, st, s, ss, c, r, w, h) }) == 0, "gather rows")
        #expect(differing(copied, start) > 0, "the rows were gathered")
        for alpha: UInt8 in [1, 77, 128, 254] {
            let blended = run { d, s, c, r, _ in carousel_over_gather_alpha_avx2(d, st, s, ss, c, r, w, h, alpha) }
            #expect(differing(blended, run { d, s, c, r, _ in carousel_over_gather_alpha_avx512(d, st, s, ss, c, r, w, h, alpha) }) == 0, "alpha \(alpha)")
        }
        let masked = run { d, s, c, r, m in carousel_over_gather_mask_avx2(d, st, s, ss, c, r, m, st, w, h) }
        #expect(differing(masked, run { d, s, c, r, m in carousel_over_gather_mask_avx512(d, st, s, ss, c, r, m, st, w, h) }) == 0, "through a mask")
    }
}
