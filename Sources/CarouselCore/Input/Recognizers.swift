/// Recognises a click: button down and up on nearly the same spot within a short time.
public struct TapRecognizer: Sendable {
    /// How far the pointer may move between down and up, in points.
    public var slop: Double = 6
    /// The longest press that still counts as a tap, in seconds.
    public var maxDuration: Double = 0.6
    private var down: (Point, Double)?
    public init() {}

    /// Feeds pointer events at scene time `t`; returns the tap location when `event` completes a tap.
    public mutating func handle(_ event: InputEvent, at t: Double) -> Point? {
        switch event {
        case .pointerDown(let p, .left):
            down = (p, t)
        case .pointerMove(let p):
            if let (start, _) = down, hypot(p.x - start.x, p.y - start.y) > slop { down = nil }
        case .pointerUp(let p, .left):
            defer { down = nil }
            if let (start, t0) = down, hypot(p.x - start.x, p.y - start.y) <= slop, t - t0 <= maxDuration { return p }
        case .pointerLeave:
            down = nil
        default:
            break
        }
        return nil
    }
}

/// Tracks a horizontal drag with the left button: distance and release velocity.
public struct DragRecognizer: Sendable {
    /// Movement before a press becomes a drag, in points.
    public var slop: Double = 4
    public private(set) var isDragging = false
    private var start: Point?
    private var samples: [(x: Double, t: Double)] = []
    public init() {}

    public enum Update: Equatable, Sendable {
        /// The drag began; later `moved` deltas follow.
        case began
        /// Horizontal movement since the previous update, in points.
        case moved(dx: Double)
        /// The drag ended with a horizontal velocity in points per second.
        case ended(velocity: Double)
    }

    /// Feeds pointer events at scene time `t`; returns what happened to the drag.
    public mutating func handle(_ event: InputEvent, at t: Double) -> [Update] {
        switch event {
        case .pointerDown(let p, .left):
            start = p; samples = [(p.x, t)]; isDragging = false
        case .pointerMove(let p):
            guard let s = start else { return [] }
            var out: [Update] = []
            if !isDragging {
                guard abs(p.x - s.x) > slop else { return [] }
                isDragging = true
                out.append(.began)
            }
            let last = samples.last?.x ?? s.x
            samples.append((p.x, t))
            if samples.count > 6 { samples.removeFirst() }
            out.append(.moved(dx: p.x - last))
            return out
        case .pointerUp, .pointerLeave:
            defer { start = nil; isDragging = false; samples = [] }
            guard isDragging else { return [] }
            // Velocity over the last ~100 ms of samples.
            let recent = samples.filter { t - $0.t <= 0.1 }
            if let first = recent.first, let last = samples.last, last.t > first.t {
                return [.ended(velocity: (last.x - first.x) / (last.t - first.t))]
            }
            return [.ended(velocity: 0)]
        default:
            break
        }
        return []
    }
}

/// A press that ends as a tap or as a drag, never both: the press itself when the button goes down (with its click
/// count, for double-clicks), the drag's updates while the pointer moves the content, and the tap's point only when
/// the press did not become a drag. The one press shape every style and the tuning panel use.
public struct PressRecognizer: Sendable {
    /// What a pointer event did to the press.
    public enum Outcome: Equatable, Sendable {
        /// The left button went down here; `clickCount` is 2 for the second press of a double-click (within
        /// `doubleClickTime` and `slop` of the press before it), 3 for a third, and so on.
        case press(Point, clickCount: Int)
        /// The press is dragging: began, moved or ended (with its release velocity).
        case drag(DragRecognizer.Update)
        /// The press ended as a click at this point.
        case tap(Point)
    }

    /// The longest gap between two presses of a double-click, in the clock's seconds.
    public var doubleClickTime = 0.4
    private var drag = DragRecognizer()
    private var tap = TapRecognizer()
    private var dragged = false
    private var lastPress: (point: Point, time: Double, count: Int)?
    public init() {}

    /// Whether the press has become a drag.
    public var isDragging: Bool { drag.isDragging }

    /// Feeds pointer events at time `t` (scene time for a style, wall time where a paused scene must still tell a
    /// double-click); returns what the press did.
    public mutating func handle(_ event: InputEvent, at t: Double) -> [Outcome] {
        var out: [Outcome] = []
        if case .pointerDown(let p, .left) = event {
            dragged = false
            let count = lastPress.map { t - $0.time <= doubleClickTime && hypot(p.x - $0.point.x, p.y - $0.point.y) <= tap.slop ? $0.count + 1 : 1 } ?? 1
            lastPress = (p, t, count)
            out.append(.press(p, clickCount: count))
        }
        out += drag.handle(event, at: t).map { update in
            if case .began = update { dragged = true }
            return .drag(update)
        }
        if let point = tap.handle(event, at: t), !dragged { out.append(.tap(point)) }
        return out
    }

    /// Feeds `event` at time `t` and hands on what the press did: each update of a drag to `drag`, a click's point to
    /// `tap`; each says whether it used it. Returns whether the event was used.
    public mutating func handle(_ event: InputEvent, at t: Double, drag: (DragRecognizer.Update) -> Bool,
                                tap: (Point) -> Bool) -> Bool {
        var used = false
        for outcome in handle(event, at: t) {
            switch outcome {
            case .press: continue
            case .drag(let update): if drag(update) { used = true }
            case .tap(let point): if tap(point) { used = true }
            }
        }
        return used
    }
}

/// Turns the magnification sources into one gesture stream: real `.magnify` events pass through; Ctrl+wheel ticks
/// accumulate into one gesture (each tick multiplies the scale by `factorPerTick`; rolling towards the user, dy < 0,
/// pinches in) that ends after `quietTime` without a tick; Ctrl+minus / Ctrl+plus are a whole gesture each.
@MainActor
public final class MagnificationRecognizer {
    /// Scale factor per wheel tick (a pinch-out tick multiplies by it, a pinch-in tick divides).
    public var factorPerTick: Double = 1.1
    /// Seconds without a Ctrl+wheel tick that end the gesture.
    public var quietTime: Double = 0.25
    /// Receives each gesture update.
    public var onMagnify: (GesturePhase, Double) -> Void = { _, _ in }
    private var wheelScale: Double?
    private var quietTimer: TimerID?
    private unowned let scene: Scene

    public init(scene: Scene) { self.scene = scene }

    /// Handles `event` if it is a magnification source; returns whether it was consumed.
    public func handle(_ event: InputEvent) -> Bool {
        switch event {
        case .magnify(let phase, let scale, _):
            onMagnify(phase, scale)
            return true
        case .wheel(_, let dy, let precise, let mods, _) where mods.contains(.ctrl) && dy != 0:
            let ticks = precise ? dy / 40 : dy
            if wheelScale == nil {
                wheelScale = 1
                onMagnify(.begin, 1)
            }
            wheelScale! *= pow(factorPerTick, ticks)
            onMagnify(.change, wheelScale!)
            scene.timers.cancel(quietTimer)
            quietTimer = scene.timers.schedule(at: scene.now + quietTime) { [weak self] in self?.endWheelGesture() }
            return true
        case .keyDown(let key, let mods, _) where mods.contains(.ctrl) && ["minus", "plus", "equals"].contains(key.name):
            let s = key.name == "minus" ? 1 / (factorPerTick * factorPerTick) : factorPerTick * factorPerTick
            onMagnify(.begin, 1); onMagnify(.change, s); onMagnify(.end, s)
            return true
        default:
            return false
        }
    }

    /// Whether a wheel-made gesture is in progress.
    public var isActive: Bool { wheelScale != nil }

    private func endWheelGesture() {
        guard let s = wheelScale else { return }
        wheelScale = nil
        quietTimer = nil
        onMagnify(.end, s)
    }
}

import Foundation
