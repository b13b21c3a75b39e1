import CarouselSupport
import CarouselCore
import CarouselStyles
import Foundation

/// Ctrl+E in the window: writes the focused pane's style with its tuned values as SwiftUI and as a web page (its
/// images copied beside it) into the screenshots folder, named like a screenshot (`expand-2026-11-24-081502.swift`
/// and `.html`), and says in the window where they went. The files are rendered and written on a background queue;
/// the loop picks up the result (`pump`), woken by `wake`.
@MainActor
public final class CodeExportSession {
    /// Where the files go.
    public let folder: ScreenshotFolder
    /// Wakes the window loop when a background export finished.
    public var wake: @Sendable () -> Void = {}
    /// The wall-clock date for file names (injected; tests pass a fixed one).
    public var date: () -> Date = Date.init
    /// The home folder, for `~` in messages.
    public var home: String
    private let finished = FinishedExports()
    private var inFlight: Set<String> = []

    public init(folder: ScreenshotFolder, home: String = NSHomeDirectory()) {
        self.folder = folder
        self.home = home
    }

    /// Starts writing `export` (both formats it has) for `style`; `pump` reports the result.
    public func start(_ export: CodeExport, style: String) {
        let stem = (folder.path(style: style, date: date(), extensions: ["swift", "html"]) { path in
            self.inFlight.contains((path as NSString).deletingPathExtension) || FileManager.default.fileExists(atPath: path)
        } as NSString).deletingPathExtension
        inFlight.insert(stem)
        let folderPath = folder.path, jobs = finished, wake = self.wake
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
            jobs.add(FinishedExport(stem: stem, written: written, failure: failure))
            wake()
        }
    }

    /// Says in `preview` what the finished exports wrote, or why not (the loop calls it each iteration).
    public func pump(_ preview: Preview) {
        for job in finished.take() {
            inFlight.remove(job.stem)
            // "Exported expand-2026-11-24-081502.swift and .html to ~/Pictures/Carousel Lab": the page's images
            // are in the folder of the same name beside it.
            let name = (job.stem as NSString).lastPathComponent
            let extensions = job.written.map { ($0 as NSString).pathExtension }.filter { !$0.isEmpty }
            let files = extensions.isEmpty ? "" : ([name + "." + extensions[0]] + extensions.dropFirst().map { "." + $0 }).joined(separator: " and ")
            let folder = ScreenshotFolder.abbreviated((job.stem as NSString).deletingLastPathComponent, home: home)
            switch (files.isEmpty, job.failure) {
            case (_, nil):
                preview.show(message: "Exported \(files) to \(folder)", seconds: 6, error: false)
            case (true, let error?):
                let line = "export not saved: \(error.message)"
                preview.report(line)
                preview.show(message: line, seconds: 6, error: true)
            case (false, let error?):
                let line = "Exported \(files) to \(folder); the rest was not saved: \(error.message)"
                preview.report(line)
                preview.show(message: line, seconds: 8, error: true)
            }
        }
    }

    /// Waits until every export in flight is written, up to `timeout` seconds (tests, exit).
    public func waitUntilIdle(_ preview: Preview, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !inFlight.isEmpty && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.02)
            pump(preview)
        }
        return inFlight.isEmpty
    }
}

/// A finished background export.
struct FinishedExport: Sendable {
    let stem: String
    /// The paths written (a page's image folder as one).
    let written: [String]
    /// Why the rest was not written, if something was not.
    let failure: ExportError?
}

/// The finished exports, handed from the background queue to the loop.
final class FinishedExports: @unchecked Sendable {
    private var jobs: [FinishedExport] = []
    private let lock = NSLock()
    func add(_ job: FinishedExport) { lock.lock(); jobs.append(job); lock.unlock() }
    func take() -> [FinishedExport] { lock.lock(); defer { jobs.removeAll(); lock.unlock() }; return jobs }
}
