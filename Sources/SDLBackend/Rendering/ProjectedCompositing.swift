import CPixman
import CarouselCore
import Foundation

/// Projected drawings in the software compositor (effects from files): a picture turned in 3D and seen through a
/// perspective, through pixman's projective 3x3 transforms.
///
/// One drawing: the outline (a rounded rectangle as a polygon, projected and cut to the clip) becomes an A8 coverage
/// mask (`ConvexCoverage`), times the drawing's opacity; the source is a mip level of the image read bilinearly
/// through the inverse of the projection (device pixel -> image pixel): by pixman's affine path when the map is
/// affine and no colour changes, else by `ProjectedSampler` into a scratch buffer the size of the outline's
/// bounding box, with brightness, shade and saturation applied on the way; blur samples a level whose pixels are
/// 2.4 blur radii across (a bilinear tent as wide as a Gaussian of that radius), so its cost does not grow with it. Then the source is composited OVER
/// the target through the mask, within the frame's clip: every pixel depends only on the drawing, never on the
/// clip, so partial frames equal whole ones.
extension Compositor {
    /// What a projected drawing samples.
    enum ProjectedSource {
        /// A picture (a mip level, or a colour as one pixel), with the transform from device pixels to its pixels.
        case image(PixelBuffer, toImage: Homography)
        /// A colour with no colour effects.
        case color(pixman_color_t)
    }

    /// Draws `source` inside `outline` (device pixels, a convex polygon in front of the viewer, already cut to the
    /// clip), at `alpha`, its colours changed by `colour`. Returns false when nothing was drawn.
    @discardableResult
    func projected(_ source: ProjectedSource, outline: [Point], alpha: UInt8, colour: ProjectedSampler.Colour, occluder: [Point]? = nil) -> Bool {
        guard let target, alpha > 0, outline.count >= 3 else { return false }
        let xs = outline.map(\.x), ys = outline.map(\.y)
        // `full`: the whole drawing, which fixes every transform and so every pixel; `box`: the part inside the
        // frame's clip, drawn (a partial frame draws exactly the pixels of a whole one).
        let full = PixelRect(covering: Rect(xs.min()!, ys.min()!, xs.max()! - xs.min()!, ys.max()! - ys.min()!))
        let box = full.intersection(clip)
        guard !box.isEmpty else { return false }
        let inFull = (x: box.x - full.x, y: box.y - full.y)
        guard let (mask, maskBytes, maskStride) = projectedMask(outline, box: box) else { return false }
        // What an opaque drawing above will cover is left out (the sampler then skips it).
        if let occluder {
            ConvexCoverage.clear(inside: occluder.map { Point($0.x - Double(box.x), $0.y - Double(box.y)) }, mask: UnsafeMutablePointer(mutating: maskBytes),
                                 width: Int(box.w), height: Int(box.h), stride: maskStride)
        }
        defer { pixman_image_unref(mask) }
        switch source {
        case .color(var c):
            guard let solid = pixman_image_create_solid_fill(&c) else { return false }
            applyAlpha(alpha, to: mask, box: box)
            pixman_image_composite32(PIXMAN_OP_OVER, solid, mask, target, 0, 0, 0, 0, box.x, box.y, box.w, box.h)
            pixman_image_unref(solid)
        case .image(let level, let toImage):
            let e = colour.effects
            // A uniform darkening of an opaque drawing: black over it through the same coverage (exact inside; on the
            // anti-aliased edge the background behind it darkens by at most a quarter of the darkening).
            let darkening = e.saturation == 1 && e.shadeLeading <= 0 && e.shadeTrailing <= 0 && e.brightness < 1
                && alpha == 255 && level.opaque
            // pixman's bilinear fast paths take a map that only scales and moves (a picture turned in the screen's
            // plane falls to its general path, about twice the sampler's cost a pixel).
            let scalesOnly = toImage.isAffine() && toImage.m00 / toImage.m22 > 0 && abs(toImage.m01) <= 1e-9 * abs(toImage.m00) && abs(toImage.m10) <= 1e-9 * abs(toImage.m11)
            if occluder == nil, colour.isIdentity || darkening, scalesOnly, let view = affineView(level, toImage: toImage, full: full) {
                // pixman's scaled bilinear path: as fast as it gets.
                applyAlpha(alpha, to: mask, box: box)
                pixman_image_composite32(PIXMAN_OP_OVER, view, mask, target, inFull.x, inFull.y, 0, 0, box.x, box.y, box.w, box.h)
                pixman_image_unref(view)
                if darkening {
                    var black = pixman_color_t(red: 0, green: 0, blue: 0, alpha: UInt16((min(max(1 - e.brightness, 0), 1) * 65535).rounded()))
                    if let shade = pixman_image_create_solid_fill(&black) {
                        pixman_image_composite32(PIXMAN_OP_OVER, shade, mask, target, 0, 0, 0, 0, box.x, box.y, box.w, box.h)
                        pixman_image_unref(shade)
                        countOperation()
                    }
                }
            } else {
                // Projective, or colours to change: sampled here into a scratch buffer, then composited.
                guard let scratch = ProjectedScratch.shared.colorBuffer(width: box.w, height: box.h) else { return false }
                ProjectedSampler.sample(level, toImage: toImage, box: box, full: full, mask: maskBytes, maskStride: maskStride, colour: colour, into: scratch)
                applyAlpha(alpha, to: mask, box: box)
                pixman_image_composite32(PIXMAN_OP_OVER, scratch.image, mask, target, 0, 0, 0, 0, box.x, box.y, box.w, box.h)
            }
        }
        countOperation()
        return true
    }

    /// The outline's coverage over `box` as an A8 image (`ConvexCoverage`), with its bytes and stride; the caller
    /// unrefs it.
    private func projectedMask(_ outline: [Point], box: PixelRect) -> (OpaquePointer, UnsafePointer<UInt8>, Int)? {
        let stride = (Int(box.w) + 3) & ~3
        let memory = ProjectedScratch.shared.maskMemory(stride * Int(box.h))
        guard let mask = pixman_image_create_bits(PIXMAN_a8, box.w, box.h, memory.assumingMemoryBound(to: UInt32.self), Int32(stride)) else { return nil }
        let relative = outline.map { Point($0.x - Double(box.x), $0.y - Double(box.y)) }
        let bytes = memory.assumingMemoryBound(to: UInt8.self)
        ConvexCoverage.fill(relative, into: bytes, width: Int(box.w), height: Int(box.h), stride: stride)
        return (mask, UnsafePointer(bytes), stride)
    }

    /// The coverage times the drawing's alpha: IN a solid alpha.
    private func applyAlpha(_ alpha: UInt8, to mask: OpaquePointer, box: PixelRect) {
        guard alpha < 255 else { return }
        var c = pixman_color_t(red: 0, green: 0, blue: 0, alpha: UInt16(alpha) * 257)
        guard let solid = pixman_image_create_solid_fill(&c) else { return }
        pixman_image_composite32(PIXMAN_OP_IN, solid, nil, mask, 0, 0, 0, 0, 0, 0, box.w, box.h)
        pixman_image_unref(solid)
        countOperation()
    }

    /// A pixman view of `level` with the affine `toImage` as its transform (coordinates relative to `full`'s
    /// top-left), filtered bilinearly, its edge pixels repeated; nil when the transform does not fit pixman's fixed
    /// point. The caller unrefs it.
    private func affineView(_ level: PixelBuffer, toImage: Homography, full: PixelRect) -> OpaquePointer? {
        let shifted = toImage * Homography(1, 0, Double(full.x), 0, 1, Double(full.y), 0, 0, 1)
        guard let a = shifted.affine else { return nil }
        let m = [a.a, a.c, a.tx, a.b, a.d, a.ty]
        guard m.allSatisfy({ $0.isFinite && abs($0) < 32767 }) else { return nil }
        let f = m.map { carousel_pixman_fixed($0) }
        var t = pixman_transform(matrix: ((f[0], f[1], f[2]), (f[3], f[4], f[5]), (0, 0, 65536)))
        guard let view = pixman_image_create_bits(PIXMAN_a8r8g8b8, level.width, level.height,
                                                  level.pixels.assumingMemoryBound(to: UInt32.self), Int32(level.stride)) else { return nil }
        pixman_image_set_transform(view, &t)
        pixman_image_set_filter(view, PIXMAN_FILTER_BILINEAR, nil, 0)
        pixman_image_set_repeat(view, PIXMAN_REPEAT_PAD)
        return view
    }
}

/// Memory the projected drawings reuse from drawing to drawing: the coverage mask and the colour scratch.
@MainActor
final class ProjectedScratch {
    static let shared = ProjectedScratch()
    private var mask: UnsafeMutableRawPointer?
    private var maskBytes = 0
    private var color: PixelBuffer?
    private var onePixel: PixelBuffer?

    /// At least `bytes` of memory for a mask (valid until the next call).
    func maskMemory(_ bytes: Int) -> UnsafeMutableRawPointer {
        if bytes > maskBytes || mask == nil {
            mask?.deallocate()
            maskBytes = max(bytes, 2 * maskBytes, 4096)
            mask = UnsafeMutableRawPointer.allocate(byteCount: maskBytes, alignment: 16)
        }
        return mask!
    }

    /// A one-pixel picture of premultiplied `color` (a colour drawn with colour effects), kept for the next call.
    func pixel(_ color: pixman_color_t) -> PixelBuffer? {
        if onePixel == nil { onePixel = PixelBuffer(width: 1, height: 1, opaque: false) }
        guard let b = onePixel else { return nil }
        b.row(0)[0] = UInt32(color.alpha >> 8) << 24 | UInt32(color.red >> 8) << 16 | UInt32(color.green >> 8) << 8 | UInt32(color.blue >> 8)
        return b
    }
    /// A `width` x `height` premultiplied buffer (its pixels undefined), reusing the last one's memory when it fits.
    func colorBuffer(width: Int32, height: Int32) -> PixelBuffer? {
        if let c = color, c.reshape(width: width, height: height) { c.opaque = false; return c }
        color = PixelBuffer(width: width, height: height, opaque: false, capacity: Int(width) * Int(height) * 4 * 2)
        return color
    }
}
