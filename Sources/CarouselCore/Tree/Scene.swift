/// The root of a view tree with its time, timers and redraw bookkeeping.
///
/// Frame order, driven by the app loop: input events -> `advance(to:)` (timers fire at their due times) ->
/// the owner's layout -> `paint(into:images:)`. A scene knows whether the next frame would differ from the last one
/// drawn (`needsFrame`) and when it next has to wake up (`nextWakeTime`), so an idle window sleeps.
@MainActor
public final class Scene {
    /// The root node, sized to the scene.
    public let root: Node
    /// Scene time in seconds: the frame time, or a timer's due time while that timer's action runs.
    public private(set) var now: Double
    /// Timers on scene time.
    public let timers = TimerQueue()
    /// The background colour frames are cleared to.
    public var clearColor = Color(hex: 0x202124)
    /// How the nodes of this scene measure text while they lay out.
    public let textMeasurer: any TextMeasurer
    /// Whether the user asked for less motion (the desktop's setting, `--reduced-motion`, the window's key): what
    /// starts a motion in this scene asks `motion(_:)` or `shortMotion(_:)` (`ReducedMotion.swift`) for its animation.
    public var reducesMotion = false
    private var dirty = true
    private var animationsEnd = -Double.infinity
    private var paintedAt = -Double.infinity
    /// For each open `withAnimation`, the latest end of the animations its body started.
    private var transactionEnds: [Double] = []

    public init(size: Size, time: Double = 0, textMeasurer: any TextMeasurer = EstimatedTextMeasurer.shared) {
        now = time
        self.textMeasurer = textMeasurer
        root = Node(name: "root", frame: Rect(origin: .zero, size: size))
        root.ownerScene = self
    }

    /// The scene size in points.
    public var size: Size {
        get { root.frame.size }
        set { Transaction.run(nil, at: now) { root.frame = Rect(origin: .zero, size: newValue) } }
    }

    // MARK: Animation

    /// Runs `body` so that node properties it sets animate with `animation` from the current scene time.
    /// `completion` runs once, when the animation would end (delay + duration, or a spring's settling time).
    @discardableResult
    public func withAnimation<R>(_ animation: Animation?, completion: (@MainActor () -> Void)? = nil, _ body: () throws -> R) rethrows -> R {
        transactionEnds.append(-Double.infinity)
        let result: R
        do { result = try Transaction.run(animation, at: now, body) } catch { transactionEnds.removeLast(); throw error }
        let started = transactionEnds.removeLast()
        if let outer = transactionEnds.indices.last { transactionEnds[outer] = max(transactionEnds[outer], started) }
        if let completion {
            // Summed in the order AnimatedValue sums its end ((now + delay) + duration), so the two agree exactly.
            let nominal = animation.map { now + $0.delay + ($0.curve.isSpring ? 0 : $0.duration) } ?? now
            // The end of what this body started (a spring's settling time), never that of unrelated animations.
            timers.schedule(at: max(started, nominal), completion)
        }
        return result
    }

    /// Runs `body` with no animation: properties jump, even inside an outer `withAnimation`.
    public func withoutAnimation<R>(_ body: () throws -> R) rethrows -> R { try Transaction.run(nil, at: now, body) }

    /// Called by nodes (and other animated models) when something visible changed; `animationEnd` is when the
    /// animation that change started will end, if it animates.
    public func noteChange(animationEnd: Double? = nil) {
        assert(!isPainting, "a node changed during its scene's paint pass: drawing must change nothing")
        dirty = true
        guard let animationEnd else { return }
        animationsEnd = max(animationsEnd, animationEnd)
        if let open = transactionEnds.indices.last { transactionEnds[open] = max(transactionEnds[open], animationEnd) }
    }

    /// Whether some animation is still running at the current time.
    public var isAnimating: Bool { now < animationsEnd }

    /// Whether a frame drawn now would differ from the last one drawn: something changed, or an animation was
    /// running at the last frame drawn (so the frame at or after its end, with the final values, is still owed).
    public var needsFrame: Bool { dirty || paintedAt < animationsEnd }

    /// Whether something changed since the last frame drawn (apart from time moving on).
    public var hasUnpaintedChanges: Bool { dirty }

    /// The scene time at which the next frame or timer is due: now while animating, else the next timer, else nil.
    public var nextWakeTime: Double? {
        if needsFrame { return now }
        return timers.nextDue
    }

    // MARK: Time

    /// Moves scene time to `t`, firing every timer due up to it in order, each at its own due time.
    public func advance(to t: Double) {
        var guardCount = 0
        while let (due, action) = timers.popDue(upTo: t), guardCount < 10_000 {
            now = max(now, due)
            action()
            guardCount += 1
        }
        now = max(now, t)
    }

    // MARK: Paint

    /// Draws the tree into `renderer` at the current time as a whole frame (cleared to `clearColor`); clears the
    /// dirty flag.
    public func paint(into renderer: Renderer, images: ImageStore?) {
        renderer.beginFrame(clearColor: clearColor)
        paintTree(into: renderer, images: images)
        renderer.endFrame()
    }

    /// Draws the tree into `renderer`'s current state (transform, clip, opacity) without starting or ending a frame,
    /// so several scenes can make one frame (the panes of a comparison, the window's chrome); clears the dirty flag.
    /// Nodes outside the scene's own bounds are culled.
    public func paintTree(into renderer: Renderer, images: ImageStore?) {
        paintLayer(into: renderer, images: images)
        dirty = false
        paintedAt = now
    }

    /// Draws the tree as `paintTree` does but leaves `skipping`'s subtree out (a screenshot leaves out what only the
    /// window shows), and keeps no bookkeeping: the scene is exactly as it was.
    public func paintLayer(into renderer: Renderer, images: ImageStore?, skipping: Node? = nil) {
        isPainting = true
        defer { isPainting = false }
        let viewport = Rect(origin: .zero, size: size)
        var painter = Painter(renderer: renderer, images: images, time: now, viewport: viewport, limits: PaintLimits(viewport: viewport),
                              skipping: skipping)
        painter.paint(root, parentTransform: .identity)
    }

    /// Whether the paint pass is walking the tree. Drawing changes nothing: in debug builds, a node that changes
    /// while it is set traps (`noteChange`), as Flutter asserts against marking a render object dirty during paint.
    public private(set) var isPainting = false

    /// Marks the scene as needing a frame (for changes outside the tree, such as an image that finished loading).
    public func setNeedsDisplay() {
        assert(!isPainting, "the scene was marked dirty during its paint pass: drawing must change nothing")
        dirty = true
    }

    // MARK: Hit-testing

    /// The topmost hit-testable node under `point` (root coordinates), searching in reverse paint order.
    public func hitTest(_ point: Point) -> Node? { hitTest(root, point, parent: .identity) }

    /// The topmost hit-testable node under `point` (root coordinates) in `container`'s subtree, `container` included:
    /// how a control resolves which of its parts an event targets, whatever else is drawn above it. Nil when the
    /// container is not in this scene or it or an ancestor is hidden.
    public func hitTest(_ point: Point, within container: Node) -> Node? {
        guard container.scene === self else { return nil }
        var ancestor = container.parent
        while let a = ancestor {
            if a.isHidden { return nil }
            ancestor = a.parent
        }
        return hitTest(container, point, parent: container.parent?.worldTransform(at: now) ?? .identity)
    }

    /// The nodes with a pointer handler under `point` (root coordinates), innermost first: the innermost node with a
    /// handler whose bounds contain the point, searched in reverse paint order, then its ancestors that have one, the
    /// root last when it has one (whatever the point). What `PointerRouter` delivers to.
    public func pointerTargets(at point: Point) -> [Node] {
        var chain: [Node] = []
        var node = topmost(root, point, parent: .identity) { $0.onPointer != nil }
        while let n = node {
            if n.onPointer != nil { chain.append(n) }
            node = n.parent
        }
        if chain.last !== root, root.onPointer != nil { chain.append(root) }
        return chain
    }

    /// The point `point` (root coordinates) in `node`'s own coordinates now, if its transform can be inverted.
    public func convert(_ point: Point, to node: Node) -> Point? {
        node.worldTransform(at: now).inverted?.apply(point)
    }

    private func hitTest(_ node: Node, _ point: Point, parent: Transform2D) -> Node? {
        topmost(node, point, parent: parent) { $0.isHitTestable && $0 !== root }
    }

    /// The topmost node in `node`'s subtree under `point` that `accepts`, searching in reverse paint order as drawn:
    /// hidden and transparent nodes are skipped with their subtrees, and a clipping node's children only count inside
    /// it.
    private func topmost(_ node: Node, _ point: Point, parent: Transform2D, accepts: (Node) -> Bool) -> Node? {
        if node.isHidden { return nil }
        let p = node.presentation(at: now)
        if p.opacity <= 0 { return nil }
        let world = p.localTransform.concatenating(parent)
        guard let inverse = world.inverted else { return nil }
        let inside: Bool
        if let projection = node.projection {
            // The warp's inverse of the point in the node's own space (a point seen behind the viewer is outside).
            inside = projection.inverted.map { inv in
                let (x, y, w) = inv.homogeneous(inverse.apply(point))
                return w != 0 && p.bounds.contains(Point(x / w, y / w)) && projection.apply(Point(x / w, y / w)) != nil
            } ?? false
        } else {
            inside = p.bounds.contains(inverse.apply(point))
        }
        if node.clipsToBounds && !inside { return nil }
        for child in node.childrenInPaintOrder.reversed() {
            if let hit = topmost(child, point, parent: world, accepts: accepts) { return hit }
        }
        return inside && accepts(node) ? node : nil
    }
}

extension TimingCurve {
    /// Whether the curve is a spring (its duration is its settling time).
    public var isSpring: Bool { if case .spring = self { return true } else { return false } }
}

/// The paint pass: walks the tree in paint order and turns each node into renderer calls.
@MainActor
struct Painter {
    let renderer: Renderer
    let images: ImageStore?
    let time: Double
    let viewport: Rect
    /// How far a drawing may reach: nothing non-finite or absurdly large gets to the renderer.
    let limits: PaintLimits
    /// A subtree left out of the frame (nil: none).
    var skipping: Node? = nil

    static let placeholderColor = Color(hex: 0x3c4043)
    static let errorColor = Color(hex: 0x5c2b29)

    mutating func paint(_ node: Node, parentTransform: Transform2D) {
        if node.isHidden || node === skipping { return }
        let p = node.presentation(at: time)
        guard p.opacity > 0.001 else { return }
        let local = p.localTransform
        let world = local.concatenating(parentTransform)
        if let projection = node.projection {
            paintProjected(node, p, projection: projection, local: local, world: world)
            return
        }
        // Nothing that is not finite, or reaches absurdly far (a curve's overshoot), gets to the renderer.
        let reach = node.shadow.map { $0.radius + max(abs($0.offset.x), abs($0.offset.y)) } ?? 0
        guard let (bounds, cut) = limits.drawable(p.bounds, margin: reach, world: world) else { return }
        let cornerRadius = limits.cornerRadius(p.cornerRadius, of: bounds, cut: cut)
        // Cull what cannot reach the viewport: the node's bounds (plus its shadow) when it has no children to
        // overflow, or when it clips them.
        if node.children.isEmpty || node.clipsToBounds {
            if !world.apply(bounds.outset(cut ? 0 : reach)).intersects(viewport) { return }
        }
        renderer.save()
        renderer.beginNode(node.id)
        if !local.isIdentity { renderer.concatenate(local) }
        if p.opacity < 1 { renderer.multiplyOpacity(p.opacity) }
        let drawsItself = !(cut && bounds.isEmpty)
        if let shadow = node.shadow, !cut { renderer.drawShadow(for: bounds, cornerRadius: cornerRadius, shadow: shadow) }
        if let bg = node.background, drawsItself { renderer.fill(bounds, cornerRadius: cornerRadius, color: bg) }
        if let g = node.gradient, drawsItself { renderer.fillGradient(bounds, cornerRadius: cornerRadius, gradient: g) }
        if let image = node.image, drawsItself { drawImage(image, bounds: bounds, cornerRadius: cornerRadius) }
        if let text = node.text, !cut {
            var origin = Point.zero
            if text.alignment != .leading {
                let m = renderer.measureText(text.string, font: text.font)
                let x = text.alignment == .center ? (bounds.width - m.width) / 2 : bounds.width - m.width
                origin = Point(x, (bounds.height - m.height) / 2)
            }
            renderer.drawText(text.string, at: origin, font: text.font, color: text.color)
        }
        if !node.children.isEmpty {
            if node.clipsToBounds { renderer.clip(to: bounds, cornerRadius: cornerRadius) }
            for child in node.childrenInPaintOrder { paint(child, parentTransform: world) }
        }
        renderer.restore()
    }

    /// A projected node (`Node.projection`): its background and image warped, culled by the warped bounds; its
    /// children drawn unwarped on top. Nothing is drawn when the warp or its bounds are not finite.
    private mutating func paintProjected(_ node: Node, _ p: Presentation, projection: Homography, local: Transform2D, world: Transform2D) {
        guard projection.isFinite, world.isFinite, p.bounds.isFinite, p.cornerRadius.isFinite else { return }
        let onScreen = projection.concatenating(world).bounds(of: p.bounds)
        let visible = onScreen.map { $0.isFinite && $0.intersects(viewport) } ?? false
        if !visible && node.children.isEmpty { return }
        renderer.save()
        renderer.beginNode(node.id)
        if !local.isIdentity { renderer.concatenate(local) }
        if p.opacity < 1 { renderer.multiplyOpacity(p.opacity) }
        if visible {
            let radius = max(p.cornerRadius, 0)
            if let bg = node.background {
                renderer.drawProjected(.color(bg), in: p.bounds, projection: projection, cornerRadius: radius, opacity: 1, effects: node.imageEffects)
            }
            if let image = node.image {
                let content: ProjectedContent
                switch images?.state(of: image.handle) ?? .ready(p.bounds.size) {
                case .ready: content = .image(image.handle, image.contentMode)
                case .loading: content = .color(Painter.placeholderColor)
                case .failed: content = .color(Painter.errorColor)
                }
                renderer.drawProjected(content, in: p.bounds, projection: projection, cornerRadius: radius, opacity: 1, effects: node.imageEffects)
            }
        }
        for child in node.childrenInPaintOrder { paint(child, parentTransform: world) }
        renderer.restore()
    }

    private func drawImage(_ image: ImageContent, bounds: Rect, cornerRadius: Double) {
        switch images?.state(of: image.handle) ?? .ready(bounds.size) {
        case .ready:
            renderer.drawImage(image.handle, in: bounds, cornerRadius: cornerRadius, contentMode: image.contentMode, opacity: 1)
            if let note = images?.note(of: image.handle) { drawNote(note, bounds: bounds) }
        case .loading:
            renderer.fill(bounds, cornerRadius: cornerRadius, color: Painter.placeholderColor)
        case .failed:
            renderer.fill(bounds, cornerRadius: cornerRadius, color: Painter.errorColor)
            drawFailure(reason: images?.failureReason(of: image.handle), bounds: bounds)
        }
    }

    /// The error placeholder's words: "⚠ can't load" and, under it, why (the store's reason, wrapped to the tile's
    /// width, as many lines as the tile has room for), centred. Always shown when the tile has room: a failed tile
    /// has nothing else to show.
    private func drawFailure(reason: String?, bounds: Rect) {
        let label = "⚠ can't load"
        let m = renderer.measureText(label, font: Painter.failureFont)
        guard m.width < bounds.width else { return }
        let room = bounds.width - 2 * Painter.failureMargin
        let lineHeight = Typography.lineHeight(Painter.failureFont)
        let fitting = max(Int((bounds.height - 2 * Painter.failureMargin) / lineHeight) - 1, 0)
        let lines = reason.map { Painter.wrap($0, width: room, maxLines: fitting) { renderer.measureText($0, font: Painter.failureFont).width } } ?? []
        var y = bounds.y + (bounds.height - m.height - Double(lines.count) * lineHeight) / 2
        renderer.drawText(label, at: Point(bounds.x + (bounds.width - m.width) / 2, y), font: Painter.failureFont, color: Painter.failureTextColor)
        y += m.height
        for line in lines {
            let w = renderer.measureText(line, font: Painter.failureFont).width
            renderer.drawText(line, at: Point(bounds.x + (bounds.width - w) / 2, y), font: Painter.failureFont, color: Painter.failureTextColor)
            y += lineHeight
        }
    }

    /// A ready image's note ("GIF: first frame of 12") on a dark pill at its bottom-left corner, when it fits.
    private func drawNote(_ note: String, bounds: Rect) {
        let m = renderer.measureText(note, font: Painter.noteFont)
        let pill = Rect(bounds.x + 6, bounds.maxY - 6 - (m.height + 4), m.width + 12, m.height + 4)
        guard pill.maxX <= bounds.maxX - 6, pill.y >= bounds.y + 6 else { return }
        renderer.fill(pill, cornerRadius: pill.height / 2, color: Color(0, 0, 0, 0.6))
        renderer.drawText(note, at: Point(pill.x + 6, pill.y + 2), font: Painter.noteFont, color: .white)
    }

    static let failureFont = FontSpec(size: 12)
    static let failureTextColor = Color(1, 0.85, 0.8)
    /// Room kept between the placeholder's words and the tile's edges.
    static let failureMargin = 8.0
    static let noteFont = FontSpec(size: 11)

    /// `text` broken into lines at most `width` wide (by `measure`) at spaces, a word wider than a line broken where
    /// it must; at most `maxLines`, the last one shortened with "…" when text is left over.
    static func wrap(_ text: String, width: Double, maxLines: Int, measure: (String) -> Double) -> [String] {
        guard maxLines > 0, width > 0 else { return [] }
        var lines: [String] = []
        var current = ""
        var words = text.split(separator: " ").map(String.init)
        while !words.isEmpty {
            let word = words.removeFirst()
            let joined = current.isEmpty ? word : current + " " + word
            if measure(joined) <= width { current = joined; continue }
            if !current.isEmpty {
                lines.append(current)
                current = ""
                words.insert(word, at: 0)
            } else {
                // A word wider than the line: as many characters as fit, the rest on the next line.
                var n = word.count - 1
                while n > 1 && measure(String(word.prefix(n))) > width { n -= 1 }
                lines.append(String(word.prefix(n)))
                words.insert(String(word.dropFirst(n)), at: 0)
            }
            if lines.count == maxLines { break }
        }
        if !current.isEmpty && lines.count < maxLines { lines.append(current); current = "" }
        if lines.count == maxLines && (!current.isEmpty || !words.isEmpty), var last = lines.popLast() {
            while !last.isEmpty && measure(last + "…") > width { last.removeLast() }
            lines.append(last + "…")
        }
        return lines
    }
}
