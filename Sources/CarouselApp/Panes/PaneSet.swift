import CarouselCore
import CarouselStyles

/// The window's panes in reading order (the first is the reference the others' labels compare with), the focused
/// one, and how they share the window: the split (`PaneSplit`), duplicating and closing variants, the labels,
/// dividers and focus ring of a comparison, input delivered to every pane at the same position relative to it, and
/// each pane painted in its place. Pointer events reach the panes through `target`, a node of the chrome's tree
/// covering the window behind the panel, so the window's `PointerRouter` decides when the panes have the pointer
/// (a press begun in a pane keeps it until the release, wherever the pointer goes). Keys reach them the same way
/// through the window's `FocusRouter`: each pane has a focus stop under `target` (Tab visits the panes in reading
/// order and focuses the one it reaches), and `target` delivers the keys to every pane, as the pointer is mirrored,
/// and tells them when the keyboard focus comes in and goes out.
@MainActor
public final class PaneSet {
    /// The panes, in reading order.
    public private(set) var panes: [Pane]
    /// The pane the tuning panel edits, the number keys switch, and presets load into.
    public private(set) var focusedIndex = 0
    /// Whether the focused pane's outline and the mirrored pointer show in a comparison (the window's; a headless
    /// capture draws only the picture).
    public var showsFocus = true { didSet { refresh() } }
    /// The panes' pointer target in the chrome's tree: the whole window, behind the panel and the overlay.
    let target = Node(name: "panes")
    /// The window's router, which tells where a press held by `target` began (its pane keeps the pointer).
    weak var pointer: PointerRouter?
    /// One focus stop per pane, in reading order, under `target`.
    private(set) var focusStops: [Node] = []

    /// The window's chrome scene: its size is the window's, and the overlay draws in it.
    private unowned let chrome: Scene
    private unowned let overlay: Overlay

    /// One pane per variant (one to four) on `deck`, split over the chrome's size as `PaneSplit` chooses.
    init(deck: Deck, images: ImageStore, variants: [Variant], textMeasurer: any TextMeasurer,
         chrome: Scene, overlay: Overlay) throws(PreviewError) {
        guard !variants.isEmpty else { throw PreviewError("no variant to show") }
        let styles = variants.map(\.style)
        if let problem = PaneSplit.problem(count: variants.count, styles: styles, in: chrome.size) { throw PreviewError(problem) }
        var panes: [Pane] = []
        for (variant, frame) in zip(variants, PaneSplit.frames(count: variants.count, styles: styles, in: chrome.size)) {
            panes.append(try Pane(deck: deck, images: images, frame: frame, style: variant.style, name: variant.name, textMeasurer: textMeasurer))
        }
        self.panes = panes
        self.chrome = chrome
        self.overlay = overlay
        target.zIndex = -1
        target.frame = Rect(origin: .zero, size: chrome.size)
        target.onPointer = { [unowned self] in deliver($0) }
        target.onKey = { [unowned self] in deliverKey($0) }
        syncFocusStops()
    }

    /// Keeps one focus stop per pane: Tab reaching a pane's stop focuses that pane.
    private func syncFocusStops() {
        while focusStops.count > panes.count { focusStops.removeLast().removeFromParent() }
        while focusStops.count < panes.count {
            let stop = Node(name: "pane.focus")
            stop.isFocusable = true
            stop.isHitTestable = false
            stop.onKey = { [unowned self, unowned stop] event in
                if case .focus(true) = event, let i = focusStops.firstIndex(where: { $0 === stop }), i != focusedIndex { apply(.focusPane(i)) }
                return false
            }
            target.addChild(stop)
            focusStops.append(stop)
        }
        for (stop, pane) in zip(focusStops, panes) { stop.frame = pane.frame }
    }

    /// The focused pane.
    public var focused: Pane { panes[focusedIndex] }

    /// The pane under window point `p`, if any.
    func pane(at p: Point) -> Pane? { panes.first { $0.frame.contains(p) } }

    // MARK: Focus, duplicate, close

    /// Focuses pane `index` (0-based); returns whether the focus moved (the window's `.focusPane` notices follow).
    func focus(_ index: Int) -> Bool {
        guard panes.indices.contains(index), index != focusedIndex else { return false }
        focusedIndex = index
        return true
    }

    /// Duplicates the focused pane into a new variant (up to four), focused, and returns it; says why not when it
    /// cannot.
    func duplicateFocused() -> Pane? {
        let count = panes.count + 1
        let styles = panes.map(\.styleName) + [focused.styleName]
        if let problem = PaneSplit.problem(count: count, styles: styles, in: chrome.size) {
            overlay.show(message: problem, error: true)
            return nil
        }
        let frames = PaneSplit.frames(count: count, styles: styles, in: chrome.size)
        let source = focused
        let copy = source.duplicate(frame: frames[count - 1], name: "variant \(count)")
        panes.append(copy)
        focusedIndex = panes.count - 1
        layout()
        overlay.show(message: "Variant \(count): a copy of \(source.name); the panel edits it")
        return copy
    }

    /// Closes the focused pane (never the last one) and returns it with its place, so that it can be brought back.
    func closeFocused() -> (pane: Pane, index: Int)? {
        guard panes.count > 1 else { overlay.show(message: "The last variant cannot be closed"); return nil }
        let index = focusedIndex
        let closed = panes.remove(at: index)
        closed.style.tearDown()
        closed.autoAdvance.stop()
        focusedIndex = Swift.min(focusedIndex, panes.count - 1)
        layout()
        overlay.show(message: "Closed \(closed.name) · Ctrl+Z brings it back")
        return (closed, index)
    }

    /// Brings a closed pane's variant back at `index` (its name, style, values and histories), focused.
    func reopen(_ closed: Pane, at index: Int) -> Pane {
        let at = Swift.min(index, panes.count)
        let frames = PaneSplit.frames(count: panes.count + 1, styles: panes.map(\.styleName) + [closed.styleName], in: chrome.size)
        let pane = closed.duplicate(frame: frames[at], name: closed.name)
        pane.histories = closed.histories
        panes.insert(pane, at: at)
        focusedIndex = at
        layout()
        overlay.show(message: "Brought back \(closed.name)")
        return pane
    }

    /// Shows `deck` in every pane (`Pane.replaceDeck`).
    func replaceDeck(_ deck: Deck) {
        for pane in panes { pane.replaceDeck(deck) }
    }

    // MARK: Layout

    /// Lays the panes out for the window's size (after a resize, or panes added or closed).
    func layout() {
        target.frame = Rect(origin: .zero, size: chrome.size)
        let frames = PaneSplit.frames(count: panes.count, styles: panes.map(\.styleName), in: chrome.size)
        for (pane, frame) in zip(panes, frames) { pane.setFrame(frame) }
        syncFocusStops()
        refresh()
    }

    /// What the window's chrome covers of the panes on their right (the open tuning panel): labels stay clear of it.
    var covered: () -> Rect? = { nil }

    /// Updates the labels (in a comparison), the dividers and the focus ring.
    func refresh() {
        let compared = panes.count > 1
        let cover = covered()
        for pane in panes { pane.showLabel(comparedWith: compared ? panes[0] : nil, covered: cover) }
        overlay.showPanes(frames: compared ? panes.map(\.frame) : [], focused: compared && showsFocus ? focusedIndex : nil)
    }

    /// Paints every pane's scene: a pane that covers the window as it is, others moved to their place and clipped
    /// to it.
    func paint(into renderer: Renderer, images: ImageStore) {
        let window = Rect(origin: .zero, size: chrome.size)
        for pane in panes {
            if pane.frame == window {
                pane.scene.paintTree(into: renderer, images: images)
                continue
            }
            renderer.save()
            renderer.concatenate(.translation(pane.frame.x, pane.frame.y))
            renderer.clip(to: Rect(origin: .zero, size: pane.frame.size), cornerRadius: 0)
            pane.scene.paintTree(into: renderer, images: images)
            renderer.restore()
        }
    }

    // MARK: Input

    /// The pointer events the window's router gives the panes (it keeps all of them): each is delivered to every
    /// pane at the same position relative to it as to the source pane, the one under the pointer, or while a press
    /// is held, the one it began in. A left press focuses its pane.
    private func deliver(_ event: InputEvent) -> Bool {
        func mirrored(_ p: Point) -> (source: Pane, local: Point)? {
            guard let source = pointer?.pressPoint.flatMap(pane(at:)) ?? pane(at: p) else { return nil }
            return (source, Point(p.x - source.frame.x, p.y - source.frame.y))
        }
        switch event {
        case .pointerMove(let p):
            guard let (source, local) = mirrored(p) else { deliverToAll(.pointerLeave); return true }
            deliverToAll(.pointerMove(local))
            if showsFocus { overlay.showMirroredPointer(source: panes.firstIndex { $0 === source }, local: local, frames: panes.map(\.frame)) }
        case .pointerDown(let p, let button):
            guard let (source, local) = mirrored(p) else { return true }
            if button == .left, let i = panes.firstIndex(where: { $0 === source }), i != focusedIndex { apply(.focusPane(i)) }
            deliverToAll(.pointerDown(local, button))
        case .pointerUp(let p, let button):
            guard let (_, local) = mirrored(p) else { return true }
            deliverToAll(.pointerUp(local, button))
        case .pointerLeave:
            overlay.showMirroredPointer(source: nil, local: Point.zero, frames: [])
            deliverToAll(event)
        case .wheel(let dx, let dy, let precise, let mods, let at):
            deliverToAll(.wheel(dx: dx, dy: dy, precise: precise, modifiers: mods, at: (at ?? pointer?.pointer).flatMap { mirrored($0)?.local }))
        case .magnify(let phase, let scale, let at):
            deliverToAll(.magnify(phase, scale: scale, at: (at ?? pointer?.pointer).flatMap { mirrored($0)?.local }))
        default:
            deliverToAll(event)
        }
        return true
    }

    /// Applies an action to the window (a press focuses its pane: `.focusPane`).
    var apply: (AppAction) -> Void = { _ in }
    /// Whether the panes take input now (the timeline holds it back while it shows a past moment).
    var admits: (InputEvent) -> Bool = { _ in true }

    /// Delivers an event to every pane as it is (when they take input now).
    func deliverToAll(_ event: InputEvent) {
        guard admits(event) else { return }
        for pane in panes { pane.handle(event) }
    }

    /// The keys the window's `FocusRouter` gives the panes while one of them has the keyboard focus, and the focus
    /// coming in or going out: every pane gets them, as the pointer is mirrored; whether any used the key.
    private func deliverKey(_ event: InputEvent) -> Bool {
        guard admits(event) else { return false }
        var used = false
        for pane in panes { used = pane.handle(event) || used }
        return used
    }

    /// Replaces every pane with what `make` gives for it (the timeline's replays), in place: same frames, focus and
    /// order.
    func replaceEach(_ make: (Pane) -> Pane) {
        for pane in panes { pane.style.tearDown(); pane.autoAdvance.stop() }
        panes = panes.map(make)
        refresh()
    }
}
