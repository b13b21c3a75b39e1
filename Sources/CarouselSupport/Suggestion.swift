/// The known name a mistyped one most likely meant, for "did you mean ...?" in an error line.
public enum Suggestion {
    /// The name in `candidates` closest to `typed` (case-insensitive): within `maxDistance` edits (insertions,
    /// deletions, substitutions or swaps of two neighbours), or one that `typed` is a prefix of (3 letters or more),
    /// the nearest first; nil when none is close.
    public static func closest(to typed: String, among candidates: [String], maxDistance: Int = 2) -> String? {
        let t = Array(typed.lowercased())
        var best: (name: String, distance: Int)?
        for name in candidates {
            let c = Array(name.lowercased())
            var d = distance(t, c)
            if t.count >= 3 && c.starts(with: t) { d = min(d, 1) }
            if d <= maxDistance && d < (best?.distance ?? .max) { best = (name, d) }
        }
        return best?.name
    }

    /// Optimal string alignment distance: edits to turn `a` into `b`, a swap of neighbours counting as one.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var d = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] { d = min(d, rows[i - 2][j - 2] + 1) }
                rows[i][j] = d
            }
        }
        return rows[a.count][b.count]
    }
}
