import CPixman
import CarouselCore
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

    /// The smallest rectangle holding both (the other when one is empty).
    func union(_ o: PixelRect) -> PixelRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        let x0 = min(x, o.x), y0 = min(y, o.y)
        return PixelRect(x: x0, y: y0, w: max(maxX, o.maxX) - x0, h: max(maxY, o.maxY) - y0)
    }

    /// This rectangle without `o`: up to four rectangles (above, below, left, right of their intersection).
    func subtracting(_ o: PixelRect) -> [PixelRect] {
        let i = intersection(o)
        guard !i.isEmpty else { return isEmpty ? [] : [self] }
        return [PixelRect(x: x, y: y, w: w, h: i.y - y), PixelRect(x: x, y: i.maxY, w: w, h: maxY - i.maxY),
                PixelRect(x: x, y: i.y, w: i.x - x, h: i.h), PixelRect(x: i.maxX, y: i.y, w: maxX - i.maxX, h: i.h)].filter { !$0.isEmpty }
    }

    /// `r` rounded outwards to whole pixels.
    init(covering r: Rect) {
        let x0 = r.minX.rounded(.down), y0 = r.minY.rounded(.down)
        x = Int32(clamping: Int(x0)); y = Int32(clamping: Int(y0))
        w = Int32(clamping: Int(r.maxX.rounded(.up) - x0)); h = Int32(clamping: Int(r.maxY.rounded(.up) - y0))
    }

    init(x: Int32, y: Int32, w: Int32, h: Int32) { self.x = x; self.y = y; self.w = w; self.h = h }
}

/// How much of each pixel a rounded rectangle covers, as the compositor draws it: the pixels wholly inside (the
/// interior, a cross of up to three rectangles drawn without a mask) and the border around them in pieces, each with
/// an A8 mask of its coverage (a translucent drawing multiplies it by its alpha as it draws): the four corners, computed pixel by pixel, and the four straight
/// sides' ramps, whose rows (top and bottom) or columns (left and right) are all alike. A card's border is a thin
/// frame, so nearly every pixel is a plain copy or fill, and a new shape costs a few hundred pixels of arithmetic.
///
/// Coverage follows the signed distance to the shape at each pixel's centre: 1 inside, 0 outside, a linear ramp
/// `feather` pixels wide centred on the edge (one pixel: anti-aliasing; a shadow's blur: a soft edge). The shape is
/// first put on a quarter-pixel grid (an edge moves by at most 1/8 pixel: nothing a viewer sees), and the bands
/// depend on nothing else, so a shape that moves by whole pixels (a card sliding) reuses them, and one that scrolls
/// smoothly needs at most four versions of them: they are cached by `Key`.
final class CoverageBands {
    /// The shape relative to its top-left pixel, on the quarter-pixel grid.
    struct Key: Hashable {
        var fx, fy, w, h: Int32
        var radii: (Int32, Int32, Int32, Int32)
        var feather: Int32

        static func == (a: Key, b: Key) -> Bool {
            a.fx == b.fx && a.fy == b.fy && a.w == b.w && a.h == b.h && a.radii == b.radii && a.feather == b.feather
        }
        func hash(into h: inout Hasher) {
            h.combine(fx); h.combine(fy); h.combine(w); h.combine(self.h)
            h.combine(radii.0); h.combine(radii.1); h.combine(radii.2); h.combine(radii.3); h.combine(feather)
        }
    }

    /// Steps per pixel of the grid shapes are put on.
    static let grid = 4.0

    /// Fully covered pixels, relative to the shape's top-left pixel: up to three rectangles, no two overlapping.
    let interior: [PixelRect]
    /// The border pieces, relative to the shape's top-left pixel, each with its A8 mask image (the piece's size).
    let pieces: [(rect: PixelRect, mask: OpaquePointer)]
    /// Mask memory, in bytes.
    let bytes: Int

    /// Puts `shape` (device pixels) on the grid: the pixel its bounds start in, and the key of its bands.
    static func key(for shape: RoundedRect, feather: Double) -> (origin: (x: Int32, y: Int32), key: Key) {
        let half = feather / 2
        let ox = (shape.rect.minX - half).rounded(.down), oy = (shape.rect.minY - half).rounded(.down)
        func q(_ v: Double) -> Int32 { Int32(clamping: Int((v * grid).rounded())) }
        let r = shape.radii
        let key = Key(fx: q(shape.rect.minX - ox), fy: q(shape.rect.minY - oy), w: q(shape.rect.width), h: q(shape.rect.height),
                      radii: (q(r.topLeft), q(r.topRight), q(r.bottomRight), q(r.bottomLeft)), feather: q(feather))
        return ((Int32(clamping: Int(ox)), Int32(clamping: Int(oy))), key)
    }

    /// The shape `key` describes.
    private static func shape(_ key: Key) -> Shape {
        let g = CoverageBands.grid
        let x0 = Double(key.fx) / g, y0 = Double(key.fy) / g
        return Shape(x0: x0, y0: y0, x1: x0 + Double(key.w) / g, y1: y0 + Double(key.h) / g,
                     radii: (Double(key.radii.0) / g, Double(key.radii.1) / g, Double(key.radii.2) / g, Double(key.radii.3) / g),
                     feather: max(Double(key.feather) / g, 1e-3))
    }

    /// The coverage of pixel (`x`, `y`) of the shape `key` describes, 0...255, computed alone (the reference the
    /// bands must equal).
    static func coverage(of key: Key, x: Int32, y: Int32) -> UInt8 { shape(key).value(x, y) }

    /// The bands of the shape `key` describes; its round corners' masks come from `corners` when a shape with the
    /// same corner (radius, feather, edges' fraction of a pixel) made them (a card that only widens, or a fade's
    /// steps: only their straight sides change).
    init(_ key: Key, corners: CornerMasks? = nil) {
        let shape = CoverageBands.shape(key)
        let (x0, y0, x1, y1, r) = (shape.x0, shape.y0, shape.x1, shape.y1, shape.radii)
        let half = shape.feather / 2
        func up(_ v: Double) -> Int32 { Int32(v.rounded(.up)) }
        func down(_ v: Double) -> Int32 { Int32(v.rounded(.down)) }
        // The bounds: every pixel with any coverage.
        let width = up(x1 + half), height = up(y1 + half)
        // Columns and rows wholly covered by the straight sides (coverage 1 at the centre: distance <= -feather/2).
        let l1 = up(x0 + half - 0.5), r0 = down(x1 - half + 0.5), t1 = up(y0 + half - 0.5), b0 = down(y1 - half + 0.5)
        // Where the round corners end: columns and rows beyond them see only straight sides.
        let cl = min(max(l1, up(x0 + max(r.0, r.3))), width), cr = min(max(min(r0, down(x1 - max(r.1, r.2))), cl), width)
        let rt = min(max(t1, up(y0 + max(r.0, r.1))), height), rb = min(max(min(b0, down(y1 - max(r.2, r.3))), rt), height)
        var pieces: [(PixelRect, OpaquePointer)] = []
        var bytes = 0
        func add(_ rect: PixelRect, _ kind: Shape.Fill, corner: CornerMasks.Key? = nil) {
            guard !rect.isEmpty else { return }
            let made: OpaquePointer?
            if let corner, let corners { made = corners.mask(corner) { shape.mask(rect, kind) } } else { made = shape.mask(rect, kind) }
            guard let m = made else { return }
            pieces.append((rect, m))
            bytes += Int(rect.w + 3) / 4 * 4 * Int(rect.h)
        }
        /// A corner piece's key, when the piece lies within its quarter of the shape (then only that corner's
        /// radius and edges decide its pixels): its edges' distances from the piece's origin, on the grid.
        let mx = (x0 + x1) / 2, my = (y0 + y1) / 2
        func corner(_ k: Int, _ piece: PixelRect, edgeX: Double, edgeY: Double, radius: Double) -> CornerMasks.Key? {
            let inside = (k == 0 || k == 3 ? Double(piece.maxX) <= mx : Double(piece.x) >= mx)
                && (k < 2 ? Double(piece.maxY) <= my : Double(piece.y) >= my)
            guard inside else { return nil }
            func q(_ v: Double) -> Int32 { Int32((v * CoverageBands.grid).rounded()) }
            return CornerMasks.Key(corner: Int8(k), x: q(edgeX - Double(piece.x)), y: q(edgeY - Double(piece.y)), radius: q(radius),
                                   feather: key.feather, width: piece.w, height: piece.h)
        }
        func rect(_ ax: Int32, _ ay: Int32, _ bx: Int32, _ by: Int32) -> PixelRect { PixelRect(x: ax, y: ay, w: bx - ax, h: by - ay) }
        if cl >= cr || rt >= rb || l1 > cl || r0 < cr || t1 > rt || b0 < rb {
            // Too small or too round for an interior: one mask.
            interior = []
            add(rect(0, 0, width, height), .pixels)
        } else {
            interior = [rect(cl, t1, cr, b0), rect(l1, rt, cl, rb), rect(cr, rt, r0, rb)].filter { !$0.isEmpty }
            let tl = rect(0, 0, cl, rt), tr = rect(cr, 0, width, rt), br = rect(cr, rb, width, height), bl = rect(0, rb, cl, height)
            add(tl, .pixels, corner: corner(0, tl, edgeX: x0, edgeY: y0, radius: r.0))
            add(tr, .pixels, corner: corner(1, tr, edgeX: x1, edgeY: y0, radius: r.1))
            add(br, .pixels, corner: corner(2, br, edgeX: x1, edgeY: y1, radius: r.2))
            add(bl, .pixels, corner: corner(3, bl, edgeX: x0, edgeY: y1, radius: r.3))
            add(rect(cl, 0, cr, t1), .rowsConstant)
            add(rect(cl, b0, cr, height), .rowsConstant)
            add(rect(0, rt, l1, rb), .columnsConstant)
            add(rect(r0, rt, width, rb), .columnsConstant)
        }
        self.pieces = pieces
        self.bytes = bytes
    }

    deinit { for p in pieces { pixman_image_unref(p.mask) } }

    /// The shape in the bands' coordinates, and its coverage.
    private struct Shape {
        var x0, y0, x1, y1: Double
        /// Top-left, top-right, bottom-right, bottom-left.
        var radii: (Double, Double, Double, Double)
        var feather: Double

        /// Coverage at the centre of pixel (`px`, `py`), 0...255: 1 inside, 0 outside, a ramp `feather`
        /// wide centred on the edge, after the signed distance to the rounded rectangle.
        func value(_ px: Int32, _ py: Int32) -> UInt8 {
            let cx = Double(px) + 0.5, cy = Double(py) + 0.5
            let mx = (x0 + x1) / 2, my = (y0 + y1) / 2
            let r = cx < mx ? (cy < my ? radii.0 : radii.3) : (cy < my ? radii.1 : radii.2)
            let qx = abs(cx - mx) - ((x1 - x0) / 2 - r), qy = abs(cy - my) - ((y1 - y0) / 2 - r)
            let ox = max(qx, 0), oy = max(qy, 0)
            let distance = (ox * ox + oy * oy).squareRoot() + min(max(qx, qy), 0) - r
            let coverage = min(max(0.5 - distance / feather, 0), 1)
            return UInt8(coverage * 255 + 0.5)
        }

        /// How a piece's mask is computed: every pixel, or one column (rows alike: a top or bottom side's ramp) or
        /// one row (columns alike: a left or right side's ramp) copied across.
        enum Fill { case pixels, rowsConstant, columnsConstant }

        /// An A8 image of `rect`'s coverage.
        func mask(_ rect: PixelRect, _ fill: Fill) -> OpaquePointer? {
            guard let image = pixman_image_create_bits(PIXMAN_a8, rect.w, rect.h, nil, 0), let data = pixman_image_get_data(image) else { return nil }
            let stride = Int(pixman_image_get_stride(image))
            let base = UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt8.self)
            for y in 0..<Int(rect.h) {
                let row = base + y * stride, py = rect.y + Int32(y)
                switch fill {
                case .pixels:
                    fillRow(row, rect, py)
                case .rowsConstant:
                    row.update(repeating: value(rect.x, py), count: Int(rect.w))
                case .columnsConstant:
                    if y == 0 { fillRow(row, rect, py) } else { row.update(from: base, count: Int(rect.w)) }
                }
            }
            return image
        }

        /// Row `py` of `rect`'s coverage into `row`, each byte what `value` gives its pixel. Along a row the
        /// coverage never rises moving away from the shape's centre column (the distance to the edge only grows, in
        /// floating point too), so each half of the row is a run of 0, a ramp and a run of 255: the runs' ends are
        /// found by bisection and only the ramp is computed (a circle's shadow, one mask, costs its rim, not its area).
        func fillRow(_ row: UnsafeMutablePointer<UInt8>, _ rect: PixelRect, _ py: Int32) {
            // The first column whose centre is at or right of the shape's centre.
            let split = min(max(Int32(clamping: Int(((x0 + x1) / 2 - 0.5).rounded(.up))), rect.x), rect.maxX)
            fillHalf(row, rect.x, from: rect.x, to: split, py, rising: true)
            fillHalf(row, rect.x, from: split, to: rect.maxX, py, rising: false)
        }

        /// Columns `a..<b` of row `py` (`row` starts at column `origin`), where coverage rises with x (`rising`) or
        /// falls.
        private func fillHalf(_ row: UnsafeMutablePointer<UInt8>, _ origin: Int32, from a: Int32, to b: Int32, _ py: Int32, rising: Bool) {
            guard a < b else { return }
            /// The first column in `a..<b` where `test` holds (b when none); `test` must hold from some column on.
            func first(_ test: (UInt8) -> Bool) -> Int32 {
                var lo = a, hi = b
                while lo < hi {
                    let mid = lo + (hi - lo) / 2
                    if test(value(mid, py)) { hi = mid } else { lo = mid + 1 }
                }
                return lo
            }
            // Rising: 0 until `start`, the ramp, 255 from `end`. Falling: 255 until `start`, the ramp, 0 from `end`.
            let start = rising ? first { $0 > 0 } : first { $0 < 255 }
            let end = max(start, rising ? first { $0 == 255 } : first { $0 == 0 })
            let (before, after): (UInt8, UInt8) = rising ? (0, 255) : (255, 0)
            (row + Int(a - origin)).update(repeating: before, count: Int(start - a))
            for x in start..<end { row[Int(x - origin)] = value(x, py) }
            (row + Int(end - origin)).update(repeating: after, count: Int(b - end))
        }
    }
}

/// The masks of round corners, shared between the bands of shapes whose corners are alike (pixman images, referenced
/// by every band that uses one). Keyed by the corner, its piece's size, and where the piece's two edges cross it;
/// forgotten whole beyond `capacity`.
final class CornerMasks {
    struct Key: Hashable {
        /// 0 top-left, clockwise.
        var corner: Int8
        /// The corner's vertical and horizontal edge, from the piece's top-left pixel, on the grid.
        var x, y: Int32
        var radius, feather: Int32
        var width, height: Int32
    }
    private var masks: [Key: OpaquePointer] = [:]
    /// Corners held at most.
    let capacity = 1024
    /// Masks made, and found.
    private(set) var made = 0, found = 0

    /// The mask for `key` (a reference the caller owns), made by `make` the first time.
    func mask(_ key: Key, _ make: () -> OpaquePointer?) -> OpaquePointer? {
        if let m = masks[key] { found += 1; return pixman_image_ref(m) }
        guard let m = make() else { return nil }
        made += 1
        if masks.count >= capacity { for v in masks.values { pixman_image_unref(v) }; masks.removeAll() }
        masks[key] = pixman_image_ref(m)
        return m
    }

    deinit { for v in masks.values { pixman_image_unref(v) } }
}

/// The coverage bands of the shapes drawn lately, by key: when more than `capacity` are held, the half drawn least
/// recently go. (A plain dictionary: this is looked up for every shape drawn.)
@MainActor
final class CoverageCache {
    private var entries: [CoverageBands.Key: (bands: CoverageBands, lastUse: UInt64)] = [:]
    private var clock: UInt64 = 0
    /// Bands held at most.
    let capacity: Int
    /// Round corners' masks, shared by the bands.
    let corners = CornerMasks()
    /// Bands made (misses) and found (hits), for the statistics.
    private(set) var made = 0, found = 0

    init(capacity: Int = 512) { self.capacity = capacity }

    /// The bands for `key`, made on first use.
    func bands(_ key: CoverageBands.Key) -> CoverageBands {
        clock += 1
        if let e = entries[key] {
            found += 1
            entries[key] = (e.bands, clock)
            return e.bands
        }
        made += 1
        let b = CoverageBands(key, corners: corners)
        if entries.count >= capacity {
            let keep = entries.values.map(\.lastUse).sorted()[entries.count / 2]
            entries = entries.filter { $0.value.lastUse > keep }
        }
        entries[key] = (b, clock)
        return b
    }

    var count: Int { entries.count }
}
