/// A one-dimensional scroll position with clamping, snapping, wheel and drag input, and animated moves.
///
/// The offset is how far the content has moved left (0 shows the start). `targets` are the offsets the row may
/// rest at (item edges, item centres or pages); with snapping on, a wheel burst moves to the neighbouring target and a
/// drag settles on one with a spring that keeps the fling velocity. With snapping off, wheel ticks move the content by
/// `tickDistance` each. The owning style reads `presentationOffset` in its layout pass each frame.
///
/// Under reduced motion (`Scene.reducesMotion`) a wheel step is a cut, a released drag settles in a short ease-out
/// without its fling's glide, and `settle` is short: the content still follows a drag, which the hand directs.
@MainActor
public final class ScrollController {
    private unowned let scene: Scene
    private var value = AnimatedValue(0.0)
    private var burst = WheelBurstFilter()
    private var dragging = false

    /// The largest offset (content length minus viewport length, at least 0).
    public var maxOffset: Double = 0 {
        didSet {
            if maxOffset != oldValue { cachedTargets = nil }
            if offset > maxOffset { jump(to: maxOffset) }
        }
    }
    /// Offsets the content may rest at, ascending; none means free scrolling. Lazy targets (a count and an offset
    /// per index) keep a change of a long row's targets O(1).
    public var targets = SnapTargets([]) { didSet { cachedTargets = nil } }
    /// The targets as a list (set a list; reading one materialises it).
    public var snapTargets: [Double] {
        get { (0..<targets.count).map { targets[$0] } }
        set { targets = SnapTargets(newValue) }
    }
    /// `effectiveTargets`, kept until the targets or the range change: a wheel step on a long row then costs a
    /// binary search, not a pass over every item.
    private var cachedTargets: ResolvedSnapTargets?
    /// Whether wheel and drag input settle on `targets`.
    public var isSnapping = true
    /// The motion used for snapping and programmatic moves: a critically damped spring decelerates smoothly.
    public var snapAnimation: Animation = .spring(response: 0.4, dampingFraction: 1)
    /// Distance per wheel tick when not snapping, in points.
    public var tickDistance: Double = 80
    /// Called after every change of the target offset.
    public var onChange: () -> Void = {}

    public init(scene: Scene) { self.scene = scene }

    /// The target offset.
    public var offset: Double { value.model }
    /// The offset on screen now.
    public var presentationOffset: Double { value.value(at: scene.now) }
    /// Whether the offset is moving now.
    public var isAnimating: Bool { value.isAnimating(at: scene.now) }
    /// When the current (or last) move's animation ends, or nil after a jump: lets an owner act once it settles.
    public var animationEnd: Double? { value.endTime }
    /// Whether a drag is in progress.
    public var isDragging: Bool { dragging }
    /// Tuning of the wheel burst filter.
    public var wheelFilter: WheelBurstFilter { get { burst } set { burst = newValue } }

    /// The snap targets clamped to the range, without near-duplicates (those closer than half a point).
    private var effectiveTargets: ResolvedSnapTargets {
        if let cachedTargets { return cachedTargets }
        let resolved = targets.resolved(maxOffset: maxOffset)
        cachedTargets = resolved
        return resolved
    }

    // MARK: Moves

    /// Moves to `target` (clamped) with `animation`, or jumps with nil.
    public func scroll(to target: Double, animation: Animation?, velocity: Double? = nil) {
        let clamped = min(max(target, 0), maxOffset)
        value.set(clamped, animation: animation, at: scene.now, velocity: velocity)
        scene.noteChange(animationEnd: value.endTime)
        onChange()
    }

    /// Moves with no animation.
    public func jump(to target: Double) { scroll(to: target, animation: nil) }

    /// The index among the effective targets nearest to `offset` (the first of two equally near). A binary search: the
    /// effective targets ascend.
    public func nearestTargetIndex(to offset: Double) -> Int? {
        let targets = effectiveTargets
        guard !targets.isEmpty else { return nil }
        var lo = 0, hi = targets.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if targets[mid] < offset { lo = mid + 1 } else { hi = mid }
        }
        // `lo` is the first target at or after `offset`; the one before it may be nearer.
        if lo == targets.count { return lo - 1 }
        if lo > 0 && abs(targets[lo - 1] - offset) <= abs(targets[lo] - offset) { return lo - 1 }
        return lo
    }

    /// Moves `steps` snap targets from the current target (or by `steps * tickDistance` when not snapping).
    public func step(by steps: Int) {
        let targets = effectiveTargets
        if isSnapping, let i = nearestTargetIndex(to: offset) {
            let j = min(max(i + steps, 0), targets.count - 1)
            scroll(to: targets[j], animation: scene.motion(snapAnimation))
        } else {
            scroll(to: offset + Double(steps) * tickDistance, animation: scene.motion(.easeOut(0.2)))
        }
    }

    // MARK: Input

    /// A wheel delta along the scroll axis: positive moves the content towards its end. `precise` deltas are pixels.
    public func wheel(_ delta: Double, precise: Bool) {
        if isSnapping && targets.count > 0 {
            let s = burst.step(delta: delta, precise: precise, at: scene.now)
            if s != 0 { step(by: s) }
        } else {
            scroll(to: offset + (precise ? delta : delta * tickDistance), animation: scene.motion(.easeOut(0.2)))
        }
    }

    /// Starts a drag: the content stops where it is on screen.
    public func beginDrag() {
        dragging = true
        jump(to: presentationOffset)
    }

    /// The pointer moved by `dx` during a drag (content follows the pointer).
    public func drag(by dx: Double) {
        guard dragging else { return }
        jump(to: offset - dx)
    }

    /// Runs a pointer event through `press`: a drag moves the content (unless `dragScrolls` is false),
    /// `dragBegan` runs just before a drag's first move, and a tap goes to `tap`, which says whether it used it.
    /// Returns whether the event was used.
    public func handle(_ event: InputEvent, press: inout PressRecognizer, dragScrolls: Bool = true,
                       dragBegan: () -> Void = {}, tap: (Point) -> Bool) -> Bool {
        press.handle(event, at: scene.now, drag: { update in
            guard dragScrolls else { return false }
            if case .began = update { dragBegan() }
            follow(update)
            return true
        }, tap: tap)
    }

    /// Follows one update of a drag on the content: the one place where drags become scrolling.
    public func follow(_ update: DragRecognizer.Update) {
        switch update {
        case .began: beginDrag()
        case .moved(let dx): drag(by: dx)
        case .ended(let velocity): endDrag(velocity: velocity)
        }
    }

    /// Ends a drag with the pointer's horizontal velocity (points per second): settles on a snap target chosen by
    /// where the fling would carry the content, at least one target in the fling's direction when it is fast.
    public func endDrag(velocity pointerVelocity: Double) {
        dragging = false
        let v = -pointerVelocity
        let targets = effectiveTargets
        guard isSnapping, !targets.isEmpty, let _ = nearestTargetIndex(to: offset) else {
            // Under reduced motion a fling does not glide on: the content stays where the hand left it.
            if scene.reducesMotion { jump(to: offset) } else { scroll(to: offset + v * 0.3, animation: .easeOut(0.5)) }
            return
        }
        let j = Self.settleIndex(offset: offset, velocity: v, indices: 0..<targets.count,
                                 nearest: { nearestTargetIndex(to: $0)! }, target: { targets[$0] })
        if scene.reducesMotion {
            scroll(to: targets[j], animation: scene.shortMotion(snapAnimation))
        } else {
            scroll(to: targets[j], animation: snapAnimation, velocity: v)
        }
    }

    /// Where content released at `offset` moving at `v` (points per second, positive towards its end) settles: the
    /// target nearest to where 0.15 s of the fling would carry it, and when the fling is fast (over 300 points per
    /// second) at least one target on from the release in its direction. `nearest` gives the index of the target
    /// nearest an offset, `target` an index's offset; indices stay in `indices`. The loop style's strip, which has
    /// no controller, settles by the same rule.
    public nonisolated static func settleIndex(offset: Double, velocity v: Double, indices: Range<Int>,
                                               nearest: (Double) -> Int, target: (Int) -> Double) -> Int {
        var j = nearest(offset + v * 0.15)
        if abs(v) > 300 {
            // A fling always moves on from where it was released.
            if v > 0, target(j) <= offset + 0.5, indices.contains(j + 1) { j += 1 }
            if v < 0, target(j) >= offset - 0.5, indices.contains(j - 1) { j -= 1 }
        }
        return j
    }

    /// Settles on the nearest snap target (after a resize or a parameter change).
    public func settle(animation: Animation? = nil) {
        guard isSnapping, let i = nearestTargetIndex(to: offset) else { jump(to: offset); return }
        scroll(to: effectiveTargets[i], animation: animation.map(scene.shortMotion))
    }
}
