import CarouselSupport
import Testing
@testable import CarouselStyles

/// The styles' parameters files: read back exactly as written, malformed entries refused with the key named, and
/// the choices a style reads into its own types offered only where they exist.
@Suite("Parameter schemas as data")
@MainActor
struct ParameterSchemaTests {
    static let schemas: [(String, [ParameterSpec])] = [
        ("expand", ExpandStyle.descriptor.parameters), ("stitch", StitchStyle.descriptor.parameters),
        ("loop", LoopStyle.descriptor.parameters), ("circular", CircularStyle.descriptor.parameters),
        ("paging", PagingStyle.descriptor.parameters),
    ]

    @Test("Every style's parameters read back from their JSON as the same parameters")
    func roundTrip() throws {
        for (style, specs) in Self.schemas {
            #expect(!specs.isEmpty, "\(style)")
            for spec in specs {
                let again = try ParameterSpec(json: spec.json)
                #expect(again.json == spec.json, "\(style).\(spec.key)")
            }
        }
    }

    @Test("A malformed entry is refused with a message naming its key and what is wrong",
          arguments: [
              (#"{"label": "A", "group": "G", "type": "toggle", "default": true, "meaning": "m"}"#, "no \"key\""),
              (#"{"key": "a", "label": "A", "group": "G", "type": "slider", "default": 1, "meaning": "m"}"#, "a: unknown type \"slider\""),
              (#"{"key": "a", "label": "A", "group": "G", "type": "number", "default": 1, "min": 5, "max": 2, "step": 1, "unit": "pt", "meaning": "m"}"#, "a: a number needs"),
              (#"{"key": "a", "label": "A", "group": "G", "type": "number", "default": 9, "min": 0, "max": 2, "step": 1, "unit": "pt", "meaning": "m"}"#, "a: 9 is out of range 0...2"),
              (#"{"key": "a", "label": "A", "group": "G", "type": "choice", "default": "c", "options": ["x", "y"], "meaning": "m"}"#, "a: \"c\" is not one of x, y"),
              (#"{"key": "a", "label": "A", "group": "G", "type": "toggle", "default": "yes", "meaning": "m"}"#, "a: a toggle's \"default\" is true or false"),
              (#"{"key": "a", "group": "G", "type": "curve", "default": "easeIn", "meaning": "m"}"#, "a: no \"label\" text"),
              (#"{"key": "a", "label": "A", "group": "G", "type": "number", "default": 1, "min": 0, "max": 5, "step": 1, "unit": "s", "slider": {"min": 0, "max": 9}, "meaning": "m"}"#, "a: slider 0...9 reaches outside the range 0...5"),
              (#"{"key": "a", "label": "A", "group": "G", "type": "number", "default": 1, "min": 0, "max": 5, "step": 1, "unit": "s", "slider": {"min": 2, "max": 2}, "meaning": "m"}"#, "a: a slider needs \"min\" < \"max\""),
              (#"{"key": "a", "label": "A", "group": "G", "type": "number", "default": 1, "min": 0, "max": 5, "step": 1, "unit": "s", "slider": {"min": 0, "max": 2, "scale": "log"}, "meaning": "m"}"#, "a: a log slider needs \"min\" > 0"),
              (#"{"key": "a", "label": "A", "group": "G", "type": "number", "default": 1, "min": 0, "max": 5, "step": 1, "unit": "s", "slider": {"min": 1, "max": 2, "scale": "cubic"}, "meaning": "m"}"#, "a: unknown slider scale \"cubic\" (linear or log)"),
              (#"{"key": "a", "label": "A", "group": "G", "type": "number", "default": 4, "min": 0, "max": 5, "step": 1, "unit": "s", "slider": {"min": 1, "max": 2}, "meaning": "m"}"#, "a: the default 4 is outside the slider 1...2"),
              (#"{"key": "a", "label": "A", "group": "G", "type": "number", "default": 1, "min": 0, "max": 5, "step": 1, "unit": "s", "slider": {"max": 2}, "meaning": "m"}"#, "a: a slider needs \"min\" and \"max\" numbers"),
          ])
    func refused(entry: String, message: String) throws {
        #expect(throws: ParameterError.self) { try ParameterSpec(json: JSONParser.parse(entry)) }
        do { _ = try ParameterSpec(json: JSONParser.parse(entry)) } catch let error as ParameterError {
            #expect(error.message.hasPrefix(message), "\(error.message)")
        }
    }

    @Test("appliesWhen is data: a duration applies beside a timed curve and not beside a spring; dots' sizes only with dots")
    func appliesWhen() throws {
        var expand = Parameters(specs: ExpandStyle.descriptor.parameters)
        let duration = try #require(expand.spec("expandDuration"))
        #expect(duration.appliesWhen == [ParameterCondition(key: "expandCurve", .oneOf(["timed"]))])
        #expect(duration.applies(in: expand))
        try expand.set("expandCurve", .text("spring(0.5,0.8)"))
        #expect(!duration.applies(in: expand))
        #expect(expand.spec("expandCurve")?.applies(in: expand) == true, "the curve itself always applies")
        try expand.set("expandCurve", .text("cubic-bezier(0.2,0.8,0.2,1)"))
        #expect(duration.applies(in: expand))
        var paging = Parameters(specs: PagingStyle.descriptor.parameters)
        let dotSize = try #require(paging.spec("dotSize"))
        #expect(dotSize.applies(in: paging))
        try paging.set("dots", .bool(false))
        #expect(!dotSize.applies(in: paging))
        // Every shipped condition names another parameter of its style, and styles --json writes it back.
        for (style, specs) in Self.schemas {
            for spec in specs where !spec.appliesWhen.isEmpty {
                #expect(spec.json["appliesWhen"] != nil, "\(style).\(spec.key)")
                for c in spec.appliesWhen { #expect(specs.contains { $0.key == c.key && $0.key != spec.key }, "\(style).\(spec.key)") }
            }
        }
    }

    @Test("A schema whose appliesWhen names no other parameter, or names a value its kind cannot have, is refused", arguments: [
        (#"{"mode": "fast"}"#, "d: appliesWhen mode names options of mode (slow, quick)"),
        (#"{"curve": "bouncy"}"#, "d: appliesWhen curve names a curve's kind (timed or spring)"),
        (#"{"on": "yes"}"#, "d: appliesWhen on is true or false (on is a toggle)"),
        (#"{"size": 3}"#, "d: appliesWhen size must be true, false, a name or a list of names"),
        (#"{"size": true}"#, "d: appliesWhen size is a number; conditions are on toggles, choices and curves"),
        (#"{"missing": true}"#, "d: appliesWhen names \"missing\", not another parameter of the style"),
        (#"{"d": true}"#, "d: appliesWhen names \"d\", not another parameter of the style"),
        (#"["curve"]"#, "parameter 5: d: \"appliesWhen\" is an object of parameter conditions"),
    ])
    func appliesWhenRefused(condition: String, message: String) {
        let file = """
            [{"key": "mode", "label": "M", "group": "G", "type": "choice", "default": "slow", "options": ["slow", "quick"], "meaning": "m"},
             {"key": "curve", "label": "C", "group": "G", "type": "curve", "default": "easeIn", "meaning": "m"},
             {"key": "on", "label": "O", "group": "G", "type": "toggle", "default": true, "meaning": "m"},
             {"key": "size", "label": "S", "group": "G", "type": "number", "default": 1, "min": 0, "max": 5, "step": 1, "unit": "pt", "meaning": "m"},
             {"key": "d", "label": "D", "group": "G", "type": "toggle", "default": true, "appliesWhen": \(condition), "meaning": "m"}]
            """
        do {
            _ = try ParameterSchema.specs(Array(file.utf8))
            Issue.record("accepted \(condition)")
        } catch {
            #expect(error.message.hasSuffix(message), "\(error.message)")
        }
        // The same shapes, right: accepted, in the order written.
        let good = file.replacingOccurrences(of: condition, with: #"{"mode": ["slow", "quick"], "curve": "spring", "on": false}"#)
        #expect(throws: Never.self) { try ParameterSchema.specs(Array(good.utf8)) }
    }

    /// Every number parameter of every style, with the shared ones, as the panel shows them.
    static var numbers: [(String, ParameterSpec, SliderRange)] {
        schemas.flatMap { style, specs in specs.compactMap { spec in spec.slider.map { ("\(style).\(spec.key)", spec, $0) } } }
    }

    @Test("Every slider runs inside its parameter's range; every default is on its slider, away from the far ends")
    func slidersHoldTheirDefaults() {
        #expect(Self.numbers.count > 40)
        for (name, spec, slider) in Self.numbers {
            guard case .number(let lo, let hi, _, _) = spec.kind, case .number(let n) = spec.defaultValue else { continue }
            #expect(slider.min >= lo && slider.max <= hi && slider.min < slider.max, "\(name)")
            #expect(n >= slider.min && n <= slider.max, "\(name): default \(n) off its slider")
            // A default at the bottom of what the parameter accepts (a gap of 0, no delay) sits at the left end, as it
            // should; any other default is on the track's middle 80 %, where the thumb can be seen and moved.
            guard n > lo else { continue }
            let at = slider.position(of: n)
            #expect(at >= 0.1 && at <= 0.9, "\(name): default \(n) at \(at) of its slider \(slider.min)...\(slider.max)")
        }
    }

    @Test("Durations, waits that cannot be 0 and springs' responses are on log sliders; delays that may be 0 are linear")
    func logScales() {
        for (name, spec, slider) in Self.numbers {
            guard case .number(let lo, _, _, let unit) = spec.kind, unit == "s" else { continue }
            let mayBeNone = spec.key.hasSuffix("Delay") && lo == 0
            #expect(slider.scale == (mayBeNone ? .linear : .log), "\(name)")
        }
    }

    @Test("A log slider round-trips: value to position to value, and position to value to position")
    func logRoundTrip() {
        let sliders = Self.numbers.map(\.2).filter { $0.scale == .log } + [SliderRange(min: 0.1, max: 2, scale: .log)]
        #expect(sliders.count >= 5)
        for slider in sliders {
            for k in 0...20 {
                let f = Double(k) / 20
                let v = slider.value(at: f)
                #expect(v >= slider.min * (1 - 1e-12) && v <= slider.max * (1 + 1e-12))
                #expect(abs(slider.position(of: v) - f) < 1e-12)
                #expect(abs(slider.value(at: slider.position(of: v)) - v) < 1e-12 * v)
            }
            // Equal distances multiply: the middle of the track is the geometric mean of its ends.
            #expect(abs(slider.value(at: 0.5) - (slider.min * slider.max).squareRoot()) < 1e-9)
            // Past the ends the scale carries on (a scrub), and the thumb's position says which end it pins at.
            #expect(slider.position(of: slider.max * 2) > 1 && slider.position(of: slider.min / 2) < 0)
        }
    }

    @Test("Choices read as a style's own type offer only its cases; paging's backgrounds are the colours it draws")
    func typedChoices() {
        #expect(CircularStyle.Keys.mode.spec.kind == .choice(CircularStyle.Mode.allCases.map(\.rawValue)))
        #expect(PagingStyle.Keys.wrap.spec.kind == .choice(PagingStyle.Wrap.allCases.map(\.rawValue)))
        #expect(PagingStyle.Keys.background.spec.kind == .choice(PagingStyle.backgrounds.map(\.name)))
        var p = Parameters(specs: PagingStyle.descriptor.parameters)
        #expect(p[PagingStyle.Keys.wrap] == .rewind)
        try? p.set("wrap", .text("seamless"))
        #expect(p[PagingStyle.Keys.wrap] == .seamless)
    }
}
