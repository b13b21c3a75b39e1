import CarouselSupport

/// The limits of what `capture` and `record` are told, in one place for a flag and for the same value read from a
/// screenshot's or clip's sidecar (`--params SIDECAR`): the check and the phrase are shared, so `--at 1e308` and a
/// sidecar's `"time": 1e308` are refused in the same words; unchecked, a sidecar's `"to": 1e9` would have `record`
/// allocate 240 GB, and its `"time": 1e308` would keep `capture` stepping forever.
public enum CaptureLimits {
    /// Seconds of style time a frame or clip may be at (`--at`, `--from`, `--to`; `time`, `from`, `to`).
    public static let seconds = 0.0...3600.0
    /// Frames per second of a clip (`--fps`; `fps`).
    public static let fps = 1...120
    /// Points on each side of the window (`--size`; `size`).
    public static let side = 1.0...16384.0

    /// Why `value` is not a time in `seconds`, as "must be between 0 and 3600 seconds, got -5"; nil when it is.
    public static func secondsProblem(_ value: Double) -> String? {
        seconds.contains(value) ? nil : "must be between 0 and 3600 seconds, got \(number(value))"
    }

    /// Why `value` is not a frame rate in `fps` ("must be 1...120, got 1e+308"); nil when it is.
    public static func fpsProblem(_ value: Double) -> String? {
        value.rounded() == value && Double(fps.lowerBound) <= value && value <= Double(fps.upperBound)
            ? nil : "must be \(fps.lowerBound)...\(fps.upperBound), got \(number(value))"
    }

    /// Why a `width` x `height` is not a window size ("each side must be 1...16384"); nil when it is.
    public static func sizeProblem(_ width: Double, _ height: Double) -> String? {
        side.contains(width) && side.contains(height) ? nil : "each side must be 1...16384"
    }

    /// Why a clip from `from` to `to` has no frames, naming them as `fromName` and `toName` ("--to (3 s) must be
    /// after --from (5 s)"); nil when it has.
    public static func orderProblem(from: Double, to: Double, fromName: String, toName: String) -> String? {
        to > from ? nil : "\(toName) (\(number(to)) s) must be after \(fromName) (\(number(from)) s)"
    }

    /// A number as messages write it: JSON's form, and `nan`, `inf` and `-inf` for what JSON cannot write.
    public static func number(_ value: Double) -> String {
        value.isNaN ? "nan" : value.isInfinite ? (value > 0 ? "inf" : "-inf") : JSONValue.format(value)
    }
}
