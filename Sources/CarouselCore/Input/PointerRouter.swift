/// Handles one pointer event (`.pointerMove`, `.pointerDown`, `.pointerUp`, `.pointerLeave`, `.wheel`, `.magnify`) in
/// its scene's coordinates; returns whether it used it. An unused event bubbles to the next handler up the tree.
public typealias PointerHandler = @MainActor (InputEvent) -> Bool

/// Delivers a scene's pointer input through its tree: the one place that decides who gets the pointer.
///
/// - **Hit-testing**: the target of an event is the innermost node under its point that has a `Node.onPointer`
///   handler (searched in reverse paint order, as drawn: hidden and transparent nodes are skipped, clipping nodes
///   hide what they clip); its ancestors with handlers follow it, and the scene root's handler, when it has one,
///   takes whatever nothing else under the point does.
/// - **Bubbling**: the event goes to the innermost handler first; one that returns false passes it to the next one
///   up.
/// - **Capture**: the handler that uses a press gets every pointer event (moves, wheel, the release, wherever the
///   pointer is) until that button's release, or until the pointer leaves the window, which cancels the press: the
///   handler then gets `.pointerLeave`. So a drag that leaves the control it began on keeps going, and nothing else
///   sees a release whose press it never saw.
/// - **Enter and leave**: when the handlers under the pointer change, those it left get `.pointerLeave` (innermost
///   first), so a hover ends when the pointer moves onto something in front.
///
/// Events without a position (a wheel or pinch while the pointer is outside the window) reach only a captured
/// handler; otherwise `route` returns nil and the owner decides, as for events that are not the pointer's.
@MainActor
public final class PointerRouter {
    private unowned let scene: Scene
    /// The node whose handler took the press in progress, and the button pressed.
    public private(set) var captured: Node?
    private var capturedButton: PointerButton?
    /// Where the captured press began (scene coordinates).
    public private(set) var pressPoint: Point?
    /// The handlers under the pointer as of the last move, innermost first.
    private var hovered: [Node] = []
    /// The pointer's last position in the scene, while it is over the window.
    public private(set) var pointer: Point?

    /// A router for `scene`'s tree.
    public init(scene: Scene) { self.scene = scene }

    /// Routes one pointer event; returns whether a handler used it, or nil when the event was not routed (not a
    /// pointer event, or one without a position while nothing holds the pointer).
    @discardableResult
    public func route(_ event: InputEvent) -> Bool? {
        switch event {
        case .pointerMove(let p):
            pointer = p
            if let captured { return deliver(event, to: [captured]) }
            let chain = scene.pointerTargets(at: p)
            hover(chain)
            return deliver(event, to: chain)
        case .pointerDown(let p, let button):
            pointer = p
            if let captured { return deliver(event, to: [captured]) }
            let chain = scene.pointerTargets(at: p)
            hover(chain)
            guard let taker = firstTaker(event, in: chain) else { return false }
            captured = taker
            capturedButton = button
            pressPoint = p
            return true
        case .pointerUp(let p, let button):
            pointer = p
            guard let captured else { return deliver(event, to: scene.pointerTargets(at: p)) }
            // The release still belongs to the press: delivered before the capture ends (`pressPoint` holds).
            let used = deliver(event, to: [captured])
            if button == capturedButton { release() }
            return used
        case .pointerLeave:
            pointer = nil
            var used = false
            let cancelled = captured
            if let cancelled {
                used = deliver(event, to: [cancelled])
                release()
            }
            let left = hovered.filter { $0 !== cancelled }
            hovered = []
            for node in left { used = (node.onPointer?(event) ?? false) || used }
            return used
        case .wheel(_, _, _, _, let at), .magnify(_, _, let at):
            if let captured { return deliver(event, to: [captured]) }
            guard let p = at ?? pointer else { return nil }
            return deliver(event, to: scene.pointerTargets(at: p))
        default:
            return nil
        }
    }

    /// Forgets the press in progress without telling its handler (the tree it was in was replaced).
    public func reset() {
        release()
        hovered = []
    }

    /// The handlers `route` would send an event at `point` to now, innermost first (the captured one while a press
    /// is held).
    public func targets(at point: Point) -> [Node] { captured.map { [$0] } ?? scene.pointerTargets(at: point) }

    private func release() {
        captured = nil
        capturedButton = nil
        pressPoint = nil
    }

    /// Sends `.pointerLeave` to the handlers no longer under the pointer, innermost first.
    private func hover(_ chain: [Node]) {
        let left = hovered.filter { old in !chain.contains { $0 === old } }
        hovered = chain
        for node in left { _ = node.onPointer?(.pointerLeave) }
    }

    /// Bubbles `event` up `chain` until a handler uses it.
    private func deliver(_ event: InputEvent, to chain: [Node]) -> Bool { firstTaker(event, in: chain) != nil }

    private func firstTaker(_ event: InputEvent, in chain: [Node]) -> Node? {
        chain.first { $0.onPointer?(event) ?? false }
    }
}

/// A wheel event as scrolling reads it. Ctrl+wheel is magnification (`MagnificationRecognizer`), never scrolling.
public struct ScrollWheel: Equatable, Sendable {
    /// The event's deltas in SDL's sign (see `InputEvent.wheel`).
    public let dx: Double, dy: Double
    /// Whether the deltas are trackpad pixels rather than whole ticks.
    public let precise: Bool

    /// The scrolling in `event`, or nil when it is not a wheel event or Ctrl is held.
    public init?(_ event: InputEvent) {
        guard case .wheel(let dx, let dy, let precise, let mods, _) = event, !mods.contains(.ctrl) else { return nil }
        self.dx = dx; self.dy = dy; self.precise = precise
    }

    /// Along a horizontal row: positive moves the content towards its end (the wheel rolled towards the user, or
    /// pushed right).
    public var forward: Double { dx - dy }

    /// Points a vertical list moves up by: trackpad pixels as they are, ticks `pointsPerTick` each.
    public func verticalPoints(pointsPerTick: Double) -> Double { precise ? dy : dy * pointsPerTick }
}
