import CPixman
import CarouselCore
import Foundation

/// Projected drawings in the software compositor (effects from files): a picture turned in 3D and seen through a
/// perspective, through pixman's projective 3x3 transforms.
///
/// One drawing: the outline (a rounded rectangle as a polygon, projected and cut to the clip) is rasterised into an
/// A8 coverage mask with pixman's anti-aliased triangles, times the drawing's opacity; the source is a mip level of
/// the image sampled bilinearly through the inverse of the projection (device pixel -> image pixel), or a colour;
/// colour effects (brightness and shade through a component-alpha gradient with the same transform, saturation and
/// brightening per pixel) go through a scratch buffer the size of the outline's bounding box; blur samples a level
/// whose pixels are about half the blur radius across, so its cost does not grow with the radius. Then the source
/// is composited OVER the target through the mask, within the frame's clip: every pixel depends only on the
/// drawing, never on the clip, so partial frames equal whole ones.
extension Compositor {
    /// What a projected drawing samples.
    enum ProjectedSource {
        /// A mip level, with the transform from device pixels to its pixels.
        case image(PixelBuffer, toImage: Homography)
        case color(pixman_color_t)
    }

    /// Draws `source` inside `outline` (device pixels, a simple polygon in front of the viewer, already cut to the
    /// clip), at `alpha`, with `effects` (`toItem`: device pixels to the item's own rectangle `item`, for the shade's
    /// direction). Returns false when nothing was drawn.
    @discardableResult
    func projected(_ source: ProjectedSource, outline: [Point], alpha: UInt8, effects: ImageEffects, toItem: Homography, item: Rect) -> Bool {
        guard let target, alpha > 0, outline.count >= 3 else { return false }
        let xs = outline.map(\.x), ys = outline.map(\.y)
        let box = PixelRect(covering: Rect(xs.min()!, ys.min()!, xs.max()! - xs.min()!, ys.max()! - ys.min()!)).intersection(clip)
        guard !box.isEmpty else { return false }
        guard let mask = projectedMask(outline, box: box, alpha: alpha) else { return false }
        defer { pixman_image_unref(mask) }

        // The source as pixman samples it: the box's pixel (i, j) reads the image at toImage(box.x + i + 0.5, ...).
        var src: OpaquePointer
        // An image's transform takes coordinates relative to the box (small numbers: see `pixmanTransform`); a
        // colour is the same everywhere.
        var sourceOrigin = (x: Int32(0), y: Int32(0))
        switch source {
        case .color(var c):
            guard let solid = pixman_image_create_solid_fill(&c) else { return false }
            src = solid
            sourceOrigin = (box.x, box.y)
        case .image(let level, let toImage):
            guard let view = pixman_image_create_bits(PIXMAN_a8r8g8b8, level.width, level.height,
                                                      level.pixels.assumingMemoryBound(to: UInt32.self), Int32(level.stride)) else { return false }
            let extent = Double(max(level.width, level.height, 1))
            guard var t = Compositor.pixmanTransform(toImage, box: box, extent: extent) else { pixman_image_unref(view); return false }
            pixman_image_set_transform(view, &t)
            pixman_image_set_filter(view, PIXMAN_FILTER_BILINEAR, nil, 0)
            pixman_image_set_repeat(view, PIXMAN_REPEAT_PAD)
            src = view
        }
        defer { pixman_image_unref(src) }

        if effects.changesColor, let scratch = colorScratch(box) {
            // The source's pixels in a buffer the box's size, darkened on the way through a component-alpha mask
            // (brightness, shade), then saturated or brightened per pixel if asked, then composited.
            let darken = Compositor.darkening(effects, box: box, toItem: toItem, item: item)
            pixman_image_composite32(PIXMAN_OP_SRC, src, darken, scratch.image, sourceOrigin.x, sourceOrigin.y, 0, 0, 0, 0, box.w, box.h)
            if let darken { pixman_image_unref(darken) }
            countOperation()
            if effects.saturation != 1 || effects.brightness > 1 { adjust(scratch, box: box, effects: effects) }
            pixman_image_composite32(PIXMAN_OP_OVER, scratch.image, mask, target, 0, 0, 0, 0, box.x, box.y, box.w, box.h)
        } else {
            pixman_image_composite32(PIXMAN_OP_OVER, src, mask, target, sourceOrigin.x, sourceOrigin.y, 0, 0, box.x, box.y, box.w, box.h)
        }
        countOperation()
        return true
    }

    /// The outline's coverage over `box` as an A8 image (pixman's anti-aliased triangles, a fan from the first
    /// point), times `alpha`; the caller unrefs it.
    private func projectedMask(_ outline: [Point], box: PixelRect, alpha: UInt8) -> OpaquePointer? {
        let stride = (Int(box.w) + 3) & ~3
        let bytes = stride * Int(box.h)
        let memory = ProjectedScratch.shared.maskMemory(bytes)
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
        guard let mask = pixman_image_create_bits(PIXMAN_a8, box.w, box.h, memory.assumingMemoryBound(to: UInt32.self), Int32(stride)) else { return nil }
        func fixed(_ p: Point) -> pixman_point_fixed_t {
            pixman_point_fixed_t(x: carousel_pixman_fixed(p.x - Double(box.x)), y: carousel_pixman_fixed(p.y - Double(box.y)))
        }
        var triangles: [pixman_triangle_t] = []
        triangles.reserveCapacity(outline.count - 2)
        let a = fixed(outline[0])
        for k in 1..<(outline.count - 1) {
            triangles.append(pixman_triangle_t(p1: a, p2: fixed(outline[k]), p3: fixed(outline[k + 1])))
        }
        pixman_add_triangles(mask, 0, 0, Int32(triangles.count), &triangles)
        countOperation()
        if alpha < 255 {
            // The coverage times the drawing's alpha: IN a solid alpha.
            var c = pixman_color_t(red: 0, green: 0, blue: 0, alpha: UInt16(alpha) * 257)
            if let solid = pixman_image_create_solid_fill(&c) {
                pixman_image_composite32(PIXMAN_OP_IN, solid, nil, mask, 0, 0, 0, 0, 0, 0, box.w, box.h)
                pixman_image_unref(solid)
                countOperation()
            }
        }
        return mask
    }

    /// A premultiplied buffer of `box`'s size for colour effects, reused between drawings.
    private func colorScratch(_ box: PixelRect) -> PixelBuffer? {
        ProjectedScratch.shared.colorBuffer(width: box.w, height: box.h)
    }

    /// A component-alpha mask that multiplies each colour channel by the effects' brightness (at most 1) and shade
    /// at each pixel (a linear gradient across the item, sampled through the same projection as the picture), its
    /// alpha by 1; nil when nothing darkens. The caller unrefs it.
    static func darkening(_ effects: ImageEffects, box: PixelRect, toItem: Homography, item: Rect) -> OpaquePointer? {
        let brightness = min(effects.brightness, 1)
        func gray(_ k: Double) -> pixman_color_t {
            let v = UInt16((min(max(k, 0), 1) * 65535).rounded())
            return pixman_color_t(red: v, green: v, blue: v, alpha: 65535)
        }
        let image: OpaquePointer?
        if effects.shadeLeading <= 0 && effects.shadeTrailing <= 0 {
            guard brightness < 1 else { return nil }
            var c = gray(brightness)
            image = pixman_image_create_solid_fill(&c)
        } else {
            // The two shades stacked are a product of lines: nine stops follow it closely (exactly when one is 0).
            var effectsAtOne = effects
            effectsAtOne.brightness = brightness
            var stops = (0...8).map { i -> pixman_gradient_stop_t in
                let f = Double(i) / 8
                return pixman_gradient_stop_t(x: carousel_pixman_fixed(f), color: gray(effectsAtOne.factor(at: f)))
            }
            var p1 = pixman_point_fixed_t(x: carousel_pixman_fixed(item.minX), y: carousel_pixman_fixed(item.minY))
            var p2 = effects.shadeVertical ? pixman_point_fixed_t(x: carousel_pixman_fixed(item.minX), y: carousel_pixman_fixed(item.maxY))
                : pixman_point_fixed_t(x: carousel_pixman_fixed(item.maxX), y: carousel_pixman_fixed(item.minY))
            guard let g = pixman_image_create_linear_gradient(&p1, &p2, &stops, Int32(stops.count)) else { return nil }
            guard var t = pixmanTransform(toItem, box: box, extent: max(abs(item.maxX), abs(item.maxY), 1)) else { pixman_image_unref(g); return nil }
            pixman_image_set_transform(g, &t)
            pixman_image_set_repeat(g, PIXMAN_REPEAT_PAD)
            image = g
        }
        if let image { pixman_image_set_component_alpha(image, 1) }
        return image
    }

    /// Moves the scratch's colours towards or away from grey by the saturation (CSS's `saturate()` matrix with
    /// luminance weights) and multiplies them by a brightness above 1, keeping every channel within its alpha.
    private func adjust(_ b: PixelBuffer, box: PixelRect, effects: ImageEffects) {
        let s = effects.saturation, k = max(effects.brightness, 1)
        for y in 0..<Int(box.h) {
            let row = b.row(y)
            for x in 0..<Int(box.w) {
                let v = row[x]
                let a = v >> 24
                if a == 0 { continue }
                var r = Double(v >> 16 & 0xff), g = Double(v >> 8 & 0xff), bl = Double(v & 0xff)
                let grey = 0.2126 * r + 0.7152 * g + 0.0722 * bl
                r = grey + s * (r - grey); g = grey + s * (g - grey); bl = grey + s * (bl - grey)
                let limit = Double(a)
                func ch(_ c: Double) -> UInt32 { UInt32(min(max(c * k, 0), limit).rounded()) }
                row[x] = a << 24 | ch(r) << 16 | ch(g) << 8 | ch(bl)
            }
        }
    }

    /// `h` (device pixels to image pixels, at most `extent` across) as pixman's 16.16 fixed-point 3x3 transform of
    /// coordinates relative to `box`'s top-left. pixman's projective fetch divides X by W after shifting X left by 16
    /// bits, so X = u W must stay within ±32768 texels: the matrix is scaled so W is 16000 / `extent` at the box's
    /// centre (as large as that allows: the small perspective terms keep their precision). Nil when it is not
    /// finite, or W is not positive across the box.
    static func pixmanTransform(_ h: Homography, box: PixelRect, extent: Double) -> pixman_transform? {
        let shifted = h * Homography(1, 0, Double(box.x), 0, 1, Double(box.y), 0, 0, 1)
        let corners = [(0.0, 0.0), (Double(box.w), 0), (0, Double(box.h)), (Double(box.w), Double(box.h))]
        let ws = corners.map { shifted.m20 * $0.0 + shifted.m21 * $0.1 + shifted.m22 }
        guard ws.allSatisfy({ $0 > 0 && $0.isFinite }) else { return nil }
        let centre = shifted.m20 * Double(box.w) / 2 + shifted.m21 * Double(box.h) / 2 + shifted.m22
        let k = 16000 / max(extent, 1) / centre
        let m = [shifted.m00, shifted.m01, shifted.m02, shifted.m10, shifted.m11, shifted.m12, shifted.m20, shifted.m21, shifted.m22].map { $0 * k }
        guard m.allSatisfy({ $0.isFinite && abs($0) < 32767 }) else { return nil }
        let f = m.map { carousel_pixman_fixed($0) }
        return pixman_transform(matrix: ((f[0], f[1], f[2]), (f[3], f[4], f[5]), (f[6], f[7], f[8])))
    }
}

/// Memory the projected drawings reuse from drawing to drawing: the coverage mask and the colour scratch.
@MainActor
final class ProjectedScratch {
    static let shared = ProjectedScratch()
    private var mask: UnsafeMutableRawPointer?
    private var maskBytes = 0
    private var color: PixelBuffer?

    /// At least `bytes` of memory for a mask (valid until the next call).
    func maskMemory(_ bytes: Int) -> UnsafeMutableRawPointer {
        if bytes > maskBytes || mask == nil {
            mask?.deallocate()
            maskBytes = max(bytes, 2 * maskBytes, 4096)
            mask = UnsafeMutableRawPointer.allocate(byteCount: maskBytes, alignment: 16)
        }
        return mask!
    }

    /// A `width` x `height` premultiplied buffer (its pixels undefined), reusing the last one's memory when it fits.
    func colorBuffer(width: Int32, height: Int32) -> PixelBuffer? {
        if let c = color, c.reshape(width: width, height: height) { c.opaque = false; return c }
        color = PixelBuffer(width: width, height: height, opaque: false, capacity: Int(width) * Int(height) * 4 * 2)
        return color
    }
}
