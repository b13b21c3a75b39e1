import CSDL2
import CSDL2TTF
import Foundation

/// A line beyond ASCII, laid out in runs (`TextRuns`): each with its face, direction and size in device pixels.
struct LineLayout {
    struct Piece {
        var run: TextRun
        /// The face, or nil for characters no installed font has (drawn as boxes).
        var font: OpaquePointer?
        var width: Int32
        /// How much the run's glyphs are scaled to fit the line (a bitmap emoji font has one large size).
        var scale: Double
        /// How far the run's top sits below the line's (baselines aligned).
        var top: Int32
    }
    var pieces: [Piece]
    var width: Int32
    var height: Int32
    /// The primary face's ascent: where the baseline is.
    var ascent: Int32
    /// The width of a box for a missing character.
    var boxWidth: Int32

    /// Whether the line is one left-to-right run of the primary face: drawn as plain text is.
    var isPrimaryOnly: Bool { pieces.count == 1 && pieces[0].run.face == .primary && !pieces[0].run.rightToLeft }
}

extension TextCache {
    /// Lays out `text` at `pixelSize` in runs: the primary face where it has the glyphs, else the font fontconfig
    /// finds, else boxes; nil without a primary face.
    func lineLayout(_ text: String, pixelSize: Int, bold: Bool) -> LineLayout? {
        guard let primary = font(pixelSize: pixelSize, bold: bold) else { return nil }
        let height = TTF_FontHeight(primary), ascent = TTF_FontAscent(primary)
        let runs = TextRuns.runs(text, has: { face, scalar in
            guard let f = self.font(for: face, pixelSize: pixelSize, bold: bold) else { return false }
            return TTF_GlyphIsProvided32(f, scalar.value) != 0
        }, fallback: { self.fallbackPath(for: $0) })
        var pieces: [LineLayout.Piece] = []
        var x: Int32 = 0
        for run in runs {
            var piece = LineLayout.Piece(run: run, font: font(for: run.face, pixelSize: pixelSize, bold: bold), width: 0, scale: 1, top: 0)
            if let f = piece.font {
                var w: Int32 = 0, h: Int32 = 0
                TextCache.shape(f, run) { _ = TTF_SizeUTF8(f, run.text, &w, &h) }
                let runHeight = TTF_FontHeight(f)
                if runHeight > height * 5 / 4 {
                    piece.scale = Double(height) / Double(runHeight)
                } else {
                    piece.top = ascent - TTF_FontAscent(f)
                }
                piece.width = Int32((Double(w) * piece.scale).rounded())
            } else {
                piece.width = TextCache.boxWidth(pixelSize) * Int32(TextCache.boxCount(run.text))
            }
            x += piece.width
            pieces.append(piece)
        }
        return LineLayout(pieces: pieces, width: x, height: height, ascent: ascent, boxWidth: TextCache.boxWidth(pixelSize))
    }

    /// The line drawn into one surface in `colour` (alpha carries the glyphs' coverage), or nil.
    func render(_ line: LineLayout, colour: SDL_Color) -> UnsafeMutablePointer<SDL_Surface>? {
        let format = SDL_PIXELFORMAT_ARGB8888.rawValue
        // Room past the advance for the last glyph's overhang (SDL_ttf's own surfaces include it).
        let overhang = line.height / 2
        guard let out = SDL_CreateRGBSurfaceWithFormat(0, max(line.width + overhang, 1), max(line.height, 1), 32, format) else { return nil }
        _ = SDL_FillRect(out, nil, 0)
        var x: Int32 = 0
        for piece in line.pieces {
            defer { x += piece.width }
            guard let f = piece.font else {
                drawBoxes(TextCache.boxCount(piece.run.text), at: x, in: out, line: line, colour: colour)
                continue
            }
            var glyphs: UnsafeMutablePointer<SDL_Surface>?
            TextCache.shape(f, piece.run) { glyphs = TTF_RenderUTF8_Blended(f, piece.run.text, colour) }
            guard let glyphs else { continue }
            defer { SDL_FreeSurface(glyphs) }
            guard let argb = SDL_ConvertSurfaceFormat(glyphs, format, 0) else { continue }
            defer { SDL_FreeSurface(argb) }
            if piece.scale != 1 {
                let h = Int32((Double(argb.pointee.h) * piece.scale).rounded())
                var dst = SDL_Rect(x: x, y: (line.height - h) / 2, w: piece.width, h: h)
                _ = SDL_SoftStretchLinear(argb, nil, out, &dst)
            } else {
                // Runs sit side by side: each is copied, not blended, keeping its coverage in alpha.
                _ = SDL_SetSurfaceBlendMode(argb, SDL_BLENDMODE_NONE)
                var dst = SDL_Rect(x: x, y: piece.top, w: argb.pointee.w, h: argb.pointee.h)
                _ = SDL_UpperBlit(argb, nil, out, &dst)
            }
        }
        return out
    }

    /// Hollow boxes for characters no font has, one per character, from the x-height up to the cap height.
    private func drawBoxes(_ count: Int, at x: Int32, in surface: UnsafeMutablePointer<SDL_Surface>, line: LineLayout, colour: SDL_Color) {
        let pixel = SDL_MapRGBA(surface.pointee.format, colour.r, colour.g, colour.b, 255)
        let w = line.boxWidth, inset = max(1, w / 8)
        let thick = max(1, line.height / 16)
        let top = max(0, line.ascent - line.ascent * 3 / 4), bottom = line.ascent
        for k in 0..<Int32(count) {
            let left = x + k * w + inset, right = x + (k + 1) * w - inset
            for var r in [SDL_Rect(x: left, y: top, w: right - left, h: thick), SDL_Rect(x: left, y: bottom - thick, w: right - left, h: thick),
                          SDL_Rect(x: left, y: top, w: thick, h: bottom - top), SDL_Rect(x: right - thick, y: top, w: thick, h: bottom - top)] {
                _ = SDL_FillRect(surface, &r, pixel)
            }
        }
    }

    /// A box's width for a font of `pixelSize`: about an average letter's.
    nonisolated static func boxWidth(_ pixelSize: Int) -> Int32 { Int32(max(4, (Double(pixelSize) * 0.6).rounded())) }

    /// How many boxes a run of missing characters takes: one per character (marks and joiners ride along).
    nonisolated static func boxCount(_ text: String) -> Int { max(1, text.count) }

    /// Runs `body` with `font` set to shape `run` (its direction and script, for HarfBuzz), then sets the font back.
    static func shape(_ font: OpaquePointer, _ run: TextRun, _ body: () -> Void) {
        let script = run.text.unicodeScalars.lazy.compactMap(scriptTag).first
        if run.rightToLeft { _ = TTF_SetFontDirection(font, TTF_DIRECTION_RTL) }
        if let script { _ = TTF_SetFontScriptName(font, script) }
        body()
        if run.rightToLeft { _ = TTF_SetFontDirection(font, TTF_DIRECTION_LTR) }
        if script != nil { _ = TTF_SetFontScriptName(font, "Zzzz") }
    }

    /// The ISO 15924 tag of scripts whose shaping HarfBuzz needs told: Arabic and Hebrew.
    private static func scriptTag(_ s: Unicode.Scalar) -> String? {
        switch s.value {
        case 0x0590...0x05FF, 0xFB1D...0xFB4F: return "Hebr"
        case 0x0600...0x06FF, 0x0750...0x077F, 0x08A0...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF: return "Arab"
        default: return nil
        }
    }
}
