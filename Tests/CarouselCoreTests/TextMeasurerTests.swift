import CarouselCore
import Testing

/// Text shortened at layout time by a measurer: the result fits, and one more character would not.
@Suite("Text measurer")
@MainActor
struct TextMeasurerTests {
    let m = EstimatedTextMeasurer.shared
    let font = FontSpec(size: 12)

    @Test("Text that fits is kept; longer text loses its end (or its start) to an ellipsis, as little as fits")
    func fitted() {
        #expect(m.fitted("Spacing", width: 200, font: font) == "Spacing")
        let long = "Expanded width of the item when hovered"
        for width in [30.0, 60, 100, 150, 200] {
            let cut = m.fitted(long, width: width, font: font)
            #expect(cut.hasSuffix("…") && long.hasPrefix(String(cut.dropLast())), "\(cut)")
            #expect(m.width(of: cut, font: font) <= width || cut.count == 2, "\(cut) fits \(width)")
            let oneMore = String(long.prefix(cut.count)) + "…"
            #expect(m.width(of: oneMore, font: font) > width, "\(oneMore) would not fit \(width)")
            let end = m.fitted(long, width: width, font: font, keepingEnd: true)
            #expect(end.hasPrefix("…") && long.hasSuffix(String(end.dropFirst())), "\(end)")
        }
        #expect(m.fitted(long, width: 1, font: font) == "E…", "at least one character stays")
    }

    @Test("Bold and larger text measure wider; the estimate follows DejaVu Sans's advances")
    func widths() {
        #expect(m.width(of: "iiii", font: font) < m.width(of: "WWWW", font: font))
        #expect(m.width(of: "Title", font: FontSpec(size: 12, bold: true)) > m.width(of: "Title", font: font))
        #expect(m.width(of: "Title", font: FontSpec(size: 24)) == 2 * m.width(of: "Title", font: font))
    }
}
