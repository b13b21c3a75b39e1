import CarouselSupport
import CarouselCore
import CarouselStyles
import Foundation

/// Ctrl+E in the window: writes the focused pane's style with its tuned values as SwiftUI and as a web page (its
/// images copied beside it) into the screenshots folder, named like a screenshot (`expand-2026-11-24-081502.swift`
/// and `.html`), and says in the window where they went; the SwiftUI type is named after the style and preset
/// (`ExpandCarousel`), the timestamp only in the file's name. The files are rendered and written on a background
/// queue; the window takes the result (`takeResults`), woken by `wake`.
@MainActor
public final class CodeExportSession: BackgroundWork {
    /// Where the files go.
    public let folder: ScreenshotFolder
    /// Wakes the window loop when a background export finished.
    public var wake: @Sendable () -> Void = {}
    /// The wall-clock date for file names (injected; tests pass a fixed one).
    public var date: () -> Date = Date.init
    /// The home folder, for `~` in messages.
    public var home: String
    private let finished = Mailbox<FinishedExport>()
    private var inFlight: Set<String> = []

    public init(folder: ScreenshotFolder, home: String = UserHome.path()) {
        self.folder = folder
        self.home = home
    }

    /// Starts writing `export` (both formats it has) for `style`; `pump` reports the result.
    public func start(_ export: CodeExport, style: String) {
        var named = export
        named.namesTypeAfterFile = false
        let stem = (folder.path(style: style, date: date(), extensions: ["swift", "html"]) { path in
            self.inFlight.contains((path as NSString).deletingPathExtension) || FileManager.default.fileExists(atPath: path)
        } as NSString).deletingPathExtension
        inFlight.insert(stem)
        let folderPath = folder.path, jobs = finished, wake = self.wake, export = named
        DispatchQueue.global(qos: .userInitiated).async {
            // Each format is written whole or not at all; what was written is said even when a later one fails.
            var written: [String] = []
            var failure: ExportError?
            do throws(ExportError) {
                do { try FileManager.default.createDirectory(atPath: folderPath, withIntermediateDirectories: true) } catch {
                    throw ExportError("\(folderPath): cannot create the folder (\(SystemError.reason(error)))")
                }
                for format in export.export.formats {
                    written += try export.write(format, to: stem + "." + format.fileExtension)
                }
            } catch {
                failure = error
            }
            jobs.post(FinishedExport(stem: stem, written: written, failure: failure))
            wake()
        }
    }

    /// What the finished exports wrote, or why not, as messages (and the first file written, for Ctrl+Shift+C).
    public func takeResults() -> [AppAction] {
        finished.drain().flatMap { job -> [AppAction] in
            inFlight.remove(job.stem)
            // "Exported expand-2026-11-24-081502.swift and .html to ~/Pictures/Carousel Lab": the page's images
            // are in the folder of the same name beside it.
            let name = (job.stem as NSString).lastPathComponent
            let extensions = job.written.map { ($0 as NSString).pathExtension }.filter { !$0.isEmpty }
            let files = extensions.isEmpty ? "" : ([name + "." + extensions[0]] + extensions.dropFirst().map { "." + $0 }).joined(separator: " and ")
            let folder = ScreenshotFolder.abbreviated((job.stem as NSString).deletingLastPathComponent, home: home)
            let saved: [AppAction] = job.written.first.map { [.capture(.saved($0))] } ?? []
            switch (files.isEmpty, job.failure) {
            case (_, nil):
                return [.message(Message("Exported \(files) to \(folder)", seconds: 6))] + saved
            case (true, let error?):
                return [.message(.problem("export not saved: \(error.message)"))]
            case (false, let error?):
                return [.message(Message("Exported \(files) to \(folder); the rest was not saved: \(error.message)", seconds: 8, error: true, reported: true))] + saved
            }
        }
    }

    public var isIdle: Bool { inFlight.isEmpty }
}

/// A finished background export.
struct FinishedExport: Sendable {
    let stem: String
    /// The paths written (a page's image folder as one).
    let written: [String]
    /// Why the rest was not written, if something was not.
    let failure: ExportError?
}
