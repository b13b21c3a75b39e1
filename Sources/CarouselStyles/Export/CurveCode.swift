import CarouselSupport
import CarouselCore

/// Timing curves written as code: SwiftUI `Animation`s and the page's JavaScript curve objects. Shared by the export
/// and the tuning panel's Ctrl+C snippet, so both spell a curve the same way.
public enum CurveCode {
    /// A number as a Swift `Double` literal: always with a fraction (`1.0`), so the literal's type is `Double`.
    public static func swiftDouble(_ n: Double) -> String {
        let s = JSONValue.format(n)
        return s.contains(".") || s.contains("e") ? s : s + ".0"
    }

    /// A curve as a SwiftUI `Animation` expression starting with a dot (`.easeInOut(duration: 0.4)`), lasting
    /// `duration` (an expression: a literal or a constant's name; SwiftUI's default 0.35 s when nil). Springs have
    /// their own timing and take no duration.
    public static func swiftAnimation(_ curve: TimingCurve, duration: String?) -> String {
        let d = duration.map { "duration: \($0)" }
        func call(_ name: String) -> String { ".\(name)(\(d ?? ""))" }
        switch curve {
        case .linear: return call("linear")
        case .bezier(let b) where b == .easeIn: return call("easeIn")
        case .bezier(let b) where b == .easeOut: return call("easeOut")
        case .bezier(let b) where b == .easeInOut: return call("easeInOut")
        case .bezier(let b):
            let points = [b.x1, b.y1, b.x2, b.y2].map(swiftDouble).joined(separator: ", ")
            return ".timingCurve(\(points)\(d.map { ", " + $0 } ?? ""))"
        case .spring(let s):
            return ".spring(response: \(swiftDouble(s.response)), dampingFraction: \(swiftDouble(s.dampingFraction)))"
        }
    }

    /// A curve as the JavaScript object the exported pages read: `{ type: "bezier", points: [x1, y1, x2, y2] }`,
    /// `{ type: "spring", response: R, dampingFraction: D }` or `{ type: "linear" }`.
    public static func javaScript(_ curve: TimingCurve) -> String {
        switch curve {
        case .linear: return "{ type: \"linear\" }"
        case .bezier(let b):
            return "{ type: \"bezier\", points: [\([b.x1, b.y1, b.x2, b.y2].map(JSONValue.format).joined(separator: ", "))] }"
        case .spring(let s):
            return "{ type: \"spring\", response: \(JSONValue.format(s.response)), dampingFraction: \(JSONValue.format(s.dampingFraction)) }"
        }
    }

    /// The duration parameter a curve parameter goes with: `<name>Duration` for `<name>Curve`, else the nearest
    /// `...Duration` number in schema order (paging's drag settle uses the page duration).
    public static func durationKey(for curveKey: String, in specs: [ParameterSpec]) -> String? {
        func isDuration(_ s: ParameterSpec) -> Bool {
            if case .number = s.kind { return s.key.hasSuffix("Duration") } else { return false }
        }
        if curveKey.hasSuffix("Curve") {
            let partner = String(curveKey.dropLast(5)) + "Duration"
            if let s = specs.first(where: { $0.key == partner }), isDuration(s) { return partner }
        }
        guard let at = specs.firstIndex(where: { $0.key == curveKey }) else { return nil }
        return specs.indices.filter { isDuration(specs[$0]) }.min { abs($0 - at) < abs($1 - at) }.map { specs[$0].key }
    }
}
