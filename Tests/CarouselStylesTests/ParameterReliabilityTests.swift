import CarouselSupport
import CarouselCore
import CarouselStyles
import Foundation
import Testing

@MainActor
@Suite("Parameter files with bad values: each problem one line with its key and line, the rest applies")
struct ParameterReliabilityTests {
    let specs = ExpandStyle.descriptor.parameters

    func apply(_ text: String) throws -> (Parameters, [String]) {
        var p = Parameters(specs: specs)
        let problems = p.apply(json: try JSONParser.parse(text), file: "p.json")
        return (p, problems)
    }

    @Test("Wrong types, unknown keys, out-of-range values and duplicates are reported, each saying what happened to it once (issue 21.2); valid values apply")
    func mixed() throws {
        let (p, problems) = try apply("""
        {
          "itemWidth": "wide",
          "spacing": 30,
          "colour": "red",
          "expandedWidth": 5000,
          "cornerRadius": -1,
          "expandCurve": "bouncy",
          "expandDuration": [0.4],
          "padding": 10,
          "padding": 12,
          "imageHeight": null,
          "itemHeight": true
        }
        """)
        #expect(p.number("spacing") == 30)
        #expect(p.number("padding") == 12)
        #expect(p.number("itemWidth") == 150 && p.number("expandedWidth") == 250 && p.number("cornerRadius") == 10)
        #expect(p.text("expandCurve") == "easeInOut")
        #expect(problems == [
            "p.json:2: itemWidth: expected a number, got \"wide\" (ignored)",
            "p.json:4: unknown parameter \"colour\" (ignored)",
            "p.json:5: expandedWidth: 5000 is out of range 40...1200 (ignored)",
            "p.json:6: cornerRadius: -1 is out of range 0...100 (ignored)",
            "p.json:7: expandCurve: \"bouncy\" is not a curve (linear, ease, easeIn, easeOut, easeInOut, spring, springDefault, glide, fastOutSlowIn, cubic-bezier(x1,y1,x2,y2) with x1 and x2 in 0...1 (y1 and y2 any number), spring(response,damping) with response above 0 up to 10 and damping 0...4, or spring(duration:D,bounce:B) with D above 0 up to 10 and B -1...1) (ignored)",
            "p.json:8: expandDuration: expected a number, boolean or string, got an array (ignored)",
            "p.json:10: padding appears twice (also on line 9); the value on line 10 applies",
            "p.json:11: imageHeight: expected a number, boolean or string, got null (ignored)",
            "p.json:12: itemHeight: expected a number, got true (ignored)",
        ])
        #expect(problems.allSatisfy { !$0.contains("\n") })
        // A key given twice is not also called ignored (it was "appears twice; the last one wins (ignored)").
        #expect(problems.filter { $0.contains("appears twice") }.allSatisfy { !$0.contains("ignored") })
    }

    @Test("A value just outside the range says so in full (1e-320 was \"0 is out of range\"); others stay rounded (issue 40)")
    func tinyValuesShowAllTheirDigits() throws {
        let (_, problems) = try apply("{\n\"itemWidth\": 1e-320,\n\"spacing\": -1e-320,\n\"cornerRadius\": 100.00001,\n\"padding\": -0.123456789\n}")
        #expect(problems == [
            "p.json:2: itemWidth: 1e-320 is out of range 40...600 (ignored)",
            "p.json:3: spacing: -1e-320 is out of range 0...200 (ignored)",
            "p.json:4: cornerRadius: 100.00001 is out of range 0...100 (ignored)",
            "p.json:5: padding: -0.1235 is out of range 0...400 (ignored)",
        ])
    }

    @Test("A key given twice whose second value is bad is reported once, as ignored; the first value stays")
    func duplicateWithBadValue() throws {
        let (p, problems) = try apply("{\n\"spacing\": 30,\n\"spacing\": 9999\n}")
        #expect(p.number("spacing") == 30)
        #expect(problems == ["p.json:3: spacing: 9999 is out of range 0...200 (ignored)"])
    }

    @Test("Non-finite numbers never get in (JSON cannot spell them; the API refuses them)")
    func nonFinite() throws {
        var p = Parameters(specs: specs)
        for bad in [Double.nan, .infinity, -.infinity] {
            #expect(throws: ParameterError.self) { try p.set("spacing", .number(bad)) }
        }
        #expect(p.number("spacing") == 20)
        #expect((try? JSONParser.parse("{\"spacing\": 1e400}")) == nil)
    }

    @Test("A file that is not an object changes nothing and says what it got")
    func notAnObject() throws {
        let (p, problems) = try apply("[1, 2]")
        #expect(problems == ["p.json: expected a JSON object of parameter values, got an array"])
        #expect(p.values == Parameters(specs: specs).values)
    }

    @Test("Curve syntax errors are refused: bad control points, out-of-range springs, garbage")
    func badCurves() {
        for bad in ["cubic-bezier(2,0,0.5,1)", "cubic-bezier(0.1,0.2,0.3)", "cubic-bezier(a,b,c,d)", "spring(0,0.5)",
                    "spring(11,0.5)", "spring(0.5,-1)", "spring(duration:0,bounce:0)", "spring(duration:1,bounce:2)",
                    "cubic-bezier(nan,0,0.5,1)", "cubic-bezier(0.1,inf,0.5,1)", "", "(", "spring(", "cubic-bezier()"] {
            #expect(CurveSyntax.parse(bad) == nil, "\(bad)")
        }
        #expect(CurveSyntax.parse("cubic-bezier(0.2, 0.8, 0.2, 1)") == .bezier(CubicBezier(0.2, 0.8, 0.2, 1)))
    }
}
