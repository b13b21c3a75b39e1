import CSDL2
import Foundation
import CarouselCore

/// Maps device positions to normalised texture coordinates: the texture (or its top-left `used` fraction, for a
/// scratch texture larger than the image in it) covers `placed`; coordinates are clamped to the part of the texture
/// under `visible`, so feather vertices just outside a shape do not sample beyond it.
struct TextureMapping {
    var placed: Rect
    var visible: Rect
    var used = (u: 1.0, v: 1.0)
    /// The texture's size in pixels. SDL's software renderer turns a coordinate into a pixel index by multiplying
    /// with this size and reads that pixel unchecked, so 1.0 would read one pixel past the edge (past the end of the
    /// pixel buffer on the last row: a crash when the buffer ends on a page boundary). Coordinates stop at the last
    /// pixel.
    var textureSize: (w: Int32, h: Int32)

    func map(_ p: Point) -> SDL_FPoint {
        let x = min(max(p.x, visible.minX), visible.maxX)
        let y = min(max(p.y, visible.minY), visible.maxY)
        let u = placed.width > 0 ? (x - placed.minX) / placed.width : 0
        let v = placed.height > 0 ? (y - placed.minY) / placed.height : 0
        return SDL_FPoint(x: Float(min(min(max(u, 0), 1) * used.u, TextureMapping.lastPixel(textureSize.w, used: used.u))),
                          y: Float(min(min(max(v, 0), 1) * used.v, TextureMapping.lastPixel(textureSize.h, used: used.v))))
    }

    /// The largest coordinate whose pixel index (coordinate x size, truncated) lies inside a side of `size` pixels.
    static func lastPixel(_ size: Int32) -> Double { lastPixel(size, used: 1) }

    /// The same within the first `used` share of the side (an image stretched into the corner of a scratch
    /// texture): its last row and column come from the image, never from what the scratch held before.
    static func lastPixel(_ size: Int32, used: Double) -> Double {
        let pixels = (used * Double(size)).rounded()
        return pixels > 1 ? (pixels - 1) / Double(size) : 0
    }
}

/// Builds triangle lists for `SDL_RenderGeometry` (the OpenGL renderer's shapes). A rounded rectangle is split into
/// its body (axis-aligned rectangles plus a small fan inside each round corner, all fully covered) and its edge (a
/// ring whose outside vertices have the edge colour: alpha 0 for anti-aliasing, or a shadow's fade).
///
/// The buffers are kept between frames (`removeAll` keeps capacity), and the unit quarter-circle tables are computed
/// once per segment count, so drawing allocates nothing in steady state.
final class GeometryBatch {
    private(set) var vertices: [SDL_Vertex] = []
    private(set) var indices: [Int32] = []
    /// While set, each vertex's colour is this function of its exact position, with the colour passed in acting as a
    /// tint (its alpha scales the result: the feathered edge stays transparent). How a gradient is drawn.
    var colorAt: ((Point) -> SDL_Color)?
    /// `unitCorner[n]` holds n+1 (cos, sin) pairs for angles 0...90 degrees in n steps.
    private var unitCorner: [[(c: Double, s: Double)]] = []
    /// Scratch space of `addRoundedRect`, kept to avoid allocating per shape: the round corners' fans (centre, first
    /// contour point, points) and the slab boundaries.
    private var fans: [(centre: Point, first: Int32, count: Int32)] = []
    private var cuts: [Double] = []

    static let maxSegments = 48
    /// Corner k spans the angles 180 + 90k ... 270 + 90k degrees; (cb, sb) rotates the unit table there.
    private static let rotations: [(cb: Double, sb: Double)] = [(-1, 0), (0, -1), (1, 0), (0, 1)]

    init() {
        vertices.reserveCapacity(1024)
        indices.reserveCapacity(3072)
    }

    var isEmpty: Bool { indices.isEmpty }
    /// Triangles held.
    var triangleCount: Int { indices.count / 3 }

    func removeAll() {
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
    }

    /// Segments per quarter circle of radius `r` device pixels: the chord sags at most about a quarter pixel.
    static func segments(forRadius r: Double) -> Int {
        guard r > 0 else { return 1 }
        return min(max(Int((1.3 * r.squareRoot()).rounded(.up)), 1), maxSegments)
    }

    private func table(_ n: Int) -> [(c: Double, s: Double)] {
        while unitCorner.count <= n {
            let m = unitCorner.count
            unitCorner.append(m == 0 ? [(1, 0)] : (0...m).map { i in
                // The ends exactly on the axes, so arcs meet the straight sides they continue.
                if i == m { return (0, 1) }
                let a = Double(i) / Double(m) * Double.pi / 2
                return (cos(a), sin(a))
            })
        }
        return unitCorner[n]
    }

    // MARK: Shapes

    /// Appends an axis-aligned rectangle of one colour as two triangles sharing the diagonal from its top-left to
    /// its bottom-right corner.
    func addRect(_ r: Rect, color: SDL_Color, texture: TextureMapping? = nil) {
        guard r.width > 0, r.height > 0 else { return }
        let base = Int32(vertices.count)
        vertices.append(vertex(Point(r.minX, r.minY), color, texture))
        vertices.append(vertex(Point(r.maxX, r.minY), color, texture))
        vertices.append(vertex(Point(r.maxX, r.maxY), color, texture))
        vertices.append(vertex(Point(r.minX, r.maxY), color, texture))
        indices.append(base); indices.append(base + 1); indices.append(base + 2)
        indices.append(base); indices.append(base + 2); indices.append(base + 3)
    }

    /// Appends `shape` filled with `color`, its edge blurred over `feather` device pixels centred on the true edge
    /// (1 for anti-aliasing, a shadow's radius for a shadow): the outside of that band gets `edgeColor`. The body
    /// (rectangles and corner fans, fully covered) goes to `body` (this batch when nil), the ring to this batch, so
    /// a caller can draw an opaque body without blending.
    ///
    /// For anti-aliasing (`feather` <= 1), a straight side that lies on a whole pixel boundary and has square corners
    /// at both ends gets no feather: it already covers whole pixels, and a feather on both sides of a shared edge
    /// (images placed edge to edge) would leave a faint seam where each covers half a pixel.
    func addRoundedRect(_ shape: RoundedRect, feather: Double, color: SDL_Color, edgeColor: SDL_Color,
                        texture: TextureMapping? = nil, body: GeometryBatch? = nil) {
        let rect = shape.rect
        guard !rect.isEmpty else { return }
        let body = body ?? self
        let half = max(feather, 0) / 2
        let radii = shape.radii
        func sideHalf(_ edge: Double, _ cornerA: Double, _ cornerB: Double) -> Double {
            if feather <= 1, cornerA == 0, cornerB == 0, abs(edge - edge.rounded()) < 1e-3 { return 0 }
            return half
        }
        let hl = min(sideHalf(rect.minX, radii.topLeft, radii.bottomLeft), rect.width / 2)
        let hr = min(sideHalf(rect.maxX, radii.topRight, radii.bottomRight), rect.width / 2)
        let ht = min(sideHalf(rect.minY, radii.topLeft, radii.topRight), rect.height / 2)
        let hb = min(sideHalf(rect.maxY, radii.bottomLeft, radii.bottomRight), rect.height / 2)
        let inner = Rect(rect.minX + hl, rect.minY + ht, max(rect.width - hl - hr, 0), max(rect.height - ht - hb, 0))
        let outer = Rect(rect.minX - hl, rect.minY - ht, rect.width + hl + hr, rect.height + ht + hb)
        let innerLimit = min(inner.width, inner.height) / 2

        // The radius of each corner inside the ring; its corner square of that side is cut from the body.
        var ri = CornerRadii.zero
        for k in 0..<4 where radii[k] > 0 { ri[k] = min(max(radii[k] - half, 0), innerLimit) }
        addSlabs(inner: inner, ri: ri, color: color, texture: texture, into: body)

        let ringBase = Int32(vertices.count)
        var contour: Int32 = 0
        fans.removeAll(keepingCapacity: true)
        for k in 0..<4 {
            let r = radii[k]
            // A square corner is one sharp vertex; a round one an arc, feathered across `half` on both sides.
            let ro = r > 0 ? r + half : 0
            let sign = RoundedRect.outwardSign(k)
            let ic = RoundedRect.corner(k, of: inner), oc = RoundedRect.corner(k, of: outer)
            let innerCentre = Point(ic.x - sign.x * ri[k], ic.y - sign.y * ri[k])
            let outerCentre = Point(oc.x - sign.x * ro, oc.y - sign.y * ro)
            let n = r > 0 ? GeometryBatch.segments(forRadius: ro) : 0
            let (cb, sb) = GeometryBatch.rotations[k]
            if ri[k] > 0 { fans.append((innerCentre, contour, Int32(n + 1))) }
            for (c, s) in table(n) {
                let dx = c * cb - s * sb, dy = c * sb + s * cb
                vertices.append(vertex(Point(innerCentre.x + dx * ri[k], innerCentre.y + dy * ri[k]), color, texture))
                vertices.append(vertex(Point(outerCentre.x + dx * ro, outerCentre.y + dy * ro), edgeColor, texture))
                contour += 1
            }
        }
        // A fan inside each round corner, over the ring's inner arc.
        for fan in fans {
            let base = Int32(body.vertices.count)
            body.vertices.append(vertex(fan.centre, color, texture))
            for i in 0..<fan.count { body.vertices.append(vertices[Int(ringBase + 2 * (fan.first + i))]) }
            for i in 1..<fan.count {
                body.indices.append(base); body.indices.append(base + i); body.indices.append(base + i + 1)
            }
        }
        // The ring: vertices alternate inner, outer around the contour; sides with no width are skipped.
        for i in 0..<contour {
            let j = (i + 1) % contour
            let in0 = ringBase + 2 * i, out0 = in0 + 1
            let in1 = ringBase + 2 * j, out1 = in1 + 1
            if samePosition(in0, out0) && samePosition(in1, out1) { continue }
            indices.append(in0); indices.append(out0); indices.append(out1)
            indices.append(in0); indices.append(out1); indices.append(in1)
        }
    }

    /// The inner rect minus the corner squares of sides `ri`, as horizontal slabs (3 when the corners match, up to
    /// 5), merged where they line up.
    private func addSlabs(inner: Rect, ri: CornerRadii, color: SDL_Color, texture: TextureMapping?, into batch: GeometryBatch) {
        guard inner.width > 0, inner.height > 0 else { return }
        cuts.removeAll(keepingCapacity: true)
        cuts.append(inner.minY); cuts.append(inner.minY + ri[0]); cuts.append(inner.minY + ri[1])
        cuts.append(inner.maxY - ri[3]); cuts.append(inner.maxY - ri[2]); cuts.append(inner.maxY)
        cuts.sort()
        var pending: Rect?
        for (y0, y1) in zip(cuts, cuts.dropFirst()) where y1 > y0 {
            let mid = (y0 + y1) / 2
            let left = inner.minX + (mid < inner.minY + ri[0] ? ri[0] : 0) + (mid > inner.maxY - ri[3] ? ri[3] : 0)
            let right = inner.maxX - (mid < inner.minY + ri[1] ? ri[1] : 0) - (mid > inner.maxY - ri[2] ? ri[2] : 0)
            guard right > left else { continue }
            if let p = pending, p.minX == left, p.maxX == right, p.maxY == y0 {
                pending = Rect(left, p.minY, right - left, y1 - p.minY)
            } else {
                if let p = pending { batch.addRect(p, color: color, texture: texture) }
                pending = Rect(left, y0, right - left, y1 - y0)
            }
        }
        if let p = pending { batch.addRect(p, color: color, texture: texture) }
    }

    private func samePosition(_ a: Int32, _ b: Int32) -> Bool {
        let p = vertices[Int(a)].position, q = vertices[Int(b)].position
        return p.x == q.x && p.y == q.y
    }

    private func vertex(_ p: Point, _ color: SDL_Color, _ texture: TextureMapping?) -> SDL_Vertex {
        var color = color
        if let colorAt {
            let c = colorAt(p)
            color = SDL_Color(r: c.r, g: c.g, b: c.b, a: UInt8((Int(c.a) * Int(color.a) + 127) / 255))
        }
        return SDL_Vertex(position: SDL_FPoint(x: Float(p.x), y: Float(p.y)), color: color,
                          tex_coord: texture?.map(p) ?? SDL_FPoint(x: 0, y: 0))
    }
}
