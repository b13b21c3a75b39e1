import CarouselCore

/// The keyboard focus ring: window chrome (in the overlay's window-only layer, so never in screenshots or clips),
/// drawn around what has the keyboard focus: each pane's carousel (the focused pane's at full strength, the others',
/// which get the same keys, fainter) or the tuning panel's selected row.
///
/// Two bands `gap` points off what has the focus: a dark one (`darkBand` wide) outside and a light one (`lightBand`)
/// inside, so whatever is under the ring, one of them differs from it by at least 3:1 (dark against a background
/// whose luminance is 0.1 or more, light against one of 0.21 or less), and either is at least a 2 pt outline (WCAG
/// 2.4.13's measure, which the checks take on rendered pixels for 2.4.7). A ring that would leave its bounds (a page
/// that fills its pane) is drawn inside them.
@MainActor
public final class FocusRing {
    let root = Node(name: "focus.ring")
    /// The widths of the bands, in points.
    static let darkBand = 2.0
    static let lightBand = 3.0
    /// The space between what has the focus and the ring (an edge of an image never lies under the ring).
    static let gap = 2.0
    static let dark = Color(0, 0, 0)
    static let light = Color(hex: 0xd2e3fc)
    /// The opacity of the rings of the panes that are not the focused one.
    static let mirroredOpacity = 0.45

    /// One ring: around `rect`, kept inside `bounds`, strong or faint.
    public struct Ring: Equatable {
        public var rect: Rect
        public var bounds: Rect
        public var strong: Bool
    }

    /// The rings shown.
    private(set) var rings: [Ring] = []

    init() { root.isHitTestable = false }

    /// Shows `rings` (window points); none hides the ring.
    func show(_ rings: [Ring]) {
        let shown = rings.filter { !$0.rect.isEmpty && !$0.bounds.isEmpty }
        guard shown != self.rings else { return }
        self.rings = shown
        let bars = shown.flatMap(FocusRing.bars)
        while root.children.count > bars.count { root.children.last?.removeFromParent() }
        while root.children.count < bars.count {
            let n = Node(name: "focus.ring.band")
            n.isHitTestable = false
            root.addChild(n)
        }
        for (node, bar) in zip(root.children, bars) {
            node.frame = bar.rect
            node.background = bar.color
            node.opacity = bar.opacity
        }
    }

    /// The outer edge of a ring: `rect` grown by the gap and both bands, kept inside `bounds`.
    static func outline(_ ring: Ring) -> Rect { ring.rect.outset(gap + darkBand + lightBand).intersection(ring.bounds) }

    /// The bars of one ring: four for the dark band along the outline, four for the light band inside it.
    static func bars(_ ring: Ring) -> [(rect: Rect, color: Color, opacity: Double)] {
        let outer = outline(ring)
        let opacity = ring.strong ? 1 : mirroredOpacity
        return [(outer, dark, darkBand), (outer.outset(-darkBand), light, lightBand)].flatMap { r, color, width in
            sides(of: r, width: width).map { ($0, color, opacity) }
        }
    }

    /// The four sides of `r` as bars `width` wide (top and bottom full length, left and right between them).
    static func sides(of r: Rect, width w: Double) -> [Rect] {
        guard r.width > 2 * w, r.height > 2 * w else { return [r] }
        return [Rect(r.x, r.y, r.width, w), Rect(r.x, r.maxY - w, r.width, w),
                Rect(r.x, r.y + w, w, r.height - 2 * w), Rect(r.maxX - w, r.y + w, w, r.height - 2 * w)]
    }
}
