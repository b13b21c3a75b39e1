import CPixelKernels
import CPixman
import CSDL2
import CarouselCore

/// The software renderer's drawing (issue 31): composites premultiplied pixels into the target surface with pixman
/// (what X.org and cairo composite with; SSE2 fast paths for copies, solid and masked blending), in device pixels.
///
/// Every drawing is a rounded rectangle's coverage (`CoverageBands`: the interior copied or filled whole, the thin
/// border through cached A8 masks) times a source: a colour, an image layer at its drawn size (`ImageLayers`),
/// text, or a gradient. Nothing is scaled here: layers come scaled, so moving or cropped content is a plain copy.
/// Every drawing is clipped to `clip` (a partial frame's region, intersected with a text or shadow clip), and each
/// pixel's value depends only on the drawings, never on the clip, so a frame drawn region by region equals the
/// frame drawn whole.
@MainActor
final class Compositor {
    /// Counters for the statistics (the frame's and the total).
    struct Counts: Equatable, Sendable {
        /// pixman composites and fills.
        var operations = 0
    }

    /// The surface drawn into, and its pixman image.
    private var surface: UnsafeMutablePointer<SDL_Surface>?
    private(set) var target: OpaquePointer?
    /// Whether the target's pixels are 32-bit ARGB or XRGB words (`pixman_fill` then fills them directly).
    private var targetIs32 = false
    /// The target's size in pixels.
    private(set) var width: Int32 = 0, height: Int32 = 0
    /// Where drawing may touch: the target, or the region being redrawn; narrowed by `withClip`.
    private(set) var clip = PixelRect(x: 0, y: 0, w: 0, h: 0)
    private var frameClip = PixelRect(x: 0, y: 0, w: 0, h: 0)
    /// The regions being redrawn (the target whole for a whole frame): pixman clips to them through the target's
    /// clip region; drawing done here (`blendOpaque`) clips to each.
    private var regionParts: [PixelRect] = []
    /// Coverage bands by shape.
    let coverage = CoverageCache()
    /// Gradients at their drawn size (a few, the last drawn).
    private var gradients: [(key: GradientKey, buffer: PixelBuffer)] = []
    private(set) var counts = Counts()

    /// Points the compositor at `surface` (a window's surface or a canvas), whose pixels it draws into until the next
    /// call. False when the surface's pixel format is not one pixman draws into.
    @discardableResult
    func setTarget(_ s: UnsafeMutablePointer<SDL_Surface>) -> Bool {
        guard s != surface || target == nil || s.pointee.w != width || s.pointee.h != height else { return true }
        if let target { pixman_image_unref(target) }
        target = nil
        surface = s
        guard let format = Compositor.pixmanFormat(s.pointee.format.pointee.format), let p = s.pointee.pixels else { return false }
        target = pixman_image_create_bits(format, s.pointee.w, s.pointee.h, p.assumingMemoryBound(to: UInt32.self), s.pointee.pitch)
        targetIs32 = s.pointee.format.pointee.BytesPerPixel == 4
        width = s.pointee.w; height = s.pointee.h
        frameClip = PixelRect(x: 0, y: 0, w: width, h: height)
        clip = frameClip
        return target != nil
    }

    /// The pixman format of an SDL surface format, for the formats a window or canvas has here.
    static func pixmanFormat(_ f: UInt32) -> pixman_format_code_t? {
        switch f {
        case SDL_PIXELFORMAT_ARGB8888.rawValue: PIXMAN_a8r8g8b8
        case SDL_PIXELFORMAT_RGB888.rawValue: PIXMAN_x8r8g8b8
        case SDL_PIXELFORMAT_ABGR8888.rawValue: PIXMAN_a8b8g8r8
        case SDL_PIXELFORMAT_BGR888.rawValue: PIXMAN_x8b8g8r8
        case SDL_PIXELFORMAT_RGB565.rawValue: PIXMAN_r5g6b5
        default: nil
        }
    }

    /// Whether there is a target to draw into.
    var hasTarget: Bool { target != nil }

    isolated deinit {
        if let target { pixman_image_unref(target) }
        scratch?.deallocate()
    }

    // MARK: Frame and clip

    /// Starts a frame, or a partial frame's pass: drawing is clipped to `regions`, or the whole target. Several
    /// regions are a clip region of the target image (pixman clips every composite and fill to it); `clip` is their
    /// span, for culling.
    func begin(regions: [PixelRect]?) {
        let whole = PixelRect(x: 0, y: 0, w: width, h: height)
        let parts = (regions ?? [whole]).map { $0.intersection(whole) }.filter { !$0.isEmpty }
        let x0 = parts.map(\.x).min() ?? 0, y0 = parts.map(\.y).min() ?? 0
        frameClip = PixelRect(x: x0, y: y0, w: (parts.map(\.maxX).max() ?? 0) - x0, h: (parts.map(\.maxY).max() ?? 0) - y0)
        clip = frameClip
        regionParts = parts
        guard let target else { return }
        if parts.count > 1 {
            var boxes = parts.map { pixman_box32_t(x1: $0.x, y1: $0.y, x2: $0.maxX, y2: $0.maxY) }
            var region = pixman_region32_t()
            pixman_region32_init_rects(&region, &boxes, Int32(boxes.count))
            pixman_image_set_clip_region32(target, &region)
            pixman_region32_fini(&region)
        } else {
            pixman_image_set_clip_region32(target, nil)
        }
    }

    /// Resets the frame's counters.
    func resetCounts() { counts = Counts() }

    /// Counts one pixman operation made outside this file (projected drawings).
    func countOperation() { counts.operations += 1 }

    /// Runs `body` with drawing also clipped to `rect` (rounded out to whole pixels).
    func withClip(_ rect: Rect?, _ body: () -> Void) {
        guard let rect else { body(); return }
        let saved = clip
        clip = clip.intersection(PixelRect(covering: rect))
        if !clip.isEmpty { body() }
        clip = saved
    }

    // MARK: Drawing

    /// Fills `rect` (whole pixels) with an opaque or translucent colour, replacing what is there (`SRC`): the frame's
    /// clear.
    func clear(_ rect: PixelRect, color: SDL_Color) {
        let r = rect.intersection(clip)
        guard !r.isEmpty, let target else { return }
        var c = Compositor.pixmanColor(color)
        var box = pixman_rectangle16_t(x: Int16(clamping: r.x), y: Int16(clamping: r.y), width: UInt16(clamping: r.w), height: UInt16(clamping: r.h))
        pixman_image_fill_rectangles(PIXMAN_OP_SRC, target, &c, 1, &box)
        counts.operations += 1
    }

    /// Moves the target's pixels of `source` by `offset` (whole pixels), what lands outside the target left out, as
    /// one copy that may overlap itself (a row pushed along: `FrameDamage.Move`). Returns where the pixels landed, or
    /// nil when none did. Not clipped to a frame's regions: it comes before them.
    func move(_ source: PixelRect, by offset: (x: Int32, y: Int32)) -> PixelRect? {
        guard let surface, target != nil, let pixels = surface.pointee.pixels else { return nil }
        let whole = PixelRect(x: 0, y: 0, w: width, h: height)
        let landed = source.offsetBy(offset.x, offset.y).intersection(whole).intersection(source.intersection(whole).offsetBy(offset.x, offset.y))
        guard !landed.isEmpty else { return nil }
        let bytesPerPixel = Int(surface.pointee.format.pointee.BytesPerPixel), pitch = Int(surface.pointee.pitch)
        let rowBytes = Int(landed.w) * bytesPerPixel
        // Rows in the order that reads each before it is overwritten.
        let rows = offset.y > 0 ? Array((0..<Int(landed.h)).reversed()) : Array(0..<Int(landed.h))
        for k in rows {
            let y = Int(landed.y) + k
            let to = pixels + y * pitch + Int(landed.x) * bytesPerPixel
            let from = pixels + (y - Int(offset.y)) * pitch + (Int(landed.x) - Int(offset.x)) * bytesPerPixel
            to.copyMemory(from: from, byteCount: rowBytes)  // memmove: the rows may overlap
        }
        counts.operations += 1
        return landed
    }

    /// Fills `shape` with `color` (straight alpha), its edge ramped over `feather` pixels.
    func fill(_ shape: RoundedRect, feather: Double, color c: SDL_Color) {
        guard c.a > 0 else { return }
        var pc = Compositor.pixmanColor(c)
        guard let solid = pixman_image_create_solid_fill(&pc) else { return }
        defer { pixman_image_unref(solid) }
        draw(shape, feather: feather, alpha: 255, opaque: c.a == 255) { op, mask, rect in
            if mask == nil, op == PIXMAN_OP_SRC {
                clear(rect, color: c)
            } else if mask == nil, op == PIXMAN_OP_OVER, blendSolid(onto: rect, color: pc) {
                return
            } else {
                composite(op, solid, mask, rect, source: (0, 0))
            }
        }
    }

    /// Draws `layer`, its top-left pixel at `origin`, inside `shape` (within the layer's bounds), at `alpha`.
    func image(_ layer: PixelBuffer, at origin: (x: Int32, y: Int32), in shape: RoundedRect, alpha: UInt8) {
        let source = layer.opaque ? layer.opaqueView : layer.image
        draw(shape, feather: 1, alpha: alpha, opaque: layer.opaque) { op, mask, rect in
            // Outside the layer the coverage is 0; leaving those pixels out keeps pixman on its fast paths (a source
            // that does not cover the whole rectangle sends it to the generic one).
            let inLayer = rect.intersection(PixelRect(x: origin.x, y: origin.y, w: layer.width, h: layer.height))
            // The interior of an opaque picture at an opacity (no mask piece): the AVX2 kernel where it runs.
            if maskOrigin == nil, op == PIXMAN_OP_OVER, layer.opaque, alpha < 255, blendOpaque(layer, at: origin, onto: inLayer, alpha: alpha) { return }
            composite(op, source, mask, inLayer, source: (origin.x, origin.y))
        }
    }

    /// Draws the opaque `level` scaled to the nearest pixel to `size`, its top-left pixel at `origin`, inside `shape`
    /// at `alpha` (below 255: a fading picture), sampling and blending in one pass (`carousel_over_gather_*`):
    /// the pixels `image` gives with `level` scaled into a layer first, without the layer's memory or its pass.
    /// False, drawing nothing, where the kernels do not run.
    func imageNearest(_ level: PixelBuffer, size: (w: Int32, h: Int32), at origin: (x: Int32, y: Int32), in shape: RoundedRect,
                      alpha: UInt8) -> Bool {
        guard Compositor.hasAVX2, targetIs32, level.opaque, alpha < 255, size.w > 0, size.h > 0 else { return false }
        let columns = level.nearest(count: size.w, from: 0, of: size.w, along: level.width)
        let rows = level.nearest(count: size.h, from: 0, of: size.h, along: level.height)
        let source = level.row(0), sourcePitch = level.stride / 4
        let placed = PixelRect(x: origin.x, y: origin.y, w: size.w, h: size.h)
        columns.withUnsafeBufferPointer { xs in
            rows.withUnsafeBufferPointer { ys in
                guard let xs = xs.baseAddress, let ys = ys.baseAddress else { return }
                draw(shape, feather: 1, alpha: alpha, opaque: true) { _, mask, rect in
                    let inside = rect.intersection(placed)
                    let pieceOrigin = maskOrigin
                    _ = withKernelTarget(inside) { target, pitch, q in
                        let at = target + Int(q.y) * pitch + Int(q.x)
                        let column = xs + Int(q.x - origin.x), row = ys + Int(q.y - origin.y)
                        if let pieceOrigin, let mask, let bits = pixman_image_get_data(mask) {
                            let stride = Int(pixman_image_get_stride(mask))
                            let m = UnsafeRawPointer(bits).assumingMemoryBound(to: UInt8.self) + Int(q.y - pieceOrigin.y) * stride + Int(q.x - pieceOrigin.x)
                            carousel_over_gather_mask(at, pitch, source, sourcePitch, column, row, m, stride, q.w, q.h)
                        } else {
                            carousel_over_gather_alpha(at, pitch, source, sourcePitch, column, row, q.w, q.h, alpha)
                        }
                    }
                }
            }
        }
        return true
    }

    /// Whether the CPU runs `CPixelKernels`' kernels (AVX2; AVX-512 where the CPU has it, chosen inside them).
    nonisolated static let hasAVX2 = carousel_kernels_have_avx2() != 0

    /// Blends the opaque `layer` (its pixel (0, 0) at `origin`) at `alpha` over `rect` of the target, clipped, with
    /// `carousel_over_opaque_alpha`: the same pixels as pixman's `OVER` through a solid mask (the kernel's test
    /// compares them), at 1.6x its speed; a cross-fade's two pictures are a third of a pointer sweep's CPU. False,
    /// drawing nothing, without AVX2 or on a target that is not 32-bit.
    private func blendOpaque(_ layer: PixelBuffer, at origin: (x: Int32, y: Int32), onto rect: PixelRect, alpha: UInt8) -> Bool {
        let layerPitch = layer.stride / 4
        return withKernelTarget(rect) { target, pitch, q in
            carousel_over_opaque_alpha(target + Int(q.y) * pitch + Int(q.x), pitch,
                                       layer.row(Int(q.y - origin.y)) + Int(q.x - origin.x), layerPitch, q.w, q.h, alpha)
        }
    }

    /// Blends the translucent `color` (pixman's premultiplied 16-bit form) over `rect` of the target, clipped, with
    /// `carousel_over_solid`: pixman's `OVER` of a solid source, pixel for pixel (expand's details panel fading
    /// in). False, drawing nothing, where the kernel does not run.
    private func blendSolid(onto rect: PixelRect, color: pixman_color_t) -> Bool {
        // pixman reads a solid colour's 8-bit channels as the high bytes of its 16-bit ones.
        let pixel = UInt32(color.alpha >> 8) << 24 | UInt32(color.red >> 8) << 16 | UInt32(color.green >> 8) << 8 | UInt32(color.blue >> 8)
        return withKernelTarget(rect) { target, pitch, q in
            carousel_over_solid(target + Int(q.y) * pitch + Int(q.x), pitch, pixel, q.w, q.h)
        }
    }

    /// Runs `body` with the target's pixels, its pitch in pixels and each part of `rect` inside the clip and the
    /// frame's regions, when the AVX2 kernels can draw into the target (a 32-bit one); else false.
    private func withKernelTarget(_ rect: PixelRect, _ body: (UnsafeMutablePointer<UInt32>, Int, PixelRect) -> Void) -> Bool {
        guard Compositor.hasAVX2, targetIs32, let surface, let pixels = surface.pointee.pixels else { return false }
        let r = rect.intersection(clip)
        guard !r.isEmpty else { return true }
        let pitch = Int(surface.pointee.pitch) / 4, target = pixels.assumingMemoryBound(to: UInt32.self)
        for part in regionParts {
            let q = r.intersection(part)
            if !q.isEmpty { body(target, pitch, q) }
        }
        counts.operations += 1
        return true
    }

    /// Draws `layer` whole at `origin` (text), at `alpha`.
    func blend(_ layer: PixelBuffer, at origin: (x: Int32, y: Int32), alpha: UInt8) {
        let rect = PixelRect(x: origin.x, y: origin.y, w: layer.width, h: layer.height)
        if alpha == 255 {
            composite(PIXMAN_OP_OVER, layer.image, nil, rect, source: origin)
        } else {
            var c = pixman_color_t(red: 0, green: 0, blue: 0, alpha: UInt16(alpha) * 257)
            guard let m = pixman_image_create_solid_fill(&c) else { return }
            composite(PIXMAN_OP_OVER, layer.image, m, rect, source: origin)
            pixman_image_unref(m)
        }
    }

    /// Fills `shape` with `gradient` across `span` (device pixels, left to right), at `opacity`.
    func gradient(_ shape: RoundedRect, span: Rect, gradient: HorizontalGradient, opacity: Double) {
        // The gradient covers the shape's pixels and its anti-aliased edge.
        let x0 = Int32((shape.rect.minX - 1).rounded(.down)), y0 = Int32((shape.rect.minY - 1).rounded(.down))
        let w = Int32((shape.rect.maxX + 1).rounded(.up)) - x0, h = Int32((shape.rect.maxY + 1).rounded(.up)) - y0
        guard w > 0, h > 0, span.width > 0 else { return }
        func q(_ v: Double) -> Int32 { Int32(clamping: Int((v * 16).rounded())) }
        let key = GradientKey(gradient: gradient, x: q(span.minX - Double(x0)), width: q(span.width),
                              columns: w, rows: h, opacity: UInt16((min(max(opacity, 0), 1) * 1024).rounded()))
        let buffer: PixelBuffer
        if let found = gradients.first(where: { $0.key == key }) {
            buffer = found.buffer
        } else {
            guard let made = Compositor.makeGradient(key) else { return }
            gradients.insert((key, made), at: 0)
            if gradients.count > 8 { gradients.removeLast() }
            buffer = made
        }
        // The interior is one row blended down the shape by `carousel_over_row` (issue 41: pixman's OVER of the whole
        // picture cost more); the edge's pieces are pixman's, through their masks. Outside the picture nothing is drawn.
        draw(shape, feather: 1, alpha: 255, opaque: false) { op, mask, rect in
            let inside = rect.intersection(PixelRect(x: x0, y: y0, w: w, h: h))
            if mask == nil, blendRow(buffer, from: x0, onto: inside) { return }
            composite(op, buffer.image, mask, inside, source: (x0, y0))
        }
    }

    /// Blends the first row of `rows` (a picture whose rows are alike, premultiplied; its pixel 0 at column `x0`) over
    /// every row of `rect` of the target, clipped, with `carousel_over_row`: pixman's `OVER` of the picture, pixel for
    /// pixel. False, drawing nothing, where the kernel does not run.
    private func blendRow(_ rows: PixelBuffer, from x0: Int32, onto rect: PixelRect) -> Bool {
        withKernelTarget(rect) { target, pitch, q in
            carousel_over_row(target + Int(q.y) * pitch + Int(q.x), pitch, rows.row(0) + Int(q.x - x0), q.w, q.h)
        }
    }

    /// A gradient at its drawn size, rows alike: each column the gradient's colour at its centre, premultiplied.
    private static func makeGradient(_ k: GradientKey) -> PixelBuffer? {
        guard let b = PixelBuffer(width: k.columns, height: k.rows, opaque: false) else { return nil }
        // A span narrower than the grid's step is one step wide (never a division by zero).
        let start = Double(k.x) / 16, span = Double(max(k.width, 1)) / 16, opacity = Double(k.opacity) / 1024
        let row = b.row(0)
        for x in 0..<Int(k.columns) {
            let c = k.gradient.color(at: min(max((Double(x) + 0.5 - start) / span, 0), 1))
            let a = min(max(c.a * opacity, 0), 1)
            func ch(_ v: Double) -> UInt32 { UInt32((min(max(v, 0), 1) * a * 255).rounded()) }
            row[x] = UInt32((a * 255).rounded()) << 24 | ch(c.r) << 16 | ch(c.g) << 8 | ch(c.b)
        }
        for y in 1..<Int(k.rows) { b.row(y).update(from: row, count: Int(k.columns)) }
        b.opaque = false
        return b
    }

    /// A gradient's drawn form.
    private struct GradientKey: Equatable {
        var gradient: HorizontalGradient
        var x, width, columns, rows: Int32
        var opacity: UInt16
    }

    // MARK: Shapes

    /// Draws `shape`'s coverage through `paint(op, mask, rect)`: the interior without a mask (`SRC` when the source
    /// is opaque and `alpha` 255, else `OVER` through a solid `alpha`), each border piece `OVER` through its mask.
    private func draw(_ shape: RoundedRect, feather: Double, alpha: UInt8, opaque: Bool,
                      _ paint: (pixman_op_t, OpaquePointer?, PixelRect) -> Void) {
        guard alpha > 0, !shape.isEmpty else { return }
        let (origin, key) = CoverageBands.key(for: shape, feather: feather)
        let bounds = PixelRect(x: origin.x, y: origin.y, w: Int32((shape.rect.maxX + feather / 2).rounded(.up)) - origin.x,
                               h: Int32((shape.rect.maxY + feather / 2).rounded(.up)) - origin.y)
        guard !bounds.intersection(clip).isEmpty else { return }
        let bands = coverage.bands(key)
        if !bands.interior.isEmpty {
            var c = pixman_color_t(red: 0, green: 0, blue: 0, alpha: UInt16(alpha) * 257)
            let solid = alpha == 255 ? nil : pixman_image_create_solid_fill(&c)
            for inner in bands.interior {
                paint(alpha == 255 && opaque ? PIXMAN_OP_SRC : PIXMAN_OP_OVER, solid, inner.offsetBy(origin.x, origin.y))
            }
            if let solid { pixman_image_unref(solid) }
        }
        for piece in bands.pieces {
            let r = piece.rect.offsetBy(origin.x, origin.y)
            guard !r.intersection(clip).isEmpty else { continue }
            // The mask's origin moves with the piece: `composite` reads it from the piece's top-left.
            maskOrigin = (r.x, r.y)
            if alpha == 255 {
                paint(PIXMAN_OP_OVER, piece.mask, r)
            } else if let scaled = scaledMask(piece.mask, piece.rect, alpha: alpha) {
                paint(PIXMAN_OP_OVER, scaled, r)
                pixman_image_unref(scaled)
            }
        }
        maskOrigin = nil
    }

    /// Memory for masks multiplied by a drawing's alpha, reused from drawing to drawing.
    private var scratch: UnsafeMutableRawPointer?
    private var scratchBytes = 0

    /// `mask` (an A8 piece of `rect`'s size) times `alpha`, in scratch memory valid until the next call: a
    /// translucent drawing's border. Pieces are thin, so this costs little, and the bands stay cached whatever the
    /// alpha (a fade changes it every frame).
    private func scaledMask(_ mask: OpaquePointer, _ rect: PixelRect, alpha: UInt8) -> OpaquePointer? {
        guard let data = pixman_image_get_data(mask) else { return nil }
        let stride = Int(pixman_image_get_stride(mask)), bytes = stride * Int(rect.h)
        if bytes > scratchBytes {
            scratch?.deallocate()
            scratchBytes = max(bytes, 2 * scratchBytes)
            scratch = UnsafeMutableRawPointer.allocate(byteCount: scratchBytes, alignment: 16)
        }
        guard let scratch else { return nil }
        let src = UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), dst = scratch.assumingMemoryBound(to: UInt8.self)
        let a = UInt32(alpha)
        for i in 0..<bytes {
            let t = UInt32(src[i]) * a + 128
            dst[i] = UInt8((t + (t >> 8)) >> 8)
        }
        return pixman_image_create_bits(PIXMAN_a8, rect.w, rect.h, scratch.assumingMemoryBound(to: UInt32.self), Int32(stride))
    }

    /// Where the mask of the piece being drawn starts (device pixels); nil for a solid mask.
    private var maskOrigin: (x: Int32, y: Int32)?

    /// Composites `source` (its pixel (0, 0) at `source` in device pixels) through `mask` onto `rect` of the
    /// target, clipped. The mask's pixel (0, 0) is at `maskOrigin` (a border piece's top-left), or anywhere for a
    /// solid mask.
    private func composite(_ op: pixman_op_t, _ source: OpaquePointer, _ mask: OpaquePointer?, _ rect: PixelRect, source origin: (Int32, Int32)) {
        let r = rect.intersection(clip)
        guard !r.isEmpty, let target else { return }
        let m = maskOrigin ?? (r.x, r.y)
        pixman_image_composite32(op, source, mask, target, r.x - origin.0, r.y - origin.1, r.x - m.x, r.y - m.y, r.x, r.y, r.w, r.h)
        counts.operations += 1
    }

    /// A pixman colour (16 bits a channel, premultiplied) for a straight-alpha SDL colour.
    nonisolated static func pixmanColor(_ c: SDL_Color) -> pixman_color_t {
        let a = UInt32(c.a)
        func ch(_ v: UInt8) -> UInt16 { UInt16((UInt32(v) * a * 257 + 127) / 255) }
        return pixman_color_t(red: ch(c.r), green: ch(c.g), blue: ch(c.b), alpha: UInt16(a * 257))
    }
}
