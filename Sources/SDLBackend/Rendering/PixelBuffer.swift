import CPixelKernels
import CPixman
import CSDL2
import Foundation

/// Premultiplied ARGB pixels (pixman's `a8r8g8b8`: ARGB8888 words, alpha in the top byte, colour already multiplied
/// by it) wrapped as a pixman image: what the compositor draws from. Images (every level of a `MipChain`), their
/// layers at drawn size (`ImageLayers`), text and gradients are held in these.
///
/// The memory is either allocated here (from `PixelMemoryPool`, and can then be reshaped to another size that fits, so an animating layer
/// reuses its memory frame after frame instead of faulting in fresh pages) or adopted from a decoded `SDL_Surface`
/// (freed with the buffer). A buffer is made on one thread and handed to another whole (a decoding thread to the
/// main thread), never used by two at once: hence `@unchecked Sendable`.
final class PixelBuffer: @unchecked Sendable {
    /// Size in pixels.
    private(set) var width: Int32
    private(set) var height: Int32
    /// Bytes per row.
    private(set) var stride: Int
    /// The first pixel.
    let pixels: UnsafeMutableRawPointer
    /// Bytes the buffer may use (at least `stride * height`): what it asked for, and what the image store counts.
    let capacity: Int
    /// Bytes of the block the pool lent (at least `capacity`), given back whole.
    private let blockBytes: Int
    /// The pixman image over `pixels`.
    private(set) var image: OpaquePointer
    /// For an opaque buffer: the same pixels as `x8r8g8b8` (alpha ignored), which pixman blends at an opacity a third
    /// faster than `a8r8g8b8` (it need not read each pixel's alpha); made on first use.
    var opaqueView: OpaquePointer {
        if let v = opaqueViewStorage { return v }
        let v = pixman_image_create_bits(PIXMAN_x8r8g8b8, width, height, pixels.assumingMemoryBound(to: UInt32.self), Int32(stride)) ?? image
        opaqueViewStorage = v
        return v
    }
    private var opaqueViewStorage: OpaquePointer?
    /// Whether every pixel has alpha 255 (it may then be copied instead of blended).
    var opaque: Bool
    /// The surface whose pixels these are, freed with the buffer; nil when the memory is allocated here.
    private let surface: UnsafeMutablePointer<SDL_Surface>?

    /// Pixel memory in bytes.
    var bytes: Int { capacity }

    /// A new `width` x `height` buffer with undefined pixels (the caller writes every one), with room for
    /// `capacity` bytes when more (to be reshaped larger later). Nil for an empty size.
    init?(width: Int32, height: Int32, opaque: Bool, capacity: Int = 0) {
        guard width > 0, height > 0, width <= 16384, height <= 16384 else { return nil }
        self.width = width; self.height = height; self.opaque = opaque
        stride = Int(width) * 4
        self.capacity = max(capacity, stride * Int(height))
        (pixels, blockBytes) = PixelMemoryPool.shared.take(self.capacity)
        surface = nil
        guard let made = PixelBuffer.makeImage(pixels, width, height, stride) else {
            PixelMemoryPool.shared.give(pixels, bytes: blockBytes)
            return nil
        }
        image = made
    }

    /// Adopts a decoded ARGB8888 surface (straight alpha), premultiplying it in place unless it is `opaque`. The
    /// buffer frees the surface. Nil (the surface freed) when it is not ARGB8888.
    init?(adopting s: UnsafeMutablePointer<SDL_Surface>, opaque: Bool) {
        guard s.pointee.format.pointee.format == SDL_PIXELFORMAT_ARGB8888.rawValue, let p = s.pointee.pixels,
              s.pointee.w > 0, s.pointee.h > 0,
              let made = PixelBuffer.makeImage(p, s.pointee.w, s.pointee.h, Int(s.pointee.pitch)) else {
            SDL_FreeSurface(s)
            return nil
        }
        width = s.pointee.w; height = s.pointee.h; stride = Int(s.pointee.pitch)
        pixels = p
        capacity = stride * Int(height)
        blockBytes = capacity
        surface = s
        image = made
        self.opaque = opaque
        if !opaque { PixelBuffer.premultiply(p, width: Int(width), height: Int(height), stride: stride) }
    }

    deinit {
        if let v = opaqueViewStorage, v != image { pixman_image_unref(v) }
        pixman_image_unref(image)
        if let surface { SDL_FreeSurface(surface) } else { PixelMemoryPool.shared.give(pixels, bytes: blockBytes) }
    }

    private static func makeImage(_ p: UnsafeMutableRawPointer, _ w: Int32, _ h: Int32, _ stride: Int) -> OpaquePointer? {
        pixman_image_create_bits(PIXMAN_a8r8g8b8, w, h, p.assumingMemoryBound(to: UInt32.self), Int32(stride))
    }

    /// Makes the buffer `width` x `height` in the memory it has; false (unchanged) when that does not fit.
    func reshape(width w: Int32, height h: Int32) -> Bool {
        guard surface == nil, w > 0, h > 0, Int(w) * 4 * Int(h) <= capacity else { return false }
        if (w, h) == (width, height) { return true }
        guard let made = PixelBuffer.makeImage(pixels, w, h, Int(w) * 4) else { return false }
        if let v = opaqueViewStorage, v != image { pixman_image_unref(v) }
        opaqueViewStorage = nil
        pixman_image_unref(image)
        image = made
        width = w; height = h; stride = Int(w) * 4
        return true
    }

    /// Row `y`'s pixels.
    func row(_ y: Int) -> UnsafeMutablePointer<UInt32> { (pixels + y * stride).assumingMemoryBound(to: UInt32.self) }

    // MARK: Making pixels

    /// Multiplies each pixel's colour by its alpha (ARGB8888 words), rounding to nearest.
    static func premultiply(_ p: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int) {
        for y in 0..<height {
            let row = (p + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let v = row[x], a = v >> 24
                if a == 255 { continue }
                if a == 0 { row[x] = 0; continue }
                func mul(_ c: UInt32) -> UInt32 { let t = c * a + 128; return (t + (t >> 8)) >> 8 }
                row[x] = a << 24 | mul(v >> 16 & 0xff) << 16 | mul(v >> 8 & 0xff) << 8 | mul(v & 0xff)
            }
        }
    }

    /// A copy of half the size (rounded down, at least 1x1), each pixel the mean of a 2x2 block: the next mip
    /// level. Averaging premultiplied pixels weighs each by its alpha, as filtering should.
    func halved() -> PixelBuffer? {
        let w = max(Int32(1), width / 2), h = max(Int32(1), height / 2)
        guard width >= 2, height >= 2, let out = PixelBuffer(width: w, height: h, opaque: opaque) else { return nil }
        BoxFilter.halve(from: pixels, stride: stride, into: out.pixels, stride: out.stride, width: Int(w), height: Int(h))
        return out
    }

    /// Writes `region` of this image stretched over all of `out` (its size): with bilinear filtering when `smooth`
    /// (edges clamped, so a border pixel is never blended with nothing), else the nearest pixel. Each pixel depends
    /// only on the two sizes and the filter, so a layer made in parts equals one made whole. Used from a mip level at
    /// most twice the size asked for, so the filter never skips source pixels.
    func scale(into out: PixelBuffer, region: PixelRect, smooth: Bool = true) {
        let r = region.intersection(PixelRect(x: 0, y: 0, w: out.width, h: out.height))
        guard !r.isEmpty else { return }
        guard smooth else { scaleNearest(into: out, region: r); return }
        var t = pixman_transform()
        pixman_transform_init_scale(&t, carousel_pixman_fixed(Double(width) / Double(out.width)), carousel_pixman_fixed(Double(height) / Double(out.height)))
        pixman_image_set_transform(image, &t)
        pixman_image_set_filter(image, smooth ? PIXMAN_FILTER_BILINEAR : PIXMAN_FILTER_NEAREST, nil, 0)
        pixman_image_set_repeat(image, PIXMAN_REPEAT_PAD)
        pixman_image_composite32(PIXMAN_OP_SRC, image, nil, out.image, r.x, r.y, 0, 0, r.x, r.y, r.w, r.h)
        pixman_image_set_transform(image, nil)
        pixman_image_set_filter(image, PIXMAN_FILTER_NEAREST, nil, 0)
        pixman_image_set_repeat(image, PIXMAN_REPEAT_NONE)
    }
}

extension PixelBuffer {
    /// Writes `r` of this image stretched over `out`, each pixel the source pixel under its centre: a row of
    /// precomputed source columns gathered per row (half the instructions pixman's nearest path takes).
    /// With `vectorized` (AVX2), eight or sixteen pixels at a time by gathers (`carousel_gather_rows`; the same pixels).
    func scaleNearest(into out: PixelBuffer, region r: PixelRect, vectorized: Bool = Compositor.hasAVX2) {
        let columns = nearest(count: r.w, from: r.x, of: out.width, along: width)
        let rows = nearest(count: r.h, from: r.y, of: out.height, along: height)
        columns.withUnsafeBufferPointer { xs in
            rows.withUnsafeBufferPointer { ys in
                if vectorized {
                    carousel_gather_rows(out.row(Int(r.y)) + Int(r.x), out.stride / 4, row(0), stride / 4,
                                         xs.baseAddress, ys.baseAddress, r.w, r.h)
                    return
                }
                for (k, sourceRow) in ys.enumerated() {
                    let source = row(Int(sourceRow)), target = out.row(Int(r.y) + k) + Int(r.x)
                    for i in 0..<xs.count { target[i] = source[Int(xs[i])] }
                }
            }
        }
    }
}

extension PixelBuffer {
    /// For `count` pixels from `start` of a side `size` long, stretched from this image's side `side` long (its width
    /// or height): the source pixel under each one's centre (nearest-pixel scaling's columns or rows).
    func nearest(count: Int32, from start: Int32, of size: Int32, along side: Int32) -> [Int32] {
        let k = Double(side) / Double(size)
        return [Int32](unsafeUninitializedCapacity: Int(max(count, 0))) { buffer, n in
            for i in 0..<Int(max(count, 0)) { buffer[i] = Int32(min(Int((Double(Int(start) + i) + 0.5) * k), Int(side) - 1)) }
            n = Int(max(count, 0))
        }
    }
}

/// The 2x2 box filter of mip levels and of the decoder's large reductions (on ARGB8888 words: the four channels are
/// averaged two at a time inside one 32-bit word).
enum BoxFilter {
    /// Writes `width` x `height` pixels into `dst`, each the mean of the 2x2 block of `src` under it (rounded).
    static func halve(from src: UnsafeRawPointer, stride sPitch: Int, into dst: UnsafeMutableRawPointer, stride dPitch: Int, width w: Int, height h: Int) {
        let mask: UInt32 = 0x00ff_00ff
        for y in 0..<h {
            let row0 = (src + 2 * y * sPitch).assumingMemoryBound(to: UInt32.self)
            let row1 = (src + (2 * y + 1) * sPitch).assumingMemoryBound(to: UInt32.self)
            let out = (dst + y * dPitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w {
                let a = row0[2 * x], b = row0[2 * x + 1], c = row1[2 * x], d = row1[2 * x + 1]
                let lo = ((a & mask) &+ (b & mask) &+ (c & mask) &+ (d & mask) &+ 0x0002_0002) >> 2
                let hi = (((a >> 8) & mask) &+ ((b >> 8) & mask) &+ ((c >> 8) & mask) &+ ((d >> 8) & mask) &+ 0x0002_0002) >> 2
                out[x] = (lo & mask) | ((hi & mask) << 8)
            }
        }
    }
}

/// An image's mip levels: the decoded pixels, premultiplied, and halved copies, each made the first time a layer
/// needs it (issue 41: expand at 1x draws every image from its decoded size and never needs a smaller level, which
/// was a third more memory per image, made on the decoding threads while the first frame waited for them). A layer
/// at a given size is scaled from the smallest level at least that large, so bilinear filtering never reduces by
/// more than 2x (no aliasing) and reads as few pixels as it can.
final class MipChain: @unchecked Sendable {
    /// Level 0 is the decoded image; each next level half the size.
    private(set) var levels: [PixelBuffer]
    /// Levels stop when a side would fall below this many pixels.
    static let minimumSide: Int32 = 16

    init(levels: [PixelBuffer]) { self.levels = levels }

    /// The chain for a decoded ARGB8888 surface (adopted: freed with the chain). Its smaller levels come when a
    /// layer needs them (`levels` is what the image is decoded for, a budget or its natural size: either way they
    /// wait). Nil when it cannot be made.
    static func make(adopting surface: UnsafeMutablePointer<SDL_Surface>, opaque: Bool, levels: Bool = true) -> MipChain? {
        guard let base = PixelBuffer(adopting: surface, opaque: opaque) else { return nil }
        return MipChain(levels: [base])
    }

    /// The decoded image.
    var base: PixelBuffer { levels[0] }
    /// Pixel memory of every level, in bytes.
    var bytes: Int { levels.reduce(0) { $0 + $1.bytes } }

    /// The level to scale to `width` x `height` from: the smallest one at least that large on both sides (the
    /// decoded image when even it is smaller: enlarging). Makes the levels down to it first if they were not made.
    func level(for width: Int32, _ height: Int32) -> PixelBuffer {
        while let last = levels.last, last.width / 2 >= max(width, MipChain.minimumSide), last.height / 2 >= max(height, MipChain.minimumSide),
              let next = last.halved() {
            levels.append(next)
        }
        var chosen = levels[0]
        for l in levels.dropFirst() where l.width >= width && l.height >= height { chosen = l }
        return chosen
    }
}
