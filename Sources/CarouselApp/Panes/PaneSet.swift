import CarouselCore
import CarouselStyles

/// The window's panes in reading order (the first is the reference the others' labels compare with), the focused
/// one, and how they share the window: the split (`PaneSplit`), duplicating and closing variants, the labels,
/// dividers and focus ring of a comparison, input delivered to every pane at the same position relative to it, and
/// each pane painted in its place.
@MainActor
public final class PaneSet {
    /// The panes, in reading order.
    public private(set) var panes: [Pane]
    /// The pane the tuning panel edits, the number keys switch, and presets load into.
    public private(set) var focusedIndex = 0
    /// Whether the focused pane's outline and the mirrored pointer show in a comparison (the window's; a headless
    /// capture draws only the picture).
    public var showsFocus = true { didSet { refresh() } }
    /// Called after another pane is focused, or the focused pane is new (the tuning panel follows).
    var focusChanged: () -> Void = {}
    /// Called with a pane made by duplicating, before it is shown (the window connects its haptic and changes).
    var paneAdded: (Pane) -> Void = { _ in }

    /// The window's chrome scene: its size is the window's, and the overlay draws in it.
    private unowned let chrome: Scene
    private unowned let overlay: Overlay
    /// The window point of the pointer, while it is over the window.
    private var pointer: Point?
    /// The pane a press started in: it keeps the pointer until the release, as a drag would.
    private var pressedPane: Pane?

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
    }

    /// The focused pane.
    public var focused: Pane { panes[focusedIndex] }

    /// The pane under window point `p`, if any.
    func pane(at p: Point) -> Pane? { panes.first { $0.frame.contains(p) } }

    // MARK: Focus, duplicate, close

    /// Focuses pane `index` (0-based); the tuning panel follows.
    public func focus(_ index: Int) {
        guard panes.indices.contains(index), index != focusedIndex else { return }
        focusedIndex = index
        focusChanged()
        refresh()
    }

    /// Duplicates the focused pane into a new variant (up to four), focused; says why not when it cannot.
    public func duplicateFocused() {
        let count = panes.count + 1
        let styles = panes.map(\.styleName) + [focused.styleName]
        if let problem = PaneSplit.problem(count: count, styles: styles, in: chrome.size) {
            overlay.show(message: problem, error: true)
            return
        }
        let frames = PaneSplit.frames(count: count, styles: styles, in: chrome.size)
        let source = focused
        let copy = source.duplicate(frame: frames[count - 1], name: "variant \(count)")
        paneAdded(copy)
        panes.append(copy)
        focusedIndex = panes.count - 1
        layout()
        focusChanged()
        overlay.show(message: "Variant \(count): a copy of \(source.name); the panel edits it")
    }

    /// Closes the focused pane (never the last one).
    public func closeFocused() {
        guard panes.count > 1 else { overlay.show(message: "The last variant cannot be closed"); return }
        let closed = panes.remove(at: focusedIndex)
        if pressedPane === closed { pressedPane = nil }
        closed.style.tearDown()
        closed.autoAdvance.stop()
        focusedIndex = Swift.min(focusedIndex, panes.count - 1)
        layout()
        focusChanged()
        overlay.show(message: "Closed \(closed.name)")
    }

    /// Shows `deck` in every pane (`Pane.replaceDeck`); a press in progress is forgotten.
    func replaceDeck(_ deck: Deck) {
        pressedPane = nil
        for pane in panes { pane.replaceDeck(deck) }
    }

    // MARK: Layout

    /// Lays the panes out for the window's size (after a resize, or panes added or closed).
    func layout() {
        let frames = PaneSplit.frames(count: panes.count, styles: panes.map(\.styleName), in: chrome.size)
        for (pane, frame) in zip(panes, frames) { pane.setFrame(frame) }
        refresh()
    }

    /// Updates the labels (in a comparison), the dividers and the focus ring.
    func refresh() {
        let compared = panes.count > 1
        for pane in panes { pane.showLabel(comparedWith: compared ? panes[0] : nil) }
        overlay.showPanes(frames: compared ? panes.map(\.frame) : [], focused: compared && showsFocus ? focusedIndex : nil)
        chrome.setNeedsDisplay()
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

    /// Delivers an event to every pane, pointer positions moved to the same place relative to each pane as to the
    /// pane the pointer is over (a press keeps its pane until the release; a left press focuses its pane).
    func deliver(_ event: InputEvent) {
        func mirrored(_ p: Point) -> (source: Pane, local: Point)? {
            guard let source = pressedPane ?? pane(at: p) else { return nil }
            return (source, Point(p.x - source.frame.x, p.y - source.frame.y))
        }
        switch event {
        case .pointerMove(let p):
            pointer = p
            guard let (source, local) = mirrored(p) else { return deliverToAll(.pointerLeave) }
            deliverToAll(.pointerMove(local))
            if showsFocus { overlay.showMirroredPointer(source: panes.firstIndex { $0 === source }, local: local, frames: panes.map(\.frame)) }
        case .pointerDown(let p, let button):
            pointer = p
            guard let (source, local) = mirrored(p) else { return }
            if button == .left {
                pressedPane = source
                if let i = panes.firstIndex(where: { $0 === source }) { focus(i) }
            }
            deliverToAll(.pointerDown(local, button))
        case .pointerUp(let p, let button):
            pointer = p
            let target = mirrored(p)
            if button == .left { pressedPane = nil }
            guard let (_, local) = target else { return }
            deliverToAll(.pointerUp(local, button))
        case .pointerLeave:
            pointer = nil
            pressedPane = nil
            overlay.showMirroredPointer(source: nil, local: Point.zero, frames: [])
            deliverToAll(event)
        case .wheel(let dx, let dy, let precise, let mods, let at):
            deliverToAll(.wheel(dx: dx, dy: dy, precise: precise, modifiers: mods, at: (at ?? pointer).flatMap { mirrored($0)?.local }))
        case .magnify(let phase, let scale, let at):
            deliverToAll(.magnify(phase, scale: scale, at: (at ?? pointer).flatMap { mirrored($0)?.local }))
        default:
            deliverToAll(event)
        }
    }

    /// Delivers an event to every pane as it is.
    func deliverToAll(_ event: InputEvent) {
        for pane in panes { pane.handle(event) }
    }
}
