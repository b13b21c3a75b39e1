import CarouselSupport
import CarouselCore
import CarouselStyles
import Foundation
import Synchronization

/// A failure to export, as one line naming the culprit.
public struct ExportError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    /// What `write` throws when it was interrupted: nothing was left behind.
    public static let interruption = ExportError("interrupted: nothing exported")
    public var description: String { message }
}

/// How an export finds its images.
public enum ExportImageMode: Sendable {
    /// A page's copied into a folder beside it, `PAGE-images/` (the default for a file); a SwiftUI file's from the
    /// app's asset catalog, under the asset names its header lists.
    case besidePage
    /// In the file itself (`--embed-images`): a page's as data URLs (also on standard output), a SwiftUI file's as
    /// Base64 text decoded with `UIImage` / `NSImage`, so it needs no asset catalog. Remote images stay remote.
    case embedded
}

/// One export: a style's tuned values on a deck, ready to be written as SwiftUI or as a web page. Everything in it
/// is a value, so it can be rendered and written off the main thread.
public struct CodeExport: Sendable {
    public let style: StyleDescriptor
    public let export: StyleExport
    public let parameters: Parameters
    public let deck: Deck
    /// The preset's name when the values came from a preset: part of the SwiftUI type's name when the file's name
    /// does not give it (`ExpandSlowerCarousel`).
    public var presetName: String?
    /// Whether the SwiftUI type is named after the file it is written to (a name the user gave); false for names the
    /// app makes (Ctrl+E's timestamped files), whose type is named after the style and preset (`ExportNaming`).
    public var namesTypeAfterFile = true

    /// An export of `definition` with `parameters` (its full schema, as `StyleRegistry.schema` gives it); nil when
    /// the style has no export.
    @MainActor public init?(definition: StyleDefinition, parameters: Parameters, deck: Deck) {
        guard let export = definition.export else { return nil }
        style = definition.descriptor
        self.export = export
        self.parameters = parameters
        self.deck = deck
    }

    /// An export of the style named `styleName` with its defaults and then the values of a parameter file, preset,
    /// layout file or sidecar (`values`, read from `file`), on `deck`. Returns the problems with single values too
    /// (each names its key and line; the rest applies).
    @MainActor public static func make(styleName: String, values: JSONValue?, file: String, deck: Deck)
        throws(ExportError) -> (export: CodeExport, problems: [String]) {
        guard let definition = StyleRegistry.style(named: styleName) else {
            throw ExportError("unknown style \(MessageText.quote(styleName)) (styles: \(StyleRegistry.names.joined(separator: ", ")))")
        }
        var parameters = Parameters(specs: StyleRegistry.schema(of: definition))
        let problems = values.map { parameters.apply(json: $0, file: file) } ?? []
        guard var export = CodeExport(definition: definition, parameters: parameters, deck: deck) else {
            throw ExportError("\(styleName) has no export")
        }
        if values?["parameters"] != nil { export.presetName = values?["name"]?.stringValue }
        return (export, problems)
    }

    // MARK: Checking images

    /// `deck` without the local images that `problem` (given a file's path) says cannot be shown, and those problems
    /// in deck order, one line each: an item whose image cannot be shown is left out, a still that cannot be is
    /// dropped. Remote images are left to the browser. The files are checked on several threads at once. Throws
    /// when no item is left.
    public static func readableImages(of deck: Deck, problem: @escaping @Sendable (String) -> String?) throws(ExportError) -> (deck: Deck, problems: [String]) {
        var sources: [String] = []
        var seen: Set<String> = []
        for source in deck.items.flatMap({ [$0.image] + ($0.still.map { [$0] } ?? []) }) where !isRemote(source) && seen.insert(source).inserted {
            sources.append(source)
        }
        let found = Mutex(Array<String?>(repeating: nil, count: sources.count))
        let paths = sources.map(localPath)
        DispatchQueue.concurrentPerform(iterations: paths.count) { i in
            let why = problem(paths[i])
            found.withLock { $0[i] = why }
        }
        let problems = found.withLock { $0 }
        let unreadable = Set(zip(sources, problems).compactMap { $1 == nil ? nil : $0 })
        var kept = deck
        kept.items = deck.items.compactMap { item in
            guard !unreadable.contains(item.image) else { return nil }
            var item = item
            if let still = item.still, unreadable.contains(still) { item.still = nil }
            return item
        }
        guard !kept.items.isEmpty else {
            throw ExportError("none of the deck's \(deck.items.count) images can be shown (\(problems.compactMap { $0 }.first ?? "")); nothing exported")
        }
        return (kept, problems.compactMap { $0.map { $0 + "; left out of the export" } })
    }

    // MARK: Rendering

    /// The code of `format` to be written to `pagePath` (nil: standard output); its images as `mode` says (a page's
    /// relative to `pagePath` when beside it). A SwiftUI file's type is named after the file (`ExportNaming`).
    /// Returns the text and the image files to copy (source path, destination path).
    public func render(_ format: ExportFormat, pagePath: String?, images mode: ExportImageMode)
        throws(ExportError) -> (text: String, copies: [(source: String, destination: String)]) {
        var images = ExportImage.images(of: deck)
        var copies: [(String, String)] = []
        if format == .swiftui && mode == .embedded {
            for i in images.indices where !Self.isRemote(images[i].source) {
                images[i].embeddedData = try Self.imageData(Self.localPath(images[i].source))
            }
        }
        if format == .html {
            let folder = pagePath.map { Self.imageFolder(forPage: $0) }
            for i in images.indices {
                let source = images[i].source
                if Self.isRemote(source) {
                    images[i].pageSource = source
                } else if mode == .embedded || folder == nil {
                    images[i].pageSource = try Self.dataURL(of: Self.localPath(source), file: images[i].file)
                } else if let folder {
                    let name = (folder as NSString).lastPathComponent
                    images[i].pageSource = name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)! + "/"
                        + images[i].file.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)!
                    copies.append((Self.localPath(source), (folder as NSString).appendingPathComponent(images[i].file)))
                }
            }
        }
        do {
            let naming = ExportNaming.make(style: style.name, path: pagePath, preset: presetName, typeFromFile: namesTypeAfterFile)
            let text = try ExportRenderer.render(format, style: style, export: export, parameters: parameters, deck: deck,
                                                 images: images, naming: naming)
            return (text, copies)
        } catch {
            throw ExportError("\(style.name) \(format.rawValue) export: \(error.message)")
        }
    }

    // MARK: Writing

    /// Writes `format` to `path` (whole or not at all) with, for a page beside its images, the image folder: the
    /// page and every image appear together or none does. `interrupted` is asked between files (the command line's
    /// SIGTERM, Ctrl+C): when it says so, the temporary files and the folder made for the images are removed and
    /// `ExportError.interruption` is thrown. Returns the paths written (the folder as one).
    @discardableResult
    public func write(_ format: ExportFormat, to path: String, images mode: ExportImageMode = .besidePage,
                      interrupted: () -> Bool = { false }) throws(ExportError) -> [String] {
        let (text, copies) = try render(format, pagePath: path, images: mode)
        var files: [(path: String, data: Data)] = [(path, Data(text.utf8))]
        for copy in copies {
            files.append((copy.destination, try Self.imageData(copy.source)))
        }
        var createdFolder: String?
        if !copies.isEmpty {
            let folder = Self.imageFolder(forPage: path)
            var isDirectory: ObjCBool = false
            if !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
                do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false) } catch {
                    throw ExportError("\(folder): cannot create the image folder (\(Self.reason(error)))")
                }
                createdFolder = folder
            } else if !isDirectory.boolValue {
                throw ExportError("\(folder): exists and is not a folder; the page's images go there")
            }
        }
        do throws(AtomicFileError) { try AtomicFile.writeAll(files, interrupted: interrupted) } catch {
            if let createdFolder { try? FileManager.default.removeItem(atPath: createdFolder) }
            if error.kind == .interrupted { throw ExportError.interruption }
            throw ExportError("\(error.path): cannot write (\(error.reason))")
        }
        return [path] + (copies.isEmpty ? [] : [Self.imageFolder(forPage: path)])
    }

    /// The largest image file copied or embedded.
    static let maxImageBytes = 100 << 20

    /// The folder beside a page that holds its images: `expand.html` -> `expand-images`.
    public static func imageFolder(forPage path: String) -> String {
        (path as NSString).deletingPathExtension + "-images"
    }

    static func isRemote(_ source: String) -> Bool {
        let lower = source.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    static func localPath(_ source: String) -> String {
        source.lowercased().hasPrefix("file://") ? (URL(string: source)?.path ?? source) : source
    }

    /// The bytes of the image at `path`, for embedding.
    static func imageData(_ path: String) throws(ExportError) -> Data {
        do { return try FileInput.read(path, limit: maxImageBytes, what: "image") } catch { throw ExportError("\(error.message) (not exported)") }
    }

    /// The image at `path` as a data URL.
    static func dataURL(of path: String, file: String) throws(ExportError) -> String {
        let data = try imageData(path)
        let types = ["jpg": "image/jpeg", "jpeg": "image/jpeg", "png": "image/png", "gif": "image/gif", "webp": "image/webp",
                     "bmp": "image/bmp", "tif": "image/tiff", "tiff": "image/tiff"]
        let type = types[(file as NSString).pathExtension.lowercased()] ?? "application/octet-stream"
        return "data:\(type);base64,\(data.base64EncodedString())"
    }

    private static func reason(_ error: Error) -> String {
        SystemError.reason(error)
    }
}
