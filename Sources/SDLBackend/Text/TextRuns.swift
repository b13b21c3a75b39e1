/// Where a run of text takes its glyphs from.
enum RunFace: Hashable {
    /// The primary face (DejaVu Sans).
    case primary
    /// A fallback font file fontconfig found.
    case fallback(String)
    /// No installed font has these characters: each is drawn as a box.
    case missing
}

/// A stretch of a string drawn with one face in one direction.
struct TextRun: Equatable {
    var text: String
    var face: RunFace
    var rightToLeft: Bool
}

/// Splits a line of text into runs by the face that has each character and by direction, and orders them for
/// display: a simple bidirectional rule (a line whose first strong character is right-to-left, such as Arabic or
/// Hebrew, shows its runs from right to left; HarfBuzz shapes each run, joining Arabic letters, in its own
/// direction). Marks, joiners and variation selectors stay with the character before them; spaces and punctuation
/// stay in a right-to-left or primary run when its face has them. Emoji take a colour font when one is installed.
enum TextRuns {
    /// Whether `text` can take the plain path: ASCII only (the primary face has it all, left to right).
    static func isPlain(_ text: String) -> Bool { text.utf8.allSatisfy { $0 < 0x80 } }

    /// The runs of `text` in display order. `has(face, scalar)` says whether a face has a glyph; `fallback(scalar)`
    /// names a font file that has one, or nil.
    static func runs(_ text: String, has: (RunFace, Unicode.Scalar) -> Bool, fallback: (Unicode.Scalar) -> String?) -> [TextRun] {
        var runs: [TextRun] = []
        var current: TextRun?
        for scalar in text.unicodeScalars {
            // A space or punctuation stays in a right-to-left run (its words shape and order as one) or in the
            // primary face's; after other faces (a bitmap emoji font's wide space) it goes back to the primary.
            let keeps = isNeutral(scalar) && (run(current, isIn: .primary) || current?.rightToLeft == true) && current.map { has($0.face, scalar) } == true
            if var run = current, attaches(scalar) || keeps {
                run.text.unicodeScalars.append(scalar)
                current = run
                continue
            }
            let face: RunFace
            // Emoji take a colour font when one is installed, even where the primary face has a plain glyph.
            if scalar.properties.isEmojiPresentation, let path = fallback(scalar) { face = .fallback(path) }
            else if has(.primary, scalar) { face = .primary } else if let path = fallback(scalar) { face = .fallback(path) } else { face = .missing }
            let rtl = isRightToLeft(scalar)
            if var run = current, run.face == face, run.rightToLeft == rtl || isNeutral(scalar) {
                run.text.unicodeScalars.append(scalar)
                current = run
            } else {
                if let run = current { runs.append(run) }
                current = TextRun(text: String(scalar), face: face, rightToLeft: rtl)
            }
        }
        if let run = current { runs.append(run) }
        let firstStrong = text.unicodeScalars.first { !isNeutral($0) && !attaches($0) }
        return firstStrong.map(isRightToLeft) == true ? runs.reversed() : runs
    }

    private static func run(_ run: TextRun?, isIn face: RunFace) -> Bool { run?.face == face }

    /// Right-to-left scripts: Hebrew, Arabic, Syriac, Thaana, NKo and their presentation forms.
    static func isRightToLeft(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return true
        default: return false
        }
    }

    /// Characters that belong to the one before: combining marks, joiners, variation selectors, emoji modifiers.
    static func attaches(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: break
        }
        switch s.value {
        case 0x200C, 0x200D, 0xFE00...0xFE0F, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F, 0xE0100...0xE01EF: return true
        default: return false
        }
    }

    /// Characters with no direction of their own: spaces, punctuation, digits' neighbours.
    static func isNeutral(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .spaceSeparator, .otherPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .connectorPunctuation: return true
        default: return false
        }
    }
}
