import CarouselCore
import CarouselStyles
import Foundation
import Testing

/// Every kind of bad effect file gets one line, `file:line:column: what`, naming the key; none crashes or hangs.
@Suite("Effect file errors")
struct EffectFileErrorTests {
    func error(_ text: String) -> String? {
        do { _ = try EffectParser.document(text: text, file: "fx.json"); return nil } catch { return error.description }
    }

    @Test("A good file reads")
    func good() throws {
        let doc = try EffectParser.document(text: """
        // a test effect
        {
          "name": "Tilt",
          "parameters": {"tilt": {"default": 30, "min": 0, "max": 90, "unit": "°"}},
          "derived": {"half": "tilt / 2"},
          "layout": {"itemLength": 0.3, "aspectRatio": 1.5, "spacing": 16},
          "tracks": [
            {"property": "rotateY", "keys": [[-1, "-tilt"], [0, 0, "easeOut"], [1, "half"]]},
            {"property": "translateX", "keys": [[-1, "10%"], [1, "-10%"]]},
          ],
        }
        """, file: "fx.json")
        #expect(doc.name == "Tilt")
        #expect(doc.parameters.map(\.key) == ["tilt"])
        #expect(doc.tracks.count == 2)
    }

    @Test("Malformed JSON: the parser's line and column")
    func malformed() {
        #expect(error("{\n  \"name\": \"x\",\n  \"layout\": {\"axis\" \"horizontal\"}\n}") == "fx.json:3:21: expected ':' after key \"axis\"")
        #expect(error("") == "fx.json:1:1: unexpected end of input")
        #expect(error("[1, 2]") == "fx.json:1:1: expected an object (an effect, or Swiper's options), got an array")
    }

    @Test("An unknown key is named with the key it most likely meant")
    func unknownKeys() {
        #expect(error("{\"trakcs\": []}") == "fx.json:1:2: effect: unknown key \"trakcs\" (did you mean tracks?)")
        #expect(error("{\"layout\": {\"spacng\": 4}}") == "fx.json:1:13: layout: unknown key \"spacng\" (did you mean spacing?)")
        #expect(error("{\"tracks\": [{\"property\": \"rotateQ\", \"keys\": [[0, 1]]}]}")
            == "fx.json:1:26: track property: \"rotateQ\" is not one of \(EffectProperty.allCases.map(\.rawValue).joined(separator: ", ")) (did you mean rotateX?)")
        #expect(error("{\"tracks\": [{\"property\": \"opacity\", \"keys\": [[0, \"opacty\"]]}], \"parameters\": {\"opacit\": {\"default\": 1, \"min\": 0, \"max\": 1}}}")
            == "fx.json:1:51: track opacity value: unknown name \"opacty\" (did you mean opacit?)")
        #expect(error("{effect: 'creative', creativeEfect: {}}") == "fx.json:1:22: Swiper options: unknown key \"creativeEfect\" (did you mean creativeEffect?)")
    }

    @Test("NaN, Infinity and 1e308 are refused, naming the key")
    func nonFinite() {
        #expect(error("{layout: {spacing: NaN}}") == "fx.json:1:20: NaN is not a finite number")
        #expect(error("{\"layout\": {\"spacing\": 1e308}}") == "fx.json:1:24: layout spacing: 1e+308 is beyond ±1000000")
        #expect(error("{\"layout\": {\"spacing\": 1e999}}") == "fx.json:1:24: number 1e999 is out of range")
        #expect(error("{\"layout\": {\"spacing\": \"2 * 1e308\"}}") == "fx.json:1:29: layout spacing: \"1e308\" is beyond ±1000000")
    }

    @Test("A million keys, a file too large, or too many tracks stop early with one line")
    func bounded() {
        let keys = (0..<1_000_000).map { "\"k\($0)\": 0" }.joined(separator: ",")
        let huge = "{" + keys + "}"
        #expect(error(huge) == "fx.json:1:1: larger than 256 KB: not an effect file")
        let many = "{\"tracks\": [" + Array(repeating: "0", count: 20_001).joined(separator: ",") + "]}"
        #expect(error(many) == "fx.json:1:40009: more than 20000 values")
        let values = "{\"tracks\": [" + Array(repeating: "{\"property\": \"opacity\", \"keys\": [[0, 1]]}", count: 65).joined(separator: ",") + "]}"
        #expect(error(values) == "fx.json:1:12: tracks: more than 64 entries")
        let keys65 = "{\"tracks\": [{\"property\": \"opacity\", \"keys\": [" + (0..<65).map { "[\($0), 1]" }.joined(separator: ",") + "]}]}"
        #expect(error(keys65) == "fx.json:1:45: track opacity keys: more than 64 entries")
    }

    @Test("A cycle between derived values is named")
    func cycles() {
        #expect(error("{\"derived\": {\"a\": \"b + 1\", \"b\": \"c * 2\", \"c\": \"a\"}}") == "fx.json:1:14: a depends on itself: a -> b -> c -> a")
        #expect(error("{\"derived\": {\"w\": \"itemWidth\"}, \"layout\": {\"itemLength\": \"w / viewWidth\"}}")
            == "fx.json:1:14: w depends on itself: w -> itemWidth -> w")
        #expect(error("{\"derived\": {\"a\": \"a\"}}") == "fx.json:1:14: a depends on itself: a -> a")
    }

    @Test("Keys out of order are named with both positions")
    func keysOutOfOrder() {
        #expect(error("{\"tracks\": [{\"property\": \"scale\", \"keys\": [[0, 1], [1, 0.8], [0.5, 0.9]]}]}")
            == "fx.json:1:62: track scale: the key at p = 0.5 comes after p = 1; keys go in increasing p")
        #expect(error("{\"tracks\": [{\"property\": \"scale\", \"keys\": [[0, 1], [0, 0.8]]}]}")
            == "fx.json:1:52: track scale: the key at p = 0 comes after p = 0; keys go in increasing p")
    }

    @Test("Bad values: parameters, expressions, easings, states")
    func badValues() {
        #expect(error("{\"parameters\": {\"x\": {\"default\": 5, \"min\": 0, \"max\": 1}}}") == "fx.json:1:34: parameter x: the default 5 is outside 0...1")
        #expect(error("{\"parameters\": {\"viewWidth\": {\"default\": 0, \"min\": 0, \"max\": 1}}}") == "fx.json:1:17: \"viewWidth\" is a reserved name")
        #expect(error("{\"derived\": {\"a\": \"2 *\"}}") == "fx.json:1:23: derived a: the expression ends too early")
        #expect(error("{\"derived\": {\"a\": \"sqr(2)\"}}") == "fx.json:1:20: derived a: unknown function \"sqr\" (did you mean sqrt?)")
        #expect(error("{\"tracks\": [{\"property\": \"scale\", \"keys\": [[0, 1, \"wobble\"], [1, 2]]}]}")
            == "fx.json:1:52: track scale easing (a curve name, hold, or an expression in t): unknown name \"wobble\"")
        #expect(error("{\"tracks\": [{\"property\": \"scale\", \"keys\": [[0, \"50%\"]]}]}")
            == "fx.json:1:48: track scale: a percentage is only for translateX, translateY and translateZ")
        #expect(error("{\"states\": [{\"on\": \"hover\", \"set\": {\"size\": 1}}]}") == "fx.json:1:37: state hover: \"size\" is not a parameter or derived value")
        #expect(error("{\"states\": [{\"on\": \"hoover\", \"set\": {\"size\": 1}}]}")?.contains("(did you mean hover?)") == true)
    }

    @Test("Swiper options: unsupported and misplaced options are named")
    func swiper() {
        #expect(error("{effect: 'cube'}") == "fx.json:1:10: effect \"cube\" is not one the preview reads (creative, coverflow, cards)")
        #expect(error("{effect: 'creative', cssMode: true}") == "fx.json:1:22: Swiper option \"cssMode\" is not supported by the preview")
        #expect(error("{effect: 'cards', coverflowEffect: {}}") == "fx.json:1:19: coverflowEffect is for effect \"coverflow\", not \"cards\"")
        #expect(error("{effect: 'creative', creativeEffect: {prev: {translate: ['12vw', 0, 0]}}}")
            == "fx.json:1:58: creativeEffect prev translate: \"12vw\" is not pixels or a percentage")
    }

    @Test("Seeded random mutations of a good file never crash: each gives a document or one line")
    func fuzz() {
        let base = Array("""
        {"name": "F", "parameters": {"a": {"default": 1, "min": 0, "max": 2}}, "derived": {"b": "a * 2"},
         "layout": {"itemLength": 0.3, "spacing": "a * 4"}, "snap": {"mode": "item", "align": "center"},
         "tracks": [{"property": "rotateY", "keys": [[-1, "b"], [0, 0, "cubic-bezier(0.2,0,0.2,1)"], [1, "-b"]], "outside": "extend"}],
         "states": [{"on": "hover", "set": {"a": 2}, "animation": "spring(0.3,0.8)"}]}
        """.utf8)
        var rng = SystemRandomNumberGenerator()
        var seed: UInt64 = 0x5EED
        func next() -> UInt64 { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return seed >> 17 }
        _ = rng
        let alphabet = Array("{}[]\",:0123456789.-eE/*abtpxyz% \n".utf8)
        for _ in 0..<3000 {
            var b = base
            for _ in 0..<(1 + Int(next() % 4)) {
                let i = Int(next() % UInt64(b.count))
                switch next() % 3 {
                case 0: b[i] = alphabet[Int(next() % UInt64(alphabet.count))]
                case 1: b.remove(at: i)
                default: b.insert(alphabet[Int(next() % UInt64(alphabet.count))], at: i)
                }
            }
            let text = String(decoding: b, as: UTF8.self)
            if let e = error(text) {
                #expect(!e.contains("\n") && e.hasPrefix("fx.json:"))
            }
        }
    }
}
