import CarouselSupport
import Foundation
import Testing

@Suite("JSON")
struct JSONTests {
    /// The value with every member's line set to 0, to compare documents laid out differently.
    func stripped(_ v: JSONValue) -> JSONValue {
        switch v {
        case .array(let a): return .array(a.map(stripped))
        case .object(let m): return .object(m.map { JSONMember($0.key, stripped($0.value)) })
        default: return v
        }
    }

    func syntaxError(_ text: String) -> JSONSyntaxError? {
        do { _ = try JSONParser.parse(text); return nil } catch let e as JSONSyntaxError { return e } catch { return nil }
    }

    let document = """
    {
      "name": "sample",
      "count": 3,
      "ratio": -0.25,
      "big": 1e20,
      "flags": [true, false, null],
      "frames": [[0, 0, 150, 200], [170, 0, 150, 200]],
      "nested": {"empty": {}, "none": [], "text": "tab\\tquote\\" back\\\\ nl\\n é 😀 \\u0001"}
    }
    """

    @Test("Parse, serialise (indented and compact) and parse again gives the same value")
    func roundTrip() throws {
        let v = try JSONParser.parse(document)
        #expect(v["name"] == "sample")
        #expect(v["count"]?.numberValue == 3)
        #expect(v["ratio"]?.numberValue == -0.25)
        #expect(v["big"]?.numberValue == 1e20)
        #expect(v["flags"] == .array([true, false, .null]))
        #expect(v["nested"]?["text"]?.stringValue == "tab\tquote\" back\\ nl\n é 😀 \u{1}")
        for indent in [2, 4, nil] as [Int?] {
            let text = v.serialized(indent: indent)
            let again = try JSONParser.parse(text)
            #expect(stripped(again) == stripped(v), "indent \(String(describing: indent))")
            #expect(again.serialized(indent: indent) == text)
        }
    }

    @Test("Serialised layout: two-space indent, number arrays on one line, whole numbers without a fraction")
    func layout() {
        let v = JSONValue.object([
            JSONMember("a", .array([1, 2.5, -3])),
            JSONMember("b", .object([JSONMember("c", .null), JSONMember("d", .array(["x", true]))])),
            JSONMember("e", .object([])),
            JSONMember("f", 0.123456),
        ])
        let expected = """
        {
          "a": [1, 2.5, -3],
          "b": {
            "c": null,
            "d": [
              "x",
              true
            ]
          },
          "e": {},
          "f": 0.1235
        }
        """
        #expect(v.serialized() == expected)
        #expect(v.serialized(indent: nil) == #"{"a":[1, 2.5, -3],"b":{"c":null,"d":["x",true]},"e":{},"f":0.1235}"#)
        #expect(JSONValue.format(.infinity) == "null")
        #expect(JSONValue.format(-0.0) == "0")
    }

    @Test("Members carry the line their key is on")
    func memberLines() throws {
        let text = "{\n  \"a\": 1,\n\n  \"b\": {\n    \"c\": true\n  }, \"d\": [\n1]\n}"
        let v = try JSONParser.parse(text)
        let members = try #require(v.members)
        #expect(members.map(\.key) == ["a", "b", "d"])
        #expect(members.map(\.line) == [2, 4, 6])
        #expect(v["b"]?.members?.first?.line == 5)
        // Repeated keys: the subscript gives the last.
        #expect(try JSONParser.parse(#"{"k": 1, "k": 2}"#)["k"] == 2)
    }

    @Test("Syntax errors name the line and column")
    func errorPositions() throws {
        let e = try #require(syntaxError("{\n  \"a\": 1,\n  \"b\": ]\n}"))
        #expect(e.line == 3 && e.column == 8)
        #expect(e.description.hasPrefix("line 3, column 8: "))
        let missingColon = try #require(syntaxError("{\n\n  \"key\" 1}"))
        #expect(missingColon.line == 3 && missingColon.column == 9)
        #expect(missingColon.message.contains("key"))
        let end = try #require(syntaxError("[1,\n 2"))
        #expect(end.line == 2)
        let trailing = try #require(syntaxError("{}\n\n  x"))
        #expect(trailing.line == 3 && trailing.column == 3)
    }

    @Test("Rejects malformed documents", arguments: [
        "[1, 2,]", #"{"a": 1,}"#, "[,1]", #"{"a" 1}"#, #"{a: 1}"#, "['a']", "",
        "01", "-", "1.", ".5", "1e", "+1", "0x10", "NaN", "Infinity", "tru", "nul",
        #""\x""#, #""\u12G4""#, #""\u12""#, "\"abc", "\"a\u{1}b\"", "[1] 2", "{\"a\": [}",
    ])
    func rejects(text: String) {
        #expect(syntaxError(text) != nil, "accepted: \(text)")
    }

    @Test("Nesting beyond maxDepth is an error, not a crash; maxDepth itself parses")
    func depth() throws {
        let n = JSONParser.maxDepth
        let ok = String(repeating: "[", count: n) + String(repeating: "]", count: n)
        #expect(try JSONParser.parse(ok).arrayValue != nil)
        let tooDeep = String(repeating: "[", count: n + 1) + String(repeating: "]", count: n + 1)
        #expect(syntaxError(tooDeep)?.message.contains("nesting") == true)
        #expect(syntaxError(String(repeating: "[", count: 100_000)) != nil)
        #expect(syntaxError(String(repeating: #"{"a":"#, count: 100_000)) != nil)
    }

    @Test("Numbers: exact parsing, non-finite values rejected")
    func numbers() throws {
        #expect(try JSONParser.parse("-0.5e-3") == .number(-0.0005))
        #expect(try JSONParser.parse("1E+2") == .number(100))
        #expect(try JSONParser.parse("123456789.125") == .number(123456789.125))
        #expect(try JSONParser.parse("1e308") == .number(1e308))
        #expect(syntaxError("1e999") != nil)
        #expect(syntaxError("-1e999") != nil)
        #expect(syntaxError("[1, 1e400]") != nil)
    }

    @Test("Unicode escapes, surrogate pairs and raw UTF-8")
    func unicode() throws {
        #expect(try JSONParser.parse(#""\u00e9\u00C9""#) == "éÉ")
        #expect(try JSONParser.parse(#""\u20AC""#) == "€")
        #expect(try JSONParser.parse(#""\ud83d\ude00!""#) == "😀!")
        #expect(try JSONParser.parse(#""\uD834\uDD1E""#) == "\u{1D11E}")
        #expect(try JSONParser.parse(#""\/\b\f\n\r\t""#) == "/\u{8}\u{c}\n\r\t")
        #expect(try JSONParser.parse("\"naïve 😀\"") == "naïve 😀")
        // Lone or mismatched surrogates are errors.
        #expect(syntaxError(#""\ud83d""#) != nil)
        #expect(syntaxError(#""\ude00""#) != nil)
        #expect(syntaxError(#""\ud83d\u0041""#) != nil)
        #expect(syntaxError(#""\ud83dx""#) != nil)
        // Invalid UTF-8 bytes are an error.
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse([0x22, 0xFF, 0x22] as [UInt8]) }
        // Round trip of everything above.
        let s = JSONValue.string("é€😀\u{1D11E}\u{7}\"\\/")
        #expect(try JSONParser.parse(s.serialized()) == s)
    }
}
