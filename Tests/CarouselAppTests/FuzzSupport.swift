import CarouselTesting
import Foundation

/// Makes fuzz inputs from valid seed texts: bit flips, truncation, duplication, random bytes, deep nesting, huge
/// numbers and awkward unicode, each input at most `maxLength` bytes so every case finishes fast.
struct Mutator {
    static let maxLength = 4096

    /// Tokens that tend to reach unusual paths in parsers of JSON and of the script syntax.
    static let tokens: [String] = [
        "{", "}", "[", "]", ",", ":", "\"", "\\", "\\u", "\\ud800", "\\udc00", "\\u0000", "\\n", "null", "true", "false",
        "-", "-0", "0", "1e999", "-1e999", "1e308", "4.9e-324", "99999999999999999999999999", "1.", ".5", "0x10", "NaN",
        "Infinity", "-inf", "nan", "1e-400", "\u{0}", "\u{7f}", "\u{85}", "\u{2028}", "\u{202e}", "é", "😀", "👩‍👩‍👧",
        "\u{FEFF}", "\r", "\n", "\t", "\u{0B}", ";", "#", " ", "ctrl", "shift", "move", "click", "wheel", "pinch", "key",
        "resize", "down", "up", "16384", "16385", "-1", "0.0001", "86401", "100", "1e6",
    ]

    /// A mutated copy of `seed`: one to four mutations.
    static func mutate(_ seed: [UInt8], using rng: inout SeededGenerator) -> [UInt8] {
        var b = seed
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0 where !b.isEmpty:  // flip a bit
                let i = Int.random(in: 0..<b.count, using: &rng)
                b[i] ^= 1 << UInt8.random(in: 0..<8, using: &rng)
            case 1 where !b.isEmpty:  // a random byte
                b[Int.random(in: 0..<b.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            case 2:  // truncate
                b = Array(b.prefix(Int.random(in: 0...b.count, using: &rng)))
            case 3 where !b.isEmpty:  // duplicate a range
                let i = Int.random(in: 0..<b.count, using: &rng), n = Int.random(in: 1...min(64, b.count - i), using: &rng)
                b.insert(contentsOf: b[i..<i + n], at: Int.random(in: 0...b.count, using: &rng))
            case 4 where !b.isEmpty:  // delete a range
                let i = Int.random(in: 0..<b.count, using: &rng), n = Int.random(in: 1...min(16, b.count - i), using: &rng)
                b.removeSubrange(i..<i + n)
            case 5, 6:  // insert a token
                let t = tokens.randomElement(using: &rng)!
                b.insert(contentsOf: Array(t.utf8), at: Int.random(in: 0...b.count, using: &rng))
            case 7:  // random bytes
                let n = Int.random(in: 1...16, using: &rng)
                b.insert(contentsOf: (0..<n).map { _ in UInt8.random(in: 0...255, using: &rng) }, at: Int.random(in: 0...b.count, using: &rng))
            case 8:  // deep nesting around everything
                let depth = Int.random(in: 1...300, using: &rng)
                let open = Bool.random(using: &rng) ? "[" : "{\"k\":"
                let close = open == "[" ? "]" : "}"
                b = Array(String(repeating: open, count: depth).utf8) + b + Array(String(repeating: close, count: depth).utf8)
            default:  // replace a number with a huge or odd one
                if let i = b.indices.filter({ (0x30...0x39).contains(b[$0]) }).randomElement(using: &rng) {
                    let t = ["1e999", "-1e999", "1e308", "99999999999999999999999", "-0", "1e-400", "16385", "-5"].randomElement(using: &rng)!
                    b.replaceSubrange(i...i, with: Array(t.utf8))
                }
            }
            if b.count > maxLength { b = Array(b.prefix(maxLength)) }
        }
        return b
    }

    /// Random bytes, or random tokens glued together.
    static func random(using rng: inout SeededGenerator) -> [UInt8] {
        if Bool.random(using: &rng) {
            return (0..<Int.random(in: 0...256, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        }
        return Array((0..<Int.random(in: 0...40, using: &rng)).map { _ in tokens.randomElement(using: &rng)! }.joined().utf8)
    }
}

/// Whether `message` is a clear one-line message: not empty, no line break or other control character.
func isOneLine(_ message: String) -> Bool {
    !message.isEmpty && !message.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x2028 || $0.value == 0x2029 }
}
