import Testing
@testable import SDLBackend

/// Splitting a line by face and direction, with a made-up set of fonts: the primary has Latin and spaces, "cjk.ttf"
/// has CJK and spaces, "arabic.ttf" has Arabic and spaces, "emoji.ttf" has emoji and a space; nothing has U+13000.
@Suite("Text runs: faces and direction")
struct TextRunsTests {
    func has(_ face: RunFace, _ s: Unicode.Scalar) -> Bool {
        switch face {
        case .primary: return s.value < 0x0600 || s == "\u{2615}"
        case .fallback(let path): return s == " " || fallback(s) == path
        case .missing: return false
        }
    }

    func fallback(_ s: Unicode.Scalar) -> String? {
        switch s.value {
        case 0x3040...0x9FFF: return "cjk.ttf"
        case 0x0600...0x06FF: return "arabic.ttf"
        case 0x2615, 0x1F600...0x1F64F: return "emoji.ttf"
        default: return nil
        }
    }

    func runs(_ text: String) -> [TextRun] { TextRuns.runs(text, has: has, fallback: fallback) }

    @Test("ASCII is plain; anything else is split")
    func plain() {
        #expect(TextRuns.isPlain("Coffee at 7"))
        #expect(!TextRuns.isPlain("Café"))
        #expect(runs("Café") == [TextRun(text: "Café", face: .primary, rightToLeft: false)])
    }

    @Test("Characters the primary face lacks go to the font that has them; a space after them returns to the primary")
    func fallbackRuns() {
        #expect(runs("東京 night") == [TextRun(text: "東京", face: .fallback("cjk.ttf"), rightToLeft: false),
                                        TextRun(text: " night", face: .primary, rightToLeft: false)])
    }

    @Test("Emoji take the colour font even where the primary has a glyph; a variation selector stays with its emoji")
    func emoji() {
        #expect(runs("Coffee \u{2615}\u{FE0F} \u{1F600}") == [
            TextRun(text: "Coffee ", face: .primary, rightToLeft: false),
            TextRun(text: "\u{2615}\u{FE0F}", face: .fallback("emoji.ttf"), rightToLeft: false),
            TextRun(text: " ", face: .primary, rightToLeft: false),
            TextRun(text: "\u{1F600}", face: .fallback("emoji.ttf"), rightToLeft: false),
        ])
    }

    @Test("Arabic is one right-to-left run with its spaces; a line that starts right-to-left shows its runs right to left")
    func rightToLeft() {
        let arabic = "مرحبا بالعالم"
        #expect(runs(arabic) == [TextRun(text: arabic, face: .fallback("arabic.ttf"), rightToLeft: true)])
        #expect(runs("Hi مرحبا") == [TextRun(text: "Hi ", face: .primary, rightToLeft: false),
                                     TextRun(text: "مرحبا", face: .fallback("arabic.ttf"), rightToLeft: true)])
        #expect(runs("مرحبا Hi") == [TextRun(text: "Hi", face: .primary, rightToLeft: false),
                                     TextRun(text: "مرحبا ", face: .fallback("arabic.ttf"), rightToLeft: true)])
    }

    @Test("A character no font has is a missing run, drawn as boxes; the string is never cut")
    func missing() {
        let r = runs("A\u{13000}\u{13001}B")
        #expect(r == [TextRun(text: "A", face: .primary, rightToLeft: false), TextRun(text: "\u{13000}\u{13001}", face: .missing, rightToLeft: false),
                      TextRun(text: "B", face: .primary, rightToLeft: false)])
        #expect(TextCache.boxCount("\u{13000}\u{13001}") == 2)
        #expect(r.map(\.text).joined() == "A\u{13000}\u{13001}B")
    }
}
