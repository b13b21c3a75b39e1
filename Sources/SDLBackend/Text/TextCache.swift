import CarouselSupport
import CSDL2
import CSDL2TTF
import Foundation

/// Finds the DejaVu Sans faces (or any TrueType font) on this machine. `CAROUSEL_LAB_FONT_DIRS` (folders separated
/// by `:`) replaces the system font folders: for machines with fonts in unusual places, and for testing the
/// fallbacks (DejaVu Sans, then any `.ttf`, then no text at all).
enum FontLocator {
    /// The system font folders searched when `CAROUSEL_LAB_FONT_DIRS` is not set.
    static let systemFolders = ["/usr/share/fonts", "/usr/local/share/fonts"]
    /// DejaVu Sans's usual places under a font folder.
    static let dejaVuSubpaths = ["truetype/dejavu/", "TTF/", "dejavu/", "dejavu-sans-fonts/", ""]

    /// The folders to search: `CAROUSEL_LAB_FONT_DIRS` when set, else the system ones.
    static func folders(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        guard let dirs = environment["CAROUSEL_LAB_FONT_DIRS"] else { return systemFolders }
        return dirs.split(separator: ":").map(String.init)
    }

    /// The regular and bold face paths; bold is nil when only a regular face exists (it is emboldened instead),
    /// both nil when no font was found.
    static func locate(in folders: [String] = folders()) -> (regular: String?, bold: String?) {
        let fm = FileManager.default
        func dejaVu(_ file: String) -> String? {
            for folder in folders { for sub in dejaVuSubpaths where fm.fileExists(atPath: "\(folder)/\(sub)\(file)") { return "\(folder)/\(sub)\(file)" } }
            return nil
        }
        let regular = dejaVu("DejaVuSans.ttf") ?? anyTrueTypeFont(in: folders)
        let bold = dejaVu("DejaVuSans-Bold.ttf")
        return (regular, bold)
    }

    /// The first `.ttf` under the first folder that has one, in a stable order.
    static func anyTrueTypeFont(in folders: [String]) -> String? {
        for folder in folders {
            guard let e = FileManager.default.enumerator(atPath: folder) else { continue }
            var found: [String] = []
            for case let p as String in e where p.lowercased().hasSuffix(".ttf") { found.append(p) }
            if let first = found.sorted().first { return "\(folder)/\(first)" }
        }
        return nil
    }
}

/// Text through SDL_ttf: one `TTF_Font` per (device pixel size, bold), and rendered strings in their colour (as
/// textures for OpenGL, as premultiplied pixels for the software compositor), faded per draw, in an LRU cache keyed
/// by (string, device size, bold, colour).
/// Rendering in the colour rather than tinting white text keeps colour modulation out of every draw, which SDL's
/// software renderer blends several times slower.
@MainActor
final class TextCache {
    struct Key: Hashable {
        var text: String
        var pixelSize: Int
        var bold: Bool
        /// The colour as 0xRRGGBB (alpha is applied per draw).
        var rgb: UInt32 = 0xffffff
    }

    struct Entry {
        /// The rendered string as a texture (OpenGL), or as premultiplied pixels for the software renderer's
        /// compositor.
        var texture: OpaquePointer?
        var pixels: PixelBuffer?
        var width: Int32
        var height: Int32
        /// Pixel memory, 4 bytes per pixel.
        var bytes: Int { Int(width) * Int(height) * 4 }
    }

    private let context: RendererContext
    private var fonts: [Key: OpaquePointer] = [:]
    /// Fallback faces by (file, device pixel size, bold), opened on first use; at most 32.
    private var fallbackFonts: [FallbackKey: OpaquePointer] = [:]
    private let fallback: FontFallback
    /// The only font folders to use, or nil for `CAROUSEL_LAB_FONT_DIRS` / the system's.
    private let fontFolders: [String]?
    /// The textures, the least recently drawn dropped first beyond `capacity`.
    private var entries: LRUCache<Key, Entry>
    private var measures: [Key: (width: Int32, height: Int32)] = [:]
    private var paths: (regular: String?, bold: String?)?
    private var warned = false
    /// The most textures kept; beyond it the least recently drawn is dropped.
    var capacity: Int { entries.costLimit }

    /// `fontFolders`: the only folders fonts come from (tests pass the bundled DejaVu Sans), else the environment's or
    /// the system's.
    init(context: RendererContext, capacity: Int = 512, fontFolders: [String]? = nil) {
        self.fontFolders = fontFolders
        fallback = FontFallback(folders: fontFolders ?? FontFallback.restrictedFolders())
        self.context = context
        entries = LRUCache(costLimit: capacity)
    }

    struct FallbackKey: Hashable {
        var path: String
        var pixelSize: Int
        var bold: Bool
    }

    isolated deinit {
        for e in entries.removeAll() { if let t = e.texture { SDL_DestroyTexture(t) } }
        for f in fonts.values { TTF_CloseFont(f) }
        for f in fallbackFonts.values { TTF_CloseFont(f) }
    }

    var count: Int { entries.count }
    /// Strings found rendered, and rendered, over the cache's life (`--stats`, the bench).
    private(set) var found = 0, made = 0
    /// Pixel memory of the cached text textures, in bytes (4 per pixel).
    private(set) var textureBytes = 0
    /// Fonts open (one per pixel size and weight drawn lately, at most 32).
    var fontCount: Int { fonts.count }

    /// Whether a font could be found; prints one line on stderr the first time it cannot.
    private func fontPaths() -> (regular: String?, bold: String?) {
        if let paths { return paths }
        if TTF_WasInit() == 0 && TTF_Init() != 0 {
            printError("carousel-lab: SDL_ttf failed to start (\(RendererContext.lastError())); text will not be drawn")
            paths = (nil, nil); warned = true
            return (nil, nil)
        }
        let folders = fontFolders ?? FontLocator.folders()
        let found = FontLocator.locate(in: folders)
        if found.regular == nil {
            printError("carousel-lab: no TrueType font found in \(folders.joined(separator: ", ")) (install fonts-dejavu-core); text will not be drawn")
            warned = true
        }
        paths = found
        return found
    }

    /// The font at `pixelSize` device pixels, loaded on first use.
    func font(pixelSize: Int, bold: Bool) -> OpaquePointer? {
        let key = Key(text: "", pixelSize: pixelSize, bold: bold)
        if let f = fonts[key] { return f }
        let p = fontPaths()
        guard let regular = p.regular else { return nil }
        let path = bold ? (p.bold ?? regular) : regular
        guard let f = TTF_OpenFont(path, Int32(pixelSize)) else {
            if !warned { printError("carousel-lab: cannot open font \(path): \(RendererContext.lastError())"); warned = true }
            return nil
        }
        if bold && p.bold == nil { TTF_SetFontStyle(f, TTF_STYLE_BOLD) }
        TTF_SetFontHinting(f, TTF_HINTING_LIGHT)
        if fonts.count >= 32, let victim = fonts.first(where: { $0.key != key })?.key {
            TTF_CloseFont(fonts.removeValue(forKey: victim))
        }
        fonts[key] = f
        return f
    }

    /// The face a run is drawn with at `pixelSize`: the primary, or a fallback file opened on first use (nil for
    /// boxes, or a file SDL_ttf cannot open).
    func font(for face: RunFace, pixelSize: Int, bold: Bool) -> OpaquePointer? {
        switch face {
        case .primary: return font(pixelSize: pixelSize, bold: bold)
        case .missing: return nil
        case .fallback(let path):
            let key = FallbackKey(path: path, pixelSize: pixelSize, bold: bold)
            if let f = fallbackFonts[key] { return f }
            guard let f = TTF_OpenFont(path, Int32(pixelSize)) else { return nil }
            if bold { TTF_SetFontStyle(f, TTF_STYLE_BOLD) }
            TTF_SetFontHinting(f, TTF_HINTING_LIGHT)
            if fallbackFonts.count >= 32, let victim = fallbackFonts.keys.first {
                TTF_CloseFont(fallbackFonts.removeValue(forKey: victim))
            }
            fallbackFonts[key] = f
            return f
        }
    }

    /// A font file that has `scalar`, from fontconfig (remembered per character).
    func fallbackPath(for scalar: Unicode.Scalar) -> String? { fallback.font(for: scalar) }

    /// The size of `text` in device pixels, or nil when there is no font. Remembered: centred text is measured
    /// every frame it is drawn, and SDL_ttf measures glyph by glyph. Text beyond ASCII is measured run by run, as
    /// it is drawn (`lineLayout`).
    func measure(_ text: String, pixelSize: Int, bold: Bool) -> (width: Int32, height: Int32)? {
        let key = Key(text: text, pixelSize: pixelSize, bold: bold)
        if let m = measures[key] { return m }
        guard let f = font(pixelSize: pixelSize, bold: bold) else { return nil }
        var w: Int32 = 0, h: Int32 = TTF_FontHeight(f)
        if !TextRuns.isPlain(text) {
            guard let line = lineLayout(text, pixelSize: pixelSize, bold: bold) else { return nil }
            (w, h) = (line.width, line.height)
        } else if !text.isEmpty {
            guard TTF_SizeUTF8(f, text, &w, &h) == 0 else { return nil }
        }
        if measures.count >= capacity * 4 { measures.removeAll(keepingCapacity: true) }
        measures[key] = (w, h)
        return (w, h)
    }

    /// The texture for `text` in colour `rgb` (0xRRGGBB), rendered on first use; nil for empty text or without a
    /// font.
    func texture(for text: String, pixelSize: Int, bold: Bool, rgb: UInt32 = 0xffffff) -> Entry? {
        guard !text.isEmpty else { return nil }
        let key = Key(text: text, pixelSize: pixelSize, bold: bold, rgb: rgb)
        if let e = entries.value(for: key) { found += 1; return e }
        made += 1
        guard let f = font(pixelSize: pixelSize, bold: bold) else { return nil }
        let colour = SDL_Color(r: UInt8(rgb >> 16 & 0xff), g: UInt8(rgb >> 8 & 0xff), b: UInt8(rgb & 0xff), a: 255)
        let line = TextRuns.isPlain(text) ? nil : lineLayout(text, pixelSize: pixelSize, bold: bold)
        let rendered = line.map { $0.isPrimaryOnly } ?? true ? TTF_RenderUTF8_Blended(f, text, colour) : line.flatMap { render($0, colour: colour) }
        guard let surface = rendered else { return nil }
        let e: Entry
        if context.software {
            // The compositor blends premultiplied ARGB: the surface's pixels, converted and adopted.
            guard let argb = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else { SDL_FreeSurface(surface); return nil }
            SDL_FreeSurface(surface)
            guard let pixels = PixelBuffer(adopting: argb, opaque: false) else { return nil }
            e = Entry(texture: nil, pixels: pixels, width: pixels.width, height: pixels.height)
        } else {
            defer { SDL_FreeSurface(surface) }
            guard let tex = SDL_CreateTextureFromSurface(context.renderer, surface) else { return nil }
            SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND)
            e = Entry(texture: tex, pixels: nil, width: surface.pointee.w, height: surface.pointee.h)
        }
        textureBytes += e.bytes
        for dropped in entries.insert(e, for: key) {
            if let t = dropped.texture { SDL_DestroyTexture(t) }
            textureBytes -= dropped.bytes
        }
        return e
    }
}
