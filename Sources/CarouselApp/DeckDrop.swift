import CarouselStyles
import CarouselSupport
import Foundation

/// Turns what is dropped on the window (or pasted with Ctrl+V) into the deck: a folder or a deck file dropped alone is
/// opened as it is; image files and image URLs, one or several, become one deck in the order given, written as a
/// deck file (`file`, beside the remembered state) so clips, exports and the next run find it. A file that is not an
/// image is reported in one line naming it and the rest load; a drop with nothing usable keeps the deck shown.
@MainActor
public final class DeckDrop {
    /// Where a deck made of dropped images is written.
    public let file: String
    /// Reads a deck file or folder (the backend's loader; `Deck.load` by default).
    var load: (String) throws(DeckError) -> (deck: Deck, warnings: [String]) = { path throws(DeckError) in try Deck.load(path: path) }

    public init(file: String) { self.file = file }

    /// What a drop becomes: the path of the deck to open, and the problems, each naming its item.
    public struct Plan: Equatable {
        public var deckPath: String?
        public var problems: [String]
        /// "3 images", "the folder Photos", "the deck trip.json".
        public var what: String

        public init(deckPath: String?, problems: [String], what: String) { self.deckPath = deckPath; self.problems = problems; self.what = what }
    }

    /// Opens `items` as the deck of `preview`, saying in the window what it loaded and what it could not.
    public func open(_ items: [String], in preview: Preview) {
        let plan = self.plan(items)
        for problem in plan.problems { preview.report(problem) }
        guard let path = plan.deckPath else {
            preview.show(message: plan.problems.first ?? "Nothing to open in what was dropped", seconds: 6, error: true)
            return
        }
        do throws(DeckError) {
            let (deck, warnings) = try load(path)
            warnings.forEach(preview.report)
            preview.replaceDeck(deck, source: path)
            let skipped = plan.problems + warnings
            if let first = skipped.first {
                preview.show(message: "Deck: \(plan.what). \(first)" + (skipped.count > 1 ? " (and \(skipped.count - 1) more)" : ""), seconds: 8, error: true)
            } else {
                preview.show(message: "Deck: \(plan.what)")
            }
        } catch {
            preview.report(error.message)
            preview.show(message: error.message, seconds: 6, error: true)
        }
    }

    /// The deck `items` make (paths, file:// URIs, http(s) URLs, several per line allowed).
    public func plan(_ items: [String]) -> Plan {
        let entries = items.flatMap { $0.split(whereSeparator: \.isNewline) }.map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }.map(DeckDrop.localPath)
        if entries.count == 1, let only = entries.first, !DeckDrop.isURL(only) {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: only, isDirectory: &isDirectory), isDirectory.boolValue {
                return Plan(deckPath: only, problems: [], what: "the folder \((only as NSString).lastPathComponent)")
            }
            if only.lowercased().hasSuffix(".json") {
                return Plan(deckPath: only, problems: [], what: "the deck \((only as NSString).lastPathComponent)")
            }
        }
        var images: [(image: String, title: String)] = [], problems: [String] = []
        for entry in entries {
            if DeckDrop.isURL(entry) {
                guard let url = URL(string: entry), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
                    problems.append("\(MessageText.quote(entry)): not a file, folder or http(s) URL; skipped")
                    continue
                }
                images.append((entry, Deck.title(fromFileName: url.lastPathComponent)))
            } else if let problem = DeckDrop.imageProblem(entry) {
                problems.append("\(entry): \(problem); skipped")
            } else {
                images.append((URL(fileURLWithPath: entry).standardizedFileURL.path, Deck.title(fromFileName: (entry as NSString).lastPathComponent)))
            }
        }
        guard !images.isEmpty else {
            if problems.isEmpty { problems.append("nothing to open in what was dropped") }
            return Plan(deckPath: nil, problems: problems, what: "")
        }
        let deck = JSONValue.object([
            JSONMember("name", .string("Dropped")),
            JSONMember("items", .array(images.map { .object([JSONMember("image", .string($0.image)), JSONMember("title", .string($0.title))]) })),
        ])
        let folder = (file as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try AtomicFile.write(deck.serialized() + "\n", to: file)
        } catch {
            return Plan(deckPath: nil, problems: problems + ["\(file): cannot write the dropped deck (\(error))"], what: "")
        }
        return Plan(deckPath: file, problems: problems, what: images.count == 1 ? "1 image" : "\(images.count) images")
    }

    static func isURL(_ s: String) -> Bool { s.contains("://") }

    /// A file:// URI as its path (percent-decoded); anything else as it is.
    static func localPath(_ item: String) -> String {
        guard item.lowercased().hasPrefix("file://"), let url = URL(string: item), url.isFileURL else { return item }
        return url.path
    }

    /// Why `path` is not an image file the deck can show, or nil: missing, unreadable, a folder among other items,
    /// a name without an image extension, or bytes that start like no image format.
    static func imageProblem(_ path: String) -> String? {
        if let problem = FileInput.problem(at: path, regularOnly: true) { return problem }
        let ext = (path as NSString).pathExtension.lowercased()
        guard Deck.imageExtensions.contains(ext) else { return "not an image (\(Deck.imageExtensions.sorted().joined(separator: ", ")))" }
        guard let handle = FileHandle(forReadingAtPath: path) else { return "cannot be read" }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 16)) ?? Data())
        return looksLikeAnImage(head) ? nil : "not an image (its bytes are not \(ext.uppercased()))"
    }

    /// Whether `head` starts like an image format SDL_image reads.
    static func looksLikeAnImage(_ head: [UInt8]) -> Bool {
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool { head.count >= offset + magic.count && Array(head[offset..<(offset + magic.count)]) == magic }
        return starts([0xFF, 0xD8, 0xFF]) || starts([0x89, 0x50, 0x4E, 0x47]) || starts(Array("GIF8".utf8)) || starts(Array("BM".utf8))
            || (starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8)) || starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A])
            || starts(Array("qoif".utf8)) || (head.count >= 3 && [0, 1].contains(head[1]) && [1, 2, 3, 9, 10, 11].contains(head[2]))  // TGA
    }
}
