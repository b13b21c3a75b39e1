/// How far the paint pass lets a node's drawing reach, so that whatever a timing curve says (a `cubic-bezier()`
/// whose y control points overshoot by 1e9 is valid CSS), every rectangle that reaches a renderer is finite and
/// lies within a few window sizes of the scene: a renderer converts it to 32-bit pixels and rasterises it.
///
/// A node whose presentation or transform is not finite is not drawn (nor its subtree). A node whose bounds reach
/// beyond `reach` (the scene grown by four times its larger side on every side) draws only the part of its bounds
/// inside that reach, without its text and shadow; everything within the reach is drawn exactly as given. Nothing
/// changes on screen: the part cut off is four window sizes outside it. (SDL's software renderer misreads textures
/// for triangles some 1e5 pixels across; the reach keeps a 1280-point window's drawings within 6,400 points.)
struct PaintLimits {
    /// The area a drawing may cover, in scene coordinates.
    let reach: Rect

    /// The largest scale at which a node draws its text and shadow (a pinch zooms a few times at most).
    static let maxScale = 64.0

    /// The limits for a scene drawn into `viewport`.
    init(viewport: Rect) {
        reach = viewport.outset(4 * max(viewport.width, viewport.height, 1))
    }

    /// What a node with local `bounds` under `world` (its transform to scene coordinates) may draw: nil when it
    /// and its subtree cannot be drawn (not finite); else the rectangle to draw in its own coordinates (empty when
    /// none of it is within the reach; its children may still be), and whether it was cut to the reach (then its
    /// text and shadow are left out, as they would be drawn at an absurd size).
    /// `margin` is how far the node draws beyond its bounds (its shadow), in its own coordinates.
    func drawable(_ bounds: Rect, margin: Double, world: Transform2D) -> (rect: Rect, cut: Bool)? {
        guard bounds.isFinite, world.isFinite else { return nil }
        let onScreen = world.apply(bounds.outset(margin.isFinite ? max(margin, 0) : 0))
        guard onScreen.isFinite else { return nil }
        let scale = max(world.scaleX, (world.c * world.c + world.d * world.d).squareRoot())
        if reach.encloses(onScreen) && scale <= PaintLimits.maxScale { return (bounds, false) }
        // Only what lies within the reach: its bounding box in the node's own coordinates.
        // (A point inside the reach, so rounding on the way back never lands beyond it.)
        let kept = world.inverted.map { bounds.intersection($0.apply(reach.outset(-1))) } ?? .zero
        return (kept.isFinite && !kept.isEmpty ? kept : Rect(origin: .zero, size: .zero), true)
    }

    /// A corner radius the renderer can take: not finite is none; on a node cut to the reach, at most half its
    /// larger side (every renderer rounds a corner by at most half the shorter side anyway).
    func cornerRadius(_ radius: Double, of drawn: Rect, cut: Bool) -> Double {
        guard radius.isFinite else { return 0 }
        return cut ? min(max(radius, 0), max(drawn.width, drawn.height) / 2) : radius
    }
}

extension Rect {
    /// Whether every coordinate is a finite number.
    public var isFinite: Bool { x.isFinite && y.isFinite && width.isFinite && height.isFinite }
    /// Whether `r` lies wholly inside this rectangle (edges included).
    fileprivate func encloses(_ r: Rect) -> Bool { r.minX >= minX && r.maxX <= maxX && r.minY >= minY && r.maxY <= maxY }
}

extension Transform2D {
    /// Whether every component is a finite number.
    public var isFinite: Bool { a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite }
}
