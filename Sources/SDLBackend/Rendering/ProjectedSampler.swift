import CarouselCore

/// Samples a picture through a projective map into a scratch buffer, pixel by pixel: each pixel's place in the
/// image is the homography of its centre (a division a pixel, exact), read bilinearly with the image's edge pixels
/// repeated, then multiplied by the effects' brightness and shade (a factor that is linear in the image's own x or
/// y) and moved towards grey by the saturation. pixman's projective fetch does the first part at about five times the
/// cost of its affine one; this loop costs about what the affine one does, and takes the colour effects with it.
/// Only pixels the coverage mask touches are sampled.
enum ProjectedSampler {
    /// What colours change, per pixel.
    struct Colour {
        /// The factor at the image's `axis` coordinate c (level pixels) is `effects.factor(at: offset + slope * c)`.
        var effects: ImageEffects
        var offset: Double, slope: Double
        var vertical: Bool
        var isIdentity: Bool { !effects.changesColor }
    }

    /// Fills `out` (`box.w` x `box.h`) with `level` seen through `toImage` (device pixels -> level pixels) at the
    /// device pixels of `box` (part of the whole drawing's `full`), where `mask` (A8, `maskStride` apart) is not 0; `colour` changes the colours.
    static func sample(_ level: PixelBuffer, toImage h: Homography, box: PixelRect, full: PixelRect, mask: UnsafePointer<UInt8>, maskStride: Int,
                       colour: Colour, into out: PixelBuffer) {
        let lw = Int(level.width), lh = Int(level.height)
        let src = UnsafePointer(level.pixels.assumingMemoryBound(to: UInt32.self))
        let srcStride = level.stride / 4
        let maxU = Double(lw - 1), maxV = Double(lh - 1)
        let maxUf = (lw - 1) << 16, maxVf = (lh - 1) << 16
        // A uniform darkening (brightness at most 1, no shade, no saturation) is one integer factor for every pixel.
        let e = colour.effects
        let uniform = e.saturation == 1 && e.shadeLeading <= 0 && e.shadeTrailing <= 0 && e.brightness <= 1
        let factor = UInt32(min(max(e.brightness, 0), 1) * 256 + 0.5)
        let darkenOnly = e.saturation == 1 && e.brightness <= 1
        let width = Int(box.w)
        for j in 0..<Int(box.h) {
            let row = out.row(j)
            let m = mask + j * maskStride
            // The mask of a convex outline is one run a row: sample only from its first to its last pixel.
            var first = 0, last = width - 1
            while first < width && m[first] == 0 { first += 1 }
            guard first < width else { continue }
            while m[last] == 0 { last -= 1 }
            let py = Double(box.y) + Double(j) + 0.5
            // Runs: a straight step over n pixels between exact places errs by at most n² |u''| / 8 texels (v
            // alike). Along a row u = X / w with w linear, so u' = cu / w² where cu = m00 w - m20 X is the same at
            // every pixel of the row, and n² |u''| / 8 = n² |m20| |cu| / (4 |w|³): largest where |w| is smallest, at
            // an end of the drawing's row. Runs are the longest power of two (up to 32) keeping that under 1/8 of a
            // texel. They start at multiples of n from the drawing's left edge, each end computed from its own
            // pixel, so a partial frame samples exactly as a whole one.
            let xLeft = Double(full.x) + 0.5
            let wLeft = h.m20 * xLeft + h.m21 * py + h.m22
            let wRight = wLeft + h.m20 * Double(full.w)
            let wMin = max(min(abs(wLeft), abs(wRight)), 1e-12)
            let cu = abs(h.m00 * wLeft - h.m20 * (h.m00 * xLeft + h.m01 * py + h.m02))
            let cv = abs(h.m10 * wLeft - h.m20 * (h.m10 * xLeft + h.m11 * py + h.m12))
            let error = abs(h.m20) * max(cu, cv) / (4 * wMin * wMin * wMin)  // texels off over a run of n: n² error
            var run = 32
            while run > 1 && Double(run * run) * error > 0.125 { run /= 2 }
            let left = Int(box.x) - Int(full.x)
            var i = first
            while i <= last {
                // The run holding pixel i, on the drawing's grid, cut to what is left of the row.
                let into = (left + i) % run
                let n = min(run - into, last - i + 1)
                defer { i += n }
                // The run's ends on the grid, whatever part of it this box holds.
                let px = Double(box.x) + Double(i - into) + 0.5, pxn = px + Double(run)
                let X = h.m00 * px + h.m01 * py + h.m02, Y = h.m10 * px + h.m11 * py + h.m12, W = h.m20 * px + h.m21 * py + h.m22
                let Xn = h.m00 * pxn + h.m01 * py + h.m02, Yn = h.m10 * pxn + h.m11 * py + h.m12, Wn = h.m20 * pxn + h.m21 * py + h.m22
                // A division by the run's length (a power of two), rounding towards zero as `/` does, by a shift.
                let shift = run.trailingZeroBitCount
                @inline(__always) func perStep(_ t: Int) -> Int { (t &+ ((t >> 63) & (run - 1))) >> shift }
                guard W > 1e-9, Wn > 1e-9 else { continue }
                // In 16.16 fixed point; held far outside the level only so no conversion overflows (each pixel is
                // clamped to the level's edge pixels as it is read).
                func fixed(_ t: Double, _ limit: Double) -> Int { Int(min(max(t - 0.5, -1e6), limit + 1e6) * 65536) }
                let uStart = X / W, vStart = Y / W, uEnd = Xn / Wn, vEnd = Yn / Wn
                var u = fixed(uStart, maxU), v = fixed(vStart, maxV)
                let du = perStep(fixed(uEnd, maxU) - u), dv = perStep(fixed(vEnd, maxV) - v)
                // The darkening factor (brightness times shade) steps along the run too, in 1/65536.
                var k = 0, dk = 0
                if darkenOnly && !uniform {
                    func factor(_ c: Double) -> Int { Int(min(max(e.factor(at: colour.offset + colour.slope * c), 0), 1) * 65536) }
                    k = factor(colour.vertical ? vStart : uStart)
                    dk = perStep(factor(colour.vertical ? vEnd : uEnd) - k)
                }
                u += du * into; v += dv * into; k += dk * into
                // Inside the level over the whole run (u and v are linear along it, so its ends decide): no clamping,
                // and the right and lower neighbours are always there.
                let uLast = u + du * (n - 1), vLast = v + dv * (n - 1)
                let inside = min(u, uLast) >= 0 && max(u, uLast) < maxUf && min(v, vLast) >= 0 && max(v, vLast) < maxVf
                for q in i..<(i + n) {
                    if m[q] != 0 {
                        var p: UInt32
                        if inside {
                            let r0 = src + (v >> 16) * srcStride + (u >> 16), r1 = r0 + srcStride
                            p = bilinear(r0[0], r0[1], r1[0], r1[1], UInt32(u >> 8 & 0xFF), UInt32(v >> 8 & 0xFF))
                        } else {
                            let uu = min(max(u, 0), maxUf), vv = min(max(v, 0), maxVf)
                            let x0 = uu >> 16, y0 = vv >> 16
                            let x1 = min(x0 + 1, lw - 1), y1 = min(y0 + 1, lh - 1)
                            let r0 = src + y0 * srcStride, r1 = src + y1 * srcStride
                            p = bilinear(r0[x0], r0[x1], r1[x0], r1[x1], UInt32(uu >> 8 & 0xFF), UInt32(vv >> 8 & 0xFF))
                        }
                        if uniform {
                            if factor < 256 { p = scaled(p, factor) }
                        } else if darkenOnly {
                            p = scaled(p, UInt32(k >> 8))
                        } else if !colour.isIdentity {
                            p = adjust(p, colour, at: Double(colour.vertical ? v : u) / 65536 + 0.5)
                        }
                        row[q] = p
                    }
                    u += du; v += dv; k += dk
                }
            }
        }
    }

    /// `p`'s colour channels times `k` / 256 (k <= 256), alpha kept.
    @inline(__always)
    static func scaled(_ p: UInt32, _ k: UInt32) -> UInt32 {
        // (Shifts bind tighter than multiplications in Swift.)
        let rb = (((p & 0x00FF_00FF) &* k) >> 8) & 0x00FF_00FF
        let g = (((p & 0x0000_FF00) &* k) >> 8) & 0x0000_FF00
        return p & 0xFF00_0000 | rb | g
    }

    /// Bilinear blend of four premultiplied ARGB pixels with weights in 1/256: each channel in a 16-bit lane of a
    /// 64-bit word, so one multiply blends all four (every lane holds at most 255 x 256: none spills into the next).
    @inline(__always)
    static func bilinear(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ wx: UInt32, _ wy: UInt32) -> UInt32 {
        let lanes: UInt64 = 0x00FF_00FF_00FF_00FF
        @inline(__always) func spread(_ p: UInt32) -> UInt64 { let q = UInt64(p); return q & 0x00FF_00FF | (q & 0xFF00_FF00) << 24 }
        let x = UInt64(wx), y = UInt64(wy)
        let top = (spread(a) &* (256 - x) &+ spread(b) &* x) >> 8 & lanes
        let bottom = (spread(c) &* (256 - x) &+ spread(d) &* x) >> 8 & lanes
        let t = (top &* (256 - y) &+ bottom &* y) >> 8 & lanes
        return UInt32(truncatingIfNeeded: t & 0x00FF_00FF | (t >> 24) & 0xFF00_FF00)
    }

    /// `p` with its colour multiplied by the factor at image coordinate `c` and saturated (alpha kept, every
    /// channel within it).
    @inline(__always)
    static func adjust(_ p: UInt32, _ colour: Colour, at c: Double) -> UInt32 {
        let a = p >> 24
        if a == 0 { return p }
        let k = colour.effects.factor(at: colour.offset + colour.slope * c)
        var r = Double(p >> 16 & 0xff), g = Double(p >> 8 & 0xff), b = Double(p & 0xff)
        let s = colour.effects.saturation
        if s != 1 {
            let grey = 0.2126 * r + 0.7152 * g + 0.0722 * b
            r = grey + s * (r - grey); g = grey + s * (g - grey); b = grey + s * (b - grey)
        }
        let limit = Double(a)
        @inline(__always) func ch(_ v: Double) -> UInt32 { UInt32(min(max(v * k, 0), limit)) }
        return a << 24 | ch(r) << 16 | ch(g) << 8 | ch(b)
    }
}
