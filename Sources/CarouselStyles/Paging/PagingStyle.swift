import CarouselSupport
import CarouselCore
import Foundation

/// The "paging" style: full-size pages, one image each, paging horizontally, after the auto-advancing image carousel
/// of `004_729e371e9acc56e0.txt` (a paging `UICollectionView` whose cells fill its bounds, an image view with
/// `contentMode = .center`, and a 3 s repeating timer that scrolls to the next item and back to the first after the
/// last).
///
/// Geometry: every page is one frame, the article's "each cell is the carousel's bounds" within the room the window
/// leaves it (`PagingFrame`): the container's width, from below the window's toolbar (`PagingFrame.topInset`) to above
/// the page dots, and every image is placed in it by the content mode (by default scaled to fit, up or down, so a
/// 1x1 image fills the frame as a big photograph does, and no image runs under the toolbar or the dots). Page `k`
/// sits at `k * pitch` along a strip, where `pitch = width + pageSpacing`, and a `ScrollController` whose snap targets
/// are the page offsets scrolls the strip.
/// With `wrap = seamless` the strip also holds a copy of the last page before page 0 and a copy of the first page after
/// the last; landing on a copy is followed, once the move settles, by an invisible jump to the real page (the frame
/// after the jump equals the frame before it). With `wrap = rewind` (the article's) the strip has ends: advancing
/// from the last page scrolls back across every page to the first.
///
/// Input: Left / Right (and Home / End) keys, one page per wheel burst, click-and-drag with the fling velocity choosing
/// the page, and a click on a page dot. Auto-advance is the app's timer calling `advance()`.
///
/// Under reduced motion (`Scene.reducesMotion`) a page change other than a drag does not slide: the strip cuts to the
/// new page, which fades in over the page being left (`crossFade`) with the page curve and duration; after the last
/// page it is the first that fades in, whatever the wrap.
@MainActor
public final class PagingStyle: BuiltInStyle, ContextualStyle {
    /// What happens after the last page.
    public enum Wrap: String, CaseIterable, Sendable {
        /// Scroll back across every page to the first (the article's `scrollToItem` to index 0).
        case rewind
        /// Continue to a copy of the first page, then jump invisibly to the real first page.
        case seamless
    }

    /// The colours offered behind each page's image.
    public nonisolated static let backgrounds: [(name: String, color: Color?)] = [
        ("none", nil), ("black", .black), ("white", .white), ("gray", Color(hex: 0x303134)),
    ]

    // MARK: Descriptor

    /// What the timeline's graphs can follow.
    public static let channels = [StyleChannel("page offset", .state("scrollOffset")), StyleChannel("x", .itemX), StyleChannel("opacity", .itemOpacity, unit: "")]
    /// Name, summary and parameters. Auto-advance is on by default (the article's timer), every 3.0 s (the app's
    /// shared `autoAdvanceInterval` parameter).
    public static let descriptor = StyleDescriptor(
        name: "paging",
        summary: "Full-size pages paging horizontally on a timer, after an auto-advancing UICollectionView carousel",
        parameters: Keys.schema,
        autoAdvanceByDefault: true,
        reducedMotion: "pages change in place, the new page cross-fading over the old (the page curve and duration) instead of sliding; after the last page the first fades in; a released drag settles in 0.1 s")

    // MARK: State

    let context: StyleContext
    private var count: Int { context.deck.items.count }
    private let scroller: ScrollController
    /// Holds the pages, under the dots.
    private let pagesLayer = Node(name: "paging.pages")
    private let dots: PagingDots

    private var contentMode = ContentMode.fit
    private var wrap = Wrap.rewind
    private var background: Color?
    private var pageAnimation = Animation.easeInOut(0.5)
    private var settleAnimation = Animation.spring(response: 0.4, dampingFraction: 1)
    private var pageSpacing = 0.0

    /// The container's size, the pages' frame in it and the strip layout they were computed for.
    private var containerSize = Size.zero
    private var pageFrame = Rect.zero
    /// How the dots are set (`dots.configure`), for the room the pages leave them.
    private var dotsLayout = PagingFrame.Dots(shown: true, size: 8, inset: 24)
    private var pitch = 1.0
    private var leadingCopies = 0

    /// Page views by strip slot: only the slots that can be visible have one.
    private lazy var views = ViewPool<PagingPageView>(
        parent: pagesLayer, make: { PagingPageView() }, root: { $0.node },
        bind: { [unowned self] view, slot in
            let index = deckIndex(ofSlot: slot)
            view.bind(index: index, source: context.deck.items[index].image, size: pageFrame.size, contentMode: contentMode,
                      background: background, images: context.images)
        }, unbind: { $0.unbind() })

    private var press = PressRecognizer()
    private var wheelFilter = WheelBurstFilter()
    /// Fires when a move settles: normalises a copy page and draws the settled frame.
    private var settleTimer: TimerID?
    /// Set while the strip is re-based (a jump plus a carried-on move): the settle logic waits for the whole.
    private var isRebasing = false
    /// Under reduced motion, while a page change fades: the deck index of the page being left, shown beneath, and the
    /// opacity of the page being shown, from 0 to 1.
    private var crossFade: (from: Int, opacity: AnimatedValue<Double>)?

    /// Builds the pages for the deck and shows page 0.
    public init(context: StyleContext, parameters: Parameters) {
        self.context = context
        scroller = ScrollController(scene: context.scene)
        dots = PagingDots(count: context.deck.items.count, measurer: context.scene.textMeasurer)
        pagesLayer.isHitTestable = false
        context.container.addChild(pagesLayer)
        context.container.addChild(dots.bar)
        read(parameters)
        dots.configure(visible: dotsLayout.shown, dotSize: dotsLayout.size, inset: dotsLayout.inset)
        scroller.snapAnimation = settleAnimation
        scroller.onChange = { [weak self] in self?.scrollChanged() }
        // Lays out the strip and the dots at page 0.
        updateGeometry(force: true)
    }

    // MARK: Parameters

    private func read(_ p: Parameters) {
        contentMode = p[Keys.contentMode]
        wrap = p[Keys.wrap]
        background = Self.backgrounds.first { $0.name == p[Keys.background] }?.color
        pageAnimation = p.animation(curve: Keys.pageCurve, duration: Keys.pageDuration)
        settleAnimation = p.animation(curve: Keys.settleCurve, duration: Keys.pageDuration)
        pageSpacing = p[Keys.pageSpacing]
        dotsLayout = PagingFrame.Dots(shown: p[Keys.dots], size: p[Keys.dotSize], inset: p[Keys.dotsInset])
    }

    /// Applies new values live: a running page change keeps going to the same page (re-based when the spacing or
    /// the wrap changes the strip), and the visible pages take the new look on the next layout pass.
    public func apply(_ parameters: Parameters) {
        let look = (contentMode, background)
        read(parameters)
        scroller.snapAnimation = settleAnimation
        // Pages rebind on the next layout pass (at most two), asking for the image at the size the new mode draws.
        if look != (contentMode, background) { views.recycleAll() }
        dots.configure(visible: dotsLayout.shown, dotSize: dotsLayout.size, inset: dotsLayout.inset)
        updateGeometry(force: false)
        dots.layout(in: containerSize, page: page)
        scene.setNeedsDisplay()
    }

    // MARK: Strip geometry

    /// The number of slots along the strip: the pages, plus a copy at each end when wrapping seamlessly.
    private var slotCount: Int { count + 2 * leadingCopies }

    /// The deck index shown at strip slot `slot`.
    private func deckIndex(ofSlot slot: Int) -> Int {
        guard count > 0 else { return 0 }
        return ((slot - leadingCopies) % count + count) % count
    }

    /// The strip slot of the real page `page`.
    private func slot(ofPage page: Int) -> Int { page + leadingCopies }

    /// The scroll offset that shows slot `slot`.
    private func offset(ofSlot slot: Int) -> Double { Double(slot) * pitch }

    /// Whether `slot` holds a copy (seamless wrapping only).
    private func isCopy(_ slot: Int) -> Bool { leadingCopies > 0 && (slot == 0 || slot == count + 1) }

    /// The slot the strip is going to (or resting at, or held at by a drag).
    private var targetSlot: Int {
        min(max(Int((scroller.offset / pitch).rounded()), 0), max(slotCount - 1, 0))
    }

    /// Recomputes the strip for the container's size, the page frame, the spacing and the wrap mode when any changed,
    /// keeping the position in pages: the presentation stays where it is and a running move goes on to the same page.
    private func updateGeometry(force: Bool) {
        let size = context.container.frame.size
        let frame = PagingFrame.page(in: size, dots: dotsLayout, count: count)
        let newPitch = max(size.width + pageSpacing, 1)
        let newLeading = wrap == .seamless && count >= 2 ? 1 : 0
        guard force || size != containerSize || frame != pageFrame || newPitch != pitch || newLeading != leadingCopies else { return }
        if newLeading < leadingCopies { unwrapCopy() }
        // Positions in page units, page 0 at 0.
        let presented = scroller.presentationOffset / pitch - Double(leadingCopies)
        let target = Double(targetSlot - leadingCopies)
        let wasMoving = scroller.isAnimating
        containerSize = size
        pageFrame = frame
        pitch = newPitch
        leadingCopies = newLeading
        views.recycleAll()
        rebase {
            scroller.targets = .lazy(count: slotCount) { [pitch] in Double($0) * pitch }
            scroller.maxOffset = offset(ofSlot: max(slotCount - 1, 0))
            scroller.jump(to: (presented + Double(leadingCopies)) * pitch)
            if wasMoving { scroller.scroll(to: (target + Double(leadingCopies)) * pitch, animation: pageAnimation) }
        }
        dots.layout(in: size, page: page)
    }

    /// Runs `body`, which moves the strip in several steps, then reacts to the result once.
    private func rebase(_ body: () -> Void) {
        isRebasing = true
        body()
        isRebasing = false
        scrollChanged()
    }

    // MARK: Layout

    /// How much of a page, in points, must be inside the window for it to be laid out.
    static let visibilityEpsilon = 1e-3

    /// Places the pages that overlap the window at the scroll controller's presentation offset; recycles the others.
    public func layout() {
        updateGeometry(force: false)
        guard count > 0 else { return }
        // The strip stands on whole points: a slide then moves the pages' pixels (`FrameDamage`) instead of
        // resampling and redrawing them, as a page dragged by the pointer does.
        let scroll = scroller.presentationOffset.rounded()
        let width = containerSize.width
        let first = max(Int(((scroll - width) / pitch).rounded(.down)), 0)
        let last = min(Int(((scroll + width) / pitch).rounded(.up)), slotCount - 1)
        if let fade = crossFade, !fade.opacity.isAnimating(at: scene.now) || scroller.isDragging { crossFade = nil }
        let fadeIn = crossFade.map { $0.opacity.value(at: scene.now) } ?? 1
        views.layout { view in
            // The page being left, beneath the one fading in over it.
            if let fade = crossFade { place(view(slot(ofPage: fade.from)), x: 0, opacity: 1, above: false) }
            guard first <= last else { return }
            for slot in first...last {
                let x = offset(ofSlot: slot) - scroll
                // A sliver thinner than `visibilityEpsilon` is not on screen (it would only differ from the frame a
                // seamless jump lands on by a page no pixel shows).
                guard x < width - Self.visibilityEpsilon && x + width > Self.visibilityEpsilon else { continue }
                place(view(slot), x: x, opacity: fadeIn, above: crossFade != nil)
            }
        }
    }

    /// Puts a page at `x` with `opacity`, above the other pages when `above` (the page fading in).
    private func place(_ view: PagingPageView, x: Double, opacity: Double, above: Bool) {
        view.node.frame = Rect(x, pageFrame.y, pageFrame.width, pageFrame.height)
        view.node.opacity = opacity
        view.node.zIndex = above ? 1 : 0
    }

    // MARK: Selection

    /// The page shown or being moved to (0 for an empty deck).
    public var page: Int { deckIndex(ofSlot: targetSlot) }

    /// Moves to page `page` with the page animation (the path of keys, wheel, dots and auto-advance).
    public func select(page: Int) {
        guard count > 0, !scroller.isDragging else { return }
        unwrapCopy()
        scroll(toSlot: slot(ofPage: min(max(page, 0), count - 1)))
    }

    /// Moves `steps` pages from the page being moved to; at an end of the strip it stops (rewind) or goes on to a
    /// copy (seamless; under reduced motion, straight to the page the copy stands for).
    private func move(by steps: Int) {
        guard count > 0, !scroller.isDragging else { return }
        if context.reducesMotion && wrap == .seamless {
            select(page: ((page + steps) % count + count) % count)
            return
        }
        unwrapCopy()
        scroll(toSlot: min(max(targetSlot + steps, 0), slotCount - 1))
    }

    /// Goes to `slot` with the page animation; under reduced motion, cuts there and cross-fades from the page on
    /// screen now.
    private func scroll(toSlot slot: Int) {
        guard context.reducesMotion else {
            scroller.scroll(to: offset(ofSlot: slot), animation: pageAnimation)
            return
        }
        let shown = deckIndex(ofSlot: min(max(Int((scroller.presentationOffset / pitch).rounded()), 0), max(slotCount - 1, 0)))
        scroller.jump(to: offset(ofSlot: slot))
        guard page != shown else { return }
        var opacity = AnimatedValue(0.0)
        opacity.set(1, animation: pageAnimation, at: scene.now)
        crossFade = (shown, opacity)
        scene.noteChange(animationEnd: opacity.endTime)
    }

    /// When the strip is going to (or resting at) a copy page, moves the presentation by a whole deck's length to
    /// the same picture on the real page, so a move from there starts at the real page. Invisible: a copy shows the
    /// same image at the same place. A running move is carried on with the page animation.
    private func unwrapCopy() {
        let slot = targetSlot
        guard isCopy(slot) else { return }
        let shift = (slot == 0 ? 1.0 : -1.0) * Double(count) * pitch
        let shifted = scroller.presentationOffset + shift
        guard shifted >= 0, shifted <= scroller.maxOffset else { return }
        let wasMoving = scroller.isAnimating
        rebase {
            scroller.jump(to: shifted)
            if wasMoving { scroller.scroll(to: offset(ofSlot: slot) + shift, animation: pageAnimation) }
        }
    }

    /// After every change of the target offset: updates the dots, and arranges for `settled()` when the move ends.
    private func scrollChanged() {
        guard !isRebasing else { return }
        dots.show(page: page, animated: true)
        scene.timers.cancel(settleTimer)
        settleTimer = nil
        guard !scroller.isDragging else { return }
        if let end = scroller.animationEnd, end > scene.now {
            settleTimer = scene.timers.schedule(at: end) { [weak self] in self?.settled() }
        } else if isCopy(targetSlot) {
            unwrapCopy()
        }
    }

    /// The move ended: a copy page becomes the real page, and the settled frame is drawn (the frame loop would
    /// otherwise keep the last frame drawn before the animation's end).
    private func settled() {
        settleTimer = nil
        unwrapCopy()
        scene.setNeedsDisplay()
    }

    /// Auto-advance: the next page with the page animation; after the last, back to the first (rewind, across all
    /// pages) or on to the copy of the first (seamless). Nothing happens with fewer than 2 pages or during a drag.
    public func advance() {
        guard count >= 2, !scroller.isDragging else { return }
        if wrap == .rewind && page == count - 1 {
            select(page: 0)
        } else {
            move(by: 1)
        }
    }

    // MARK: Input

    /// Left / Right, Home / End, the wheel, click-and-drag and clicks on the dots.
    public func handle(_ event: InputEvent) -> Bool {
        switch event {
        case .keyDown(let key, let modifiers, _) where modifiers.isDisjoint(with: [.ctrl, .alt, .meta]):
            switch key.name {
            case "left": move(by: -1)
            case "right": move(by: 1)
            case "home": select(page: 0)
            case "end": select(page: count - 1)
            default: return false
            }
            return true
        case .wheel:
            guard let wheel = ScrollWheel(event), !scroller.isDragging else { return false }
            let step = wheelFilter.step(delta: wheel.forward, precise: wheel.precise, at: scene.now)
            if step != 0 { move(by: step) }
            return true
        default:
            return handlePointer(event)
        }
    }

    /// Pointer events (others are not used): drags move the pages; a click on the indicator pages.
    private func handlePointer(_ event: InputEvent) -> Bool {
        guard count > 0 else { return false }
        return scroller.handle(event, press: &press) { point in
            guard let target = dots.target(at: point) else { return false }
            switch target {
            case .page(let k): select(page: k)
            case .step(let s): move(by: s)
            }
            return true
        }
    }

    /// True while the pages follow a drag.
    public var isInteracting: Bool { scroller.isDragging }

    /// The whole container: pages fill it.
    public var carouselFrame: Rect { context.container.worldFrame(at: scene.now) }

    // MARK: Export

    /// The pages on screen, in strip order (a seamless copy reports the deck index it shows).
    public func layoutItems() -> [LayoutItem] {
        // Progress: the strip's offset from the slot's page, in pages (the page being left beneath a cross-fade too).
        let bound = views.inKeyOrder
        let items = bound.map { slot, view in
            StyleSupport.layoutItem(view.imageNode, index: deckIndex(ofSlot: slot), deck: context.deck, scene: scene,
                                    progress: (scroller.presentationOffset - offset(ofSlot: slot)) / pitch)
        }
        return StyleSupport.paintOrdered(items, zIndices: bound.map { $0.view.node.zIndex })
    }

    /// `page` and `current` (the page shown or being moved to), and `scrollOffset` (on screen now, in points from
    /// page 0; negative or beyond the last page while on a seamless copy).
    public var state: [JSONMember] {
        let offset = scroller.presentationOffset - Double(leadingCopies) * pitch
        return [JSONMember("page", .number(Double(page))), JSONMember("current", .number(Double(page))),
                JSONMember("scrollOffset", .number((offset * 10000).rounded() / 10000))]
    }

    /// The page dots (each dot's cell of the pill), or the two halves of the "page / count" label; the pages are
    /// dragged, not pressed.
    public var pointerTargets: [PointerTarget] { dots.targets }

    /// The page indicator, while it shows.
    public var bottomControls: Rect? { dots.frame }

    /// Cancels the pending settle; the app stops its auto-advance timer itself.
    public func tearDown() {
        scene.timers.cancel(settleTimer)
        settleTimer = nil
        scroller.onChange = {}
    }
}
