import CarouselSupport
import Testing

/// "Did you mean ...?" for a mistyped name, and table cells cut with an ellipsis.
@Suite("Suggestions and columns")
struct SuggestionTests {
    static let commands = ["run", "capture", "record", "export", "styles", "bench", "help"]

    @Test("The closest name within two edits (a swap of neighbours is one), or one the typed text begins; nil when none is close",
          arguments: [
              ("captur", "capture"), ("cpature", "capture"), ("recrod", "record"), ("EXPORT", "export"), ("bnech", "bench"),
              ("sty", "styles"), ("rn", "run"), ("photos", nil), ("x", nil), ("", nil),
          ] as [(String, String?)])
    func closest(typed: String, expected: String?) {
        #expect(Suggestion.closest(to: typed, among: Self.commands) == expected)
    }

    @Test("A column pads short text and cuts long text to its width, ending with an ellipsis")
    func column() {
        #expect(MessageText.column("top", width: 6) == "top   ")
        #expect(MessageText.column("center", width: 6) == "center")
        #expect(MessageText.column("topLeading|top|center", width: 10) == "topLeadin…")
        #expect(MessageText.column("topLeading|top|center", width: 10).count == 10)
    }
}
