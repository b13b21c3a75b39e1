import CarouselSupport
import Testing

@Suite("JSON syntax options and positions")
struct JSONSyntaxTests {
    func error(_ text: String, _ syntax: JSONSyntax = .strict, maxValues: Int = .max) -> JSONSyntaxError? {
        do { _ = try JSONParser.parseNode(text, syntax: syntax, maxValues: maxValues); return nil } catch { return error }
    }

    @Test("Strict JSON stays the default: comments, bare keys, single quotes and trailing commas are errors")
    func strictByDefault() {
        #expect(error("{\"a\": 1 // no\n}")?.message == "expected ',' or '}' in an object")
        #expect(error("{a: 1}")?.message == "expected a key in double quotes")
        #expect(error("['x']") != nil)
        #expect(error("[1, 2,]") != nil)
        #expect(error("{\"a\": 1,}") != nil)
    }

    @Test("Comments: line and block, anywhere white space may be, with lines counted through them")
    func comments() throws {
        let text = """
        // an effect
        {
          /* the name
             spans lines */ "name": "x", // trailing
          "n": /* inline */ 2
        }
        """
        let node = try JSONParser.parseNode(text, syntax: .comments)
        #expect(node.json["name"] == "x")
        #expect(node.json["n"]?.numberValue == 2)
        guard case .object(let members) = node.kind else { Issue.record("not an object"); return }
        #expect(members[0].line == 4 && members[0].column == 21)
        #expect(members[1].line == 5 && members[1].column == 3)
        #expect(members[1].value.line == 5 && members[1].value.column == 21)
        #expect(error("{ /* open", .comments)?.message == "unterminated comment")
        #expect(error("{ /* open", .comments)?.column == 3)
    }

    @Test("JavaScript object literals: Swiper's options as written parse to the same value as JSON")
    func javaScript() throws {
        let js = """
        {
          grabCursor: true,
          effect: 'creative',
          creativeEffect: {
            prev: { shadow: true, translate: [0, 0, -400], },
            next: { translate: ['100%', 0, 0] },
          },
        }
        """
        let json = """
        {"grabCursor": true, "effect": "creative", "creativeEffect": {"prev": {"shadow": true, "translate": [0, 0, -400]}, "next": {"translate": ["100%", 0, 0]}}}
        """
        let a = try JSONParser.parseNode(js, syntax: [.comments, .javaScript]).json.serialized(indent: nil)
        let b = try JSONParser.parse(json).serialized(indent: nil)
        #expect(a == b)
        #expect(try JSONParser.parseNode("{q: 'it\\'s'}", syntax: .javaScript).json["q"] == "it's")
    }

    @Test("NaN and Infinity are refused by name; 1e400 is out of range")
    func nonFinite() {
        #expect(error("{a: NaN}", .javaScript)?.message == "NaN is not a finite number")
        #expect(error("{a: NaN}", .javaScript)?.column == 5)
        #expect(error("[-Infinity]", .javaScript)?.message == "-Infinity is not a finite number")
        #expect(error("[1e400]")?.message == "number 1e400 is out of range")
        #expect(error("{\"a\": NaN}")?.message == "unexpected character 'N'")
    }

    @Test("A limit on the number of values stops a huge document at the first value too many")
    func valueLimit() throws {
        let many = "[" + Array(repeating: "1", count: 100).joined(separator: ",") + "]"
        #expect(try JSONParser.parseNode(many, maxValues: 101).json.arrayValue?.count == 100)
        let e = error(many, maxValues: 50)
        #expect(e?.message == "more than 50 values")
        #expect(e?.line == 1 && e?.column == 100)
    }
}
