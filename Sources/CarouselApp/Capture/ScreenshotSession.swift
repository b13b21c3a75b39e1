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
    private var inFlight: Set<String> = []
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
        let png = settings.folder.pngPath(style: context.focusedPane.styleName, date: settings.date()) {
            inFlight.contains($0) || FileManager.default.fileExists(atPath: $0)
        }
        inFlight.insert(png)
        let sidecar = context.sidecar(named: (png as NSString).lastPathComponent, kind: "screenshot").serialized() + "\n"
        settings.taker.captureNextFrame(to: png, sidecar: sidecar, sidecarPath: ScreenshotFolder.sidecarPath(for: png)) { [weak self] result in
            self?.saved(png, result)
        }
        drawPicture(renderer)
    }

    private func saved(_ png: String, _ result: Result<String, Error>) {
        inFlight.remove(png)
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

    var isIdle: Bool { inFlight.isEmpty }
}
