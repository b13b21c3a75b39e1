/// Decides what part of the window a frame has to redraw, and draws only that.
///
/// Each frame is first recorded (`DrawListRecorder`: the same calls the paint pass makes, resolved to on-screen
/// rectangles, each tagged with the node that drew it), then compared with the last frame drawn, drawing by drawing,
/// keyed by node: a drawing that changed (kind, colour, image or its pixels' version, text, rectangle, radius,
/// opacity, clips), appeared or went away damages its old and new bounds (shadows and anti-aliased edges included; a
/// fitted picture's bounds are what it covers, `ResolvedDraw.extent`). A change in the order of the drawings both
/// frames share, a resize, a style switch, a read-back or a renderer that lost its pixels damages the whole window
/// (`invalidate`). The damaged rectangles are merged while they
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
        if let partial = renderer as? PartialRenderer { frame.imageFacts = { [unowned partial] in partial.facts(of: $0) } }
        FramePhases.measure(.record) { draw(frame) }
        defer { spare = lastFrame; lastFrame = frame; invalid = false }
        let window = Rect(origin: .zero, size: size)
        guard isEnabled, !invalid, let partial = renderer as? PartialRenderer, partial.keepsLastFrame,
              let last = lastFrame, last.size == size, case .beginFrame? = frame.commands.first else {
            FramePhases.measure(.draw) { frame.replay(into: renderer) }
            lastRegions = [window]
            lastMoves = []
            return
        }
        let plan = FramePhases.measure(.diff) {
            FrameDamage.plan(from: last.draws, to: frame.draws, in: window, canMove: { partial.canMovePixels(by: $0) })
        }
        lastRegions = plan.regions
        lastMoves = plan.moves
        FramePhases.measure(.draw) { frame.replay(into: partial, regions: plan.regions, moves: plan.moves) }
    }

    /// The moves the last frame made (see `Plan`); empty for a whole frame.
    public private(set) var lastMoves: [Move] = []

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

    /// Part of the last frame's pixels moved whole (issue 41): `source` (points, inside the window) copied by
    /// `offset` before the frame's regions are drawn.
    public struct Move: Equatable, Sendable {
        public var source: Rect
        public var offset: Point
        public init(source: Rect, offset: Point) { self.source = source; self.offset = offset }
        /// Where the pixels land.
        public var destination: Rect { source.offsetBy(offset.x, offset.y) }
    }

    /// What a partial frame does: the moves first, then the regions redrawn.
    public struct Plan: Equatable, Sendable {
        public var regions: [Rect]
        public var moves: [Move]
    }

    /// The regions (whole points) where `new` differs from `old`, merged; the whole `window` when that is cheaper or
    /// when the order of the drawings they share changed. No moves.
    public static func regions(from old: [ResolvedDraw], to new: [ResolvedDraw], in window: Rect) -> [Rect] {
        plan(from: old, to: new, in: window, canMove: { _ in false }).regions
    }

    /// How to turn the frame of `old` into the frame of `new`: the regions to redraw (whole points, merged; the
    /// whole window when that is cheaper or when the order of the drawings they share changed), and, when
    /// `canMove` accepts the offset, parts of the last frame moved whole instead of redrawn.
    ///
    /// Drawings that changed only by one offset (a row pushed along by a widening card: every field the same, the
    /// rectangle and clips moved by whole pixels) form a group. Its pixels are moved rather than redrawn when
    /// nothing else reaches them: the box they spanned (`source`) is copied by the offset, and the frame redraws
    /// only the box's pixels that no moved drawing covers now, those that came from outside the window, and those
    /// any other drawing touches in the old frame (shifted with the copy) or the new one. The window's clear, and an
    /// unchanged plain fill that spans both boxes, look the same wherever they are, so they do not count.
    public static func plan(from old: [ResolvedDraw], to new: [ResolvedDraw], in window: Rect,
                            canMove: (Point) -> Bool) -> Plan {
        var damage: [Rect] = []
        var candidates: [(old: Int, new: Int, offset: Point)] = []
        func changed(_ i: Int, _ j: Int) {
            if let d = translation(from: old[i], to: new[j]), canMove(d) {
                candidates.append((i, j, d))
            } else {
                damage.append(old[i].bounds); damage.append(new[j].bounds)
            }
        }
        // Most frames draw the same nodes in the same order as the last one (things move, fade, resize): then the
        // drawings pair up by position, and no key needs hashing.
        if old.count == new.count, zip(old, new).allSatisfy({ $0.node == $1.node }) {
            for i in old.indices where old[i] != new[i] { changed(i, i) }
        } else {
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
            var shared: [Int] = []  // old indices of drawings both frames have, in the new frame's order
            var matched = [Bool](repeating: false, count: old.count)
            for (j, k) in newKeys.enumerated() {
                if let i = before[k] {
                    matched[i] = true
                    shared.append(i)
                    if old[i] != new[j] { changed(i, j) }
                } else {
                    damage.append(new[j].bounds)
                }
            }
            for i in old.indices where !matched[i] { damage.append(old[i].bounds) }
            // Drawings that swapped places paint over each other the other way round.
            if zip(shared, shared.dropFirst()).contains(where: { $0 >= $1 }) { return Plan(regions: [window], moves: []) }
        }
        let moves = candidates.isEmpty ? [] : self.moves(candidates, old: old, new: new, in: window, damage: &damage)
        let regions = merge(damage.compactMap { whole($0.intersection(window)) }, in: window)
        if regions == [window] { return Plan(regions: regions, moves: []) }
        // A move whose pixels are all redrawn anyway is left out.
        let destinations = moves.filter { m in
            !regions.contains { $0.minX <= m.destination.minX && $0.maxX >= m.destination.maxX && $0.minY <= m.destination.minY && $0.maxY >= m.destination.maxY }
        }
        return Plan(regions: regions, moves: destinations)
    }

    /// The offset `b` is `a` moved by, when that is all that changed and it moved by whole points; else nil.
    static func translation(from a: ResolvedDraw, to b: ResolvedDraw) -> Point? {
        let dx = b.rect.x - a.rect.x, dy = b.rect.y - a.rect.y
        guard dx != 0 || dy != 0, dx == dx.rounded(), dy == dy.rounded(), a.rect.x == a.rect.x.rounded(), a.rect.y == a.rect.y.rounded(),
              a.kind == b.kind, a.rect.size == b.rect.size, a.cornerRadius == b.cornerRadius, a.opacity == b.opacity,
              a.scale == b.scale, a.clip?.offsetBy(dx, dy) == b.clip, a.extent?.offsetBy(dx, dy) == b.extent,
              a.imageVersion == b.imageVersion,
              a.clips.count == b.clips.count else { return nil }
        for (p, q) in zip(a.clips, b.clips) where p.cornerRadius != q.cornerRadius || p.rect.offsetBy(dx, dy) != q.rect { return nil }
        return Point(dx, dy)
    }

    /// The moves of `candidates` (pairs of old and new drawings, each moved by its offset) that hold, grouped by
    /// offset, largest first, each group's boxes apart from those of the groups taken before it; adds what each
    /// leaves to redraw to `damage`, and the drawings of the groups not taken as they are.
    private static func moves(_ candidates: [(old: Int, new: Int, offset: Point)], old: [ResolvedDraw], new: [ResolvedDraw],
                              in window: Rect, damage: inout [Rect]) -> [Move] {
        var groups: [(offset: Point, pairs: [(old: Int, new: Int)])] = []
        for c in candidates {
            if let g = groups.firstIndex(where: { $0.offset == c.offset }) { groups[g].pairs.append((c.old, c.new)) } else { groups.append((c.offset, [(c.old, c.new)])) }
        }
        groups = groups.flatMap { g in clusters(g.pairs, old: old, new: new).map { (g.offset, $0) } }
        var taken: [(move: Move, box: Rect, span: Rect, pairs: [(old: Int, new: Int)])] = []
        for g in groups.sorted(by: { $0.pairs.count > $1.pairs.count }) {
            let span = g.pairs.dropFirst().reduce(old[g.pairs[0].old].bounds) { $0.union(old[$1.old].bounds) }
            guard let source = whole(span.intersection(window)) else {
                // Nothing of the group was on screen: what it brings in is drawn.
                for p in g.pairs { damage.append(new[p.new].bounds) }
                continue
            }
            let move = Move(source: source, offset: g.offset)
            let box = source.union(move.destination)
            if taken.contains(where: { $0.box.intersects(box) }) {
                for p in g.pairs { damage.append(old[p.old].bounds); damage.append(new[p.new].bounds) }
                continue
            }
            taken.append((move, box, span, g.pairs))
        }
        for t in taken {
            let (source, destination, d) = (t.move.source, t.move.destination, t.move.offset)
            var inGroupOld = [Bool](repeating: false, count: old.count), inGroupNew = [Bool](repeating: false, count: new.count)
            for p in t.pairs { inGroupOld[p.old] = true; inGroupNew[p.new] = true }
            // Where the group's pixels were and are no longer, and where they land from beyond the window's edge
            // (the copy brings only what was on screen).
            damage += subtract(source, destination)
            if let landing = whole(t.span.offsetBy(d.x, d.y).intersection(window)) { damage += subtract(landing, destination) }
            // Anything else under the group's old or new box.
            for (i, o) in old.enumerated() where !inGroupOld[i] {
                let r = o.bounds.intersection(source)
                if !r.isEmpty, !isBackdrop(o, under: t.box, in: new) { damage.append(r.offsetBy(d.x, d.y)) }
            }
            for (j, n) in new.enumerated() where !inGroupNew[j] {
                let r = n.bounds.intersection(destination)
                if !r.isEmpty, !isBackdrop(n, under: t.box, in: old) { damage.append(r) }
            }
        }
        return taken.map(\.move)
    }

    /// Drawings moved by one offset whose boxes (old and new bounds) lie further apart than this, in points, move
    /// as separate blocks: the background between two photos sliding together is neither copied nor redrawn.
    public static let moveGap = 32.0

    /// `pairs` (drawings moved by one offset) in clusters: those whose boxes come within `moveGap` of each other
    /// move together.
    private static func clusters(_ pairs: [(old: Int, new: Int)], old: [ResolvedDraw], new: [ResolvedDraw]) -> [[(old: Int, new: Int)]] {
        var out: [(box: Rect, pairs: [(old: Int, new: Int)])] = []
        for p in pairs {
            var box = old[p.old].bounds.union(new[p.new].bounds)
            var members = [p]
            while let i = out.firstIndex(where: { $0.box.outset(moveGap / 2).intersects(box.outset(moveGap / 2)) }) {
                let c = out.remove(at: i)
                box = box.union(c.box)
                members = c.pairs + members
            }
            out.append((box, members))
        }
        return out.map(\.pairs)
    }

    /// Whether `d` is a plain fill, drawn the same in `other` (the other frame), whose uniform interior spans `box`:
    /// it looks the same at every pixel a move reads or writes.
    private static func isBackdrop(_ d: ResolvedDraw, under box: Rect, in other: [ResolvedDraw]) -> Bool {
        guard case .fill(let c) = d.kind, c.a == 1, d.opacity == 1, d.clips.isEmpty else { return false }
        let inset = d.cornerRadius + DrawBounds.margin
        let interior = Rect(d.rect.x + inset, d.rect.y, d.rect.width - 2 * inset, d.rect.height)
        let core = Rect(d.rect.x, d.rect.y + inset, d.rect.width, d.rect.height - 2 * inset)
        func spans(_ r: Rect) -> Bool { r.minX <= box.minX && r.maxX >= box.maxX && r.minY <= box.minY && r.maxY >= box.maxY }
        guard spans(interior) || spans(core) else { return false }
        return other.contains(d)
    }

    /// `a` without `b`: up to four rectangles.
    static func subtract(_ a: Rect, _ b: Rect) -> [Rect] {
        let i = a.intersection(b)
        guard !i.isEmpty else { return a.isEmpty ? [] : [a] }
        return [Rect(a.minX, a.minY, a.width, i.minY - a.minY), Rect(a.minX, i.maxY, a.width, a.maxY - i.maxY),
                Rect(a.minX, i.minY, i.minX - a.minX, i.height), Rect(i.maxX, i.minY, a.maxX - i.maxX, i.height)].filter { !$0.isEmpty }
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
