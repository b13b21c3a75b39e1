import CarouselCore
import CarouselSupport
import Foundation

/// F12 and Ctrl+P: asks for the next frame to be saved as a PNG with its sidecar, draws that frame once more without
/// the window's own messages for the screenshot taker to read back, and says in the window where the file went. The
/// taker encodes and writes off the main thread; the saves that finished come back as messages (`takeResults`).
@MainActor
final class ScreenshotSession: BackgroundWork {
    /// Where and how screenshots are saved; nil when there is no window to read back (capture, tests).
    var settings: ScreenshotSettings?
    private unowned let context: AppContext
    private var requested = false
    /// Screenshots asked for whose files are not written yet.
    private var inFlight = 0
    /// Saves that finished since the last `takeResults`, as the taker reported them.
    private var finished: [AppAction] = []

    init(context: AppContext) { self.context = context }

    /// Asks for a screenshot of the next frame.
    func request() {
        guard settings != nil else {
            context.show(message: "Screenshots need a window (use carousel-lab capture)", error: true)
            return
        }
        requested = true
    }

    /// When a screenshot was asked for, has the taker read back the frame `drawPicture` draws (the window's picture
    /// without its own overlays); the window then draws its frame as usual.
    func captureIfRequested(into renderer: Renderer, drawPicture: (Renderer) -> Void) {
        guard requested, let settings else { return }
        requested = false
        // The name is taken when the files are written (two windows may save in the same second): each name of the
        // series gets a sidecar that names it.
        let folder = settings.folder, style = context.focusedPane.styleName, date = settings.date()
        let layout = context.sidecar(named: "", kind: "screenshot")
        inFlight += 1
        settings.taker.captureNextFrame(naming: { n in
            let png = folder.numberedPath(style: style, date: date, number: n, extension: "png")
            return ScreenshotFiles(png: png, sidecarPath: ScreenshotFolder.sidecarPath(for: png),
                                   sidecar: Self.naming(layout, kind: "screenshot", file: (png as NSString).lastPathComponent).serialized() + "\n")
        }) { [weak self] result in
            self?.saved(result)
        }
        drawPicture(renderer)
    }

    /// `sidecar` (made by `AppContext.sidecar(named:kind:)`) naming `file` as its `kind`.
    nonisolated static func naming(_ sidecar: JSONValue, kind: String, file: String) -> JSONValue {
        guard var members = sidecar.members else { return sidecar }
        members.removeAll { $0.key == kind }
        members.insert(JSONMember(kind, .string(file)), at: 0)
        return .object(members)
    }

    private func saved(_ result: Result<String, Error>) {
        inFlight -= 1
        switch result {
        case .success(let path):
            finished.append(.message(Message("Saved \(ScreenshotFolder.abbreviated(path, home: settings?.home ?? "")) · Ctrl+Shift+C copies it")))
            finished.append(.capture(.saved(path)))
        case .failure(let error):
            finished.append(.message(.problem("screenshot not saved: \(error)")))
        }
    }

    func takeResults() -> [AppAction] {
        settings?.taker.finishSaves()
        defer { finished = [] }
        return finished
    }

    var isIdle: Bool { inFlight == 0 }
}
