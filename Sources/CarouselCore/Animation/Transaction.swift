/// The animation in effect while a `Scene.withAnimation` body runs, and the scene time it started at.
/// Node property setters read it: inside a transaction they animate, outside they jump.
@MainActor
public enum Transaction {
    /// The innermost open transaction, or nil outside any.
    public private(set) static var current: (animation: Animation?, time: Double)?

    /// Runs `body` with `animation` (nil: explicitly no animation) starting at `time`.
    public static func run<R>(_ animation: Animation?, at time: Double, _ body: () throws -> R) rethrows -> R {
        let saved = current
        current = (animation, time)
        defer { current = saved }
        return try body()
    }
}
