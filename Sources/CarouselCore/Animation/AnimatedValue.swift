/// A property with a model value (the target) and a presentation value (what is on screen at a given time).
///
/// Setting a new model value with an animation starts from the presentation value at that moment, so a retarget
/// never jumps; a spring also keeps the velocity it had. Setting it with no animation jumps. The presentation is a
/// pure function of time, so a frame at a given time is exact and repeatable.
public struct AnimatedValue<V: VectorValue>: Sendable {
    /// One running animation from `from` to the model value.
    struct Run: Sendable {
        var from: V
        var velocity: V
        var start: Double
        var curve: TimingCurve
        var duration: Double
        var end: Double { start + duration }
    }

    /// The target value.
    public private(set) var model: V
    private var run: Run?

    public init(_ value: V) { model = value }

    /// The value on screen at time `t`.
    public func value(at t: Double) -> V {
        guard let run, t < run.end else { return model }
        if t <= run.start { return run.from }
        let elapsed = t - run.start
        switch run.curve {
        case .spring(let spring):
            let x0 = run.from - model
            let a = spring.displacement(at: elapsed, x0: 1, v0: 0)
            let b = spring.displacement(at: elapsed, x0: 0, v0: 1)
            return model + x0.scaled(by: a) + run.velocity.scaled(by: b)
        default:
            let p = run.curve.progress(at: run.duration > 0 ? elapsed / run.duration : 1)
            return lerp(run.from, model, p)
        }
    }

    /// The rate of change at time `t`, per second.
    public func velocity(at t: Double) -> V {
        guard let run, t < run.end, t >= run.start else { return .zero }
        let elapsed = t - run.start
        switch run.curve {
        case .spring(let spring):
            let x0 = run.from - model
            let a = spring.velocity(at: elapsed, x0: 1, v0: 0)
            let b = spring.velocity(at: elapsed, x0: 0, v0: 1)
            return x0.scaled(by: a) + run.velocity.scaled(by: b)
        case .linear:
            return run.duration > 0 ? (model - run.from).scaled(by: 1 / run.duration) : .zero
        case .bezier(let bezier):
            guard run.duration > 0 else { return .zero }
            return (model - run.from).scaled(by: bezier.slope(at: elapsed / run.duration) / run.duration)
        }
    }

    /// Whether the presentation differs from the model at time `t`.
    public func isAnimating(at t: Double) -> Bool { run.map { t < $0.end } ?? false }

    /// When the running animation ends, or nil when none runs.
    public var endTime: Double? { run?.end }

    /// Sets the model value. With an animation, the presentation moves there from where it is at time `t`;
    /// without one, it jumps.
    /// `velocity`, when given, replaces the current velocity as the spring's start velocity (a fling).
    public mutating func set(_ value: V, animation: Animation?, at t: Double, velocity initialVelocity: V? = nil) {
        guard let animation else { model = value; run = nil; return }
        let from = self.value(at: t), velocity = initialVelocity ?? self.velocity(at: t)
        model = value
        let start = t + animation.delay
        let duration: Double
        switch animation.curve {
        case .spring(let spring):
            let x0 = (from - value).magnitude, v0 = velocity.magnitude
            let tolerance = min(max(x0, v0 / spring.omegaValue) * 1e-3, 0.005)
            // Settling time of the worst component: displacement and velocity bounded by their magnitudes.
            duration = max(spring.settlingTime(x0: x0, v0: 0, tolerance: tolerance),
                           spring.settlingTime(x0: 0, v0: v0, tolerance: tolerance))
        default:
            duration = animation.duration
        }
        if (from - value).magnitude == 0 && velocity.magnitude == 0 && animation.delay == 0 { run = nil; return }
        run = Run(from: from, velocity: velocity, start: start, curve: animation.curve, duration: duration)
    }

    /// Ends any animation: the presentation becomes the model value.
    public mutating func finish() { run = nil }
}

extension Spring {
    /// The undamped angular frequency, 2π / response.
    public var omegaValue: Double { omega }
}
