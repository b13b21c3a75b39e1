import CPixman
import CarouselCore
import CarouselSupport
import Foundation

/// A rectangle of whole device pixels.
struct PixelRect: Equatable {
    var x, y, w, h: Int32

    var isEmpty: Bool { w <= 0 || h <= 0 }
    var maxX: Int32 { x + w }
    var maxY: Int32 { y + h }

    func intersection(_ o: PixelRect) -> PixelRect {
        let x0 = max(x, o.x), y0 = max(y, o.y), x1 = min(maxX, o.maxX), y1 = min(maxY, o.maxY)
        return PixelRect(x: x0, y: y0, w: max(0, x1 - x0), h: max(0, y1 - y0))
    }

    func offsetBy(_ dx: Int32, _ dy: Int32) -> PixelRect { PixelRect(x: x + dx, y: y + dy, w: w, h: h) }

    /// `r` rounded outwards to whole pixels.
    init(covering r: Rect) {
        let x0 = r.minX.rounded(.down), y0 = r.minY.rounded(.down)
        x = Int32(clamping: Int(x0)); y = Int32(clamping: Int(y0))
        w = Int32(clamping: Int(r.maxX.rounded(.up) - x0)); h = Int32(clamping: Int(r.maxY.rounded(.up) - y0))
    }

    init(x: Int32, y: Int32, w: Int32, h: Int32) { self.x = x; self.y = y; self.w = w; self.h = h }
}

/// How much of each pixel a rounded rectangle covers, as the compositor draws it: the pixels wholly inside (the
/// interior, drawn without a mask) and the border around them in a few pieces, each with an A8 mask of coverage
/// times the drawing's alpha. A card's border is a thin frame, so nearly every pixel is a plain copy or fill.
///
/// Coverage follows the signed distance to the shape at each pixel's centre: 1 inside, 0 outside, a linear ramp
/// `feather` pixels wide centred on the edge (one pixel: anti-aliasing; a shadow's blur: a soft edge). The shape is
/// first put on a 1/16 pixel grid, and the bands depend on nothing else, so a shape that moves by whole pixels
/// (a card sliding) reuses them: they are cached by `Key`.
final class CoverageBands {
    /// The shape relative to its top-left pixel, on the 1/16 pixel grid, and the alpha baked into the masks.
    struct Key: Hashable {
        var fx, fy, w, h: Int32
        var radii: (Int32, Int32, Int32, Int32)
        var feather: Int32
        var alpha: UInt8

        static func == (a: Key, b: Key) -> Bool {
            a.fx == b.fx && a.fy == b.fy && a.w == b.w && a.h == b.h && a.radii == b.radii && a.feather == b.feather && a.alpha == b.alpha
        }
        func hash(into h: inout Hasher) {
            h.combine(fx); h.combine(fy); h.combine(w); h.combine(self.h)
            h.combine(radii.0); h.combine(radii.1); h.combine(radii.2); h.combine(radii.3); h.combine(feather); h.combine(alpha)
        }
    }

    /// Steps per pixel of the grid shapes are put on.
    static let grid = 16.0

    /// Fully covered pixels, relative to the shape's top-left pixel (nil when none).
    let interior: PixelRect?
    /// The border pieces, relative to the shape's top-left pixel, each with its A8 mask image (the piece's size).
    let pieces: [(rect: PixelRect, mask: OpaquePointer)]
    /// Mask memory, in bytes.
    let bytes: Int

    /// Puts `shape` (device pixels) on the grid: the pixel its bounds start in, and the key of its bands.
    static func key(for shape: RoundedRect, feather: Double, alpha: UInt8) -> (origin: (x: Int32, y: Int32), key: Key) {
        let half = feather / 2
        let ox = (shape.rect.minX - half).rounded(.down), oy = (shape.rect.minY - half).rounded(.down)
        func q(_ v: Double) -> Int32 { Int32(clamping: Int((v * grid).rounded())) }
        let r = shape.radii
        let key = Key(fx: q(shape.rect.minX - ox), fy: q(shape.rect.minY - oy), w: q(shape.rect.width), h: q(shape.rect.height),
                      radii: (q(r.topLeft), q(r.topRight), q(r.bottomRight), q(r.bottomLeft)), feather: q(feather), alpha: alpha)
        return ((Int32(clamping: Int(ox)), Int32(clamping: Int(oy))), key)
    }

    /// The bands of the shape `key` describes.
    init(_ key: Key) {
        let g = CoverageBands.grid
        let x0 = Double(key.fx) / g, y0 = Double(key.fy) / g
        let x1 = x0 + Double(key.w) / g, y1 = y0 + Double(key.h) / g
        let f = max(Double(key.feather) / g, 1e-3), half = f / 2
        let radii = [key.radii.0, key.radii.1, key.radii.2, key.radii.3].map { Double($0) / g }
        let shape = Shape(x0: x0, y0: y0, x1: x1, y1: y1, radii: radii, feather: f, alpha: Double(key.alpha))
        // The bounds: every pixel with any coverage.
        let width = Int32((x1 + half).rounded(.up)), height = Int32((y1 + half).rounded(.up))
        // Columns and rows wholly covered by the straight sides (coverage 1 at the centre: distance <= -feather/2).
        let l1 = Int32((x0 + half - 0.5).rounded(.up)), r0 = Int32((x1 - half + 0.5).rounded(.down))
        let t1 = Int32((y0 + half - 0.5).rounded(.up)), b0 = Int32((y1 - half + 0.5).rounded(.down))
        // Rows where a round corner reaches: per pixel there.
        let top = max(t1, Int32((y0 + max(radii[0], radii[1])).rounded(.up)))
        let bottom = min(b0, Int32((y1 - max(radii[2], radii[3])).rounded(.down)))
        var pieces: [(PixelRect, OpaquePointer)] = []
        var bytes = 0
        func add(_ r: PixelRect, rowConstant: Bool = false) {
            guard !r.isEmpty, let m = shape.mask(r, rowsAlike: rowConstant) else { return }
            pieces.append((r, m))
            bytes += Int(r.w + 3) / 4 * 4 * Int(r.h)
        }
        if top >= bottom || l1 >= r0 {
            // Too small or too round for an interior: one mask.
            interior = nil
            add(PixelRect(x: 0, y: 0, w: width, h: height))
        } else {
            interior = PixelRect(x: l1, y: top, w: r0 - l1, h: bottom - top)
            add(PixelRect(x: 0, y: 0, w: width, h: top))
            add(PixelRect(x: 0, y: bottom, w: width, h: height - bottom))
            add(PixelRect(x: 0, y: top, w: l1, h: bottom - top), rowConstant: true)
            add(PixelRect(x: r0, y: top, w: width - r0, h: bottom - top), rowConstant: true)
        }
        self.pieces = pieces
        self.bytes = bytes
    }

    deinit { for p in pieces { pixman_image_unref(p.mask) } }

    /// The shape in the bands' coordinates, and its coverage.
    private struct Shape {
        var x0, y0, x1, y1: Double
        /// Top-left, top-right, bottom-right, bottom-left.
        var radii: [Double]
        var feather: Double
        var alpha: Double

        /// Coverage times alpha at the centre of pixel (`px`, `py`), 0...255.
        func value(_ px: Int32, _ py: Int32) -> UInt8 {
            let cx = Double(px) + 0.5, cy = Double(py) + 0.5
            let mx = (x0 + x1) / 2, my = (y0 + y1) / 2
            let r = cx < mx ? (cy < my ? radii[0] : radii[3]) : (cy < my ? radii[1] : radii[2])
            let qx = abs(cx - mx) - ((x1 - x0) / 2 - r), qy = abs(cy - my) - ((y1 - y0) / 2 - r)
            let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
            let distance = outside + min(max(qx, qy), 0) - r
            let coverage = min(max(0.5 - distance / feather, 0), 1)
            return UInt8((coverage * alpha).rounded())
        }

        /// An A8 image of `r`'s coverage; with `rowsAlike`, one row is computed and copied to the others (a
        /// strip beside the straight sides).
        func mask(_ r: PixelRect, rowsAlike: Bool) -> OpaquePointer? {
            guard let image = pixman_image_create_bits(PIXMAN_a8, r.w, r.h, nil, 0), let data = pixman_image_get_data(image) else { return nil }
            let stride = Int(pixman_image_get_stride(image))
            let base = UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt8.self)
            for y in 0..<Int(r.h) {
                let row = base + y * stride
                if rowsAlike && y > 0 { row.update(from: base, count: Int(r.w)); continue }
                for x in 0..<Int(r.w) { row[x] = value(r.x + Int32(x), r.y + Int32(y)) }
            }
            return image
        }
    }
}

/// The coverage bands of the shapes drawn lately, by key, the least recently used dropped beyond `capacity`.
@MainActor
final class CoverageCache {
    private var cache: LRUCache<CoverageBands.Key, CoverageBands>
    /// Bands made (misses) and found (hits), for the statistics.
    private(set) var made = 0, found = 0

    init(capacity: Int = 256) { cache = LRUCache(costLimit: capacity) }

    /// The bands for `key`, made on first use.
    func bands(_ key: CoverageBands.Key) -> CoverageBands {
        if let b = cache.value(for: key) { found += 1; return b }
        made += 1
        let b = CoverageBands(key)
        _ = cache.insert(b, for: key)
        return b
    }

    var count: Int { cache.count }
}
