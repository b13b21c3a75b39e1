import CarouselSupport
import CarouselCore

/// Threads' pinch-to-stitch carousel: a scrolling row of photos of mixed aspect ratios, each fitted to the row
/// height. Pinching in (magnification below 0.95) stitches them into one seamless strip, spacing 8 -> 0 and corner
/// radius 8 -> 0 with ease-in over 0.2 s; pinching out (above 1.05) separates them again with ease-out over 0.2 s.
/// The whole row is clipped to a rounded rectangle of radius 8, so its outer corners stay round in both states.
///
/// How it is built:
/// - One `AnimatedValue` "stitch progress" (0 normal, 1 seamless) drives spacing and radius; `layout()` derives
///   every frame from it and from the scroll offset, so a pinch in the other direction mid-way retargets smoothly.
/// - The images sit in one clipping node (the strip); only images that can be visible have nodes.
/// - Anchor rule: when the spacing changes, the content under the pointer (or, with the pointer elsewhere, under
///   the row's centre) stays where it is; a row resting at its start or end keeps that edge on the padding. The content at strip coordinate `u` moves by `gaps(u) * Δspacing`, so the
///   shown offset is the scroll controller's offset plus `gaps * (spacing(t) - spacing at the start)`: exact at
///   every instant, whatever the curve. The correction is folded into the scroll controller when the change ends
///   or when the user scrolls.
/// - Pinch sources: real `.magnify` gestures, Ctrl+wheel (ticks accumulate into one gesture) and Ctrl+minus/plus,
///   all through `MagnificationRecognizer`. At most one state change per gesture.
/// - The phone's heavy haptic becomes a short white pulse around the row (`cue`) and, with `sound` on, a call to
///   `onHaptic` for the app to play a click.
@MainActor
public final class StitchStyle: BuiltInStyle, HapticFeedbackStyle, ContextualStyle {
    /// The style's name, summary and parameters: every number of the article, with its value as the default.
    public static let descriptor = StyleDescriptor(
        name: "stitch",
        summary: "Threads' pinch-to-stitch carousel: pinch in (Ctrl+wheel down) to join the photos into one strip, out to separate them",
        parameters: Keys.schema,
        reducedMotion: "the pinch still stitches and separates, its gaps closing or opening in at most 0.1 s; Left / Right and auto-advance cut to the image; a released drag settles in 0.1 s",
        enterAction: "stitch / separate the row (the pinch's keyboard way)")
    /// What the timeline's graphs can follow.
    public static let channels = [StyleChannel("x", .itemX), StyleChannel("width", .itemWidth), StyleChannel("offset", .state("scrollOffset"))]

    /// Called with the new seamless state on each state change while `sound` is on: the app plays a click there.
    public var onHaptic: ((Bool) -> Void)?
    /// Whether the row is (or is becoming) seamless.
    public private(set) var isSeamless = false

    let context: StyleContext
    private var settings: StitchSettings
    private var row: StitchRow
    /// The clipping node around every image: rounded by `outerRadius`, scrolled with the content.
    private let strip = Node(name: "stitch.strip")
    /// The white pulse behind the strip, shown on each state change.
    private let cueRing = Node(name: "stitch.cue")
    private let scroll: ScrollController
    private let magnifier: MagnificationRecognizer
    /// Presses on the row: the window's pointer router gives the row (`strip`) a press begun on it until the release.
    private var press = PressRecognizer()
    /// 0 is normal, 1 is seamless.
    private var progress = AnimatedValue(0.0)
    private var anchor = Anchor.none
    private var foldTimer: TimerID?
    private var gesture: Gesture?
    private var pointer: Point?
    /// An image node for each item that can be seen.
    private lazy var nodes = ViewPool<Node>(parent: strip, make: { Node(name: "stitch.image") }, root: { $0 },
                                            bind: { [unowned self] node, i in bind(node, to: i) })
    private var handles: [Int: ImageHandle] = [:]
    private var laidOutSize: Size
    private var measuresStale = false
    private var snapTargetsSpacing: Double?

    /// A magnification gesture in progress.
    private struct Gesture {
        /// Whether it already changed the state (at most once per gesture).
        var decided = false
    }

    /// The correction that keeps content in place while the spacing changes: the shown offset is the scroll
    /// controller's offset plus `gaps * (spacing - referenceSpacing)`.
    private struct Anchor {
        var gaps: Double
        var referenceSpacing: Double
        static let none = Anchor(gaps: 0, referenceSpacing: 0)
        func correction(spacing: Double) -> Double { gaps == 0 ? 0 : gaps * (spacing - referenceSpacing) }
    }

    private var count: Int { context.deck.items.count }
    private static let cueWidth = 3.0

    /// Builds the strip and measures the deck; images get nodes in the first `layout()`.
    public init(context: StyleContext, parameters: Parameters) {
        self.context = context
        settings = StitchSettings(parameters)
        scroll = ScrollController(scene: context.scene)
        magnifier = MagnificationRecognizer(scene: context.scene)
        laidOutSize = context.container.frame.size
        row = StitchRow(aspects: [], height: 1, padding: 0, viewportWidth: 0)
        strip.clipsToBounds = true
        strip.isHitTestable = false
        cueRing.background = Color.white.withAlpha(0.9)
        cueRing.opacity = 0
        cueRing.isHitTestable = false
        context.container.addChild(cueRing)
        context.container.addChild(strip)
        magnifier.onMagnify = { [weak self] phase, scale in self?.magnify(phase, scale: scale) }
        strip.onPointer = { [unowned self] in rowPointer($0) }
        row = measuredRow()
        configureInputs()
        updateScrollLimits()
    }

    // MARK: Parameters

    /// Applies new values live: spacing changes keep the content under the pointer, size changes keep the leading
    /// image, curves and durations take effect at the next state change (a running one is not restarted).
    public func apply(_ parameters: Parameters) {
        let new = StitchSettings(parameters)
        if new.normalSpacing != settings.normalSpacing || new.seamlessSpacing != settings.seamlessSpacing {
            // Keep the content under the pointer in place while the gaps change size.
            beginSpacingChange()
            settings.normalSpacing = new.normalSpacing
            settings.seamlessSpacing = new.seamlessSpacing
            if progress.isAnimating(at: scene.now) { updateScrollLimits() } else { fold() }
        }
        let geometryChanged = new.maxHeight != settings.maxHeight || new.padding != settings.padding
        let wasSnapping = settings.snapping
        settings = new
        if geometryChanged { remeasure() }
        configureInputs()
        if settings.snapping && !wasSnapping { fold(); scroll.settle(animation: scroll.snapAnimation) }
        if !settings.cue { scene.withoutAnimation { cueRing.opacity = 0 } }
        scene.setNeedsDisplay()
    }

    private func configureInputs() {
        magnifier.factorPerTick = settings.wheelFactorPerTick
        magnifier.quietTime = settings.gestureQuietTime
        scroll.isSnapping = settings.snapping
    }

    // MARK: Geometry

    /// The spacing and image radius at stitch progress `p`.
    private func spacing(_ p: Double) -> Double { settings.normalSpacing + (settings.seamlessSpacing - settings.normalSpacing) * p }
    private func radius(_ p: Double) -> Double { settings.normalRadius + (settings.seamlessRadius - settings.normalRadius) * p }
    /// The spacing on screen now, and the one the row is heading for.
    private var shownSpacing: Double { spacing(progress.value(at: scene.now)) }
    private var targetSpacing: Double { spacing(progress.model) }

    /// The offset on screen now: the scroll controller's, corrected by the anchor, kept inside the content.
    private var shownOffset: Double {
        let s = shownSpacing
        let range = row.offsetRange(spacing: s)
        return min(max(scroll.presentationOffset + anchor.correction(spacing: s), range.lowerBound), range.upperBound)
    }

    /// The top of the row: it is centred vertically.
    private var rowTop: Double { (laidOutSize.height - row.height) / 2 }

    /// The strip's frame in the window now.
    private var stripFrame: Rect {
        Rect(row.padding - shownOffset, rowTop, row.stripWidth(spacing: shownSpacing), row.height)
    }

    /// Width over height of item `i`: the loaded image's, else the deck's, else square.
    private func aspect(of i: Int) -> Double {
        if let h = handles[i], let size = context.images.naturalSize(of: h), size.width > 0, size.height > 0 {
            return size.width / size.height
        }
        if let size = context.deck.items[i].size, size.width > 0, size.height > 0 { return size.width / size.height }
        return 1
    }

    private func measuredRow() -> StitchRow {
        let size = context.container.frame.size
        let height = max(min(settings.maxHeight, size.height - 2 * settings.padding), 1)
        return StitchRow(aspects: (0..<count).map(aspect(of:)), height: height, padding: settings.padding, viewportWidth: size.width)
    }

    /// Measures the row again (window size, parameters or image sizes changed), keeping the scroll position.
    private func remeasure() {
        laidOutSize = context.container.frame.size
        measuresStale = false
        let new = measuredRow()
        guard new != row else { return }
        let heightChanged = new.height != row.height
        preservingScroll {
            row = new
            snapTargetsSpacing = nil
        }
        if heightChanged { for (i, node) in nodes.bound { bind(node, to: i) } }
    }

    /// Runs `change` (which re-measures the row) so that the image at the leading padding line stays there, at the
    /// same fraction of its width; a scroll in flight goes on to the re-measured position of its target.
    private func preservingScroll(_ change: () -> Void) {
        fold()
        let wasScrolling = scroll.isAnimating
        let shown = row.position(at: shownOffset, spacing: shownSpacing)
        let aimed = row.position(at: scroll.offset, spacing: targetSpacing)
        change()
        updateScrollLimits()
        scroll.jump(to: row.coordinate(of: shown, spacing: shownSpacing))
        if wasScrolling { scroll.scroll(to: row.coordinate(of: aimed, spacing: targetSpacing), animation: scene.motion(scroll.snapAnimation)) }
    }

    /// Gives the scroll controller the range and snap targets of the row (with the target spacing; during a
    /// change, the range also covers the spacing on screen so nothing is clamped mid-way).
    private func updateScrollLimits() {
        let s = targetSpacing
        scroll.maxOffset = max(row.offsetRange(spacing: shownSpacing).upperBound, row.offsetRange(spacing: s).upperBound, 0)
        if snapTargetsSpacing != s {
            scroll.targets = .lazy(count: row.count) { [row] in row.x($0, spacing: s) }
            snapTargetsSpacing = s
        }
    }

    // MARK: Layout

    /// Places the strip and the visible images for the current scene time (re-measuring first after a resize).
    public func layout() {
        if context.container.frame.size != laidOutSize || measuresStale { remeasure() }
        place()
        if measuresStale {
            // An image bound just now turned out to have another size than assumed.
            remeasure()
            place()
        }
    }

    /// Writes the strip, the cue ring and the visible images' frames for the current time: O(visible images).
    private func place() {
        let p = progress.value(at: scene.now)
        let s = spacing(p), r = radius(p)
        let frame = stripFrame
        strip.frame = frame
        strip.cornerRadius = settings.outerRadius
        // The gaps show the window's background; painting it keeps the cue ring behind them from showing through.
        if strip.background != scene.clearColor { strip.background = scene.clearColor }
        cueRing.frame = frame.outset(Self.cueWidth)
        cueRing.cornerRadius = settings.outerRadius + Self.cueWidth
        // The window in strip coordinates.
        let lo = -frame.x, hi = -frame.x + laidOutSize.width
        var i = row.firstIndex(endingAfter: max(lo, 0), spacing: s)
        nodes.layout { node in
            while i < count {
                let x = row.x(i, spacing: s)
                if x >= hi { break }
                node(i).frame = Rect(x, 0, row.width(i), row.height)
                node(i).cornerRadius = r
                i += 1
            }
        }
    }

    /// Points `node` at item `i`'s image, asking for it at the size it is drawn.
    private func bind(_ node: Node, to i: Int) {
        node.tag = i
        let size = StyleSupport.pixelBudget(Size(row.width(i), row.height))
        let handle = context.images.handle(for: context.deck.items[i].image, maxPixelSize: size)
        handles[i] = handle
        node.image = ImageContent(handle, contentMode: .fill)
        if i < row.count, abs(aspect(of: i) - row.aspects[i]) > 1e-9 { measuresStale = true }
    }

    /// Re-measures the images whose loaded size differs from what was assumed, keeping the scroll position.
    public func imagesChanged() {
        remeasure()
        scene.setNeedsDisplay()
    }

    // MARK: Stitching

    private var stitchAnimation: Animation { Animation(curve: settings.stitchCurve, duration: settings.stitchDuration) }
    private var unstitchAnimation: Animation { Animation(curve: settings.unstitchCurve, duration: settings.unstitchDuration) }

    /// Stitches the row (true) or separates it (false) with the stitch or unstitch animation, as a pinch does:
    /// the content under the pointer stays under it, and the state change gives its cue.
    public func setSeamless(_ seamless: Bool) {
        guard seamless != isSeamless else { return }
        beginSpacingChange()
        isSeamless = seamless
        // Under reduced motion the gaps still close and open (the effect itself), briefly.
        progress.set(seamless ? 1 : 0, animation: scene.shortMotion(seamless ? stitchAnimation : unstitchAnimation), at: scene.now)
        scene.noteChange(animationEnd: progress.endTime)
        updateScrollLimits()
        scene.timers.cancel(foldTimer)
        foldTimer = progress.endTime.map { end in scene.timers.schedule(at: end) { [weak self] in self?.fold() } }
        if foldTimer == nil { fold() }
        giveCue()
        if settings.sound { onHaptic?(seamless) }
    }

    /// Stops any scroll in flight and anchors the content under the pointer (or the row's centre) for a change of
    /// the spacing that starts now. A row resting at its start or its end keeps that edge on the padding instead
    /// (the content cannot move past it when the gaps close, so it does not when they open either).
    private func beginSpacingChange() {
        fold()
        if scroll.isAnimating { scroll.jump(to: scroll.presentationOffset) }
        let s = shownSpacing, offset = shownOffset
        let range = row.offsetRange(spacing: s)
        let gaps: Double
        if offset <= range.lowerBound + 0.5 {
            gaps = 0
        } else if offset >= range.upperBound - 0.5 {
            gaps = Double(max(count - 1, 0))
        } else {
            let frame = carouselFrame
            let x = pointer.flatMap { frame.contains($0) ? $0.x : nil } ?? frame.midX
            gaps = row.gaps(before: x - row.padding + offset, spacing: s)
        }
        anchor = Anchor(gaps: gaps, referenceSpacing: s)
    }

    /// Moves the anchor's correction into the scroll controller (the offset on screen does not change), and brings
    /// the controller's range and snap targets up to date.
    private func fold() {
        let shown = shownOffset
        let hadCorrection = anchor.gaps != 0
        anchor = .none
        updateScrollLimits()
        let target = min(max(shown, 0), scroll.maxOffset)
        if hadCorrection || abs(target - scroll.presentationOffset) > 1e-9 { scroll.jump(to: target) }
    }

    /// The desktop's stand-in for the phone's heavy haptic: a white ring around the row that fades out.
    private func giveCue() {
        guard settings.cue else { return }
        scene.withoutAnimation { cueRing.opacity = 1 }
        scene.withAnimation(.easeOut(settings.cueDuration)) { cueRing.opacity = 0 }
    }

    /// One magnification update: the scale since the gesture began decides, once per gesture.
    private func magnify(_ phase: GesturePhase, scale: Double) {
        switch phase {
        case .begin:
            gesture = Gesture()
        case .change:
            var g = gesture ?? Gesture()
            if !g.decided {
                if !isSeamless && scale < settings.pinchInThreshold {
                    g.decided = true
                    setSeamless(true)
                } else if isSeamless && scale > settings.pinchOutThreshold {
                    g.decided = true
                    setSeamless(false)
                }
            }
            gesture = g
        case .end:
            gesture = nil
        }
    }

    // MARK: Input

    /// Pinch sources (magnify, Ctrl+wheel, Ctrl+minus/plus) go to the magnification recognizer; the plain wheel, a
    /// drag on the row and Left/Right scroll the row.
    public func handle(_ event: InputEvent) -> Bool {
        switch event {
        case .wheel(_, _, _, _, let at?), .magnify(_, _, let at?): pointer = at
        default: break
        }
        if magnifier.handle(event) { return true }
        if let wheel = ScrollWheel(event) {
            fold()
            scroll.wheel(wheel.forward, precise: wheel.precise)
            return true
        }
        switch event {
        case .pointerMove(let p):
            pointer = p
            return false
        case .pointerLeave:
            pointer = nil
            return false
        case .keyDown(let key, let mods, _) where mods.isEmpty || mods == .shift:
            switch key.name {
            case "left": scrollToImage(navigationIndex - 1); return true
            case "right": scrollToImage(navigationIndex + 1); return true
            case "return" where mods.isEmpty: setSeamless(!isSeamless); return true
            default: return false
            }
        default:
            return false
        }
    }

    /// Pointer events on the row (`strip`'s handler): a press begun on it drags the row, which follows until the
    /// release (the router keeps the press here wherever the pointer goes). Moves that are no drag bubble on.
    private func rowPointer(_ event: InputEvent) -> Bool {
        switch event {
        case .pointerMove(let p): pointer = p
        case .pointerLeave: pointer = nil
        default: break
        }
        let used = scroll.handle(event, press: &press, dragBegan: { fold() }) { _ in false }
        if case .pointerDown(_, .left) = event { return true }
        return used
    }

    // MARK: Navigation

    /// The image that navigation starts from: the current image at the scroll target (so repeated keys add up).
    private var navigationIndex: Int {
        let s = targetSpacing
        let range = row.offsetRange(spacing: s)
        return row.mostlyVisibleIndex(offset: min(max(scroll.offset, range.lowerBound), range.upperBound), spacing: s)
    }

    /// Scrolls so that image `i`'s leading edge rests on the leading padding (as far as the content allows).
    private func scrollToImage(_ i: Int) {
        guard count > 0 else { return }
        fold()
        scroll.scroll(to: row.x(min(max(i, 0), count - 1), spacing: targetSpacing), animation: scene.motion(scroll.snapAnimation))
    }

    /// Scrolls to the next image; after the end of the row (when it cannot scroll further), back to the first.
    public func advance() {
        guard count > 0 else { return }
        fold()
        let atEnd = scroll.offset >= row.offsetRange(spacing: targetSpacing).upperBound - 0.5
        let next = navigationIndex + 1
        scrollToImage(atEnd || next >= count ? 0 : next)
    }

    /// True during a magnification gesture (including a Ctrl+wheel one until its quiet time) and during a drag.
    public var isInteracting: Bool { gesture != nil || magnifier.isActive || press.isDragging }

    /// The row: a press on it drags it (the images are not buttons).
    public var pointerTargets: [PointerTarget] { carouselFrame.isEmpty ? [] : [PointerTarget("row", carouselFrame)] }

    /// The part of the row inside the window.
    public var carouselFrame: Rect {
        guard count > 0 else { return .zero }
        let f = stripFrame.intersection(Rect(origin: .zero, size: laidOutSize))
        return f.isEmpty ? .zero : f
    }

    // MARK: Export

    /// The visible images, by index.
    public func layoutItems() -> [LayoutItem] {
        // Progress: where the leading padding falls along the row, counted in items (images differ in width: between
        // two leading edges it is the fraction of that pitch), less the item's index.
        let bound = nodes.inKeyOrder
        var items = bound.map { entry in StyleSupport.layoutItem(entry.view, index: entry.key, deck: context.deck, scene: scene) }
        let edges = items.map(\.frame.minX)
        let k = edges.lastIndex { $0 <= row.padding } ?? 0
        func pitch(_ i: Int) -> Double { i + 1 < items.count ? edges[i + 1] - edges[i] : items[i].frame.width + shownSpacing }
        if !items.isEmpty {
            let at = Double(items[k].index) + (row.padding - edges[k]) / max(pitch(k), 1)
            for i in items.indices { items[i].progress = at - Double(items[i].index) }
        }
        return StyleSupport.paintOrdered(items, zIndices: bound.map { $0.view.zIndex })
    }

    /// `seamless`, `scrollOffset` (0 while a row narrower than the window is centred) and `current` (the first
    /// image mostly past the leading padding).
    public var state: [JSONMember] {
        [JSONMember("seamless", .bool(isSeamless)),
         JSONMember("scrollOffset", .number(max(shownOffset, 0))),
         JSONMember("current", .number(Double(row.mostlyVisibleIndex(offset: shownOffset, spacing: shownSpacing))))]
    }

    /// Cancels the pending fold timer.
    public func tearDown() {
        scene.timers.cancel(foldTimer)
        foldTimer = nil
    }
}

/// The stitch style's parameters, read once per change.
struct StitchSettings: Equatable {
    private typealias Keys = StitchStyle.Keys

    var normalSpacing, normalRadius, seamlessSpacing, seamlessRadius, outerRadius: Double
    var maxHeight, padding: Double
    var pinchInThreshold, pinchOutThreshold, wheelFactorPerTick, gestureQuietTime: Double
    var stitchCurve, unstitchCurve: TimingCurve
    var stitchDuration, unstitchDuration: Double
    var cue: Bool
    var cueDuration: Double
    var sound, snapping: Bool

    init(_ p: Parameters) {
        normalSpacing = p[Keys.normalSpacing]; normalRadius = p[Keys.normalRadius]
        seamlessSpacing = p[Keys.seamlessSpacing]; seamlessRadius = p[Keys.seamlessRadius]
        outerRadius = p[Keys.outerRadius]
        maxHeight = p[Keys.maxHeight]; padding = p[Keys.padding]
        pinchInThreshold = p[Keys.pinchInThreshold]; pinchOutThreshold = p[Keys.pinchOutThreshold]
        wheelFactorPerTick = p[Keys.wheelFactorPerTick]; gestureQuietTime = p[Keys.gestureQuietTime]
        stitchCurve = p[Keys.stitchCurve]; stitchDuration = p[Keys.stitchDuration]
        unstitchCurve = p[Keys.unstitchCurve]; unstitchDuration = p[Keys.unstitchDuration]
        cue = p[Keys.cue]; cueDuration = p[Keys.cueDuration]
        sound = p[Keys.sound]; snapping = p[Keys.snapping]
    }
}
