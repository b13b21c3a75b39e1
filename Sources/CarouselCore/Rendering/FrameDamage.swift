/// Decides what part of the window a frame has to redraw, and draws only that.
///
/// Each frame is first recorded (`DrawListRecorder`: the same calls the paint pass makes, resolved to on-screen
/// rectangles, each tagged with the node that drew it), then compared with the last frame drawn, drawing by drawing,
/// keyed by node: a drawing that changed (kind, colour, image, text, rectangle, radius, opacity, clips), appeared or
/// went away damages its old and new bounds (shadows and anti-aliased edges included). A change in the order of the
/// drawings both frames share, a resize, a style switch, an image that finished loading, a read-back or a renderer
/// that lost its pixels damages the whole window (`invalidate`). The damaged rectangles are merged while they
/// overlap or while there are more than `maxRegions`, and a damage over `fullShare` of the window becomes the whole
/// window. The recorded frame is then replayed into the renderer once for all the regions (`PartialRenderer`): they
/// are cleared and redrawn with every drawing that reaches them, clipped pixel-exactly, and only they are presented.
/// The comparison costs what the paint pass costs, O(drawings), far below the pixels it saves.
@MainActor
public final class FrameDamage {
    /// Turns damage tracking off: every frame is drawn and presented whole (the reference the tests compare with).
    public var isEnabled = true
    /// The most regions a frame is drawn in.
    public static let maxRegions = 8
    /// Above this share of the window, the whole window is redrawn (one region is cheaper than many).
    public static let fullShare = 0.6

    /// The last frame drawn, as recorded.
    public private(set) var lastFrame: DrawListRecorder?
    /// The regions the last frame redrew (the whole window for a full frame; empty when nothing changed), in points.
    public private(set) var lastRegions: [Rect] = []
    private var invalid = true

    public init() {}

    /// The next frame is drawn whole (something changed that the drawings do not show: a resize, a style switch,
    /// an image's pixels, the target's content).
    public func invalidate() { invalid = true }

    /// Records the frame `draw` makes, then draws into `renderer` what changed since the last frame drawn (all of it
    /// when the renderer cannot draw part of a frame). `size` is the frame's size in points.
    public func paint(size: Size, into renderer: Renderer, _ draw: (Renderer) -> Void) {
        let frame = recorder(size: size)
        frame.textMeasurer = { [unowned renderer] in renderer.measureText($0, font: $1) }
        FramePhases.measure(.record) { draw(frame) }
        defer { spare = lastFrame; lastFrame = frame; invalid = false }
        let window = Rect(origin: .zero, size: size)
        guard isEnabled, !invalid, let partial = renderer as? PartialRenderer, partial.keepsLastFrame,
              let last = lastFrame, last.size == size, case .beginFrame? = frame.commands.first else {
            FramePhases.measure(.draw) { frame.replay(into: renderer) }
            lastRegions = [window]
            return
        }
        let regions = FramePhases.measure(.diff) { FrameDamage.regions(from: last.draws, to: frame.draws, in: window) }
        lastRegions = regions
        FramePhases.measure(.draw) { frame.replay(into: partial, regions: regions) }
    }

    /// The frame before the last, kept to record the next frame in (its arrays keep their room) unless someone else
    /// still holds it (the bench keeps frames to replay them).
    private var spare: DrawListRecorder?

    /// A recorder for a frame of `size`: the spare one when nobody else holds it, else a new one.
    private func recorder(size: Size) -> DrawListRecorder {
        if var s = spare {
            spare = nil
            if isKnownUniquelyReferenced(&s) {
                s.size = size
                return s
            }
        }
        return DrawListRecorder(size: size)
    }

    /// The regions (whole points) where `new` differs from `old`, merged; the whole `window` when that is cheaper or
    /// when the order of the drawings they share changed.
    public static func regions(from old: [ResolvedDraw], to new: [ResolvedDraw], in window: Rect) -> [Rect] {
        // Most frames draw the same nodes in the same order as the last one (things move, fade, resize): then the
        // drawings pair up by position, and no key needs hashing.
        if old.count == new.count, zip(old, new).allSatisfy({ $0.node == $1.node }) {
            var damage: [Rect] = []
            for (a, b) in zip(old, new) where a != b { damage.append(a.bounds); damage.append(b.bounds) }
            return merge(damage.compactMap { whole($0.intersection(window)) }, in: window)
        }
        struct Key: Hashable { let node: Int; let index: Int }
        func keys(_ draws: [ResolvedDraw]) -> [Key] {
            var seen: [Int: Int] = [:]
            return draws.map { d in
                let k = seen[d.node, default: 0]
                seen[d.node] = k + 1
                return Key(node: d.node, index: k)
            }
        }
        let oldKeys = keys(old), newKeys = keys(new)
        var before: [Key: Int] = [:]
        before.reserveCapacity(old.count)
        for (i, k) in oldKeys.enumerated() { before[k] = i }
        var damage: [Rect] = []
        var shared: [Int] = []  // old indices of drawings both frames have, in the new frame's order
        var matched = Set<Int>()
        for (j, k) in newKeys.enumerated() {
            if let i = before[k] {
                matched.insert(i)
                shared.append(i)
                if old[i] != new[j] { damage.append(old[i].bounds); damage.append(new[j].bounds) }
            } else {
                damage.append(new[j].bounds)
            }
        }
        for i in old.indices where !matched.contains(i) { damage.append(old[i].bounds) }
        // Drawings that swapped places paint over each other the other way round.
        if zip(shared, shared.dropFirst()).contains(where: { $0 >= $1 }) { return [window] }
        return merge(damage.compactMap { whole($0.intersection(window)) }, in: window)
    }

    /// `r` grown to whole points, or nil when empty.
    static func whole(_ r: Rect) -> Rect? {
        guard !r.isEmpty else { return nil }
        let x0 = r.minX.rounded(.down), y0 = r.minY.rounded(.down)
        return Rect(x0, y0, r.maxX.rounded(.up) - x0, r.maxY.rounded(.up) - y0)
    }

    /// Merges overlapping rectangles, then the pair whose union wastes least while there are too many; the whole
    /// window when the result covers more than `fullShare` of it.
    static func merge(_ rects: [Rect], in window: Rect) -> [Rect] {
        var out: [Rect] = []
        for r in rects {
            var r = r
            var merged = true
            while merged {
                merged = false
                if let i = out.firstIndex(where: { $0.intersects(r) }) { r = r.union(out.remove(at: i)); merged = true }
            }
            out.append(r)
        }
        while out.count > maxRegions {
            var best = (0, 1, Double.infinity)
            for i in out.indices { for j in out.indices where j > i {
                let u = out[i].union(out[j])
                let waste = u.width * u.height - out[i].width * out[i].height - out[j].width * out[j].height
                if waste < best.2 { best = (i, j, waste) }
            } }
            let u = out[best.0].union(out[best.1])
            out.remove(at: best.1)
            out[best.0] = u
        }
        let area = out.reduce(0) { $0 + $1.width * $1.height }
        return area > fullShare * window.width * window.height ? [window] : out
    }
}
