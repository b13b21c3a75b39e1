import CarouselCore
import CarouselStyles
import CarouselSupport
import Foundation

/// Fetches what a dropped or pasted URL names, with the limits of the deck's remote images (the executable gives
/// `ImageFetcher`'s; tests give fakes). Each failure is one line naming the URL.
public struct DropFetcher: Sendable {
    /// The bytes of an image at a URL (checked to be an image).
    public var image: @Sendable (String) async -> Result<Data, DeckError>
    /// The bytes of a deck file at a URL, at most `Deck.maxFileSize`.
    public var document: @Sendable (String) async -> Result<Data, DeckError>

    public init(image: @escaping @Sendable (String) async -> Result<Data, DeckError>,
                document: @escaping @Sendable (String) async -> Result<Data, DeckError>) {
        self.image = image; self.document = document
    }
}

/// Drag and drop and Ctrl+V onto the window: what is dropped becomes the deck of every pane.
///
/// A drop is collected from `.begin` to `.complete` (files and texts in the order the source gave them); a paste
/// is the clipboard's lines. Each source is a path (an image file, a folder of images, a deck JSON) or an
/// `http(s)://` URL (a deck JSON when its path ends in `.json`, else an image, fetched first so a page that is not
/// an image is refused). The sources' items, in order, make one deck that replaces the old one (`.replaceDeck`);
/// a broken source is reported in one line naming it (on stderr and in the window) and skipped, as is a line of text
/// that names none, and a drop with nothing usable says so and keeps the old deck. Each step answers with the actions
/// to apply: a few local sources are built at once; URLs, and more than `atOnce` paths (a text is read up to
/// `maxSources` lines), are read in the background and the result comes back through `takeResults`, woken by
/// `wake`. Deck files are read without ever waiting on a FIFO.
@MainActor
public final class DeckDrop: BackgroundWork {
    /// What a drop or paste came to: the deck (nil when nothing was usable), the problems (one line each), and the
    /// window's message.
    public struct Outcome: Equatable, Sendable {
        public var deck: Deck?
        /// Where the deck came from when it was one local folder, deck file or image (remembered for the next run).
        public var source: String?
        public var problems: [String]
        public var message: String
        /// The deck's images the image check finds unreadable (named in `message`).
        public var unreadable = UnreadableImages([])
    }

    /// Why an image cannot be shown, found without decoding it, or nil: the executable gives the image store's
    /// check, whose words the image's tile says too.
    public typealias ImageCheck = @Sendable (String) -> String?

    /// One thing dropped or pasted.
    public enum Source: Equatable, Sendable {
        case path(String)
        case url(String)
    }

    /// Fetches URLs; nil where there is no network (URLs are then reported as such).
    public var fetcher: DropFetcher?
    /// Checks a new deck's images, in the background with the deck, so its message says which cannot be read
    /// ("Deck: 13 images from "shots", 2 could not be read: a.jpg (empty file), ..."); nil: not checked.
    public var imageCheck: ImageCheck?
    /// Wakes the window loop when a background fetch finished.
    public var wake: @Sendable () -> Void = {}
    /// The items of the drop in progress, between `.begin` and `.complete`, and the lines of its text that name none.
    private var collecting: [Source]?
    private var collectingProblems: [String] = []
    private let finished = Mailbox<(DeckDrop.Outcome, Int)>()
    /// Counts loads started: a background result that a later drop overtook is dropped.
    private var generation = 0
    /// Background loads not yet taken.
    private var inFlight = 0

    public init(fetcher: DropFetcher? = nil) { self.fetcher = fetcher }

    // MARK: Input

    /// Takes one step of a drop; at `.complete` the collected sources become the deck.
    public func handle(_ step: DropEvent) -> [AppAction] {
        switch step {
        case .begin:
            collecting = []
            collectingProblems = []
        case .file(let path):
            // SDL may send a file without a begin (older backends): it starts a drop of its own.
            if collecting == nil { collecting = [] }
            collecting?.append(.path(path))
        case .text(let text):
            if collecting == nil { collecting = [] }
            let (sources, problems) = DeckDrop.sources(fromText: text)
            collecting? += sources
            collectingProblems += problems
        case .complete:
            let sources = collecting ?? [], problems = collectingProblems
            collecting = nil
            collectingProblems = []
            return load(sources, what: "drop", problems: problems)
        }
        return []
    }

    /// Ctrl+V: the clipboard's text, one path or URL per line, becomes the deck.
    public func paste(_ text: String) -> [AppAction] {
        let (sources, problems) = DeckDrop.sources(fromText: text)
        guard problems.isEmpty || !sources.isEmpty else {
            return DeckDrop.actions(for: Outcome(deck: nil, source: nil, problems: problems, message: "Nothing to paste: \(problems[0])"))
        }
        return load(sources, what: "paste", problems: problems)
    }

    /// The most local sources built at once on the window's thread; more are read in the background.
    static let atOnce = 64

    /// Builds the deck from `sources` (`problems`: lines of the text that named none): at once when they are a few
    /// local ones, else in the background (fetching the URLs, reading many paths), so the window never waits.
    func load(_ sources: [Source], what: String, problems: [String] = []) -> [AppAction] {
        // One effect file (or Swiper's options) dropped or pasted is a style to show, not a deck.
        if sources.count == 1, case .path(let path) = sources[0], let effect = DeckDrop.effect(at: path) { return effect }
        generation += 1
        let urls: [String] = fetcher == nil ? [] : sources.compactMap { if case .url(let u) = $0 { u } else { nil } }
        guard imageCheck != nil || !urls.isEmpty || sources.count > Self.atOnce else {
            return DeckDrop.actions(for: DeckDrop.build(sources, what: what, fetched: [:], problems: problems))
        }
        let fetching = urls.count == 1 ? MessageText.quote(urls[0]) : "\(urls.count) URLs"
        let doing = urls.isEmpty ? "Reading \(sources.count == 1 ? "1 path" : "\(sources.count) paths")" : "Fetching \(fetching)"
        inFlight += 1
        let jobs = finished, wake = self.wake, generation = self.generation, fetcher = self.fetcher, check = imageCheck
        Task.detached {
            var fetched: [String: Result<Data, DeckError>] = [:]
            if let fetcher {
                for url in urls where fetched[url] == nil {
                    fetched[url] = DeckDrop.isDeckURL(url) ? await fetcher.document(url) : await fetcher.image(url)
                }
            }
            jobs.post((DeckDrop.build(sources, what: what, fetched: fetched, problems: problems, check: check), generation))
            wake()
        }
        return [.message(Message(doing + "…", seconds: 30))]
    }

    /// Checks the images of the deck the window opened with, in the background (`imageCheck`); when any cannot be
    /// read, the deck line says which, on stderr and in the window. Nothing when all look fine or nothing checks.
    public func checkOpeningDeck(_ deck: Deck) {
        guard let check = imageCheck, !deck.items.isEmpty else { return }
        inFlight += 1
        let jobs = finished, wake = self.wake, generation = self.generation
        Task.detached {
            let unreadable = UnreadableImages.find(in: deck.items.map(\.image), check: check)
            if let summary = unreadable.summary {
                let line = "\(DeckDrop.deckLine(count: deck.items.count, from: MessageText.quote(deck.name))), \(summary)"
                jobs.post((Outcome(deck: nil, source: nil, problems: [line], message: line, unreadable: unreadable), generation))
            } else {
                // Nothing to say, but the load is over (`isIdle`).
                jobs.post((Outcome(deck: nil, source: nil, problems: [], message: ""), generation))
            }
            wake()
        }
    }

    /// "Deck: 13 images from `source`".
    nonisolated static func deckLine(count: Int, from source: String) -> String {
        "Deck: \(count) image\(count == 1 ? "" : "s") from \(source)"
    }

    /// A finished background load (the latest drop's only), as actions.
    public func takeResults() -> [AppAction] {
        let done = finished.drain()
        inFlight -= done.count
        return done.filter { $0.1 == generation }.flatMap { DeckDrop.actions(for: $0.0) }
    }

    public var isIdle: Bool { inFlight == 0 }

    /// What an outcome does to the window: the new deck (or none), each problem on stderr, and the message (an error
    /// when anything was skipped, could not be read or nothing loaded).
    static func actions(for outcome: Outcome) -> [AppAction] {
        // An opening deck whose images all look fine: nothing to say.
        guard outcome.deck != nil || !outcome.message.isEmpty else { return [] }
        let trouble = !outcome.problems.isEmpty || !outcome.unreadable.images.isEmpty
        let reports: [AppAction] = outcome.problems.map { .report($0) }
        let deck: [AppAction] = outcome.deck.map { [.panes(.replaceDeck($0, source: outcome.source, problems: outcome.problems))] } ?? []
        return reports + deck + [.message(Message(outcome.message, seconds: trouble ? 8 : 3, error: trouble))]
    }

    // MARK: Building (no window needed)

    /// The sources in a dropped or pasted text: one per line (a `text/uri-list` or plain lines), `#` comments and
    /// blank lines skipped; `file://` URLs become paths; anything else is a problem line.
    public nonisolated static func sources(fromText text: String) -> (sources: [Source], problems: [String]) {
        var sources: [Source] = [], problems: [String] = [], lines = 0
        // Split on the bytes: a paste may be megabytes, and only its first `maxSources` lines become strings.
        for raw in text.utf8.split(whereSeparator: { $0 == 0x0A || $0 == 0x0D }) {
            lines += 1
            guard lines <= maxSources else { continue }
            let line = String(decoding: raw, as: UTF8.self).trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { lines -= 1; continue }
            let lower = line.lowercased()
            if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
                sources.append(.url(line))
            } else if lower.hasPrefix("file://"), let url = URL(string: line), url.isFileURL {
                sources.append(.path(url.path))
            } else if line.hasPrefix("/") || line.hasPrefix("~/") {
                sources.append(.path((line as NSString).expandingTildeInPath))
            } else {
                problems.append("\(MessageText.quote(line)): not a file, folder or http(s) URL; skipped")
            }
        }
        if lines > maxSources { problems.append("the text has \(lines) lines; only the first \(maxSources) were read") }
        return (sources, problems)
    }

    /// The most lines of a dropped or pasted text read as sources (a deck of more is a folder or a deck file).
    public nonisolated static let maxSources = 10_000

    /// Whether a URL names a deck file (its path ends in `.json`) rather than an image.
    public nonisolated static func isDeckURL(_ url: String) -> Bool {
        (URL(string: url)?.path ?? url).lowercased().hasSuffix(".json")
    }

    /// The deck made of `sources` in order, with `fetched` holding each URL's bytes (a URL missing there was not
    /// fetched: there is no network). `what` names the action in the message ("drop", "paste"); `problems` are
    /// the text's lines that named no source, reported first. With `check`, the message also names the deck's
    /// images that cannot be read.
    public nonisolated static func build(_ sources: [Source], what: String, fetched: [String: Result<Data, DeckError>],
                                         problems textProblems: [String] = [], check: ImageCheck? = nil) -> Outcome {
        var items: [DeckItem] = [], problems = textProblems, names: [String] = []
        for source in sources {
            switch loadItems(source, fetched: fetched) {
            case .success(let (deck, warnings)):
                items += deck.items
                names.append(deck.name)
                problems += warnings
            case .failure(let error):
                problems.append(error.message)
            }
        }
        problems = Deck.capped(problems)
        guard !items.isEmpty else {
            let why = problems.first.map { ": \($0)" } ?? ""
            // SDL on X11 passes on only local files from a uri-list: a link dragged from a browser arrives as nothing.
            let message = sources.isEmpty ? "Nothing to load from the \(what)\(what == "drop" ? " (for a link, copy it and press Ctrl+V)" : ""); the deck is unchanged"
                : "Nothing loaded from the \(what)\(why)\(problems.count > 1 ? " (+\(problems.count - 1) more)" : ""); the deck is unchanged"
            return Outcome(deck: nil, source: nil, problems: problems, message: message)
        }
        let single = sources.count == 1 && names.count == 1
        let name = single ? names[0] : (what == "paste" ? "Pasted images" : "Dropped images")
        // What `--images` would take again next run: a folder or a deck file (not a single image).
        var source: String?
        if single, case .path(let p) = sources[0], p.lowercased().hasSuffix(".json") || isFolder(p) { source = p }
        var message = deckLine(count: items.count, from: single ? MessageText.quote(names[0]) : "the \(what)")
        let unreadable = check.map { UnreadableImages.find(in: items.map(\.image), check: $0) } ?? UnreadableImages([])
        if let summary = unreadable.summary { message += ", \(summary)" }
        if let first = problems.first {
            message += "; skipped \(first)\(problems.count > 1 ? " (+\(problems.count - 1) more)" : "")"
        }
        return Outcome(deck: Deck(name: name, items: items), source: source, problems: problems, message: message, unreadable: unreadable)
    }

    /// The items of one source, as a small deck named after it, with its warnings; or why it gives none.
    nonisolated static func loadItems(_ source: Source, fetched: [String: Result<Data, DeckError>]) -> Result<(Deck, [String]), DeckError> {
        switch source {
        case .url(let url):
            guard let result = fetched[url] else { return .failure(DeckError("\(MessageText.clean(url)): URLs cannot be fetched here")) }
            switch result {
            case .failure(let error):
                return .failure(error)
            case .success(let data) where isDeckURL(url):
                let base = URL(string: url)?.deletingLastPathComponent() ?? URL(fileURLWithPath: "/")
                do throws(DeckError) { return .success(try Deck.parse(data, source: url, base: base)) } catch { return .failure(error) }
            case .success:
                let name = URL(string: url)?.lastPathComponent ?? url
                return .success((Deck(name: name, items: [DeckItem(image: url, title: Deck.title(fromFileName: name))]), []))
            }
        case .path(let path):
            let name = (path as NSString).lastPathComponent
            if isFolder(path) || (path as NSString).pathExtension.lowercased() == "json" && FileManager.default.fileExists(atPath: path) {
                do throws(DeckError) { return .success(try Deck.load(path: path, streams: .refuse)) } catch { return .failure(error) }
            }
            if let problem = FileInput.problem(at: path, regularOnly: true) {
                return .failure(DeckError("\(MessageText.clean(path)): \(problem)"))
            }
            guard isImage(path) else {
                return .failure(DeckError("\(MessageText.clean(name)): not an image, folder or deck file"))
            }
            return .success((Deck(name: name, items: [DeckItem(image: path, title: Deck.title(fromFileName: name))]), []))
        }
    }

    /// What a dropped or pasted `.json` file means when it is an effect: the focused pane shows it (and the window
    /// follows the file as it is saved), or one line says what is wrong with it; nil when it is no effect (a deck
    /// file).
    static func effect(at path: String) -> [AppAction]? {
        guard path.lowercased().hasSuffix(".json"), FileInput.isRegularFile(path) else { return nil }
        do {
            let definition = try StyleRegistry.effectFile(path)
            return [.panes(.switchStyle(definition, announce: true))]
        } catch {
            // Broken: an effect only when it says so (its keys); a deck file is read as a deck.
            guard let data = try? FileInput.read(path, limit: EffectLimits.fileBytes, what: "effect file"),
                  let text = String(data: data, encoding: .utf8),
                  ["\"tracks\"", "\"effect\"", "Effect\"", "\"snap\""].contains(where: text.contains) else { return nil }
            return [.message(.problem("\(error)"))]
        }
    }

    nonisolated static func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }

    /// Whether the file at `path` starts like an image (a TGA, which has no signature, goes by its extension).
    nonisolated static func isImage(_ path: String) -> Bool {
        if (path as NSString).pathExtension.lowercased() == "tga" { return true }
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: ImageSignature.length)) ?? Data()
        return ImageSignature.matches(Array(head))
    }
}

