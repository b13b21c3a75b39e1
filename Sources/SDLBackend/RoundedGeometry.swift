import CSDL2
import Foundation
import CarouselCore

/// Maps device positions to normalised texture coordinates: the whole texture covers `placed`; coordinates are
/// clamped to the part of the texture under `visible`, so feather vertices just outside a shape do not sample
/// beyond it.
struct TextureMapping {
    var placed: Rect
    var visible: Rect

    func map(_ p: Point) -> SDL_FPoint {
        let x = min(max(p.x, visible.minX), visible.maxX)
        let y = min(max(p.y, visible.minY), visible.maxY)
        let u = placed.width > 0 ? (x - placed.minX) / placed.width : 0
        let v = placed.height > 0 ? (y - placed.minY) / placed.height : 0
        return SDL_FPoint(x: Float(min(max(u, 0), 1)), y: Float(min(max(v, 0), 1)))
    }
}

/// Builds triangle lists for `SDL_RenderGeometry`: rounded rectangles as a fan around their centre plus an outer
/// ring whose outside vertices have the edge colour (alpha 0 for anti-aliasing, or a shadow's fade).
///
/// The buffers are kept between frames (`removeAll` keeps capacity), and the unit quarter-circle tables are computed
/// once per segment count, so drawing allocates nothing in steady state.
final class GeometryBatch {
    private(set) var vertices: [SDL_Vertex] = []
    private(set) var indices: [Int32] = []
    /// `unitCorner[n]` holds n+1 (cos, sin) pairs for angles 0...90 degrees in n steps.
    private var unitCorner: [[(c: Double, s: Double)]] = []

    static let maxSegments = 48
    /// Corner k spans the angles 180 + 90k ... 270 + 90k degrees; (cb, sb) rotates the unit table there.
    private static let rotations: [(cb: Double, sb: Double)] = [(-1, 0), (0, -1), (1, 0), (0, 1)]

    init() {
        vertices.reserveCapacity(1024)
        indices.reserveCapacity(3072)
    }

    var isEmpty: Bool { indices.isEmpty }

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
                let a = Double(i) / Double(m) * Double.pi / 2
                return (cos(a), sin(a))
            })
        }
        return unitCorner[n]
    }

    /// Appends `shape` filled with `color`, its edge blurred over `feather` device pixels centred on the true edge
    /// (1 for anti-aliasing, a shadow's radius for a shadow): the outside of that band gets `edgeColor`.
    ///
    /// For anti-aliasing (`feather` <= 1), a straight side that lies on a whole pixel boundary and has square corners
    /// at both ends gets no feather: it already covers whole pixels, and a feather on both sides of a shared edge
    /// (images placed edge to edge) would leave a faint seam where each covers half a pixel.
    func addRoundedRect(_ shape: RoundedRect, feather: Double, color: SDL_Color, edgeColor: SDL_Color,
                        texture: TextureMapping? = nil) {
        let rect = shape.rect
        guard !rect.isEmpty else { return }
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

        let base = Int32(vertices.count)
        let centre = rect.center
        vertices.append(vertex(centre, color, texture))
        var contour: Int32 = 0
        for k in 0..<4 {
            let r = radii[k]
            // A square corner is one sharp vertex; a round one an arc, feathered across `half` on both sides.
            let ro = r > 0 ? r + half : 0
            let ri = r > 0 ? min(max(r - half, 0), innerLimit) : 0
            let sign = RoundedRect.outwardSign(k)
            let ic = RoundedRect.corner(k, of: inner), oc = RoundedRect.corner(k, of: outer)
            let innerCentre = Point(ic.x - sign.x * ri, ic.y - sign.y * ri)
            let outerCentre = Point(oc.x - sign.x * ro, oc.y - sign.y * ro)
            let n = r > 0 ? GeometryBatch.segments(forRadius: ro) : 0
            let (cb, sb) = GeometryBatch.rotations[k]
            for (c, s) in table(n) {
                let dx = c * cb - s * sb, dy = c * sb + s * cb
                vertices.append(vertex(Point(innerCentre.x + dx * ri, innerCentre.y + dy * ri), color, texture))
                vertices.append(vertex(Point(outerCentre.x + dx * ro, outerCentre.y + dy * ro), edgeColor, texture))
                contour += 1
            }
        }
        // Vertices after the centre alternate inner, outer around the contour.
        for i in 0..<contour {
            let j = (i + 1) % contour
            let in0 = base + 1 + 2 * i, out0 = in0 + 1
            let in1 = base + 1 + 2 * j, out1 = in1 + 1
            indices.append(base); indices.append(in0); indices.append(in1)
            indices.append(in0); indices.append(out0); indices.append(out1)
            indices.append(in0); indices.append(out1); indices.append(in1)
        }
    }

    private func vertex(_ p: Point, _ color: SDL_Color, _ texture: TextureMapping?) -> SDL_Vertex {
        SDL_Vertex(position: SDL_FPoint(x: Float(p.x), y: Float(p.y)), color: color,
                   tex_coord: texture?.map(p) ?? SDL_FPoint(x: 0, y: 0))
    }
}
