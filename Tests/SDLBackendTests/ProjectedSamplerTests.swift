import CarouselCore
import Testing
@testable import SDLBackend

/// `ProjectedSampler`'s arithmetic: the lane-packed bilinear blend equals the channel-by-channel one, and the runs it
/// steps between exact places keep every pixel within the stated 1/8 texel of its projective place.
@Suite("Projected sampler")
struct ProjectedSamplerTests {
    /// The blend as it was written before, two channels at a time (the reference).
    static func reference(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ wx: UInt32, _ wy: UInt32) -> UInt32 {
        func lerp(_ p: UInt32, _ q: UInt32, _ w: UInt32) -> UInt32 {
            let rb = ((p & 0x00FF_00FF) &* (256 - w) &+ (q & 0x00FF_00FF) &* w) >> 8 & 0x00FF_00FF
            let ag = (((p >> 8) & 0x00FF_00FF) &* (256 - w) &+ ((q >> 8) & 0x00FF_00FF) &* w) & 0xFF00_FF00
            return rb | ag
        }
        return lerp(lerp(a, b, wx), lerp(c, d, wx), wy)
    }

    @Test("The bilinear blend in 64-bit lanes gives the same integers as channel by channel, extremes included")
    func bilinearLanes() {
        var rng = SystemRandomNumberGenerator()
        let extremes: [UInt32] = [0, 0xFFFF_FFFF, 0xFF00_0000, 0x00FF_FFFF, 0xFF80_40C0, 0x0101_0101]
        for k in 0..<20_000 {
            let pick = { (i: Int) -> UInt32 in k < 36 ? extremes[(k + i) % extremes.count] : UInt32.random(in: 0...UInt32.max, using: &rng) }
            let a = pick(0), b = pick(1), c = pick(2), d = pick(3)
            let wx = UInt32.random(in: 0...255, using: &rng), wy = UInt32.random(in: 0...255, using: &rng)
            let got = ProjectedSampler.bilinear(a, b, c, d, wx, wy), want = Self.reference(a, b, c, d, wx, wy)
            guard got == want else {
                Issue.record("blend of \(a), \(b), \(c), \(d) at \(wx), \(wy): \(got), not \(want)")
                return
            }
        }
    }

    @Test("A steep perspective sampled in runs stays within 1/8 texel of each pixel's exact place")
    @MainActor
    func runsWithinAnEighthTexel() throws {
        // A 32 x 32 level whose red is 8 levels a texel in x: a pixel's red tells where it was read.
        let level = try #require(PixelBuffer(width: 32, height: 32, opaque: true))
        for y in 0..<32 { for x in 0..<32 { level.row(y)[x] = 0xFF00_0000 | UInt32(8 * x) << 16 | UInt32(8 * y) << 8 } }
        // u = 0.25 x / (1 + 0.01 x), v = 0.15 y / (1 + 0.01 x): w triples across the row.
        let h = Homography(0.25, 0, 0, 0, 0.15, 0, 0.01, 0, 1)
        let box = PixelRect(x: 0, y: 0, w: 200, h: 200)
        let mask = [UInt8](repeating: 255, count: 200 * 200)
        let out = try #require(PixelBuffer(width: 200, height: 200, opaque: false))
        mask.withUnsafeBufferPointer { m in
            ProjectedSampler.sample(level, toImage: h, box: box, full: box, mask: m.baseAddress!, maskStride: 200,
                                    colour: ProjectedSampler.Colour(effects: .none, offset: 0, slope: 0, vertical: false), into: out)
        }
        var worst = 0.0
        for y in 0..<200 {
            for x in 0..<200 {
                let px = Double(x) + 0.5
                let u = min(max(0.25 * px / (1 + 0.01 * px) - 0.5, 0), 31)
                let red = Double(out.row(y)[x] >> 16 & 0xFF)
                worst = max(worst, abs(red - 8 * u))
            }
        }
        // 1/8 texel is one level; the blend truncates by less than one more.
        #expect(worst <= 2.1, "worst \(worst / 8) texels off")
    }
}
