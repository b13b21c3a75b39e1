import CarouselSupport
import CarouselCore
import Foundation

/// One deck image as an export names it: the asset name a SwiftUI project uses (the file name without its
/// extension, made unique within the deck), the file it came from, and the `src` a web page loads it from.
public struct ExportImage: Equatable, Sendable {
    /// The deck's source: a path or URL.
    public let source: String
    /// The file name (`astronaut.jpg`).
    public let file: String
    /// The asset catalog name (`astronaut`).
    public let asset: String
    /// What the web page's `<img src>` says: a path relative to the page, a data URL, or the deck's URL.
    public var pageSource: String
    /// The image's bytes when a SwiftUI file embeds them (`--embed-images`), else nil (the asset catalog has it).
    public var embeddedData: Data?

    public init(source: String, file: String, asset: String, pageSource: String, embeddedData: Data? = nil) {
        self.source = source; self.file = file; self.asset = asset; self.pageSource = pageSource
        self.embeddedData = embeddedData
    }

    /// Every distinct image of `deck` (posters and stills) in deck order, with unique asset and file names; each
    /// `pageSource` is the unique file name (the caller rewrites it where the page finds the file elsewhere).
    public static func images(of deck: Deck) -> [ExportImage] {
        var out: [ExportImage] = []
        var seen: Set<String> = [], assets: Set<String> = []
        for source in deck.items.flatMap({ [$0.image] + ($0.still.map { [$0] } ?? []) }) where !seen.contains(source) {
            seen.insert(source)
            let name = (source as NSString).lastPathComponent
            let ext = (name as NSString).pathExtension
            let stem = (name as NSString).deletingPathExtension
            var asset = stem.isEmpty ? "image" : stem, n = 2
            while assets.contains(asset.lowercased()) { asset = "\(stem)-\(n)"; n += 1 }
            assets.insert(asset.lowercased())
            let file = ext.isEmpty ? asset : "\(asset).\(ext)"
            out.append(ExportImage(source: source, file: file, asset: asset, pageSource: file))
        }
        return out
    }
}

/// The values every export template reads, made from a style's parameter schema, the tuned values and the deck.
///
/// - `styleName`, `summary`; `typeName` (the SwiftUI file's one top-level type, from `ExportNaming`: everything else
///   is nested in it) and `fileNameComment` (the file's name, for its header).
/// - `p.KEY`: each parameter as `swift` (a literal or expression), `js` (a JavaScript literal), `text` (as the panel
///   shows it), `unit`, and `on` (toggles, for sections). Curves also have `swift` as a SwiftUI `Animation` using their
///   duration constant, and `js` as a curve object.
/// - `swiftConstants` / `jsConstants`: every parameter as a declaration line with its unit and meaning, grouped
///   by the panel's folders (`{{#swiftConstants}}// MARK: {{group}}{{#lines}}{{line}}{{/lines}}{{/swiftConstants}}`).
/// - `items`: the deck, each with `index`, `assetSwift`, `stillAssetSwift`, `fileComment`, `stillFileComment`, `src`,
///   `stillSrc`, `title*`, `metaJS`, `detailLines` (`html`), `detailsSwift` (an array literal), `width`, `height`, `aspect` (`*Swift`, `*HTML`, `*JS`: the text written for that
///   language; `*Comment`: for a Swift `//` comment); `deckName*`.
/// - `images`: every distinct image the view needs (posters and stills), each with `assetSwift`, `assetComment`,
///   `fileComment`, `embedded` and, when embedded, `base64` (its bytes, in lines of 76 characters); `embedsImages`
///   when any is (a SwiftUI file exported with `--embed-images`; a remote image stays in the asset catalog).
///
/// Text from outside (file names, titles, the deck's name) is only ever given written for its language (`Code`): no
/// template can put a raw file name into a comment or a literal.
public enum ExportValues {
    /// The values for `parameters` (the style's full schema) on `deck`, with `images` from `ExportImage.images`.
    public static func make(style: StyleDescriptor, export: StyleExport, parameters p: Parameters, deck: Deck,
                            images: [ExportImage], naming: ExportNaming) -> TemplateValue {
        var params: [String: TemplateValue] = [:]
        for spec in p.specs { params[spec.key] = .object(value(spec, in: p, export: export)) }
        var values: [String: TemplateValue] = [
            "styleName": .text(style.name),
            "typeName": .text(naming.typeName),
            "fileNameComment": .text(Code.swiftComment(naming.fileName)),
            "images": .list(images.map(image)),
            "embedsImages": .bool(images.contains { $0.embeddedData != nil }),
            "summary": .text(style.summary),
            "p": .object(params),
            "swiftConstants": .list(groups(p) { swiftLine($0, in: p, export: export) }),
            "jsConstants": .list(groups(p) { jsLine($0, in: p) }),
            "items": .list(items(deck, images: images)),
            "deckNameSwift": .text(Code.swiftString(deck.name)),
            "deckNameHTML": .text(Code.html(deck.name)),
            "deckNameJS": .text(Code.jsString(deck.name)),
            "itemCount": .text(String(deck.items.count)),
        ]
        for (k, v) in export.extras(p) { values[k] = v }
        return .object(values)
    }

    // MARK: Parameters

    private static func value(_ spec: ParameterSpec, in p: Parameters, export: StyleExport) -> [String: TemplateValue] {
        let v = p.values[spec.key]!
        var out: [String: TemplateValue] = ["text": .text(v.description), "js": .text(js(spec, in: p)),
                                            "swift": .text(swift(spec, in: p, export: export).expression)]
        if case .number(_, _, _, let unit) = spec.kind { out["unit"] = .text(unit) }
        if case .bool(let b) = v { out["on"] = .bool(b) }
        if case .text(let s) = v, case .choice(let options) = spec.kind {
            // `{{#p.mode.is.scaled}}` sections for templates that branch on a choice.
            out["is"] = .object(Dictionary(uniqueKeysWithValues: options.map { ($0, TemplateValue.bool($0 == s)) }))
        }
        if spec.kind == .curve { out["isSpring"] = .bool({ if case .spring = p.curve(spec.key) { true } else { false } }()) }
        return out
    }

    /// The Swift type and expression of a parameter's constant.
    static func swift(_ spec: ParameterSpec, in p: Parameters, export: StyleExport) -> SwiftConstant {
        let v = p.values[spec.key]!
        if let custom = export.swiftConstants(spec.key, v) { return custom }
        switch (spec.kind, v) {
        case (.number(_, _, _, let unit), .number(let n)):
            return SwiftConstant(type: unit == "s" ? "Double" : "CGFloat", JSONValue.format(n))
        case (_, .bool(let b)): return SwiftConstant(type: "Bool", b ? "true" : "false")
        case (.curve, _):
            let duration = CurveCode.durationKey(for: spec.key, in: p.specs)
            return SwiftConstant(type: "Animation", CurveCode.swiftAnimation(p.curve(spec.key), duration: duration))
        case (_, .text(let s)): return SwiftConstant(type: "String", Code.swiftString(s))
        default: return SwiftConstant(type: "Double", v.description)
        }
    }

    /// A parameter's value as JavaScript.
    public static func js(_ spec: ParameterSpec, in p: Parameters) -> String {
        switch p.values[spec.key]! {
        case .number(let n): return JSONValue.format(n)
        case .bool(let b): return b ? "true" : "false"
        case .text(let s): return spec.kind == .curve ? CurveCode.javaScript(p.curve(spec.key)) : Code.jsString(s)
        }
    }

    /// The comment after a constant: its unit (or what it is) and meaning.
    private static func comment(_ spec: ParameterSpec, in p: Parameters) -> String {
        let what: String
        switch spec.kind {
        case .number(_, _, _, let unit): what = unit.isEmpty ? "0...1" : unit == "×" ? "× (factor)" : unit
        case .toggle: what = "on/off"
        case .choice(let options): what = "\(p.values[spec.key]!.description) (of \(options.joined(separator: ", ")))"
        case .curve:
            if case .spring = p.curve(spec.key) { what = "spring (settles in its own time)" } else { what = "curve" }
        }
        return "\(what): \(spec.meaning)"
    }

    private static func swiftLine(_ spec: ParameterSpec, in p: Parameters, export: StyleExport) -> String {
        let c = swift(spec, in: p, export: export)
        return "static let \(Code.swiftIdentifier(spec.key)): \(c.type) = \(c.expression) // \(comment(spec, in: p))"
    }

    private static func jsLine(_ spec: ParameterSpec, in p: Parameters) -> String {
        "\(spec.key): \(js(spec, in: p)), // \(comment(spec, in: p))"
    }

    /// The parameters' lines grouped by panel folder, in schema order.
    private static func groups(_ p: Parameters, line: (ParameterSpec) -> String) -> [TemplateValue] {
        var order: [String] = [], lines: [String: [TemplateValue]] = [:]
        for spec in p.specs {
            if lines[spec.group] == nil { order.append(spec.group) }
            lines[spec.group, default: []].append(["line": .text(line(spec))])
        }
        return order.map { ["group": .text($0), "lines": .list(lines[$0]!)] }
    }

    // MARK: Deck

    private static func items(_ deck: Deck, images: [ExportImage]) -> [TemplateValue] {
        let bySource = Dictionary(images.map { ($0.source, $0) }, uniquingKeysWith: { a, _ in a })
        return deck.items.enumerated().map { index, item -> TemplateValue in
            let image = bySource[item.image] ?? ExportImage(source: item.image, file: item.fileName,
                                                            asset: (item.fileName as NSString).deletingPathExtension,
                                                            pageSource: item.image)
            let still = item.still.flatMap { bySource[$0] } ?? image
            let size = item.size
            let lines: [TemplateValue] = item.detailLines.map { ["html": .text(Code.html($0))] }
            let linesSwift = "[" + item.detailLines.map(Code.swiftString).joined(separator: ", ") + "]"
            let fields: [String: TemplateValue] = [
                "index": .text(String(index)), "last": .bool(index == deck.items.count - 1),
                "assetSwift": .text(Code.swiftString(image.asset)), "stillAssetSwift": .text(Code.swiftString(still.asset)),
                "fileComment": .text(Code.swiftComment(image.file)), "stillFileComment": .text(Code.swiftComment(still.file)),
                "src": .text(Code.html(image.pageSource)), "stillSrc": .text(Code.html(still.pageSource)),
                "srcJS": .text(Code.jsString(image.pageSource)), "stillSrcJS": .text(Code.jsString(still.pageSource)),
                "titleSwift": .text(Code.swiftString(item.title)), "titleHTML": .text(Code.html(item.title)),
                "titleJS": .text(Code.jsString(item.title)),
                "metaJS": .text(Code.jsString(item.metaLine)), "detailLines": .list(lines), "detailsSwift": .text(linesSwift),
                "width": .text(size.map { JSONValue.format($0.width) } ?? "0"),
                "height": .text(size.map { JSONValue.format($0.height) } ?? "0"),
                "aspect": .text(size.map { $0.height > 0 ? JSONValue.format($0.width / $0.height) : "1" } ?? "1"),
                "hasSize": .bool(size != nil),
            ]
            return .object(fields)
        }
    }

    /// One image the view needs, for the header's list and the embedded images.
    private static func image(_ image: ExportImage) -> TemplateValue {
        var out: [String: TemplateValue] = [
            "assetSwift": .text(Code.swiftString(image.asset)), "assetComment": .text(Code.swiftComment(image.asset)),
            "fileComment": .text(Code.swiftComment(image.file)), "embedded": .bool(image.embeddedData != nil),
        ]
        if let data = image.embeddedData {
            let text = data.base64EncodedString(options: [.lineLength76Characters, .endLineWithLineFeed])
            out["base64"] = .list(text.split(separator: "\n").map { .text(String($0)) })
        }
        return .object(out)
    }
}

extension DeckItem {
    /// Year (or date), licence (or certification) and size (or runtime), joined with " · "; empty when the deck
    /// has none of them.
    public var metaLine: String {
        [detail("year") ?? detail("date"), detail("certification") ?? detail("licence"), detail("runtime") ?? detail("size")]
            .compactMap { $0 }.joined(separator: " · ")
    }

    /// "By" the author, or empty.
    public var bylineLine: String { detail("author").map { "By \($0)" } ?? "" }

    /// The lines an expanded item shows under its title, as the app and the exports draw them: `metaLine`,
    /// `bylineLine`, then where to watch it or "From" its source; empty ones left out.
    public var detailLines: [String] {
        [metaLine, bylineLine, detail("watch") ?? detail("source").map { "From \($0)" } ?? ""].filter { !$0.isEmpty }
    }
}

/// Text written as a literal of a target language, or into a comment. Text from outside (file names, titles, a
/// deck's name) reaches generated code only through these: a control character never ends a comment or a line, and
/// a bidirectional control (U+202E, U+2066, ...) never reorders how a line of code reads in an editor.
public enum Code {
    /// Characters that change how text around them reads without being seen: the bidirectional embeddings,
    /// overrides, isolates and marks (U+061C, U+200E-200F, U+202A-202E, U+2066-2069), and the line and paragraph
    /// separators (U+2028, U+2029) that some editors break lines at.
    public static func isInvisibleControl(_ u: Unicode.Scalar) -> Bool {
        switch u.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// A control character: C0 (U+0000-001F), DEL and C1 (U+007F-009F, with U+0085, the next-line character).
    public static func isControl(_ u: Unicode.Scalar) -> Bool { u.value < 0x20 || (0x7f...0x9f).contains(u.value) }

    /// A Swift string literal: quotes, backslashes, controls and invisible controls escaped (`\u{202E}`).
    public static func swiftString(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if isControl(u) || isInvisibleControl(u) { out += "\\u{\(hex(u))}" } else { out.unicodeScalars.append(u) }
            }
        }
        return out + "\""
    }

    /// Text for a Swift `//` comment: on one line whatever it holds, its controls and invisible controls written as
    /// `\u{...}` (a newline in a file name would otherwise end the comment and make the rest of the name code).
    public static func swiftComment(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            if isControl(u) || isInvisibleControl(u) { out += "\\u{\(hex(u))}" } else { out.unicodeScalars.append(u) }
        }
        return out
    }

    /// A JavaScript string literal that is also safe inside a `<script>` element (`<` is escaped), with invisible
    /// controls escaped too.
    public static func jsString(_ s: String) -> String {
        var out = ""
        for u in JSONValue.string(s).serialized(indent: nil).unicodeScalars {
            if u == "<" || isInvisibleControl(u) || isControl(u) { out += "\\u" + String(repeating: "0", count: 4 - hex(u).count) + hex(u) }
            else { out.unicodeScalars.append(u) }
        }
        return out
    }

    /// Text for HTML content or a quoted attribute. Controls other than tab, newline and carriage return (a NUL among
    /// them) become U+FFFD, as an HTML parser would make them, written as a reference so the file holds none.
    public static func html(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(u)
            default:
                if isControl(u) { out += "&#xFFFD;" }
                else if isInvisibleControl(u) { out += "&#x\(hex(u));" }
                else { out.unicodeScalars.append(u) }
            }
        }
        return out
    }

    private static func hex(_ u: Unicode.Scalar) -> String { String(u.value, radix: 16, uppercase: true) }

    /// A name (an effect's parameter) as a Swift identifier: backquoted when Swift reserves it (`in`, `default`).
    public static func swiftIdentifier(_ name: String) -> String { swiftKeywords.contains(name) ? "`\(name)`" : name }

    /// Swift's keywords, which an identifier must be written in backquotes as.
    static let swiftKeywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout", "internal",
        "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript",
        "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard",
        "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self",
        "Self", "super", "throws", "true", "try", "async", "some", "any", "consume", "copy", "borrowing", "consuming", "each",
    ]
}
