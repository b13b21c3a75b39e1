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
          ])
    func refused(entry: String, message: String) throws {
        #expect(throws: ParameterError.self) { try ParameterSpec(json: JSONParser.parse(entry)) }
        do { _ = try ParameterSpec(json: JSONParser.parse(entry)) } catch let error as ParameterError {
            #expect(error.message.hasPrefix(message), "\(error.message)")
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
