/// Decides which item the pointer hovers, without oscillating.
///
/// Two rules keep a resting pointer from making items take turns when a hovered item grows and pushes its
/// neighbours: the hovered item changes only when the pointer itself moves (`pointerMoved`), never because the
/// layout moved under it; and the current item keeps the hover while the pointer stays within its frame grown by
/// `hysteresis` points, so jitter at a boundary does not flip it.
@MainActor
public final class HoverTracker {
    /// Extra margin around the hovered item's frame within which it stays hovered.
    public var hysteresis: Double
    /// The hovered item, or nil.
    public private(set) var hovered: Int?
    /// The last pointer position inside the window, or nil when the pointer is outside.
    public private(set) var pointer: Point?

    public init(hysteresis: Double = 6) { self.hysteresis = hysteresis }

    /// Updates the hover for a pointer at `point`. `itemAt` hit-tests an item; `frameOf` gives an item's current
    /// on-screen frame. Returns true when the hovered item changed.
    @discardableResult
    public func pointerMoved(to point: Point, itemAt: (Point) -> Int?, frameOf: (Int) -> Rect?) -> Bool {
        pointer = point
        if let current = hovered, let f = frameOf(current), f.outset(hysteresis).contains(point) {
            // Stay while the pointer is within the margin, even where it reaches into an adjacent item: a pointer
            // jittering across a shared edge must not flip the hover. Clearly inside another item is beyond the margin.
            return false
        }
        let next = itemAt(point)
        defer { hovered = next }
        return next != hovered
    }

    /// The pointer left the window (or the carousel): nothing is hovered. Returns true when that changed something.
    @discardableResult
    public func pointerLeft() -> Bool {
        pointer = nil
        defer { hovered = nil }
        return hovered != nil
    }

    /// Forgets the hovered item without a pointer change (for example when the items are rebuilt).
    public func reset() { hovered = nil }
}
