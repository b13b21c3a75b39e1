import CarouselSupport
import Foundation

/// One WCAG rule evaluated on a style and its values: what was measured, whether it passes, and how to fix it.
public struct CheckResult: Equatable, Sendable {
    /// The success criterion's number ("2.2.2") and name ("Pause, Stop, Hide"), and its level ("A", "AA", "AAA").
    public var rule: String
    public var title: String
    public var level: String
    public var passed: Bool
    /// One line with the measured figure ("auto-advance every 3 s without end; pause button 32 x 32 pt").
    public var measured: String
    /// One line saying what to change (nil when it passes).
    public var fix: String?
    /// The figures behind `measured`, by name, for `--json` ("contrast": 3.92, "required": 4.5).
    public var figures: [String: Double]

    public init(rule: String, title: String, level: String, passed: Bool, measured: String, fix: String? = nil, figures: [String: Double] = [:]) {
        self.rule = rule; self.title = title; self.level = level; self.passed = passed; self.measured = measured
        self.fix = passed ? nil : fix; self.figures = figures
    }

    var json: JSONValue {
        .object([
            JSONMember("rule", .string(rule)), JSONMember("title", .string(title)), JSONMember("level", .string(level)),
            JSONMember("passed", .bool(passed)), JSONMember("measured", .string(measured)),
            JSONMember("fix", fix.map { .string($0) } ?? .null),
            JSONMember("figures", .object(figures.keys.sorted().map { JSONMember($0, .number(CheckResult.round3(figures[$0]!))) })),
        ])
    }

    init?(json: JSONValue) {
        guard let rule = json["rule"]?.stringValue, let title = json["title"]?.stringValue, let level = json["level"]?.stringValue,
              let passed = json["passed"]?.boolValue, let measured = json["measured"]?.stringValue else { return nil }
        var figures: [String: Double] = [:]
        for m in json["figures"]?.members ?? [] { if let n = m.value.numberValue { figures[m.key] = n } }
        self.init(rule: rule, title: title, level: level, passed: passed, measured: measured, fix: json["fix"]?.stringValue, figures: figures)
    }

    static func round3(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
}

/// One line of text measured for WCAG 1.4.3, at its worst over the frames checked.
public struct TextContrast: Equatable, Sendable {
    public var text: String
    /// The ratio all but the lowest 5 % of the pixels behind it reach (`Contrast.text`).
    public var contrast: Double
    /// 4.5, or 3 for large text.
    public var required: Double
    public var passed: Bool { contrast >= required }

    var json: JSONValue {
        .object([JSONMember("text", .string(text)), JSONMember("contrast", .number(CheckResult.round3(contrast))),
                 JSONMember("required", .number(required)), JSONMember("passed", .bool(passed))])
    }
}

/// What `carousel-lab check` reports for one style and its values: each rule's result, every text line's contrast
/// and every pointer target's size; printed as text or JSON, read back by the window's checks panel.
public struct CheckReport: Equatable, Sendable {
    public var style: String
    /// The window size the frames were drawn at, in points.
    public var width: Double, height: Double
    public var results: [CheckResult]
    public var texts: [TextContrast]
    /// Each target's name, width and height in points.
    public var targets: [(name: String, width: Double, height: Double)]

    public init(style: String, width: Double, height: Double, results: [CheckResult], texts: [TextContrast] = [],
                targets: [(name: String, width: Double, height: Double)] = []) {
        self.style = style; self.width = width; self.height = height; self.results = results; self.texts = texts; self.targets = targets
    }

    /// Whether every rule passes (the exit status of `check`).
    public var passed: Bool { results.allSatisfy(\.passed) }

    public static func == (a: CheckReport, b: CheckReport) -> Bool { a.json == b.json }

    /// The report as `check --json` prints it.
    public var json: JSONValue {
        .object([
            JSONMember("style", .string(style)),
            JSONMember("size", .array([.number(width), .number(height)])),
            JSONMember("passed", .bool(passed)),
            JSONMember("results", .array(results.map(\.json))),
            JSONMember("texts", .array(texts.map(\.json))),
            JSONMember("targets", .array(targets.map { t in
                .object([JSONMember("name", .string(t.name)), JSONMember("width", .number(CheckResult.round3(t.width))),
                         JSONMember("height", .number(CheckResult.round3(t.height)))])
            })),
        ])
    }

    /// Reads a report `json` back (the window's checks panel reads `check --out`); nil when it is not one.
    public init?(json: JSONValue) {
        guard let style = json["style"]?.stringValue, let size = json["size"]?.arrayValue?.compactMap(\.numberValue), size.count == 2,
              let list = json["results"]?.arrayValue else { return nil }
        let results = list.compactMap(CheckResult.init(json:))
        guard results.count == list.count else { return nil }
        let texts = (json["texts"]?.arrayValue ?? []).compactMap { t -> TextContrast? in
            guard let s = t["text"]?.stringValue, let c = t["contrast"]?.numberValue, let r = t["required"]?.numberValue else { return nil }
            return TextContrast(text: s, contrast: c, required: r)
        }
        let targets = (json["targets"]?.arrayValue ?? []).compactMap { t -> (name: String, width: Double, height: Double)? in
            guard let n = t["name"]?.stringValue, let w = t["width"]?.numberValue, let h = t["height"]?.numberValue else { return nil }
            return (n, w, h)
        }
        self.init(style: style, width: size[0], height: size[1], results: results, texts: texts, targets: targets)
    }

    /// The report as `check` prints it: a heading, one line per rule (and its fix when it fails), a summary.
    public var text: String {
        var lines = ["\(style), \(Int(width))x\(Int(height)) points"]
        for r in results {
            lines.append("  \(r.passed ? "pass" : "FAIL")  \(r.rule) \(r.title) (\(r.level)): \(r.measured)")
            if let fix = r.fix { lines.append("        fix: \(fix)") }
        }
        let passing = results.filter(\.passed).count
        lines.append("\(passing) of \(results.count) checks pass")
        return lines.joined(separator: "\n") + "\n"
    }
}
