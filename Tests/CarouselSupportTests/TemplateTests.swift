import CarouselSupport
import Testing

/// The export's template renderer: Mustache-style names, sections, partials and standalone lines, and strict errors.
@Suite struct TemplateTests {
    let t = Template(partials: ["row": "<{{name}}>\n", "block": "a\n  b", "twice": "{{> row}}{{> row}}"])

    @Test func namesSectionsAndDottedLookups() throws {
        let values: TemplateValue = ["title": "Deck", "p": ["width": ["swift": "160"]],
                                     "items": [["name": "a"], ["name": "b"]], "on": true, "off": false, "none": []]
        #expect(try t.render("{{title}}: {{p.width.swift}}", values) == "Deck: 160")
        #expect(try t.render("{{#items}}[{{name}}|{{title}}]{{/items}}", values) == "[a|Deck][b|Deck]")
        #expect(try t.render("{{#on}}yes{{/on}}{{#off}}no{{/off}}{{^off}} not off{{/off}}{{^none}}, empty{{/none}}", values)
                == "yes not off, empty")
        #expect(try t.render("{{#p.width}}{{swift}}{{/p.width}}", values) == "160")
        #expect(try t.render(#"a {{! a comment }}b \(x) {x}"#, values) == #"a b \(x) {x}"#)
    }

    @Test func standaloneTagsLeaveNoLinesAndPartialsAreIndented() throws {
        let values: TemplateValue = ["items": [["name": "x"], ["name": "y"]]]
        let source = "start\n  {{#items}}\n  - {{name}}\n  {{/items}}\nend\n    {{> block}}\nafter\n"
        #expect(try t.render(source, values) == "start\n  - x\n  - y\nend\n    a\n      b\nafter\n")
        #expect(try t.render("  {{> twice}}\n", ["name": "n"]) == "  <n>\n  <n>\n")
        // A section tag with text beside it is not standalone.
        #expect(try t.render("x {{#items}}{{name}}{{/items}}\n", values) == "x xy\n")
    }

    @Test func aMissingNameOrBrokenTemplateIsAnErrorWithItsLine() {
        #expect(throws: TemplateError("page:2: no value named \"missing\"")) { try t.render("ok\n{{missing}}", [:], name: "page") }
        #expect(throws: TemplateError("page:1: no value named \"p.nope\"")) { try t.render("{{p.nope}}", ["p": [:]], name: "page") }
        #expect(throws: TemplateError("page:1: section \"a\" is never closed")) { try t.render("{{#a}}x", ["a": true], name: "page") }
        #expect(throws: TemplateError("page:1: {{/b}} closes no open section (open: a)")) {
            try t.render("{{#a}}x{{/b}}", ["a": true], name: "page")
        }
        #expect(throws: TemplateError("page:1: no partial named \"nope\"")) { try t.render("{{> nope}}", [:], name: "page") }
        #expect(throws: TemplateError("page:1: \"items\" is a list, not text")) { try t.render("{{items}}", ["items": []], name: "page") }
        #expect(throws: TemplateError("page:1: unclosed {{")) { try t.render("{{oops\n}}", [:], name: "page") }
    }
}
