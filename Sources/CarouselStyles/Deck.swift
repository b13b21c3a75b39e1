import CarouselSupport
import CarouselCore
import Foundation

/// One item of a deck: an image with its title and details.
public struct DeckItem: Equatable, Sendable {
    /// The image: an absolute path or a URL (file://, http://, https://).
    public var image: String
    /// A second image shown when the item expands (the expand style's "still"); nil uses `image`.
    public var still: String?
    public var title: String
    /// Ordered details such as year, licence, size, author, subject, source.
    public var details: [(key: String, value: String)]
    /// The image's natural size when the deck knows it (lets layouts settle before the image decodes).
    public var size: Size?

    public init(image: String, still: String? = nil, title: String, details: [(key: String, value: String)] = [], size: Size? = nil) {
        self.image = image; self.still = still; self.title = title; self.details = details; self.size = size
    }

    public static func == (a: DeckItem, b: DeckItem) -> Bool {
        a.image == b.image && a.still == b.still && a.title == b.title && a.size == b.size
            && a.details.map(\.key) == b.details.map(\.key) && a.details.map(\.value) == b.details.map(\.value)
    }

    /// A detail by key, if present.
    public func detail(_ key: String) -> String? { details.first { $0.key == key }?.value }

    /// The image's file name (last path component), as the layout export names it.
    public var fileName: String { (image as NSString).lastPathComponent }
}

/// A failure to load a deck, as one line naming the file and the problem.
public struct DeckError: Error, CustomStringConvertible, Equatable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// The items a carousel shows.
public struct Deck: Equatable, Sendable {
    public var name: String
    public var items: [DeckItem]
    public init(name: String, items: [DeckItem]) { self.name = name; self.items = items }

    /// The deck as a deck file that `parse` (and the app's `Deck.load`) reads back as the same deck (sources absolute,
    /// as the deck holds them).
    public var json: JSONValue {
        .object([
            JSONMember("name", .string(name)),
            JSONMember("items", .array(items.map { item in
                var members = [JSONMember("image", .string(item.image)), JSONMember("title", .string(item.title))]
                if let still = item.still { members.append(JSONMember("still", .string(still))) }
                if let size = item.size {
                    members += [JSONMember("width", .number(size.width)), JSONMember("height", .number(size.height))]
                }
                if !item.details.isEmpty {
                    members.append(JSONMember("details", .object(item.details.map { JSONMember($0.key, .string($0.value)) })))
                }
                return .object(members)
            })),
        ])
    }

    /// The most warnings reported for one deck; the rest are counted in one last line.
    public static let maxWarnings = 20

    /// `warnings`, at most `maxWarnings` of them and a count of the rest.
    public static func capped(_ warnings: [String]) -> [String] {
        guard warnings.count > maxWarnings else { return warnings }
        return Array(warnings.prefix(maxWarnings)) + ["... and \(warnings.count - maxWarnings) more problems in the deck"]
    }

    /// "mountain-trail.jpg" -> "Mountain Trail".
    public static func title(fromFileName name: String) -> String {
        let stem = (name as NSString).deletingPathExtension
        return stem.replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
            .split(separator: " ").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    /// Reads a deck file's bytes (format in docs/user-guide.md: `{"name", "base", "items": [{"image", "title",
    /// "still", "width", "height", "details": {...}}]}` or a bare array of items); `source` names it in messages and by
    /// default names the deck, `base` is the folder (a `file://` URL) or remote location (`http(s)://`) its relative
    /// images and `base` key resolve against: a deck fetched from a URL names images next to it. Warnings are not
    /// capped.
    public static func parse(_ data: Data, source path: String, base folder: URL) throws(DeckError) -> (deck: Deck, warnings: [String]) {
        let json: JSONValue
        do { json = try JSONParser.parse(data) } catch let e as JSONSyntaxError {
            throw DeckError("\(path):\(e.line): invalid JSON: \(e.message)")
        } catch { throw DeckError("\(path): invalid JSON") }
        let list: [JSONValue]
        var name = (path as NSString).lastPathComponent
        var base = folder
        var warnings: [String] = []
        switch json {
        case .array(let a): list = a
        case .object(let members):
            guard let a = json["items"]?.arrayValue else { throw DeckError("\(path): expected an \"items\" array") }
            list = a
            for m in members {
                switch (m.key, m.value) {
                case ("items", _): break
                case ("name", .string(let n)): name = n
                case ("base", .string(let b)): base = resolveBase(b, relativeTo: folder)
                case ("name", _), ("base", _):
                    warnings.append("\(path):\(m.line): \"\(m.key)\" should be a string, got \(m.value.typeName); ignored")
                default:
                    warnings.append("\(path):\(m.line): unknown key \(MessageText.quote(m.key)) (known: name, base, items); ignored")
                }
            }
        default:
            throw DeckError("\(path): expected a deck object or an array of items, got \(json.typeName)")
        }
        var items: [DeckItem] = []
        var seen: Set<String> = []
        for (k, entry) in list.enumerated() {
            switch item(from: entry, base: base, remote: !folder.isFileURL) {
            case .success(let (item, notes)):
                warnings += notes.map { "\(path):\($0.line): item \(k + 1): \($0.problem)" }
                if !seen.insert(item.image).inserted { warnings.append("\(path): item \(k + 1): \(MessageText.clean(item.fileName)) is listed twice; kept both") }
                items.append(item)
            case .failure(let e):
                warnings.append("\(path): item \(k + 1): \(e.message); skipped")
            }
        }
        guard !items.isEmpty else { throw DeckError("\(path): the deck has no usable items") }
        return (Deck(name: name, items: items), warnings)
    }

    static func resolve(_ source: String, base: URL) -> String {
        if source.contains("://") { return source }
        guard base.isFileURL else { return URL(string: source, relativeTo: base)?.absoluteString ?? source }
        return URL(fileURLWithPath: source, relativeTo: base).standardizedFileURL.path
    }

    /// A deck's `base` key against the deck's own folder or URL (a remote deck's relative base stays remote).
    static func resolveBase(_ b: String, relativeTo folder: URL) -> URL {
        if b.contains("://"), let url = URL(string: b) { return url.isFileURL ? url.standardizedFileURL : url }
        guard folder.isFileURL else {
            let withSlash = b.hasSuffix("/") ? b : b + "/"
            return URL(string: withSlash, relativeTo: folder)?.absoluteURL ?? folder
        }
        return URL(fileURLWithPath: b, relativeTo: folder).standardizedFileURL
    }

    /// A problem with one field of an item that was ignored, and the line of its key.
    struct ItemNote: Equatable { var line: Int; var problem: String }

    /// The keys an item object may have.
    static let itemKeys = ["image", "title", "still", "width", "height", "details"]
    /// The longest title or detail kept, in characters; longer ones are cut (with a note).
    static let maxTextLength = 500

    /// Whether `source` (resolved) is an image a deck fetched from the network may name: http(s) only. A deck from
    /// a URL naming `file:///home/...` would otherwise show a local file, and Ctrl+E would copy it into an export.
    static func isNetworkSource(_ source: String) -> Bool {
        let lower = source.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    /// Parses one item: a file name, or an object with the `itemKeys`. A field of the wrong type, out of range or
    /// unknown is ignored with a note; an item without a usable image fails. In a `remote` deck (fetched from a
    /// URL) an image or still that is not http(s) is refused.
    static func item(from json: JSONValue, base: URL, remote: Bool = false) -> Result<(DeckItem, [ItemNote]), DeckError> {
        func local(_ source: String) -> DeckError? {
            remote && !isNetworkSource(source)
                ? DeckError("\(MessageText.quote(source)): a deck from the network may name only http(s) images") : nil
        }
        if let s = json.stringValue, !s.isEmpty {
            let image = resolve(s, base: base)
            if let refused = local(image) { return .failure(refused) }
            return .success((DeckItem(image: image, title: title(fromFileName: (s as NSString).lastPathComponent)), []))
        }
        guard let members = json.members else { return .failure(DeckError("expected an object or a file name, got \(json.typeName)")) }
        guard let image = json["image"]?.stringValue, !image.isEmpty else { return .failure(DeckError("\"image\" is missing or not a string")) }
        var notes: [ItemNote] = []
        func note(_ m: JSONMember, _ problem: String) { notes.append(ItemNote(line: m.line, problem: problem)) }
        func text(_ m: JSONMember) -> String? {
            guard case .string(let s) = m.value else { note(m, "\"\(m.key)\" should be a string, got \(m.value.typeName); ignored"); return nil }
            guard s.count <= maxTextLength else { note(m, "\"\(m.key)\" is longer than \(maxTextLength) characters; cut"); return String(s.prefix(maxTextLength)) }
            return s
        }
        var item = DeckItem(image: resolve(image, base: base), title: title(fromFileName: (image as NSString).lastPathComponent))
        if let refused = local(item.image) { return .failure(refused) }
        var width: Double?, height: Double?
        for m in members {
            switch m.key {
            case "image": break
            case "title": if let t = text(m) { item.title = t }
            case "still":
                guard let s = text(m), !s.isEmpty else { continue }
                if let refused = local(resolve(s, base: base)) { note(m, "\"still\" \(refused.message); ignored") } else { item.still = resolve(s, base: base) }
            case "width", "height":
                guard let n = m.value.numberValue else { note(m, "\"\(m.key)\" should be a number of pixels, got \(m.value.typeName); ignored"); continue }
                guard n >= 1, n < 1e6 else { note(m, "\"\(m.key)\" \(JSONValue.format(n)) is out of range 1...999999; ignored"); continue }
                if m.key == "width" { width = n } else { height = n }
            case "details":
                guard let details = m.value.members else { note(m, "\"details\" should be an object, got \(m.value.typeName); ignored"); continue }
                for d in details {
                    switch d.value {
                    case .string: if let s = text(d) { item.details.append((d.key, s)) }
                    case .number(let n): item.details.append((d.key, JSONValue.format(n)))
                    default: note(d, "detail \(MessageText.quote(d.key)) should be a string or a number, got \(d.value.typeName); ignored")
                    }
                }
            default:
                note(m, "unknown key \(MessageText.quote(m.key)) (known: \(itemKeys.joined(separator: ", "))); ignored")
            }
        }
        if let width, let height { item.size = Size(width, height) }
        return .success((item, notes))
    }
}
