import CarouselCore
import CarouselSupport

/// A style's parameters as data: `<Style>/<style>.parameters.json` beside the style, compiled into the program
/// (SwiftPM's `embedInCode`), one object per parameter in panel order, in the form `carousel-lab styles --json`
/// prints (`ParameterSpec.json`). The style's `Keys` give each one a typed key (`ParameterKeys`).
public enum ParameterSchema {
    /// The specs in `bytes` (a style's parameters file, named `file` in messages). The file is part of the program, so
    /// a malformed one is a programming error, stopped at the first use with the entry and what is wrong with it.
    public static func decode(_ bytes: [UInt8], file: String) -> [ParameterSpec] {
        do { return try specs(bytes) } catch {
            preconditionFailure("\(file): \(error)")
        }
    }

    /// The specs in `bytes`, checked as a whole: each entry, no key twice, and every `"appliesWhen"` condition naming
    /// another parameter in a way that fits its kind. Throws the first problem, naming the entry.
    public static func specs(_ bytes: [UInt8]) throws(ParameterError) -> [ParameterSpec] {
        let json: JSONValue
        do { json = try JSONParser.parse(bytes) } catch { throw ParameterError("not JSON: \(error)") }
        guard let entries = json.arrayValue else { throw ParameterError("expected an array of parameters") }
        let specs = try entries.enumerated().map { (i, entry) throws(ParameterError) in
            do throws(ParameterError) { return try ParameterSpec(json: entry) } catch {
                throw ParameterError("parameter \(i + 1): \(error.message)")
            }
        }
        let keys = specs.map(\.key)
        if let twice = keys.first(where: { k in keys.filter { $0 == k }.count > 1 }) { throw ParameterError("\(twice) appears twice") }
        for spec in specs {
            for condition in spec.appliesWhen { try condition.check(against: specs, owner: spec.key) }
        }
        return specs
    }
}

extension ParameterSpec {
    /// The spec as `styles --json` and the parameters files write it: key, label, group, type, default, then the
    /// range, step, unit and slider of a number, the options of a choice or curve, when it applies
    /// (`"appliesWhen"`, `ParameterCondition`), and the meaning.
    public var json: JSONValue {
        var m: [JSONMember] = [JSONMember("key", .string(key)), JSONMember("label", .string(label)), JSONMember("group", .string(group))]
        switch kind {
        case .number(let lo, let hi, let step, let unit):
            m += [JSONMember("type", "number"), JSONMember("default", defaultValue.json), JSONMember("min", .number(lo)),
                  JSONMember("max", .number(hi)), JSONMember("step", .number(step)), JSONMember("unit", .string(unit))]
            if let slider {
                m.append(JSONMember("slider", .object([JSONMember("min", .number(slider.min)), JSONMember("max", .number(slider.max)),
                                                       JSONMember("scale", .string(slider.scale.rawValue))])))
            }
        case .toggle:
            m += [JSONMember("type", "toggle"), JSONMember("default", defaultValue.json), JSONMember("min", .null), JSONMember("max", .null)]
        case .choice(let options):
            m += [JSONMember("type", "choice"), JSONMember("default", defaultValue.json),
                  JSONMember("options", .array(options.map { .string($0) })), JSONMember("min", .null), JSONMember("max", .null)]
        case .curve:
            m += [JSONMember("type", "curve"), JSONMember("default", defaultValue.json),
                  JSONMember("options", .array(CurveSyntax.presetNames.map { .string($0) })), JSONMember("min", .null), JSONMember("max", .null)]
        }
        if !appliesWhen.isEmpty { m.append(JSONMember("appliesWhen", .object(appliesWhen.map { JSONMember($0.key, $0.json) }))) }
        m.append(JSONMember("meaning", .string(meaning)))
        return .object(m)
    }

    /// A spec read back from its JSON (`json`; a curve's options, the nulls and a number's slider may be left out).
    /// Throws what is missing or wrong, naming the key; the default must pass the spec's own check, and a slider must
    /// lie inside the range and hold the default.
    public init(json: JSONValue) throws(ParameterError) {
        guard let key = json["key"]?.stringValue else { throw ParameterError("no \"key\"") }
        func text(_ field: String) throws(ParameterError) -> String {
            guard let s = json[field]?.stringValue else { throw ParameterError("\(key): no \"\(field)\" text") }
            return s
        }
        let kind: Kind, value: ParameterValue
        var slider: SliderRange?
        switch try text("type") {
        case "number":
            guard let lo = json["min"]?.numberValue, let hi = json["max"]?.numberValue, lo <= hi, let step = json["step"]?.numberValue, step > 0,
                  let n = json["default"]?.numberValue else { throw ParameterError("\(key): a number needs \"default\", \"min\" <= \"max\" and \"step\" > 0") }
            kind = .number(min: lo, max: hi, step: step, unit: try text("unit"))
            value = .number(n)
            if let s = json["slider"] {
                slider = try Self.slider(s, key: key, accepting: lo, hi)
                if let slider, n < slider.min || n > slider.max {
                    throw ParameterError("\(key): the default \(JSONValue.format(n)) is outside the slider \(JSONValue.format(slider.min))...\(JSONValue.format(slider.max))")
                }
            }
        case "toggle":
            guard let b = json["default"]?.boolValue else { throw ParameterError("\(key): a toggle's \"default\" is true or false") }
            kind = .toggle
            value = .bool(b)
        case "choice":
            guard let options = json["options"]?.arrayValue?.compactMap(\.stringValue), !options.isEmpty else {
                throw ParameterError("\(key): a choice needs \"options\", a list of names")
            }
            kind = .choice(options)
            value = .text(try text("default"))
        case "curve":
            kind = .curve
            value = .text(try text("default"))
        case let other:
            throw ParameterError("\(key): unknown type \(MessageText.quote(other)) (number, toggle, choice or curve)")
        }
        let conditions = try json["appliesWhen"].map { (j: JSONValue) throws(ParameterError) in try ParameterCondition.list(j, owner: key) } ?? []
        self.init(key, try text("label"), kind, default: value, group: try text("group"), slider: slider, try text("meaning"),
                  appliesWhen: conditions)
        _ = try validate(value)
    }

    /// A number's `"slider": {"min", "max", "scale"}` ("linear" when left out), checked against its range `lo...hi`.
    private static func slider(_ json: JSONValue, key: String, accepting lo: Double, _ hi: Double) throws(ParameterError) -> SliderRange {
        guard let min = json["min"]?.numberValue, let max = json["max"]?.numberValue else {
            throw ParameterError("\(key): a slider needs \"min\" and \"max\" numbers")
        }
        let scale: SliderRange.Scale
        switch json["scale"] {
        case nil: scale = .linear
        case .string(let name)? where SliderRange.Scale(rawValue: name) != nil: scale = SliderRange.Scale(rawValue: name)!
        case let other?:
            throw ParameterError("\(key): unknown slider scale \(other.serialized(indent: nil)) (\(SliderRange.Scale.allCases.map(\.rawValue).joined(separator: " or ")))")
        }
        let slider = SliderRange(min: min, max: max, scale: scale)
        try slider.check(key: key, accepting: lo, hi)
        return slider
    }
}

/// ParameterSpec is a declaration of itself, so a schema read from data lists in a `StyleDescriptor` as keys do.
extension ParameterSpec: ParameterDeclaration {
    public var spec: ParameterSpec { self }
}

/// A style's typed keys over its schema: `enum Keys: ParameterKeys { static let schema = ...; static let spacing =
/// number("spacing") }`. Using a key the style does not declare is a compile error; declaring one its schema lacks,
/// or with another type, stops at the first use with both named (every style's tests read every key).
public protocol ParameterKeys {
    /// The style's parameters, from its parameters file.
    static var schema: [ParameterSpec] { get }
}

extension ParameterKeys {
    /// The number parameter `key`.
    public static func number(_ key: String) -> ParameterKey<Double> { ParameterKey(spec(key) { if case .number = $0 { true } else { false } }) }
    /// The toggle `key`.
    public static func toggle(_ key: String) -> ParameterKey<Bool> { ParameterKey(spec(key) { $0 == .toggle }) }
    /// The choice `key`, read as its text.
    public static func choice(_ key: String) -> ParameterKey<String> { ParameterKey(spec(key) { if case .choice = $0 { true } else { false } }) }
    /// The choice `key`, read as a case of `E`: every option must be one of its cases (a style may offer fewer).
    public static func choice<E: RawRepresentable>(_ key: String, as: E.Type) -> ParameterKey<E> where E.RawValue == String {
        ParameterKey(spec(key) { if case .choice(let options) = $0 { options.allSatisfy { E(rawValue: $0) != nil } } else { false } })
    }
    /// The curve `key`.
    public static func curve(_ key: String) -> ParameterKey<TimingCurve> { ParameterKey(spec(key) { $0 == .curve }) }

    private static func spec(_ key: String, kind matches: (ParameterSpec.Kind) -> Bool) -> ParameterSpec {
        guard let spec = schema.first(where: { $0.key == key }) else { preconditionFailure("\(self): no parameter \(key) in the schema") }
        precondition(matches(spec.kind), "\(self): parameter \(key) is a \(spec.kind.expectation) in the schema, not what its key reads")
        return spec
    }
}
