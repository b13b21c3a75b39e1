import CarouselSupport
import CarouselCore
import CarouselStyles

/// The text Ctrl+C puts on the clipboard: a style's values as JSON (a `--params` file) and as a SwiftUI-flavoured
/// Swift snippet. The JSON sits in a block comment above the snippet, so the whole text is valid Swift to paste, and
/// the JSON is the part between the first line and the closing `*/`.
public enum ParameterExport {
    /// The first line of the clipboard text; the JSON starts on the next line.
    public static func header(style: String) -> String { "/* Carousel Lab: \(style) parameters as JSON (a --params file):" }

    /// The whole clipboard text: the JSON in a block comment, then the Swift snippet.
    public static func clipboardText(_ p: Parameters, style: String) -> String {
        header(style: style) + "\n" + json(p) + "\n*/\n" + swift(p, style: style)
    }

    /// The values as indented JSON in schema order.
    public static func json(_ p: Parameters) -> String { p.json.serialized() }

    /// The values as a labelled Swift tuple named after the style: numbers as `Double`s, toggles as `Bool`s, choices
    /// as strings, curves as SwiftUI `Animation`s (with the duration the style pairs them with).
    public static func swift(_ p: Parameters, style: String) -> String {
        var lines = ["// The same values for SwiftUI (import SwiftUI):", "let \(identifier(style)) = ("]
        for (i, spec) in p.specs.enumerated() {
            let comma = i < p.specs.count - 1 ? "," : ""
            var line = "    \(identifier(spec.key)): \(swiftValue(spec, in: p))\(comma)"
            if case .number(_, _, _, let unit) = spec.kind, !unit.isEmpty { line += " // \(unit)" }
            lines.append(line)
        }
        lines.append(")")
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Values

    /// One value as a Swift expression.
    static func swiftValue(_ spec: ParameterSpec, in p: Parameters) -> String {
        switch p.values[spec.key]! {
        case .number(let n): return swiftDouble(n)
        case .bool(let b): return b ? "true" : "false"
        case .text(let s):
            guard spec.kind == .curve else { return JSONValue.string(s).serialized() }
            let duration = durationKey(for: spec.key, in: p.specs).map { p.number($0) }
            return swiftAnimation(p.curve(spec.key), duration: duration)
        }
    }

    /// A curve as a SwiftUI `Animation` lasting `duration` (SwiftUI's default 0.35 s when nil; springs have their own).
    static func swiftAnimation(_ curve: TimingCurve, duration: Double?) -> String {
        let d = duration.map { "duration: \(swiftDouble($0))" }
        func call(_ name: String) -> String { "Animation.\(name)(\(d ?? ""))" }
        switch curve {
        case .linear: return call("linear")
        case .bezier(let b) where b == .easeIn: return call("easeIn")
        case .bezier(let b) where b == .easeOut: return call("easeOut")
        case .bezier(let b) where b == .easeInOut: return call("easeInOut")
        case .bezier(let b):
            let points = [b.x1, b.y1, b.x2, b.y2].map(swiftDouble).joined(separator: ", ")
            return "Animation.timingCurve(\(points)\(d.map { ", " + $0 } ?? ""))"
        case .spring(let s):
            return "Animation.spring(response: \(swiftDouble(s.response)), dampingFraction: \(swiftDouble(s.dampingFraction)))"
        }
    }

    /// The duration parameter a curve parameter goes with: `<name>Duration` for `<name>Curve`, else the nearest
    /// `...Duration` number in schema order (paging's drag settle uses the page duration).
    static func durationKey(for curveKey: String, in specs: [ParameterSpec]) -> String? {
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

    /// A number as a Swift `Double` literal: always with a fraction, so the tuple's types are `Double`.
    static func swiftDouble(_ n: Double) -> String {
        let s = JSONValue.format(n)
        return s.contains(".") || s.contains("e") ? s : s + ".0"
    }

    /// `name` as a Swift identifier (style and parameter names already are; anything else becomes `_`).
    static func identifier(_ name: String) -> String {
        let body = String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        return body.first.map { $0.isNumber } == true ? "_" + body : body
    }
}
