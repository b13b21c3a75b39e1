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

    /// File extensions read as images from a folder.
    public static let imageExtensions: Set<String> = ["jpg", "jpeg", "png", "bmp", "gif", "webp", "tif", "tiff", "tga", "qoi"]
    /// The largest deck file read, in bytes.
    public static let maxFileSize = 8 << 20

    /// Loads a deck from a JSON file or a folder of images. Problems with single items are returned as warnings
    /// and the item is skipped; a deck that cannot be read at all throws.
    public static func load(path: String) throws(DeckError) -> (deck: Deck, warnings: [String]) {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
            throw DeckError("\(path): no such file or folder")
        }
        return isDir.boolValue ? try loadFolder(path) : try loadFile(path)
    }

    /// Reads every image file in a folder (not recursive), sorted by name, titled by file name.
    static func loadFolder(_ path: String) throws(DeckError) -> (deck: Deck, warnings: [String]) {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: path) } catch {
            throw DeckError("\(path): cannot read the folder (\(error.localizedDescription))")
        }
        let images = names.filter { imageExtensions.contains(($0 as NSString).pathExtension.lowercased()) && !$0.hasPrefix(".") }
            .sorted { $0.localizedStandardCompare($1) == .orderedAscending }
        guard !images.isEmpty else {
            throw DeckError("\(path): no images in this folder (looked for \(imageExtensions.sorted().joined(separator: ", ")))")
        }
        let base = URL(fileURLWithPath: path).standardizedFileURL
        let items = images.map { name in
            DeckItem(image: base.appendingPathComponent(name).path, title: Deck.title(fromFileName: name))
        }
        return (Deck(name: base.lastPathComponent, items: items), [])
    }

    /// "mountain-trail.jpg" -> "Mountain Trail".
    public static func title(fromFileName name: String) -> String {
        let stem = (name as NSString).deletingPathExtension
        return stem.replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
            .split(separator: " ").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    /// Reads a deck file (format in the README): `{"name", "base", "items": [{"image", "title", "still",
    /// "width", "height", "details": {...}}]}` or a bare array of items.
    static func loadFile(_ path: String) throws(DeckError) -> (deck: Deck, warnings: [String]) {
        guard let data = FileManager.default.contents(atPath: path) else { throw DeckError("\(path): cannot read the file") }
        guard data.count <= maxFileSize else { throw DeckError("\(path): file is \(data.count) bytes, larger than the \(maxFileSize >> 20) MB a deck may be") }
        let json: JSONValue
        do { json = try JSONParser.parse(data) } catch let e as JSONSyntaxError {
            throw DeckError("\(path):\(e.line): invalid JSON: \(e.message)")
        } catch { throw DeckError("\(path): invalid JSON") }
        let folder = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent()
        let list: [JSONValue]
        var name = (path as NSString).lastPathComponent
        var base = folder
        switch json {
        case .array(let a): list = a
        case .object:
            guard let a = json["items"]?.arrayValue else { throw DeckError("\(path): expected an \"items\" array") }
            list = a
            if let n = json["name"]?.stringValue { name = n }
            if let b = json["base"]?.stringValue { base = URL(fileURLWithPath: b, relativeTo: folder).standardizedFileURL }
        default:
            throw DeckError("\(path): expected a deck object or an array of items, got \(json.typeName)")
        }
        var items: [DeckItem] = []
        var warnings: [String] = []
        var seen: Set<String> = []
        for (k, entry) in list.enumerated() {
            switch item(from: entry, base: base) {
            case .success(let item):
                if !seen.insert(item.image).inserted { warnings.append("\(path): item \(k + 1): \(item.fileName) is listed twice; kept both") }
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
        return URL(fileURLWithPath: source, relativeTo: base).standardizedFileURL.path
    }

    static func item(from json: JSONValue, base: URL) -> Result<DeckItem, DeckError> {
        if let s = json.stringValue, !s.isEmpty {
            return .success(DeckItem(image: resolve(s, base: base), title: title(fromFileName: (s as NSString).lastPathComponent)))
        }
        guard json.members != nil else { return .failure(DeckError("expected an object or a file name, got \(json.typeName)")) }
        guard let image = json["image"]?.stringValue, !image.isEmpty else { return .failure(DeckError("\"image\" is missing or not a string")) }
        let source = resolve(image, base: base)
        var item = DeckItem(image: source, title: json["title"]?.stringValue ?? title(fromFileName: (image as NSString).lastPathComponent))
        if let still = json["still"]?.stringValue, !still.isEmpty { item.still = resolve(still, base: base) }
        if let w = json["width"]?.numberValue, let h = json["height"]?.numberValue, w > 0, h > 0, w.isFinite, h.isFinite, w < 1e6, h < 1e6 {
            item.size = Size(w, h)
        }
        for m in json["details"]?.members ?? [] {
            switch m.value {
            case .string(let s): item.details.append((m.key, s))
            case .number(let n): item.details.append((m.key, JSONValue.format(n)))
            default: break
            }
        }
        return .success(item)
    }
}
