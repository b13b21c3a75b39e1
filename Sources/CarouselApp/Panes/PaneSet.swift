import CarouselCore
import CarouselStyles

/// The panes' runtimes in reading order, kept in step with the state's panes (`sync`), and how they share the
/// window: input delivered to every pane at the same position relative to it, each pane painted in its place, their
/// labels, and the focus stops Tab visits. Pointer events reach the panes through `target`, a node of the chrome's
/// tree covering the window behind the panel, so the window's `PointerRouter` decides when the panes have the pointer
/// (a press begun in a pane keeps it until the release, wherever the pointer goes). Keys reach them the same way
/// through the window's `FocusRouter`: each pane has a focus stop under `target`, and `target` delivers the keys to
/// every pane, as the pointer is mirrored, and tells them when the keyboard focus comes in and goes out.
@MainActor
public final class PaneSet {
    /// The runtimes, in the state's reading order.
    public private(set) var runtimes: [PaneRuntime] = []
    /// Whether the focused pane's outline and the mirrored pointer show in a comparison (the window's; a headless
    /// capture draws only the picture).
    public var showsFocus = true
    /// The panes' pointer target in the chrome's tree: the whole window, behind the panel and the overlay.
    let target = Node(name: "panes")
    /// The window's router, which tells where a press held by `target` began (its pane keeps the pointer).
    weak var pointer: PointerRouter?
    /// One focus stop per pane, in reading order, under `target`.
    private(set) var focusStops: [Node] = []
    /// The focused pane's index, as the state said at the last `sync`.
    private(set) var focusedIndex = 0

    /// Sends an action to the window (a press focuses its pane; input used is recorded).
    var apply: (AppAction) -> Void = { _ in }
    /// Whether the panes take `event` now (the timeline holds input back while it shows a past moment).
    var admits: (InputEvent) -> Bool = { _ in true }
    /// Shows where the pointer is mirrored onto the other panes (the overlay's markers): source pane, local point.
    var showMirroredPointer: (Int?, Point, [Rect]) -> Void = { _, _, _ in }

    init() {
        target.zIndex = -1
        target.onPointer = { [unowned self] in deliver($0) }
        target.onKey = { [unowned self] in deliverKey($0) }
    }

    /// The focused pane's runtime.
    public var focused: PaneRuntime { runtimes[min(focusedIndex, runtimes.count - 1)] }

    /// The runtime of pane `id`.
    public func runtime(_ id: PaneState.ID) -> PaneRuntime? { runtimes.first { $0.id == id } }

    /// Makes the runtimes follow `state`: a runtime for each pane (`make` builds a missing one, or one whose style,
    /// style start or deck changed, from the pane's state), none for a pane that is gone, each at its frame with the
    /// state's values and reduced motion; then the focus stops and labels. Returns whether a runtime was replaced,
    /// added or removed (the frame is then drawn whole).
    @discardableResult
    func sync(_ state: WindowState, make: (PaneState, Rect) -> PaneRuntime) -> Bool {
        let frames = state.paneFrames
        var changed = false
        var next: [PaneRuntime] = []
        for (pane, frame) in zip(state.panes, frames) {
            if let r = runtime(pane.id), r.definition == pane.style, r.styleStart == pane.styleStart, r.deckVersion == state.deck.version {
                r.setFrame(frame)
                next.append(r)
            } else {
                runtime(pane.id)?.tearDown()
                next.append(make(pane, frame))
                changed = true
            }
        }
        for r in runtimes where !next.contains(where: { $0 === r }) { r.tearDown(); changed = true }
        changed = changed || next.map(\.id) != runtimes.map(\.id)
        runtimes = next
        focusedIndex = state.focusedIndex
        for (r, pane) in zip(runtimes, state.panes) {
            r.apply(pane.currentParameters)
            r.reducesMotion = state.motion.reducesMotion
            r.setTimePaused(state.time.isPaused)
        }
        target.frame = Rect(origin: .zero, size: state.size)
        syncFocusStops()
        return changed
    }

    /// Shows `runtimes` instead (the timeline's replays, or the live runtimes it put aside), in the same order; the
    /// caller keeps or tears down the ones they replace.
    func install(_ runtimes: [PaneRuntime]) {
        self.runtimes = runtimes
    }

    /// Keeps one focus stop per pane: Tab reaching a pane's stop focuses that pane.
    private func syncFocusStops() {
        while focusStops.count > runtimes.count { focusStops.removeLast().removeFromParent() }
        while focusStops.count < runtimes.count {
            let stop = Node(name: "pane.focus")
            stop.isFocusable = true
            stop.isHitTestable = false
            stop.onKey = { [unowned self, unowned stop] event in
                if case .focus(true) = event, let i = focusStops.firstIndex(where: { $0 === stop }), i != focusedIndex { apply(.panes(.focus(i))) }
                return false
            }
            target.addChild(stop)
            focusStops.append(stop)
        }
        for (stop, r) in zip(focusStops, runtimes) where stop.frame != r.frame { stop.frame = r.frame }
    }

    /// The pane under window point `p`, if any.
    func runtime(at p: Point) -> PaneRuntime? { runtimes.first { $0.frame.contains(p) } }

    /// Updates the labels of a comparison: each pane's name and how its values differ from the first pane's, left
    /// of `covered` (the open panel).
    func showLabels(_ state: WindowState, covered: Rect?) {
        let compared = state.isComparing
        for (i, (r, pane)) in zip(runtimes, state.panes).enumerated() {
            r.showLabel(compared ? pane.name : nil, differences: compared && i > 0 ? pane.differences(from: state.panes[0]) : [], covered: covered)
        }
    }

    /// Paints every pane's scene: a pane that covers the window as it is, others moved to their place and clipped
    /// to it.
    func paint(into renderer: Renderer, images: ImageStore, window: Rect) {
        for r in runtimes {
            if r.frame == window {
                r.scene.paintTree(into: renderer, images: images)
                continue
            }
            renderer.save()
            renderer.concatenate(.translation(r.frame.x, r.frame.y))
            renderer.clip(to: Rect(origin: .zero, size: r.frame.size), cornerRadius: 0)
            r.scene.paintTree(into: renderer, images: images)
            renderer.restore()
        }
    }

    // MARK: Input

    /// The pointer events the window's router gives the panes (it keeps all of them): each is delivered to every
    /// pane at the same position relative to it as to the source pane, the one under the pointer, or while a press
    /// is held, the one it began in. A left press focuses its pane.
    private func deliver(_ event: InputEvent) -> Bool {
        func mirrored(_ p: Point) -> (source: PaneRuntime, local: Point)? {
            guard let source = pointer?.pressPoint.flatMap(runtime(at:)) ?? runtime(at: p) else { return nil }
            return (source, Point(p.x - source.frame.x, p.y - source.frame.y))
        }
        switch event {
        case .pointerMove(let p):
            guard let (source, local) = mirrored(p) else { deliverToAll(.pointerLeave); return true }
            deliverToAll(.pointerMove(local))
            if showsFocus { showMirroredPointer(runtimes.firstIndex { $0 === source }, local, runtimes.map(\.frame)) }
        case .pointerDown(let p, let button):
            guard let (source, local) = mirrored(p) else { return true }
            if button == .left, let i = runtimes.firstIndex(where: { $0 === source }), i != focusedIndex { apply(.panes(.focus(i))) }
            deliverToAll(.pointerDown(local, button))
        case .pointerUp(let p, let button):
            guard let (_, local) = mirrored(p) else { return true }
            deliverToAll(.pointerUp(local, button))
        case .pointerLeave:
            showMirroredPointer(nil, .zero, [])
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

    /// Delivers an event to every pane as it is (when they take input now).
    func deliverToAll(_ event: InputEvent) {
        guard admits(event) else { return }
        for r in runtimes { r.handle(event) }
    }

    /// The keys the window's `FocusRouter` gives the panes while one of them has the keyboard focus, and the focus
    /// coming in or going out: every pane gets them, as the pointer is mirrored; whether any used the key.
    private func deliverKey(_ event: InputEvent) -> Bool {
        guard admits(event) else { return false }
        var used = false
        for r in runtimes { used = r.handle(event) || used }
        return used
    }
}
