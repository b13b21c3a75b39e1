import CarouselSupport
import CarouselCore

/// The "loop" style: the Loopy infinite carousel (seed `002_efe6a465c6cdd3f3.txt`, styles.md section "loop").
///
/// The deck is repeated `copies` times (3 in the article) into one strip of `loopCount = copies * count` slots; the
/// card at slot `s` shows deck item `s mod count`. `current` is the strip position: the slot centred in the window.
/// Selecting a slot in the first or last copy first re-centres `current` without animation onto the same picture in
/// the middle copy (a shift by whole copies, which changes nothing on screen) and then animates the remaining
/// distance, so the strip never runs out.
///
/// Implementation: the strip is virtual. `current` is kept as an integer `base` plus an `AnimatedValue` `motion`
/// relative to it; the re-centring only moves `base`, so the in-flight animation is untouched and the frame after a
/// jump is exactly the frame before it. `layout()` places a small pool of card nodes on the slots that can be
/// visible, left to right, from the presentation value of `motion`.
@MainActor
public final class LoopStyle: BuiltInStyle, ContextualStyle {
    // MARK: Descriptor

    /// What the timeline's graphs can follow.
    public static let channels = [StyleChannel("position", .state("position"), unit: "cards"), StyleChannel("offset", .state("scrollOffset")), StyleChannel("x", .itemX)]
    /// Name, summary and the tunable parameters with the article's values as defaults.
    public static var descriptor: StyleDescriptor {
        StyleDescriptor(
            name: "loop",
            summary: "Loopy infinite carousel: the deck repeated into one strip, re-centred invisibly before each animated move",
            parameters: Keys.schema,
            reducedMotion: "selecting a card (a click, a key, a wheel burst, auto-advance) cuts to it instead of sliding the strip")
    }

    // MARK: The article's model

    /// The distance between neighbouring slots: the article's `cardWidth = Card.normalWidth + spacing`.
    public nonisolated static func pitch(cardWidth: Double, spacing: Double) -> Double { cardWidth + spacing }

    /// The article's `evenShift`: half a pitch to the left when the strip has an even number of slots, else 0.
    public nonisolated static func evenShift(loopCount: Int, pitch: Double) -> Double {
        loopCount.isMultiple(of: 2) ? -pitch / 2 : 0
    }

    /// The article's strip offset, `pitch * (loopCount / 2 - current) + evenShift` with integer division for
    /// `loopCount / 2`: the horizontal shift of the whole strip (centred in the window) that puts slot `current`
    /// (fractional while animating) at the centre.
    public nonisolated static func offset(current: Double, loopCount: Int, pitch: Double) -> Double {
        pitch * (Double(loopCount / 2) - current) + evenShift(loopCount: loopCount, pitch: pitch)
    }

    /// The first slot of the middle copy, where `current` starts and always ends up.
    public nonisolated static func middleStart(count: Int, copies: Int) -> Int { count * (copies / 2) }

    /// What selecting a slot does to `current`: set it to `jumpTo` without animation, then animate it to `target`.
    public struct Selection: Equatable, Sendable {
        /// The value `current` is set to without animation (the same picture, whole copies away).
        public let jumpTo: Int
        /// The value `current` then animates to, always in the middle copy.
        public let target: Int
        /// A plan that sets `current` to `jumpTo`, then animates it to `target`.
        public init(jumpTo: Int, target: Int) { self.jumpTo = jumpTo; self.target = target }
    }

    /// The article's selection rule for selecting `slot` when `current` (a slot of the middle copy) is selected.
    ///
    /// `jump = |current - slot|`. A slot after the middle copy (the last third with 3 copies): jump to
    /// `middleStart + slot mod count - jump`, then animate `current += jump`. A slot before it (the first third):
    /// jump to `middleStart + slot mod count + jump`, then animate `current -= jump`. Otherwise animate
    /// `current = slot`. Slots outside `0..<loopCount` (cards drawn beyond the strip's ends) follow the same rule.
    public nonisolated static func selection(current: Int, slot: Int, count: Int, copies: Int) -> Selection {
        let start = middleStart(count: count, copies: copies)
        let jump = abs(current - slot)
        let item = wrap(slot, count)
        if slot >= start + count {
            return Selection(jumpTo: start + item - jump, target: start + item)
        } else if slot < start {
            return Selection(jumpTo: start + item + jump, target: start + item)
        }
        return Selection(jumpTo: current, target: slot)
    }

    /// How far the strip position may trail its target, in slots: `current` stays in the middle copy, so a
    /// presentation within this distance of it stays inside the strip `0..<loopCount`.
    nonisolated static func maxLag(count: Int, copies: Int) -> Int { count * ((copies - 1) / 2) }

    /// How far past `maxLag` a lag may be before whole copies are skipped, in slots (a millionth of a card): a
    /// strip that has all but settled is not made to skip a copy, which would swallow the selection's motion.
    public nonisolated static let lagSlack = 1e-6

    /// The whole copies (as a slot shift) to move the presentation by so that it trails `lag` slots behind its
    /// target by at most `maxLag`: many quick selections skip whole copies of identical cards instead of letting
    /// the strip lag further and further behind.
    nonisolated static func lagCorrection(lag: Double, count: Int, copies: Int) -> Int {
        let limit = Double(maxLag(count: count, copies: copies))
        guard count > 0, abs(lag) > limit + lagSlack else { return 0 }
        let copiesToSkip = Int(((abs(lag) - limit) / Double(count)).rounded(.up))
        return (lag > 0 ? 1 : -1) * copiesToSkip * count
    }

    /// `value mod count` in `0..<count`, for negative values too.
    nonisolated static func wrap(_ value: Int, _ count: Int) -> Int {
        guard count > 0 else { return 0 }
        let r = value % count
        return r < 0 ? r + count : r
    }

    // MARK: Settings

    /// The parameter values the layout and selection read.
    @MainActor private struct Settings {
        var cardWidth, selectedWidth, cardHeight, spacing, cornerRadius: Double
        var caption: Bool
        var copies: Int
        var animation: Animation

        init(_ p: Parameters) {
            cardWidth = p[Keys.cardWidth]; selectedWidth = p[Keys.selectedWidth]
            cardHeight = p[Keys.cardHeight]; spacing = p[Keys.spacing]; cornerRadius = p[Keys.cornerRadius]
            caption = p[Keys.caption]
            copies = max(3, Int(p[Keys.copies].rounded()))
            animation = p.animation(curve: Keys.selectionCurve, duration: Keys.selectionDuration)
        }

        var pitch: Double { LoopStyle.pitch(cardWidth: cardWidth, spacing: spacing) }
        /// How much wider the selected card is than the others.
        var extraWidth: Double { selectedWidth - cardWidth }
        var selectedHeight: Double { cardHeight * selectedWidth / cardWidth }
        /// Caption gap and line height below the cards, or 0 without captions.
        var captionBlock: Double { caption ? LoopStyle.captionGap + LoopStyle.captionHeight : 0 }
    }

    private static let captionGap = 6.0
    private static let captionFont = FontSpec(size: 12)
    private static let captionHeight = Typography.labelLine
    private static let captionColor = Color(hex: 0xe8eaed)

    // MARK: Card nodes

    /// One pooled card: the image node (tagged with its deck item) and a clipped caption beneath it.
    @MainActor private final class CardView {
        let card = Node(name: "loop.card")
        let captionClip = Node(name: "loop.caption")
        let captionText = Node(name: "loop.captionText")

        init() {
            captionClip.clipsToBounds = true
            captionText.isHitTestable = false
            captionClip.addChild(captionText)
            card.addChild(captionClip)
        }
    }

    // MARK: State

    let context: StyleContext
    private var settings: Settings
    /// The integer part of the strip position that re-centring moves.
    private var base: Int
    /// The strip position relative to `base`: `current = base + motion`.
    private var motion = AnimatedValue(0.0)
    /// A card for each strip slot that can be seen.
    private lazy var cards = ViewPool<CardView>(parent: container, make: { CardView() }, root: { $0.card },
                                                bind: { [unowned self] view, slot in view.card.tag = Self.wrap(slot, count) })
    private var handles: [Int: ImageHandle] = [:]
    private var press = PressRecognizer()
    private var wheel = WheelBurstFilter()

    private var count: Int { deck.items.count }

    /// Builds the style on `context.deck` with `current` on the first card of the middle copy.
    public init(context: StyleContext, parameters: Parameters) {
        self.context = context
        settings = Settings(parameters)
        base = Self.middleStart(count: context.deck.items.count, copies: settings.copies)
    }

    /// Applies new values live. A change of `copies` moves `current` (model and presentation) by whole copies into
    /// the new middle copy, which changes nothing on screen; a running slide keeps its curve (and, after fewer
    /// copies, may trail by more than the new strip allows until it settles).
    public func apply(_ parameters: Parameters) {
        let old = settings
        settings = Settings(parameters)
        if settings.copies != old.copies {
            base += Self.middleStart(count: count, copies: settings.copies) - Self.middleStart(count: count, copies: old.copies)
        }
        if settings.selectedWidth != old.selectedWidth || settings.cardHeight != old.cardHeight
            || settings.cardWidth != old.cardWidth {
            handles.removeAll()
        }
        scene.setNeedsDisplay()
    }

    /// The selected slot (the model value of `current`, a slot of the middle copy).
    public var selectedSlot: Int { base + Int(motion.model.rounded()) }

    /// The strip position on screen now (the presentation value of `current`, fractional while sliding).
    public var position: Double { Double(base) + motion.value(at: scene.now) }

    // MARK: Selection

    /// Selects strip slot `slot`: the one path for clicks, keys, wheel ticks, drags and auto-advance. Applies the
    /// article's rule to the selected slot (so quick selections chain), re-centres by whole copies without
    /// animation, then animates to the target.
    public func select(slot: Int) { select(slot: slot, velocity: nil) }

    /// `select(slot:)`, the animation starting at `velocity` slots per second (a released drag's fling).
    private func select(slot: Int, velocity: Double?) {
        guard count > 0 else { return }
        let t = scene.now
        foldIfIdle(at: t)
        let current = selectedSlot
        let plan = Self.selection(current: current, slot: slot, count: count, copies: settings.copies)
        // The invisible re-centring: `current` (model and presentation) moves by whole copies.
        base += plan.jumpTo - current
        // Keep the presentation inside the strip after many quick selections, again by whole copies.
        base += Self.lagCorrection(lag: Double(plan.target - base) - motion.value(at: t), count: count, copies: settings.copies)
        motion.set(Double(plan.target - base), animation: scene.motion(settings.animation), at: t, velocity: scene.reducesMotion ? nil : velocity)
        scene.noteChange(animationEnd: motion.endTime)
    }

    /// While nothing moves, moves the whole slots of `motion` into `base` so the relative value stays small (a
    /// released drag leaves a fraction of a slot, which stays in `motion`).
    private func foldIfIdle(at t: Double) {
        guard !motion.isAnimating(at: t) else { return }
        let whole = motion.model.rounded()
        base += Int(whole)
        motion = AnimatedValue(motion.model - whole)
    }

    // MARK: Dragging

    /// Follows one update of a drag on the strip: it stops where it is on screen, follows the pointer (a pitch of
    /// pointer travel per card), and on release settles on the card the fling carries it to (the scroll
    /// controller's rule), through the selection path with the fling's velocity.
    private func follow(_ update: DragRecognizer.Update) {
        let t = scene.now, pitch = settings.pitch
        switch update {
        case .began:
            motion = AnimatedValue(motion.value(at: t))
            keepInMiddleCopy()
        case .moved(let dx):
            guard pitch > 0 else { return }
            motion.set(motion.model - dx / pitch, animation: nil, at: t)
            keepInMiddleCopy()
            scene.setNeedsDisplay()
        case .ended(let pointerVelocity):
            guard pitch > 0 else { return }
            let v = -pointerVelocity
            let slot = ScrollController.settleIndex(offset: position * pitch, velocity: v, indices: Int.min / 2..<Int.max / 2,
                                                    nearest: { Int(($0 / pitch).rounded()) }, target: { Double($0) * pitch })
            select(slot: slot, velocity: v / pitch)
        }
    }

    /// During a drag: moves `base` by whole copies so that the slot under the centre is in the middle copy (the
    /// same picture, so nothing changes on screen) however far the strip is dragged.
    private func keepInMiddleCopy() {
        guard count > 0 else { return }
        let start = Self.middleStart(count: count, copies: settings.copies)
        let slot = base + Int(motion.model.rounded())
        let copiesAway = Int((Double(slot - start) / Double(count)).rounded(.down))
        base -= copiesAway * count
    }

    /// Auto-advance: selects the next card.
    public func advance() { select(slot: selectedSlot + 1) }

    // MARK: Input

    /// Left/Right select the previous/next card, a wheel burst selects one card, a click selects the clicked card,
    /// a drag moves the strip with the pointer and settles on a card.
    public func handle(_ event: InputEvent) -> Bool {
        switch event {
        case .keyDown(let key, let mods, _) where mods.isEmpty && (key.name == "left" || key.name == "right"):
            select(slot: selectedSlot + (key.name == "right" ? 1 : -1))
            return true
        case .wheel:
            guard let scrolled = ScrollWheel(event), scrolled.forward != 0 else { return false }
            let step = wheel.step(delta: scrolled.forward, precise: scrolled.precise, at: scene.now)
            if step != 0 { select(slot: selectedSlot + step) }
            return true
        case .pointerDown, .pointerUp, .pointerMove, .pointerLeave:
            return press.handle(event, at: scene.now, drag: { follow($0); return true }) { point in
                guard let slot = slot(at: point) else { return false }
                select(slot: slot)
                return true
            }
        default:
            return false
        }
    }

    /// The strip slot of the card under `point`, if any.
    private func slot(at point: Point) -> Int? {
        guard let hit = scene.hitTest(point)?.taggedAncestor else { return nil }
        return cards.key(of: hit)
    }

    /// True while the strip is dragged (auto-advance waits).
    public var isInteracting: Bool { press.isDragging }

    // MARK: Layout

    /// The vertical centre of the cards: the row (cards and captions) is centred in the container.
    private var rowCentreY: Double { container.frame.height / 2 - settings.captionBlock / 2 }

    /// The row of cards and captions across the window.
    public var carouselFrame: Rect {
        let height = max(settings.selectedHeight, settings.cardHeight)
        return Rect(0, rowCentreY - height / 2, container.frame.width, height + settings.captionBlock)
    }

    /// How much a card at `distance` slots from the strip position is selected: 1 at the centre, 0 a slot away.
    private static func selectionWeight(distance: Double) -> Double { max(0, 1 - abs(distance)) }

    /// The frame of the card `distance` slots from the strip position. Its centre follows the article's offset
    /// (`pitch * distance` from the window centre) plus half the selected card's extra width, pushed out on either
    /// side, so the gap between neighbours stays `spacing` while a card grows or shrinks.
    private func cardFrame(distance d: Double, centreX: Double) -> Rect {
        let s = settings
        let weight = Self.selectionWeight(distance: d)
        let width = s.cardWidth + s.extraWidth * weight
        let height = s.cardHeight * width / s.cardWidth
        let x = centreX + s.pitch * d + s.extraWidth / 2 * min(max(d, -1), 1)
        return Rect(x - width / 2, rowCentreY - height / 2, width, height)
    }

    /// Places a card on each slot that reaches into the window at the current time. O(visible cards).
    public func layout() {
        let size = container.frame.size
        let s = settings
        let relative = motion.value(at: scene.now)
        let reach = (size.width / 2 + max(s.selectedWidth, s.cardWidth) / 2 + abs(s.extraWidth) / 2) / s.pitch + 1
        let first = Int((relative - reach).rounded(.up)), last = Int((relative + reach).rounded(.down))
        cards.layout { card in
            guard count > 0, first <= last else { return }
            for r in first...last {
                let distance = Double(r) - relative
                let frame = cardFrame(distance: distance, centreX: size.width / 2)
                guard frame.maxX > 0, frame.minX < size.width else { continue }
                show(card(base + r), frame: frame, weight: Self.selectionWeight(distance: distance))
            }
        }
    }

    /// Puts the card of deck item `view.card.tag` at `frame`; every property is written from the strip position,
    /// none animated.
    private func show(_ view: CardView, frame: Rect, weight: Double) {
        let s = settings
        let item = view.card.tag ?? 0
        view.card.frame = frame
        view.card.cornerRadius = s.cornerRadius
        view.card.image = ImageContent(handle(for: item), contentMode: .fill)
        view.captionClip.isHidden = !s.caption
        if s.caption {
            let bounds = Rect(0, 0, frame.width, Self.captionHeight)
            view.captionClip.frame = bounds.offsetBy(0, frame.height + Self.captionGap)
            view.captionClip.opacity = 0.6 + 0.4 * weight
            view.captionText.frame = bounds
            view.captionText.text = TextContent(deck.items[item].title, font: Self.captionFont, color: Self.captionColor,
                                                alignment: .center)
        }
    }

    /// The image handle of deck item `item`, asked for once at the selected card's pixel size.
    private func handle(for item: Int) -> ImageHandle {
        if let h = handles[item] { return h }
        let s = settings
        let budget = StyleSupport.pixelBudget(Size(max(s.selectedWidth, s.cardWidth), max(s.selectedHeight, s.cardHeight)))
        let h = images.handle(for: deck.items[item].image, maxPixelSize: budget)
        handles[item] = h
        return h
    }

    // MARK: Reporting

    /// One entry per card laid out now, left to right.
    public func layoutItems() -> [LayoutItem] {
        // Progress: the strip position from the slot, in slots (the selected slot is centred).
        let bound = cards.inKeyOrder
        let items = bound.map { slot, view in
            StyleSupport.layoutItem(view.card, index: view.card.tag ?? 0, deck: deck, scene: scene, progress: position - Double(slot))
        }
        return StyleSupport.paintOrdered(items, zIndices: bound.map { $0.view.card.zIndex })
    }

    /// `current`: the selected deck item; `slot`: the selected strip slot; `position`: the strip position on screen;
    /// `scrollOffset`: the article's offset at that position.
    public var state: [JSONMember] {
        let loopCount = settings.copies * count
        return [
            JSONMember("current", .number(Double(Self.wrap(selectedSlot, count)))),
            JSONMember("slot", .number(Double(selectedSlot))),
            JSONMember("position", .number(position)),
            JSONMember("scrollOffset", .number(Self.offset(current: position, loopCount: loopCount, pitch: settings.pitch))),
        ]
    }
}
