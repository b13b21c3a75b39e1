import CarouselCore
import Testing

/// Text shortened at layout time by a measurer: the result fits, and one more character would not.
@Suite("Text measurer")
@MainActor
struct TextMeasurerTests {
    let m = EstimatedTextMeasurer.shared
    let font = FontSpec(size: 12)

    @Test("Text that fits is kept; longer text loses its end at a word (or its start) to an ellipsis, as little as fits")
    func fitted() {
        #expect(m.fitted("Spacing", width: 200, font: font) == "Spacing")
        let long = "Expanded width of the item when hovered"
        for width in [30.0, 60, 100, 150, 200] {
            let cut = m.fitted(long, width: width, font: font)
            let kept = String(cut.dropLast())
            #expect(cut.hasSuffix("…") && long.hasPrefix(kept), "\(cut)")
            #expect(m.width(of: cut, font: font) <= width || cut.count == 2, "\(cut) fits \(width)")
            // Whole words, as many as fit: the next word would not.
            #expect(long.dropFirst(kept.count).first == " " || !kept.contains(" "), "\(cut) ends inside a word")
            let next = long.dropFirst(kept.count + 1).prefix { $0 != " " }
            #expect(m.width(of: kept + " " + next + "…", font: font) > width, "\(kept) \(next)… would fit \(width)")
            let end = m.fitted(long, width: width, font: font, keepingEnd: true)
            #expect(end.hasPrefix("…") && long.hasSuffix(String(end.dropFirst())), "\(end)")
        }
        #expect(m.fitted(long, width: 1, font: font) == "E…", "at least one character stays")
    }

    @Test("A detail line is shortened at a word with one ellipsis: \"Debian puzzle-jigsaw…\", never \"…jigsaw 1.…\"")
    func fittedAtAWord() {
        let source = "Debian puzzle-jigsaw 1.0.2+git20201007.527c529+dfsg-4+b1"
        // Room for "Debian puzzle-jigsaw 1." and the ellipsis, which read as "1...." cut at a character.
        for room in ["Debian puzzle-jigsaw 1.…", "Debian puzzle-jigsaw 1.0.2+gi…", "Debian puzzle-jigsaw …"] {
            let cut = m.fitted(source, width: m.width(of: room, font: font), font: font)
            #expect(cut == "Debian puzzle-jigsaw…", "room for \(room): \(cut)")
        }
        // Within a word only when the last whole word keeps less than half: a long word, or no spaces at all; never
        // punctuation before the ellipsis.
        let word = "A supercalifragilisticexpialidocious day"
        let inWord = m.fitted(word, width: m.width(of: "A supercalifragil…", font: font), font: font)
        #expect(inWord == "A supercalifragil…", "\(inWord)")
        let dotted = m.fitted("abc.def.ghi.jkl", width: m.width(of: "abc.def.…", font: font), font: font)
        #expect(dotted == "abc.def…", "\(dotted)")
        #expect(m.fitted("Version 12, built", width: m.width(of: "Version 12, …", font: font), font: font) == "Version 12…")
        #expect(!m.fitted(source, width: 40, font: font).contains(".…"))
        #expect(m.fitted(".........", width: 10, font: font).count == 2, "a character stays, whatever it is")
        // A hyphen or a slash ends a word: a path keeps its folders.
        let path = m.fitted("Saved to /tmp/exports/expand-2026-11-28.swift", width: m.width(of: "Saved to /tmp/exports/exp…", font: font), font: font)
        #expect(path == "Saved to /tmp/exports…", "\(path)")
        let hyphen = m.fitted(source, width: m.width(of: "Debian puzzle-jigs…", font: font), font: font)
        #expect(hyphen == "Debian puzzle…", "\(hyphen)")
    }

    @Test("Bold and larger text measure wider; the estimate follows DejaVu Sans's advances")
    func widths() {
        #expect(m.width(of: "iiii", font: font) < m.width(of: "WWWW", font: font))
        #expect(m.width(of: "Title", font: FontSpec(size: 12, bold: true)) > m.width(of: "Title", font: font))
        #expect(m.width(of: "Title", font: FontSpec(size: 24)) == 2 * m.width(of: "Title", font: font))
    }
}
