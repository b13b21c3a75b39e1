import CarouselSupport
import CarouselCore
import Foundation

/// A carousel effect from a file (an `EffectDocument`): a row (or a stack) of the deck's images whose look at each
/// item's progress comes from the document's tracks, drawn as projected pictures (`Node.projection`) so 3D turns and
/// depth are seen through the perspective.
///
/// Input: Left / Right (Up / Down on a vertical axis), Home / End, one item per wheel burst, click-and-drag with
/// the fling choosing where it settles (snapping as the document says), a click on an item selects it, pinches
/// and hover and presses set the document's states. Auto-advance moves one on (back to the first after the last,
/// unless the row loops). A looping row has a thousand copies of the deck each way.
///
/// Under reduced motion the row cuts where a move is not the hand's; with a declared reduced form its tracks are
/// used, without one the new arrangement cross-fades over the old with the snap duration.
@MainActor
public final class EffectStyle: CarouselStyle {
    let context: StyleContext
    /// The effect as its file describes it.
    public let document: EffectDocument
    private var scene: Scene { context.scene }
    private var count: Int { context.deck.items.count }

    private var values: [String: Double]
    private var snapAnimation: Animation
    private var resolvedBase: ResolvedEffect
    private var row: EffectRow
    private let scroller: ScrollController
    private let states: EffectStates

    /// Holds the items (cut to the carousel when the document says), above the layer of a cross-fade's old items.
    private let layer = Node(name: "effect.items")
    private let fadeLayer = Node(name: "effect.fading")
    private lazy var views = ViewPool<EffectItemView>(parent: layer, make: { EffectItemView() }, root: { $0.node },
                                                      bind: { [unowned self] in bind($0, slot: $1) }, unbind: { $0.unbind() })
    private lazy var fadingViews = ViewPool<EffectItemView>(parent: fadeLayer, make: { EffectItemView() }, root: { $0.node },
                                                            bind: { [unowned self] in bind($0, slot: $1) }, unbind: { $0.unbind() })

    private var press = PressRecognizer()
    private let hover = HoverTracker()
    private let magnifier: MagnificationRecognizer
    private var pinchDecided = false
    private var dragStart: Double?
    /// Under reduced motion without a declared form: the scroll position being left, shown beneath, and the new
    /// arrangement's opacity going from 0 to 1.
    private var crossFade: (from: Double, opacity: AnimatedValue<Double>)?
    /// The slots laid out in the last pass, with their geometry, topmost last (hit-testing, the layout file).
    private var placed: [Placement] = []
    /// Where the scroll position `s` of the row is on the scroll controller: `s = offset + scrollBase`.
    private var scrollBase = 0.0
    /// In a loop, how many slots come before slot 0 on the controller.
    private var slotsBefore = 0
    /// The area the geometry was made for.
    private var area = Size.zero
    /// The lengths items in a state add (slot -> points), this pass.
    private var extra: [Int: Double] = [:]

    /// One laid-out slot.
    struct Placement {
        var slot: Int
        var p: Double
        /// The progress the layout file reports: from the snap point, in pitches.
        var snapProgress: Double
        var look: EffectLook
        var quad: [Point]?
        var outline: [Point]
        var bounds: Rect
        var z: Double
        var rect: Rect
        /// From the item's own coordinates to the carousel area's.
        var projection: Homography
    }

    // MARK: Making

    /// Builds the effect for the context's deck with `parameters` (the document's, its snap parameters, and the
    /// app's shared ones).
    public init(document: EffectDocument, context: StyleContext, parameters: Parameters) {
        self.document = document
        self.context = context
        scroller = ScrollController(scene: context.scene)
        states = EffectStates(document.states, scene: context.scene)
        magnifier = MagnificationRecognizer(scene: context.scene)
        values = EffectEvaluator.values(of: document, in: parameters)
        snapAnimation = EffectStyle.snapAnimation(parameters, document)
        let area = context.container.frame.size
        resolvedBase = EffectEvaluator.resolve(document, values: values, area: area, count: context.deck.items.count,
                                               reducedMotion: context.reducesMotion)
        row = EffectRow(resolvedBase, area: area)
        fadeLayer.isHitTestable = false
        layer.isHitTestable = false
        context.container.addChild(fadeLayer)
        context.container.addChild(layer)
        magnifier.onMagnify = { [weak self] phase, scale in self?.magnify(phase, scale: scale) }
        scroller.onChange = { [weak self] in self?.scrollChanged() }
        updateGeometry(force: true)
        scroller.jump(to: snapOffset(slot: 0))
        updateStates()
    }

    static func snapAnimation(_ p: Parameters, _ doc: EffectDocument) -> Animation {
        let curve = p.specs.contains { $0.key == "snapCurve" } ? p.curve("snapCurve") : CurveSyntax.parse(doc.snap.curve) ?? .easeInOut
        let duration = p.specs.contains { $0.key == "snapDuration" } ? p.number("snapDuration") : doc.snap.duration
        return Animation(curve: curve, duration: duration)
    }

    /// Applies new values live: the geometry follows, a move under way goes on to the same item.
    public func apply(_ parameters: Parameters) {
        values = EffectEvaluator.values(of: document, in: parameters)
        snapAnimation = EffectStyle.snapAnimation(parameters, document)
        updateGeometry(force: true)
        updateStates()
        scene.setNeedsDisplay()
    }

    // MARK: Geometry

    /// Re-resolves the effect for the area, values and motion setting; keeps the row at the same item.
    private func updateGeometry(force: Bool) {
        let size = context.container.frame.size
        guard force || size != area else { return }
        let oldPitch = row.pitch, oldS = scroller.offset + scrollBase
        let wasMoving = scroller.isAnimating
        let targetSlot = count > 0 ? nearestSlot(toScroll: oldS) : 0
        let presentedSlots = (scroller.presentationOffset + scrollBase) / max(oldPitch, 1)
        area = size
        resolvedBase = EffectEvaluator.resolve(document, values: values, area: size, count: count, reducedMotion: context.reducesMotion)
        row = EffectRow(resolvedBase, area: size)
        layer.frame = document.layout.clips ? row.view : Rect(origin: .zero, size: size)
        fadeLayer.frame = layer.frame
        layer.clipsToBounds = document.layout.clips
        fadeLayer.clipsToBounds = document.layout.clips
        let loop = document.layout.loop && count > 0
        let group = groupSize
        if loop {
            let copies = max(1, min(1000, 1_000_000 / max(count, 1)))
            slotsBefore = copies * count / group * group
            scrollBase = -Double(slotsBefore) * row.pitch
            let total = 2 * slotsBefore + count
            scroller.maxOffset = Double(total) * row.pitch
            scroller.targets = .lazy(count: total / group + 1) { [unowned self] j in snapOffset(slot: j * group - slotsBefore) }
        } else {
            slotsBefore = 0
            scrollBase = 0
            scroller.maxOffset = row.maxScroll(count: count)
            scroller.targets = .lazy(count: max((count + group - 1) / group, 0)) { [unowned self] j in snapOffset(slot: j * group) }
        }
        scroller.isSnapping = document.snap.mode != .none
        scroller.snapAnimation = snapAnimation
        views.recycleAll()
        fadingViews.recycleAll()
        guard !force || oldPitch > 0 else { return }
        // The same item stays where it was (a running move goes on to it).
        scroller.jump(to: presentedSlots * row.pitch - scrollBase)
        if wasMoving { scroller.scroll(to: snapOffset(slot: targetSlot), animation: snapAnimation) }
    }

    /// Slots a snap point rests on: the document's group, or a page of whole items.
    private var groupSize: Int {
        switch document.snap.mode {
        case .item, .none: return max(document.snap.group, 1)
        case .page:
            let fit = Int(((row.length + resolvedBase.env.spacing) / row.pitch + 1e-9).rounded(.down))
            return max(fit, 1)
        }
    }

    /// The controller's offset at which `slot` is snapped.
    private func snapOffset(slot: Int) -> Double { row.snapScroll(slot, extra: extra) - scrollBase }

    /// The slot snapped nearest to scroll position `s`.
    private func nearestSlot(toScroll s: Double) -> Int {
        let k = Int((s / max(row.pitch, 1)).rounded())
        let range = document.layout.loop ? (k - 1)...(k + 1) : max(0, k - 1)...min(max(count - 1, 0), k + 1)
        return range.min { abs(row.snapScroll($0, extra: extra) - s) < abs(row.snapScroll($1, extra: extra) - s) } ?? 0
    }

    /// The slot the row rests at or is moving to.
    public var selectedSlot: Int { count > 0 ? nearestSlot(toScroll: scroller.offset + scrollBase) : 0 }

    /// The deck index of `slot`.
    private func deckIndex(_ slot: Int) -> Int { count > 0 ? ((slot % count) + count) % count : 0 }

    // MARK: Layout

    /// Places the slots that can be seen at the controller's presentation offset (and, during a cross-fade, the
    /// ones being left beneath).
    public func layout() {
        updateGeometry(force: false)
        guard count > 0 else { return }
        if let fade = crossFade, !fade.opacity.isAnimating(at: scene.now) || scroller.isDragging { crossFade = nil }
        let base: (String) -> Double = { [resolvedBase] in resolvedBase.env[$0] }
        let global = states.globalOverrides(base: base)
        let resolved = global.isEmpty ? resolvedBase
            : EffectEvaluator.resolve(document, values: values, overrides: global, area: area, count: count, reducedMotion: context.reducesMotion)
        // Each slot in a state resolves with its own values; the lengths they add move the slots after them.
        var perSlot: [Int: ResolvedEffect] = [:]
        var newExtra: [Int: Double] = [:]
        for slot in states.slotsWithValues {
            let own = states.overrides(slot: slot, base: base)
            guard !own.isEmpty else { continue }
            let r = EffectEvaluator.resolve(document, values: values, overrides: global.merging(own) { $1 }, area: area, count: count,
                                            reducedMotion: context.reducesMotion)
            perSlot[slot] = r
            let delta = r.env.length - resolved.env.length
            if abs(delta) > 1e-9 { newExtra[slot] = delta }
        }
        if newExtra != extra || !newExtra.isEmpty {
            extra = newExtra
            // The snap points move with the lengths: the controller reads them afresh.
            let targets = scroller.targets
            scroller.targets = targets
        }
        let current = EffectRow(resolved, area: area)
        let s = scroller.presentationOffset + scrollBase
        let fadeIn = crossFade.map { $0.opacity.value(at: scene.now) } ?? 1
        placed = arrange(current, scroll: s, perSlot: perSlot, into: views, opacity: fadeIn)
        if let fade = crossFade {
            _ = arrange(current, scroll: fade.from, perSlot: perSlot, into: fadingViews, opacity: 1)
        } else {
            fadingViews.layout { _ in }
        }
    }

    /// Lays out the slots seen at scroll position `s` into `pool`, each at `opacity` times its own; returns them in
    /// paint order.
    private func arrange(_ current: EffectRow, scroll s: Double, perSlot: [Int: ResolvedEffect], into pool: ViewPool<EffectItemView>,
                         opacity: Double) -> [Placement] {
        let candidates = candidateSlots(scroll: s, row: current)
        var out: [Placement] = []
        let visibleArea = document.layout.clips ? current.view : Rect(origin: .zero, size: area).outset(DrawBounds.margin)
        for slot in candidates {
            let r = perSlot[slot] ?? current.effect
            let (p, snapProgress, rect) = current.slot(slot, scroll: s, extra: extra)
            let look = r.look(at: p)
            guard look.opacity * opacity > 0.001 else { continue }
            let h = current.projection(look, rect: rect, in: r)
            let local = Rect(origin: .zero, size: rect.size)
            let outline = h.project([local.origin, Point(local.maxX, 0), Point(local.maxX, local.maxY), Point(0, local.maxY)])
            guard outline.count >= 3 else { continue }
            // A picture turned so its back faces the viewer runs the other way round.
            if !document.backfaceVisible && outline.signedArea < 0 { continue }
            let xs = outline.map(\.x), ys = outline.map(\.y)
            let bounds = Rect(xs.min()!, ys.min()!, xs.max()! - xs.min()!, ys.max()! - ys.min()!)
            guard bounds.isFinite, bounds.intersects(visibleArea) else { continue }
            out.append(Placement(slot: slot, p: p, snapProgress: snapProgress, look: look, quad: h.quad(local), outline: outline, bounds: bounds,
                                 z: r.stackingOrder(look), rect: rect, projection: h))
        }
        // Paint order: by stacking, ties by slot (later on top, as the document's order is in CSS).
        out.sort { ($0.z, $0.slot) < ($1.z, $1.slot) }
        pool.layout { view in
            for (rank, placement) in out.enumerated() {
                let v = view(placement.slot)
                show(v, placement, rank: rank, opacity: opacity)
                v.node.imageEffects.occluder = occluder(of: rank, in: out, opacity: opacity) { view($0).node.image?.handle }
            }
        }
        return out
    }

    /// The opaque item drawn above `out[rank]` that covers most of it, as the part of it that is surely opaque (its
    /// rectangle inset past its rounded corners and anti-aliased edge, projected) with its image: the renderer may
    /// leave that part of the lower item out.
    private func occluder(of rank: Int, in out: [Placement], opacity: Double, image: (Int) -> ImageHandle?) -> ImageEffects.Occluder? {
        let below = out[rank].bounds
        var best: (area: Double, index: Int)?
        for j in (rank + 1)..<out.count where out[j].look.opacity * opacity >= 0.999 {
            let overlap = below.intersection(out[j].bounds)
            let area = overlap.width * overlap.height
            if area > (best?.area ?? below.width * below.height * 0.2) { best = (area, j) }
        }
        guard let j = best?.index else { return nil }
        let top = out[j]
        let inset = 2 + 0.3 * top.look.cornerRadius
        guard top.rect.width > 2 * inset, top.rect.height > 2 * inset else { return nil }
        let inner = Rect(inset, inset, top.rect.width - 2 * inset, top.rect.height - 2 * inset)
        let polygon = top.projection.project([inner.origin, Point(inner.maxX, inner.minY), Point(inner.maxX, inner.maxY), Point(inner.minX, inner.maxY)])
        guard polygon.count >= 3 else { return nil }
        return ImageEffects.Occluder(outline: polygon, image: image(top.slot))
    }

    /// The slots worth evaluating at scroll `s`: those near the snap point in a stack (beyond the tracks' keys items
    /// look alike and lie behind the nearer ones), the window's worth and a margin in a row.
    private func candidateSlots(scroll s: Double, row current: EffectRow) -> [Int] {
        let centre = Int((s / max(current.pitch, 1)).rounded())
        let reach: Int
        let extends = current.effect.tracks.contains { $0.outside == .extend }
        if document.layout.positioning == .stack && !extends {
            let keys = current.effect.tracks.flatMap(\.ps).map(abs).max() ?? 0
            reach = min(Int(keys.rounded(.up)) + 1, 64)
        } else {
            reach = min(Int((current.length / max(current.pitch, 1)).rounded(.up)) + 3, 64)
        }
        let lo = centre - reach, hi = centre + reach
        if document.layout.loop { return Array(lo...hi) }
        let a = max(lo, 0), b = min(hi, count - 1)
        return a <= b ? Array(a...b) : []
    }

    private func bind(_ view: EffectItemView, slot: Int) {
        let item = context.deck.items[deckIndex(slot)]
        let hint = StyleSupport.pixelBudget(row.effect.env.item)
        view.bind(handle: context.images.handle(for: item.image, maxPixelSize: hint), index: deckIndex(slot))
    }

    private func show(_ view: EffectItemView, _ placement: Placement, rank: Int, opacity: Double) {
        let node = view.node
        let look = placement.look
        // The layer sits at the carousel's rectangle (to cut to it); the item's own space is the area's.
        node.frame = Rect(origin: Point(-layer.frame.minX, -layer.frame.minY), size: placement.rect.size)
        node.projection = placement.projection
        node.opacity = min(max(look.opacity * opacity, 0), 1)
        node.cornerRadius = look.cornerRadius
        node.zIndex = rank
        node.imageEffects = ImageEffects(brightness: look.brightness, saturation: look.saturation, blur: look.blur,
                                         shadeLeading: look.shadeLeading, shadeTrailing: look.shadeTrailing,
                                         shadeVertical: document.layout.axis == .vertical)
    }

    // MARK: States

    /// Sets the per-item and carousel triggers from the input's state and retargets the states' values.
    private func updateStates() {
        guard !states.isEmpty else { return }
        states.set(.selected, slot: count > 0 ? selectedSlot : nil)
        let base = resolvedBase
        states.update(base: { base.env[$0] }, value: { base.env.evaluate($0) })
    }

    private func scrollChanged() {
        updateStates()
    }

    private func magnify(_ phase: GesturePhase, scale: Double) {
        switch phase {
        case .begin: pinchDecided = false
        case .change, .end:
            guard !pinchDecided, scale < 0.95 || scale > 1.05 else { break }
            pinchDecided = true
            states.set(.pinchIn, scale < 1)
            states.set(.pinchOut, scale > 1)
            updateStates()
        }
    }

    // MARK: Moves

    /// Runs a move the hand does not direct: under reduced motion without a declared form, the row cuts there (the
    /// controller's reduced steps) and the new arrangement cross-fades over the old.
    private func move(_ body: () -> Void) {
        let from = scroller.presentationOffset + scrollBase
        body()
        guard context.reducesMotion, document.reducedMotion == nil, !scroller.isDragging,
              abs(scroller.offset + scrollBase - from) > 0.5 else { return }
        var opacity = AnimatedValue(0.0)
        opacity.set(1, animation: Animation(curve: .easeInOut, duration: snapAnimation.curve.isSpring ? 0.3 : snapAnimation.duration), at: scene.now)
        crossFade = (from, opacity)
        scene.noteChange(animationEnd: opacity.endTime)
    }

    /// Moves to `slot` with the snap animation.
    public func select(slot: Int) {
        guard count > 0, !scroller.isDragging else { return }
        let target = document.layout.loop ? slot : min(max(slot, 0), count - 1)
        move { scroller.scroll(to: snapOffset(slot: target), animation: scene.motion(snapAnimation)) }
    }

    /// Auto-advance: the next item; after the last, the first (unless the row loops).
    public func advance() {
        guard count >= 2, !scroller.isDragging else { return }
        states.set(.autoAdvance, true)
        let next = selectedSlot + groupSize
        if !document.layout.loop && (next > count - 1 || snapOffset(slot: selectedSlot) >= scroller.maxOffset - 0.5) {
            select(slot: 0)
        } else {
            select(slot: next)
        }
        updateStates()
    }

    // MARK: Input

    public func handle(_ event: InputEvent) -> Bool {
        if case .pointerMove = event {} else if states.set(.autoAdvance, false) { updateStates() }
        if magnifier.handle(event) { return true }
        let vertical = document.layout.axis == .vertical
        switch event {
        case .keyDown(let key, let modifiers, _) where modifiers.isDisjoint(with: [.ctrl, .alt, .meta]):
            guard count > 0 else { return false }
            switch key.name {
            case vertical ? "up" : "left": move { scroller.step(by: -1) }
            case vertical ? "down" : "right": move { scroller.step(by: 1) }
            case "home" where !document.layout.loop: select(slot: 0)
            case "end" where !document.layout.loop: select(slot: count - 1)
            default: return false
            }
            return true
        case .wheel:
            guard let wheel = ScrollWheel(event), !scroller.isDragging, count > 0 else { return false }
            move { scroller.wheel(wheel.forward, precise: wheel.precise) }
            return true
        case .pointerMove(let p):
            if hover.pointerMoved(to: p, itemAt: { [unowned self] in slot(at: $0) }, frameOf: { [unowned self] s in placed.first { $0.slot == s }?.bounds }) {
                states.set(.hover, slot: hover.hovered)
                updateStates()
            }
            return handlePointer(event)
        case .pointerLeave:
            if hover.pointerLeft() { states.set(.hover, slot: nil); updateStates() }
            return handlePointer(event)
        case .pointerDown(let p, .left):
            if states.set(.press, slot: slot(at: p)) { updateStates() }
            return handlePointer(event)
        case .pointerUp:
            if states.set(.press, slot: nil) { updateStates() }
            return handlePointer(event)
        default:
            return handlePointer(event)
        }
    }

    /// Drags move the row along its axis; a click on an item selects it.
    private func handlePointer(_ event: InputEvent) -> Bool {
        guard count > 0 else { return false }
        let vertical = document.layout.axis == .vertical
        // A vertical row follows the pointer's y: the recognizer measures x, so the event is turned.
        let turned = vertical ? EffectStyle.transposed(event) : event
        let used = press.handle(turned, at: scene.now, drag: { [unowned self] update in
            switch update {
            case .began:
                dragStart = scroller.offset
                scroller.follow(update)
            case .moved:
                scroller.follow(update)
                if let start = dragStart {
                    let forward = scroller.offset > start + 1e-9, backward = scroller.offset < start - 1e-9
                    let changed = [states.set(.dragForward, forward), states.set(.dragBackward, backward), states.set(.drag, true)]
                    if changed.contains(true) { updateStates() }
                }
            case .ended:
                dragStart = nil
                states.set(.dragForward, false); states.set(.dragBackward, false); states.set(.drag, false)
                scroller.follow(update)
                updateStates()
            }
            return true
        }, tap: { [unowned self] point in
            guard let s = slot(at: vertical ? Point(point.y, point.x) : point) else { return false }
            select(slot: s)
            return true
        })
        return used
    }

    /// A pointer event with x and y swapped (a vertical row drags along y).
    static func transposed(_ e: InputEvent) -> InputEvent {
        func t(_ p: Point) -> Point { Point(p.y, p.x) }
        switch e {
        case .pointerMove(let p): return .pointerMove(t(p))
        case .pointerDown(let p, let b): return .pointerDown(t(p), b)
        case .pointerUp(let p, let b): return .pointerUp(t(p), b)
        default: return e
        }
    }

    /// The topmost slot drawn under `point` (the container's coordinates).
    private func slot(at point: Point) -> Int? {
        let origin = context.container.worldFrame(at: scene.now).origin
        let p = Point(point.x - origin.x, point.y - origin.y)
        return placed.last { $0.bounds.contains(p) && $0.outline.polygonContains(p) }?.slot
    }

    public var isInteracting: Bool { scroller.isDragging }

    /// The carousel's rectangle.
    public var carouselFrame: Rect {
        let origin = context.container.worldFrame(at: scene.now).origin
        return row.view.offsetBy(origin.x, origin.y)
    }

    // MARK: Export

    /// The items drawn, in paint order: their progress, their quad and its bounding box, opacity, order.
    public func layoutItems() -> [LayoutItem] {
        let world = context.container.worldTransform(at: scene.now)
        let window = Rect(origin: .zero, size: scene.size)
        return placed.enumerated().map { rank, pl in
            let quad = pl.quad?.map(world.apply)
            let frame = world.apply(pl.bounds)
            let area = abs((pl.quad ?? pl.outline).signedArea)
            let scale = (area / max(pl.rect.width * pl.rect.height, 1e-9)).squareRoot()
            let opacity = views[pl.slot]?.node.opacity ?? pl.look.opacity
            return LayoutItem(index: deckIndex(pl.slot), image: context.deck.items[deckIndex(pl.slot)].fileName, frame: frame,
                              scale: scale * world.scaleX, opacity: opacity, cornerRadius: pl.look.cornerRadius * scale * world.scaleX,
                              visible: opacity > 0.001 && frame.intersects(window), progress: pl.snapProgress, quad: quad, z: Double(rank))
        }
    }

    /// `current` (the deck index selected), `slot`, `scrollOffset` (the row's position in points, slot 0 snapped at 0)
    /// and the states set.
    public var state: [JSONMember] {
        let s = scroller.presentationOffset + scrollBase
        var out = [JSONMember("current", .number(Double(deckIndex(selectedSlot)))), JSONMember("slot", .number(Double(selectedSlot))),
                   JSONMember("scrollOffset", .number(LayoutItem.round4(s)))]
        let set = states.global.map(\.rawValue).sorted()
        if !set.isEmpty { out.append(JSONMember("states", .array(set.map { .string($0) }))) }
        return out
    }

    public func tearDown() {
        scroller.onChange = {}
        magnifier.onMagnify = { _, _ in }
    }
}

/// One item's node: the image, projected.
@MainActor
final class EffectItemView {
    let node = Node(name: "effect.item")
    init() {
        node.isHitTestable = false
    }
    func bind(handle: ImageHandle, index: Int) {
        node.image = ImageContent(handle, contentMode: .fill)
        node.tag = index
    }
    func unbind() {
        node.image = nil
        node.tag = nil
    }
}
