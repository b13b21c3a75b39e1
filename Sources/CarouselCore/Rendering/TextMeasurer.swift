/// Measures text while the tree is laid out (before anything is drawn), so nodes size themselves and shorten their
/// text to what really fits: the backend's glyph metrics in the app (`SDLRenderer`), `EstimatedTextMeasurer` where
/// there is no backend (unit tests), which gives the same widths on every machine.
@MainActor
public protocol TextMeasurer: AnyObject {
    /// The width one line of `text` takes in `font`, in points.
    func width(of text: String, font: FontSpec) -> Double
}

extension TextMeasurer {
    /// `text` shortened with one ellipsis character to fit `width` points in `font`: at the end of its last word that
    /// fits ("Debian puzzle-jigsaw…", not "Debian puzzle-jigsaw 1.…"; a hyphen or a slash ends a word too), or within
    /// a word when that would keep less than half of what fits (a long word, text without spaces); never with a space
    /// or punctuation before the ellipsis. `keepingEnd` cuts the start instead, at any character (for text being typed, whose end stays in
    /// view). At least one character is kept besides the ellipsis.
    public func fitted(_ text: String, width: Double, font: FontSpec, keepingEnd: Bool = false) -> String {
        guard self.width(of: text, font: font) > width else { return text }
        let characters = keepingEnd ? Array(text.reversed()) : Array(text)
        // The longest prefix (or suffix) that fits with the ellipsis, found by bisection over the character count.
        var lo = 1, hi = characters.count
        func candidate(_ n: Int) -> String {
            keepingEnd ? "…" + String(characters.prefix(n).reversed()) : String(characters.prefix(n)) + "…"
        }
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if self.width(of: candidate(mid), font: font) <= width { lo = mid } else { hi = mid - 1 }
        }
        let fits = min(lo, characters.count)
        guard !keepingEnd else { return candidate(fits) }
        // The last place within what fits where a line could break: before a space, after a hyphen or a slash (a
        // path keeps its folders: "to /tmp/exports…").
        var cut = fits
        if fits < characters.count, !Self.breaks(before: fits, in: characters) {
            let boundary = (1..<fits).last { Self.breaks(before: $0, in: characters) }
            if let boundary, boundary >= fits / 2 { cut = boundary }
        }
        // No space or punctuation just before the ellipsis ("1.…" reads as "1...."): drop them, keeping one character.
        while cut > 1, Self.dropsBeforeEllipsis(characters[cut - 1]) { cut -= 1 }
        return candidate(cut)
    }

    /// Whether text may be cut before `characters[i]`: at a space, or after a hyphen or a slash.
    private static func breaks(before i: Int, in characters: [Character]) -> Bool {
        characters[i].isWhitespace || (i > 0 && "-/".contains(characters[i - 1]) && !characters[i - 1].isWhitespace)
    }

    /// Whether `c` is dropped from the end of shortened text: spaces, and punctuation that joins what follows
    /// (full stops, commas, colons, dashes, slashes, opening brackets), never closing brackets or quotes.
    private static func dropsBeforeEllipsis(_ c: Character) -> Bool {
        c.isWhitespace || ".,;:-–—/\\+&([{·…".contains(c)
    }
}

/// Text widths from DejaVu Sans's advances (the font the app draws with, measured through SDL_ttf), 1 em for a
/// character outside ASCII and 15 % more for bold: deterministic, for layout with no backend.
public final class EstimatedTextMeasurer: TextMeasurer {
    /// The one instance (it keeps no state).
    public static let shared = EstimatedTextMeasurer()

    public func width(of text: String, font: FontSpec) -> Double {
        var ems = 0.0
        for scalar in text.unicodeScalars {
            let v = Int(scalar.value)
            ems += v >= 32 && v < 127 ? Double(EstimatedTextMeasurer.advances[v - 32]) / 100 : 1
        }
        return ems * font.size * (font.bold ? 1.15 : 1) * 1.01
    }

    /// DejaVu Sans's advance widths for the characters 32 (space) to 126 (~), in hundredths of an em.
    private static let advances: [UInt8] = [
        32, 40, 46, 84, 64, 95, 78, 27, 39, 39, 50, 84, 32, 36, 32, 34, 64, 64, 64, 64, 64, 64, 64, 64,
        64, 64, 34, 34, 84, 84, 84, 53, 100, 68, 69, 70, 77, 63, 58, 77, 75, 29, 30, 66, 56, 86, 75, 79,
        60, 79, 69, 64, 61, 73, 68, 99, 68, 61, 68, 39, 34, 39, 84, 50, 50, 61, 64, 55, 64, 61, 35, 64,
        63, 28, 28, 58, 28, 97, 63, 61, 64, 64, 41, 52, 39, 63, 59, 82, 59, 59, 52, 64, 34, 64, 84,
    ]
}
