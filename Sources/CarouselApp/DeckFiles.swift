import CarouselStyles
import CarouselSupport
import Foundation

/// Decks read from disk: a deck file or a folder of images. The deck itself is a value of the styles module, which
/// reads no files; reading them (size limits, regular files only, FIFOs refused on the window's thread) is the app's,
/// beside its other files (state, parameters, presets).
extension Deck {
    /// File extensions read as images from a folder.
    public static let imageExtensions: Set<String> = ["jpg", "jpeg", "png", "bmp", "gif", "webp", "tif", "tiff", "tga", "qoi"]
    /// The largest deck file read, in bytes.
    public static let maxFileSize = 8 << 20

    /// Loads a deck from a JSON file or a folder of images. Problems with single items are returned as warnings
    /// (at most `maxWarnings`, then a count of the rest) and the item is skipped or the bad field ignored; a deck
    /// that cannot be read at all throws. With `streams` `.refuse` (the window's thread: a remembered or pasted
    /// deck) a deck file that is a FIFO or device is refused at once instead of waited on.
    public static func load(path: String, streams: SafeFileReader.Streams = .read) throws(DeckError) -> (deck: Deck, warnings: [String]) {
        if let problem = FileInput.problem(at: path, regularOnly: false), !problem.hasPrefix("is a folder") {
            throw DeckError("\(path): \(problem == "file not found" ? "no such file or folder" : problem)")
        }
        var isDir: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDir)
        let (deck, warnings) = isDir.boolValue ? try loadFolder(path) : try loadFile(path, streams: streams)
        return (deck, capped(warnings))
    }

    /// Reads every image file in a folder (not recursive), sorted by name, titled by file name.
    static func loadFolder(_ path: String) throws(DeckError) -> (deck: Deck, warnings: [String]) {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: path) } catch {
            throw DeckError("\(path): cannot read the folder (\(SystemError.reason(error)))")
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

    /// Reads a deck file (format in docs/user-guide.md): `{"name", "base", "items": [{"image", "title", "still",
    /// "width", "height", "details": {...}}]}` or a bare array of items.
    static func loadFile(_ path: String, streams: SafeFileReader.Streams) throws(DeckError) -> (deck: Deck, warnings: [String]) {
        let data: Data
        do { data = try FileInput.read(path, limit: maxFileSize, what: "deck file", streams: streams) } catch { throw DeckError(error.message) }
        return try parse(data, source: path, base: URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent())
    }
}
