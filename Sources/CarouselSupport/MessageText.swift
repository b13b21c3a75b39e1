/// User-supplied text (a key, a value, a script entry, a file name from a deck) made safe to put in a one-line
/// message: line breaks and other control characters are escaped, so a message stays one line on the terminal,
/// and very long text is cut.
public enum MessageText {
    /// The longest text kept, in characters; longer text is cut and ends with "…".
    public static let maxLength = 80

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
