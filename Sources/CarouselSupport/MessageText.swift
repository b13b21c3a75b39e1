/// User-supplied text (a key, a value, a script entry, a file name from a deck) made safe to put in a one-line
/// message: line breaks and other control characters are escaped, so a message stays one line on the terminal,
/// and very long text is cut. Names (paths, URLs) and whole lines are cut in the middle, so what makes a message
/// useful survives: which file (a name's end) and what went wrong (a line's end, where the reason is).
public enum MessageText {
    /// The longest text kept, in characters; longer text is cut and ends with "…".
    public static let maxLength = 80
    /// The longest message line printed, in characters (under eight lines of a terminal): room for the longest
    /// message the app words (a curve's forms, after a long path) whole.
    public static let maxLineLength = 600

    /// `text` with control characters and line separators escaped (`\n`, `\t`, `\u{2028}`, ...) and cut to
    /// `limit` characters.
    public static func clean(_ text: String, limit: Int = maxLength) -> String {
        var out = ""
        var count = 0
        for ch in text {
            if count >= limit { return out + "…" }
            for u in ch.unicodeScalars { out += escaped(u) }
            count += 1
        }
        return out
    }

    /// A name (a path, a URL) for a message: escaped as `clean` does and, when longer than `limit` characters, cut in
    /// the middle, so its start (where) and its end (which file) both stay: `https://example.com/aaaa…aaaa/photo.jpg`.
    public static func name(_ text: String, limit: Int = maxLength) -> String {
        middleCut(clean(text, limit: .max), keep: limit, head: max((limit - 1) / 2, 0))
    }

    /// A whole message line, as printed: escaped, and when longer than `limit` characters cut in the middle, keeping
    /// its first quarter and its end, where a message says what went wrong (an image URL of 100 KB used to make a
    /// 100,000-character line whose reason scrolled away).
    public static func line(_ text: String, limit: Int = maxLineLength) -> String {
        middleCut(clean(text, limit: .max), keep: limit, head: limit / 4)
    }

    /// A message shortened until `fits` holds (a width in pixels: a placeholder's caption): `line`, then cut in
    /// the middle, keeping a quarter of what fits from its start and the rest from its end, so the reason shows
    /// ("https://exam…/photo.jpg: cannot connect (connection refused)"), never an ellipsis in place of it.
    public static func fitted(_ text: String, fits: (String) -> Bool) -> String {
        let text = line(text)
        guard !fits(text) else { return text }
        let count = text.count
        var lo = 0, hi = count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if fits(middleCut(text, keep: mid, head: mid / 4)) { lo = mid } else { hi = mid - 1 }
        }
        return middleCut(text, keep: lo, head: lo / 4)
    }

    /// `text` when it has at most `keep` characters; else its first `head` and last `keep - head` characters around
    /// "…".
    private static func middleCut(_ text: String, keep: Int, head: Int) -> String {
        guard text.count > keep else { return text }
        let head = min(head, keep)
        return String(text.prefix(head)) + "…" + String(text.suffix(max(keep - head, 0)))
    }

    /// `text` in a column `width` characters wide: padded with spaces, or cut to end with "…" when longer (a table
    /// never loses the end of a cell without showing it).
    public static func column(_ text: String, width: Int) -> String {
        text.count > width ? String(text.prefix(max(width - 1, 0))) + "…" : text.padding(toLength: width, withPad: " ", startingAt: 0)
    }

    /// `text` cleaned, in double quotes, with inner quotes and backslashes escaped.
    public static func quote(_ text: String, limit: Int = maxLength) -> String {
        "\"" + clean(text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""), limit: limit) + "\""
    }

    private static func escaped(_ u: Unicode.Scalar) -> String {
        switch u {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        default:
            // C0 and C1 controls (incl. vertical tab, form feed, NEL), DEL, and the Unicode line and paragraph
            // separators: everything a terminal may turn into a line break or worse.
            let v = u.value
            if v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029 { return "\\u{\(String(v, radix: 16))}" }
            return String(u)
        }
    }
}
