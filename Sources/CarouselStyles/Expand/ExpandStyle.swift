import CarouselSupport
import CarouselCore

/// Google's desktop movie carousel: a row of posters; hovering one widens it from 150 to 250 points with
/// ease-in-out over 0.4 s while the poster grows 1.5x from its top-leading corner and fades out, a still fades in,
/// and a details overlay appears at the leading side. 0.1 s after an item starts expanding the row scrolls it into
/// view: a hovered item by the least scroll that shows it whole, never moving it from under the pointer (the article:
/// "if you were to hover over an item that is partially visible, it smoothly expands into view"); a clicked item,
/// which the click pins, to the scroll anchor (the article's `onTapGesture` + `scrollTo(anchor: .center)`). Hover
/// follows where the items come to rest, so the row's own motion never hands the expansion to the next item.
///
/// Each item's expansion is an `AnimatedValue` from 0 (collapsed) to 1 (expanded); `layout()` derives every width,
/// position, scale and opacity from those values each frame, so a collapse plays backwards from wherever it is.
/// Only items that can be visible get nodes (a pool of `ExpandItemView`s), so long decks cost what the window shows.
@MainActor
public final class ExpandStyle: BuiltInStyle, ContextualStyle {
    public static let descriptor = StyleDescriptor(
        name: "expand",
        summary: "Google's desktop movie carousel: hover expands an item and reveals a still and its details",
        parameters: Keys.schema,
        reducedMotion: "widens as tuned, without the poster's zoom or the scroll-into-view glide (the row cuts to the item); wheel steps cut",
        enterAction: "pin / unpin the expanded item (the first one in view when none is)")
    /// What the timeline's graphs can follow.
    public static let channels = [StyleChannel("width", .itemWidth), StyleChannel("x", .itemX), StyleChannel("offset", .state("scrollOffset"))]

    let context: StyleContext
    private var settings: ExpandSettings
    private let row = Node(name: "expand.row")
    private let heading = Node(name: "expand.heading")
    private let scroll: ScrollController
    private var expansion: [Int: AnimatedValue<Double>] = [:]
    /// An item view for each item that can be seen.
    private lazy var views = ViewPool<ExpandItemView>(
        parent: row, make: { [unowned self] in ExpandItemView(measurer: scene.textMeasurer) }, root: { $0.root },
        bind: { [unowned self] view, i in
            view.configure(index: i, item: context.deck.items[i], images: context.images, settings: settings)
        })
    private let hover = HoverTracker()
    private var press = PressRecognizer()
    private var hoverTimer: TimerID?
    private var snapTargetsStale = true
    /// The one item whose expansion target is 1, if any.
    public private(set) var expandedItem: Int?
    /// The item pinned open by a click or Enter.
    public private(set) var pinnedItem: Int?

    private var count: Int { context.deck.items.count }

    public init(context: StyleContext, parameters: Parameters) {
        self.context = context
        settings = ExpandSettings(parameters, reducesMotion: context.reducesMotion)
        scroll = ScrollController(scene: context.scene)
        row.isHitTestable = false
        heading.isHitTestable = false
        heading.text = TextContent(context.deck.name, font: FontSpec(size: 20, bold: true), color: Color(hex: 0xe8eaed))
        context.container.addChild(heading)
        context.container.addChild(row)
        scroll.onChange = { [weak self] in self?.scene.setNeedsDisplay() }
        configureScroll()
    }

    public func apply(_ parameters: Parameters) {
        settings = ExpandSettings(parameters, reducesMotion: context.reducesMotion)
        snapTargetsStale = true
        for (i, v) in views.bound { v.configure(index: i, item: context.deck.items[i], images: context.images, settings: settings) }
        configureScroll()
        scene.setNeedsDisplay()
    }

    private func configureScroll() {
        scroll.isSnapping = settings.snapping
        scroll.snapAnimation = Animation(curve: settings.scrollCurve, duration: settings.scrollDuration)
        scroll.tickDistance = settings.unit
        updateScrollExtent()
    }

    // MARK: Geometry

    /// The expansion (0...1) of item `i` at time `t`.
    public func expansion(of i: Int, at t: Double) -> Double { expansion[i]?.value(at: t) ?? 0 }

    private func extra(_ e: Double) -> Double { (settings.expandedWidth - settings.itemWidth) * e }

    /// Leading x of item `i` in content coordinates, with expansions at time `t` (or their targets when `model`).
    private func contentX(_ i: Int, at t: Double, model: Bool = false) -> Double {
        var x = settings.padding + Double(i) * settings.unit
        for (j, v) in expansion where j < i { x += extra(model ? v.model : v.value(at: t)) }
        return x
    }

    private func contentWidth(model: Bool) -> Double {
        let t = scene.now
        let extras = expansion.values.reduce(0.0) { $0 + extra(model ? $1.model : $1.value(at: t)) }
        return 2 * settings.padding + Double(count) * settings.unit - settings.spacing + extras
    }

    private func updateScrollExtent() {
        let w = max(contentWidth(model: true), contentWidth(model: false))
        scroll.maxOffset = max(w - scene.size.width, 0)
        guard snapTargetsStale else { return }
        snapTargetsStale = false
        // Item leading edges with the target expansions (a few items at most), computed when asked.
        let extras = expansion.filter { $0.value.model > 0 }.map { (index: $0.key, width: extra($0.value.model)) }
        scroll.targets = .lazy(count: settings.snapping ? count : 0) { [unit = settings.unit] i in
            extras.reduce(Double(i) * unit) { $1.index < i ? $0 + $1.width : $0 }
        }
    }

    /// The top of the row: the row and its heading are centred vertically.
    private var rowTop: Double { max((scene.size.height - settings.itemHeight) / 2 + 16, 48) }

    // MARK: Layout

    public func layout() {
        let t = scene.now
        // Forget settled collapsed items.
        for (i, v) in expansion where v.model == 0 && !v.isAnimating(at: t) { expansion[i] = nil }
        updateScrollExtent()
        let offset = scroll.presentationOffset
        let width = scene.size.width
        heading.frame = Rect(settings.padding, rowTop - 44, max(width - 2 * settings.padding, 0), 28)

        // First candidate: assume every expansion before it is complete, then walk forward.
        let maxExtra = expansion.values.reduce(0.0) { $0 + extra(max($1.value(at: t), 0)) }
        var i = max(Int(((offset - settings.padding - maxExtra) / settings.unit).rounded(.down)), 0)
        var x = contentX(i, at: t)
        views.layout { view in
            while i < count {
                let w = settings.itemWidth + extra(expansion(of: i, at: t))
                if x - offset > width { break }
                if x + w - offset >= 0 {
                    // Placed on whole points: the items a widening one pushes along move by whole pixels, so the
                    // frame moves their pixels instead of drawing them again (`FrameDamage.Move`, issue 41).
                    view(i).layout(x: (x - offset).rounded(), y: rowTop, width: w, expansion: expansion(of: i, at: t), pinned: pinnedItem == i,
                                   settings: settings)
                }
                x += w + settings.spacing
                i += 1
            }
        }
    }

    // MARK: Expansion

    private var expandAnimation: Animation { Animation(curve: settings.expandCurve, duration: settings.expandDuration) }

    /// How an expansion brings its item into view.
    enum Reveal {
        /// Hover: the least scroll that shows the item whole, none when it already shows, and never one that takes it
        /// from under the pointer at this point (nil: no pointer), so the row does not move a new item under a resting
        /// pointer.
        case keepingPointer(Point?)
        /// A click (the article's `onTapGesture` + `scrollTo(anchor:)`): to the scroll anchor, even when in view
        /// (with "nearest", the least scroll).
        case toAnchor
        /// Keys, Enter and auto-advance: to the scroll anchor when the item is partly outside the row.
        case toAnchorIfOutside
    }

    /// Expands item `i` (collapsing the one expanded before) and brings it into view as `reveal` says, or collapses
    /// everything with nil.
    public func setExpanded(_ i: Int?) { setExpanded(i, reveal: .toAnchorIfOutside) }

    func setExpanded(_ i: Int?, reveal: Reveal) {
        let target = i.map { min(max($0, 0), count - 1) }
        guard target != expandedItem else {
            if let target, case .toAnchor = reveal { scrollIntoView(target, reveal) }
            return
        }
        if let old = expandedItem { animateExpansion(of: old, to: 0) }
        expandedItem = target
        snapTargetsStale = true
        if let target {
            animateExpansion(of: target, to: 1)
            scrollIntoView(target, reveal)
        }
        updateScrollExtent()
        scene.setNeedsDisplay()
    }

    private func animateExpansion(of i: Int, to value: Double) {
        var v = expansion[i] ?? AnimatedValue(0)
        v.set(value, animation: expandAnimation, at: scene.now)
        expansion[i] = v
        scene.noteChange(animationEnd: v.endTime)
    }

    /// Scrolls item `i` as `reveal` says, starting `scrollDelay` after the expansion (a cut under reduced motion).
    private func scrollIntoView(_ i: Int, _ reveal: Reveal) {
        let x = contentX(i, at: scene.now, model: true)
        let w = settings.expandedWidth
        let o = scroll.offset, width = scene.size.width
        let margin = min(settings.padding, 8)
        let outside = x < o + margin || x + w > o + width - margin
        var target: Double
        switch reveal {
        case .keepingPointer(let pointer):
            // Offsets that show the item whole lie between these two (an item wider than the row covers it there).
            let a = x + w - (width - margin), b = x - margin
            target = min(max(o, min(a, b)), max(a, b))
            // Offsets that keep the item under the pointer, if it is under it now.
            if let p = pointer, x - o <= p.x, p.x <= x + w - o {
                target = min(max(target, x - p.x), x + w - p.x)
            }
        case .toAnchor, .toAnchorIfOutside:
            if case .toAnchorIfOutside = reveal, !outside { return }
            switch settings.scrollAnchor {
            case "leading": target = x - settings.padding
            case "nearest":
                guard outside else { return }
                target = x < o + margin ? x - settings.padding : x + w + settings.padding - width
            default: target = x + w / 2 - width / 2
            }
        }
        let maxOffset = max(contentWidth(model: true) - width, 0)
        target = min(max(target, 0), maxOffset)
        guard abs(target - o) > 1e-9 else { return }
        scroll.maxOffset = max(scroll.maxOffset, maxOffset)
        // Under reduced motion the row cuts to the item as it starts to widen.
        scroll.scroll(to: target,
                      animation: scene.motion(Animation(curve: settings.scrollCurve, duration: settings.scrollDuration, delay: settings.scrollDelay)))
    }

    private func hoverChanged() {
        scene.timers.cancel(hoverTimer)
        hoverTimer = nil
        guard pinnedItem == nil else { return }
        guard let target = hover.hovered else { setExpanded(nil); return }
        if settings.hoverDelay > 0 {
            hoverTimer = scene.timers.schedule(at: scene.now + settings.hoverDelay) { [weak self] in
                guard let self, self.hover.hovered == target, self.pinnedItem == nil else { return }
                self.setExpanded(target, reveal: .keepingPointer(self.hover.pointer))
            }
        } else {
            setExpanded(target, reveal: .keepingPointer(hover.pointer))
        }
    }

    // MARK: Where the row comes to rest

    /// Item `i`'s frame on screen once every motion under way has ended: the target expansions at the target scroll
    /// offset. Hover reads these, so items the row's own motion carries past a pointer are never hovered.
    private func restingFrame(of i: Int) -> Rect? {
        guard i >= 0, i < count else { return nil }
        let width = settings.itemWidth + extra(expansion[i]?.model ?? 0)
        return Rect(contentX(i, at: scene.now, model: true) - scroll.offset, rowTop, width, settings.itemHeight)
    }

    /// The item whose resting frame holds `p`, if any. Nothing before the row is first shown: a pointer already
    /// resting where the row appears (the window opening under it) has not moved onto an item.
    private func restingItem(at p: Point) -> Int? {
        guard count > 0, !views.bound.isEmpty, p.y >= rowTop, p.y <= rowTop + settings.itemHeight, p.x >= 0, p.x <= scene.size.width else { return nil }
        // The last item whose leading edge is at or before the point (leading edges grow with the index).
        let x = p.x + scroll.offset
        var lo = 0, hi = count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if contentX(mid, at: scene.now, model: true) <= x { lo = mid } else { hi = mid - 1 }
        }
        guard let f = restingFrame(of: lo), f.minX <= p.x, p.x <= f.maxX else { return nil }
        return lo
    }

    // MARK: Input

    public func handle(_ event: InputEvent) -> Bool {
        for case .tap(let p) in press.handle(event, at: scene.now) { click(at: p); return true }
        if let wheel = ScrollWheel(event) {
            scroll.wheel(wheel.forward, precise: wheel.precise)
            return true
        }
        switch event {
        case .pointerMove(let p):
            // Which item the pointer is over is read from the row at rest: a move during the row's own motion never
            // picks an item only passing under the pointer, and the hovered item stays the one it rests on.
            let changed = hover.pointerMoved(to: p, itemAt: { self.restingItem(at: $0) }, frameOf: { self.restingFrame(of: $0) })
            if changed { hoverChanged() }
            return true
        case .pointerLeave:
            if hover.pointerLeft() { hoverChanged() }
            return true
        case .keyDown(let key, let mods, _) where mods.isEmpty || mods == .shift:
            switch key.name {
            case "left": moveExpansion(by: -1); return true
            case "right": moveExpansion(by: 1); return true
            case "return":
                guard let e = expandedItem else {
                    // Nothing expanded: the first item in view opens, pinned (the keyboard's click).
                    guard count > 0 else { return false }
                    pinnedItem = firstVisibleItem
                    setExpanded(firstVisibleItem)
                    return true
                }
                pinnedItem = pinnedItem == e ? nil : e
                scene.setNeedsDisplay()
                return true
            case "escape":
                guard pinnedItem != nil else { return false }
                pinnedItem = nil
                setExpanded(hover.hovered, reveal: .keepingPointer(hover.pointer))
                return true
            default: return false
            }
        default:
            return false
        }
    }

    private func click(at p: Point) {
        guard let i = StyleSupport.item(at: p, in: scene) else { return }
        if pinnedItem == i {
            pinnedItem = nil
            setExpanded(hover.hovered, reveal: .keepingPointer(hover.pointer))
        } else {
            pinnedItem = i
            setExpanded(i, reveal: .toAnchor)
        }
        scene.setNeedsDisplay()
    }

    /// The first item whose leading edge is inside the row now.
    private var firstVisibleItem: Int {
        // Binary search: leading edges grow with the index.
        let o = scroll.offset
        var lo = 0, hi = count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if contentX(mid, at: scene.now, model: true) >= o { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    private func moveExpansion(by step: Int) {
        let base = expandedItem ?? (step > 0 ? firstVisibleItem - 1 : firstVisibleItem + 1)
        let next = min(max(base + step, 0), count - 1)
        if pinnedItem != nil { pinnedItem = next }
        setExpanded(next)
    }

    public func advance() {
        let next = ((expandedItem ?? (firstVisibleItem - 1)) + 1) % count
        if pinnedItem != nil { pinnedItem = next }
        setExpanded(next)
    }

    public var isInteracting: Bool { false }

    public var carouselFrame: Rect { Rect(0, rowTop, scene.size.width, settings.itemHeight) }

    // MARK: Export

    public func layoutItems() -> [LayoutItem] {
        // Progress: the leading edge from the leading padding (where a scroll rests), in collapsed item pitches.
        let bound = views.inKeyOrder
        let items = bound.map { entry in
            var item = StyleSupport.layoutItem(entry.view.imageArea, index: entry.key, deck: context.deck, scene: scene)
            item.progress = (settings.padding - item.frame.minX) / settings.unit
            return item
        }
        return StyleSupport.paintOrdered(items, zIndices: bound.map { _ in 0 })
    }

    public var state: [JSONMember] {
        [JSONMember("expanded", expandedItem.map { .number(Double($0)) } ?? .null),
         JSONMember("pinned", pinnedItem.map { .number(Double($0)) } ?? .null),
         JSONMember("scrollOffset", .number(scroll.presentationOffset)),
         JSONMember("current", .number(Double(expandedItem ?? firstVisibleItem)))]
    }

    public func tearDown() {
        scene.timers.cancel(hoverTimer)
    }
}

/// The expand style's parameters, read once per change.
struct ExpandSettings {
    private typealias Keys = ExpandStyle.Keys

    var itemWidth, expandedWidth, itemHeight, imageHeight, spacing, cornerRadius, padding: Double
    var expandCurve: TimingCurve
    var expandDuration, posterScale: Double
    var posterAnchor: Point
    var scrollDelay, scrollDuration: Double
    var scrollCurve: TimingCurve
    var scrollAnchor: String
    var hoverDelay: Double
    var snapping: Bool
    /// One collapsed item plus its gap.
    var unit: Double { itemWidth + spacing }

    /// The values of `p`; under reduced motion (`reducesMotion`) the poster does not zoom (it only fades).
    init(_ p: Parameters, reducesMotion: Bool) {
        itemWidth = p[Keys.itemWidth]; expandedWidth = max(p[Keys.expandedWidth], p[Keys.itemWidth])
        itemHeight = p[Keys.itemHeight]; imageHeight = min(p[Keys.imageHeight], p[Keys.itemHeight])
        spacing = p[Keys.spacing]; cornerRadius = p[Keys.cornerRadius]; padding = p[Keys.padding]
        expandCurve = p[Keys.expandCurve]; expandDuration = p[Keys.expandDuration]
        posterScale = reducesMotion ? 1 : p[Keys.posterScale]
        switch p[Keys.posterAnchor] {
        case "top": posterAnchor = Point(0.5, 0)
        case "center": posterAnchor = Point(0.5, 0.5)
        case "leading": posterAnchor = Point(0, 0.5)
        default: posterAnchor = Point(0, 0)
        }
        scrollDelay = p[Keys.scrollDelay]; scrollDuration = p[Keys.scrollDuration]
        scrollCurve = p[Keys.scrollCurve]; scrollAnchor = p[Keys.scrollAnchor]
        hoverDelay = p[Keys.hoverDelay]; snapping = p[Keys.snapping]
    }
}
