/// What reduced motion does to an animation, in one place: every style and control asks its scene
/// (`Scene.reducesMotion`) through these when it starts a motion, so "less motion" means the same everywhere.
///
/// Two kinds of motion are told apart:
/// - **Motion the user did not direct by hand** (a step by a key or a wheel burst, a click that scrolls, auto-advance,
///   a scroll into view, a slide between pages): under reduced motion it is a cut (`motion(_:)` gives nil).
/// - **Motion that finishes what a hand started or that is the effect itself** (a drag settling on an item, a
///   stitch's gaps closing): under reduced motion it stays, made short (`shortMotion(_:)`: at most
///   `ReducedMotion.shortDuration`, eased out, no spring overshoot).
///
/// Opacity changes (cross-fades, the stitch cue) are not motion and stay as they are.
public enum ReducedMotion {
    /// The longest a motion kept under reduced motion lasts, in seconds.
    public static let shortDuration = 0.1
}

extension Scene {
    /// `animation` for a motion the user did not direct by hand, or nil (a cut) when the scene reduces motion.
    public func motion(_ animation: Animation?) -> Animation? { reducesMotion ? nil : animation }

    /// `animation` for a motion kept under reduced motion, made short when the scene reduces motion: an ease-out of
    /// at most `ReducedMotion.shortDuration` (a spring's settling time counts as its duration), same delay.
    public func shortMotion(_ animation: Animation) -> Animation {
        guard reducesMotion else { return animation }
        let length = animation.curve.isSpring ? ReducedMotion.shortDuration : min(animation.duration, ReducedMotion.shortDuration)
        return Animation(curve: .easeOut, duration: length, delay: animation.delay)
    }
}
