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
        "Animation" + CurveCode.swiftAnimation(curve, duration: duration.map(swiftDouble))
    }

    /// The duration parameter a curve parameter goes with (see `CurveCode.durationKey`).
    static func durationKey(for curveKey: String, in specs: [ParameterSpec]) -> String? {
        CurveCode.durationKey(for: curveKey, in: specs)
    }

    /// A number as a Swift `Double` literal: always with a fraction, so the tuple's types are `Double`.
    static func swiftDouble(_ n: Double) -> String { CurveCode.swiftDouble(n) }

    /// `name` as a Swift identifier (style and parameter names already are; anything else becomes `_`).
    static func identifier(_ name: String) -> String {
        let body = String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        return body.first.map { $0.isNumber } == true ? "_" + body : body
    }
}
