import CarouselSupport
import CarouselCore
import Foundation

/// A parameter's value.
public enum ParameterValue: Hashable, Sendable, CustomStringConvertible {
    case number(Double)
    case bool(Bool)
    /// An enum choice or a timing curve written as text ("easeInOut", "cubic-bezier(0.42,0,0.58,1)", "spring(0.5,0.825)").
    case text(String)

    public var description: String {
        switch self {
        case .number(let n): JSONValue.number(n).serialized()
        case .bool(let b): b ? "on" : "off"
        case .text(let s): s
        }
    }
    /// As messages show it: numbers and booleans as JSON writes them, text quoted and cleaned (`MessageText`).
    public var messageText: String {
        if case .text(let s) = self { return MessageText.quote(s) }
        return json.serialized(indent: nil)
    }
    /// As a JSON value.
    public var json: JSONValue {
        switch self {
        case .number(let n): .number(n)
        case .bool(let b): .bool(b)
        case .text(let s): .string(s)
        }
    }
}

/// Where a number's slider runs: the useful part of what the parameter accepts, and how positions map to values.
/// A value outside it (typed, or from a file) is still accepted: the thumb pins at the nearer end.
public struct SliderRange: Equatable, Sendable {
    /// How positions along the track map to values.
    public enum Scale: String, Sendable, CaseIterable {
        /// Equal distances add equal amounts.
        case linear
        /// Equal distances multiply by equal factors (durations, springs' responses): fine where values are small.
        case log
    }
    /// The value at the track's left end.
    public let min: Double
    /// The value at the track's right end.
    public let max: Double
    public let scale: Scale

    /// A slider from `min` to `max` on `scale` (`min` > 0 for a log scale).
    public init(min: Double, max: Double, scale: Scale = .linear) {
        self.min = min; self.max = max; self.scale = scale
    }

    /// Where `v` sits along the track: 0 at `min`, 1 at `max`, and past the ends for values outside (the thumb
    /// clamps; a scrub carries on from there).
    public func position(of v: Double) -> Double {
        guard max > min else { return 0 }
        switch scale {
        case .linear: return (v - min) / (max - min)
        case .log: return v > 0 ? Foundation.log(v / min) / Foundation.log(max / min) : -.infinity
        }
    }

    /// The value at `position` along the track (0 at `min`, 1 at `max`; positions past the ends extend the scale).
    public func value(at position: Double) -> Double {
        switch scale {
        case .linear: return min + position * (max - min)
        case .log: return min * Foundation.pow(max / min, position)
        }
    }

    /// Whether the slider fits a parameter accepting `lo...hi`; throws what is wrong, naming `key`.
    func check(key: String, accepting lo: Double, _ hi: Double) throws(ParameterError) {
        guard min.isFinite, max.isFinite, min < max else { throw ParameterError("\(key): a slider needs \"min\" < \"max\"") }
        guard min >= lo, max <= hi else {
            throw ParameterError("\(key): slider \(JSONValue.format(min))...\(JSONValue.format(max)) reaches outside the range \(JSONValue.format(lo))...\(JSONValue.format(hi))")
        }
        guard scale == .linear || min > 0 else { throw ParameterError("\(key): a log slider needs \"min\" > 0") }
    }
}

/// Describes one tunable parameter: the tuning panel and `carousel-lab styles` are generated from it.
public struct ParameterSpec: Sendable {
    public enum Kind: Sendable, Equatable {
        /// A number in `min...max`, adjusted in `step`s, shown with `unit` ("pt", "s", "×", "%", "").
        case number(min: Double, max: Double, step: Double, unit: String)
        case toggle
        /// One of a fixed set of names.
        case choice([String])
        /// A timing curve: a preset name, "cubic-bezier(x1,y1,x2,y2)" or "spring(response,damping)".
        case curve
    }
    /// The key in parameter files and JSON.
    public let key: String
    /// A short label for the panel.
    public let label: String
    public let kind: Kind
    public let defaultValue: ParameterValue
    /// A one-line meaning.
    public let meaning: String
    /// The panel folder it belongs to.
    public let group: String
    /// A number's slider as declared (nil: the whole range, linear).
    public let declaredSlider: SliderRange?
    /// When it has an effect: conditions on the style's other parameters, all of which must hold (none: always).
    public let appliesWhen: [ParameterCondition]

    public init(_ key: String, _ label: String, _ kind: Kind, default value: ParameterValue, group: String = "Layout",
                slider: SliderRange? = nil, _ meaning: String, appliesWhen: [ParameterCondition] = []) {
        self.key = key; self.label = label; self.kind = kind; self.defaultValue = value; self.meaning = meaning; self.group = group
        declaredSlider = slider
        self.appliesWhen = appliesWhen
    }

    /// Where a number's slider runs: its declared useful range and scale, else the whole range on a linear scale
    /// (nil for other kinds).
    public var slider: SliderRange? {
        guard case .number(let lo, let hi, _, _) = kind else { return nil }
        return declaredSlider ?? SliderRange(min: lo, max: hi)
    }

    /// `n`, out of `lo...hi`, as a message shows it: rounded to four decimals unless rounding hides what it is (to 0,
    /// as `1e-320` is, or into the range, as `600.00001` is): then every digit.
    static func outOfRange(_ n: Double, _ lo: Double, _ hi: Double) -> String {
        let rounded = JSONValue.format(n)
        guard let shown = Double(rounded), shown != n, shown == 0 || (shown >= lo && shown <= hi) else { return rounded }
        return "\(n)"
    }

    /// Checks and normalises a value for this parameter; throws a message naming the problem.
    public func validate(_ value: ParameterValue) throws(ParameterError) -> ParameterValue {
        switch (kind, value) {
        case (.number(let lo, let hi, _, _), .number(let n)):
            guard n.isFinite else { throw .init("\(key): \(n) is not a finite number") }
            guard n >= lo && n <= hi else { throw .init("\(key): \(Self.outOfRange(n, lo, hi)) is out of range \(JSONValue.format(lo))...\(JSONValue.format(hi))") }
            return value
        case (.toggle, .bool): return value
        case (.choice(let options), .text(let s)):
            guard options.contains(s) else { throw .init("\(key): \(MessageText.quote(s)) is not one of \(options.joined(separator: ", "))") }
            return value
        case (.curve, .text(let s)):
            guard CurveSyntax.parse(s) != nil else {
                throw .init("\(key): \(MessageText.quote(s)) is not a curve (\(CurveSyntax.forms))")
            }
            return value
        default:
            throw .init("\(key): expected \(kind.expectation), got \(value.messageText)")
        }
    }
}

extension ParameterSpec.Kind {
    var expectation: String {
        switch self {
        case .number: "a number"
        case .toggle: "true or false"
        case .choice(let o): "one of \(o.joined(separator: ", "))"
        case .curve: "a curve name"
        }
    }
}

/// A problem with one parameter value, as a one-line message.
public struct ParameterError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Timing curves written as text, the way the panel and parameter files name them.
public enum CurveSyntax {
    /// The preset names, with CSS and SwiftUI control points (see styles.md).
    public static let presets: [(String, TimingCurve)] = [
        ("linear", .linear), ("ease", .ease), ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInOut", .easeInOut),
        ("spring", .spring(.standard)), ("springDefault", .spring(.swiftUIDefault)),
        ("glide", .bezier(CubicBezier(0.165, 0.84, 0.44, 1))), ("fastOutSlowIn", .bezier(CubicBezier(0.4, 0, 0.2, 1))),
    ]
    public static var presetNames: [String] { presets.map(\.0) }

    /// Every form a curve may take, with the ranges `parse` accepts: what an error about a curve lists.
    public static var forms: String {
        presetNames.joined(separator: ", ") + ", cubic-bezier(x1,y1,x2,y2) with x1 and x2 in 0...1 (y1 and y2 any number),"
            + " spring(response,damping) with response above 0 up to 10 and damping 0...4,"
            + " or spring(duration:D,bounce:B) with D above 0 up to 10 and B -1...1"
    }

    /// Parses a preset name, "cubic-bezier(x1,y1,x2,y2)", "spring(response,dampingFraction)" or
    /// "spring(duration:D,bounce:B)"; nil when it is none of these.
    public static func parse(_ text: String) -> TimingCurve? {
        let s = text.replacingOccurrences(of: " ", with: "")
        if let p = presets.first(where: { $0.0.lowercased() == s.lowercased() }) { return p.1 }
        func args(_ prefix: String) -> [String]? {
            guard s.hasPrefix(prefix + "("), s.hasSuffix(")") else { return nil }
            return s.dropFirst(prefix.count + 1).dropLast().split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        if let a = args("cubic-bezier"), a.count == 4 {
            let n = a.compactMap(Double.init)
            guard n.count == 4, n.allSatisfy(\.isFinite), (0...1).contains(n[0]), (0...1).contains(n[2]) else { return nil }
            return .bezier(CubicBezier(n[0], n[1], n[2], n[3]))
        }
        if let a = args("spring"), a.count == 2 {
            if a[0].hasPrefix("duration:"), a[1].hasPrefix("bounce:"),
               let d = Double(a[0].dropFirst(9)), let b = Double(a[1].dropFirst(7)), d > 0, d <= 10, (-1...1).contains(b) {
                return .spring(Spring(duration: d, bounce: b))
            }
            let n = a.compactMap(Double.init)
            guard n.count == 2, n[0] > 0, n[0] <= 10, n[1] >= 0, n[1] <= 4 else { return nil }
            return .spring(Spring(response: n[0], dampingFraction: n[1]))
        }
        return nil
    }

    /// The text for a curve: its preset name when it is one, else its function form.
    public static func format(_ curve: TimingCurve) -> String {
        if let p = presets.first(where: { $0.1 == curve }) { return p.0 }
        switch curve {
        case .linear: return "linear"
        case .bezier(let b): return "cubic-bezier(\(JSONValue.format(b.x1)),\(JSONValue.format(b.y1)),\(JSONValue.format(b.x2)),\(JSONValue.format(b.y2)))"
        case .spring(let s): return "spring(\(JSONValue.format(s.response)),\(JSONValue.format(s.dampingFraction)))"
        }
    }
}

/// Something that declares one parameter: a style's schema is a list of them.
public protocol ParameterDeclaration: Sendable {
    /// The parameter's description: key, label, kind, default, meaning and panel group.
    var spec: ParameterSpec { get }
}

/// A parameter declared once, with the type its value reads as (`Double` for a number, `Bool` for a toggle, `String`
/// for a choice, `TimingCurve` for a curve): a style lists its keys in its schema (`parameters: [Keys.spacing, ...]`)
/// and reads values with them (`parameters[Keys.spacing]`), so a misspelt or mistyped key is a compile error, and a
/// key and its description cannot drift apart.
public struct ParameterKey<Value>: ParameterDeclaration {
    public let spec: ParameterSpec
    /// The key in parameter files, sidecars and JSON.
    public var name: String { spec.key }
    init(_ spec: ParameterSpec) { self.spec = spec }
}

extension ParameterKey where Value == Double {
    /// A number in `range`, adjusted in `step`s, shown with `unit`; its slider runs along `slider` (nil: the whole
    /// range, linear).
    public static func number(_ key: String, _ label: String, _ value: Double, _ range: ClosedRange<Double>, step: Double = 1,
                              unit: String = "pt", group: String = "Layout", slider: SliderRange? = nil, _ meaning: String) -> Self {
        Self(ParameterSpec(key, label, .number(min: range.lowerBound, max: range.upperBound, step: step, unit: unit),
                           default: .number(value), group: group, slider: slider, meaning))
    }
}

extension ParameterKey where Value == Bool {
    /// An on/off parameter.
    public static func toggle(_ key: String, _ label: String, _ value: Bool, group: String = "Layout", _ meaning: String) -> Self {
        Self(ParameterSpec(key, label, .toggle, default: .bool(value), group: group, meaning))
    }
}

extension ParameterKey where Value == String {
    /// A choice among `options`.
    public static func choice(_ key: String, _ label: String, _ value: String, _ options: [String], group: String = "Layout",
                              _ meaning: String) -> Self {
        Self(ParameterSpec(key, label, .choice(options), default: .text(value), group: group, meaning))
    }
}

extension ParameterKey where Value == TimingCurve {
    /// A timing curve: a preset name, "cubic-bezier(x1,y1,x2,y2)" or "spring(response,damping)".
    public static func curve(_ key: String, _ label: String, _ value: String, group: String = "Motion", _ meaning: String) -> Self {
        Self(ParameterSpec(key, label, .curve, default: .text(value), group: group, meaning))
    }
}

/// A style's parameter values, checked against its schema. Reading a key the schema lacks is a programming error.
public struct Parameters: Sendable, Equatable {
    public let specs: [ParameterSpec]
    public private(set) var values: [String: ParameterValue]

    /// Equal when they hold the same keys in the same order with the same values (the schema's ranges are the style's).
    public static func == (a: Parameters, b: Parameters) -> Bool {
        a.values == b.values && a.specs.map(\.key) == b.specs.map(\.key)
    }

    public init(specs: [ParameterSpec]) {
        self.specs = specs
        values = Dictionary(uniqueKeysWithValues: specs.map { ($0.key, $0.defaultValue) })
    }

    public func spec(_ key: String) -> ParameterSpec? { specs.first { $0.key == key } }

    /// Sets a value after checking it; throws a one-line message for an unknown key or a bad value.
    public mutating func set(_ key: String, _ value: ParameterValue) throws(ParameterError) {
        guard let spec = spec(key) else { throw ParameterError("unknown parameter \(MessageText.quote(key))") }
        values[key] = try spec.validate(value)
    }

    /// Puts one parameter (or all, with nil) back to its default.
    public mutating func reset(_ key: String? = nil) {
        for s in specs where key == nil || s.key == key { values[s.key] = s.defaultValue }
    }

    /// A number parameter's value.
    public subscript(key: ParameterKey<Double>) -> Double { number(key.name) }
    /// A toggle's value.
    public subscript(key: ParameterKey<Bool>) -> Bool { bool(key.name) }
    /// A choice's value.
    public subscript(key: ParameterKey<String>) -> String { text(key.name) }
    /// A curve parameter as a timing curve.
    public subscript(key: ParameterKey<TimingCurve>) -> TimingCurve { curve(key.name) }
    /// A choice read as a case of its enum (`ParameterKeys.choice(_:as:)` checked that the options are its cases).
    public subscript<E: RawRepresentable>(key: ParameterKey<E>) -> E where E.RawValue == String {
        guard let value = E(rawValue: text(key.name)) else { preconditionFailure("parameter \(key.name): \(text(key.name)) is not a case of \(E.self)") }
        return value
    }
    /// An animation from a curve parameter and a duration parameter (springs ignore the duration).
    public func animation(curve: ParameterKey<TimingCurve>, duration: ParameterKey<Double>, delay: Double = 0) -> Animation {
        Animation(curve: self[curve], duration: self[duration], delay: delay)
    }

    // Reading by name, for code that walks the schema (the panel, exports); a style reads with its keys.

    /// The value of number parameter `key`.
    public func number(_ key: String) -> Double {
        if case .number(let n) = values[key] { return n }
        preconditionFailure("parameter \(key) is not a number")
    }
    /// The value of toggle `key`.
    public func bool(_ key: String) -> Bool {
        if case .bool(let b) = values[key] { return b }
        preconditionFailure("parameter \(key) is not a toggle")
    }
    /// The value of choice or curve `key` as written.
    public func text(_ key: String) -> String {
        if case .text(let s) = values[key] { return s }
        preconditionFailure("parameter \(key) is not a choice")
    }
    /// A curve parameter as a timing curve.
    public func curve(_ key: String) -> TimingCurve { CurveSyntax.parse(text(key)) ?? .easeInOut }
    /// The values as a JSON object in schema order.
    public var json: JSONValue { .object(specs.map { JSONMember($0.key, values[$0.key]!.json) }) }

    /// Applies a parameter file's JSON object: each valid value is set; each problem is returned as a message
    /// naming the key and its line and saying what happened to it (a bad value is "(ignored)"; a key given twice
    /// says which line's value applies). A file that is not an object gives one problem and changes nothing.
    @discardableResult
    public mutating func apply(json: JSONValue, file: String) -> [String] {
        guard let members = json.members else { return ["\(file): expected a JSON object of parameter values, got \(json.typeName)"] }
        var problems: [String] = []
        var seen: [String: Int] = [:]
        for m in members {
            // Layout files, screenshot sidecars and presets carry these besides the parameters.
            if ["style", "state", "time", "size", "items", "screenshot", "clip", "check", "from", "to", "fps", "input", "inputTruncated", "name", "about", "panes", "variants", "panelOpen", "deck", "timeline", "reducedMotion", "keyboardFocus", "checks", "chrome", "effect"].contains(m.key) { continue }
            if m.key == "parameters", case .object = m.value {
                problems += apply(json: m.value, file: file)
                continue
            }
            let value: ParameterValue
            switch m.value {
            case .number(let n): value = .number(n)
            case .bool(let b): value = .bool(b)
            case .string(let s): value = .text(s)
            default:
                problems.append("\(file):\(m.line): \(MessageText.clean(m.key)): expected a number, boolean or string, got \(m.value.typeName) (ignored)")
                continue
            }
            do { try set(m.key, value) } catch {
                problems.append("\(file):\(m.line): \(error.message) (ignored)")
                continue
            }
            // Said only when this value took over: a bad second value is reported as ignored above, once.
            if let first = seen[m.key] {
                problems.append("\(file):\(m.line): \(MessageText.clean(m.key)) appears twice (also on line \(first)); the value on line \(m.line) applies")
            }
            seen[m.key] = m.line
        }
        return problems
    }
}
