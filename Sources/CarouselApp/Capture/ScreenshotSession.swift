import CarouselCore
import CarouselSupport
import Foundation

/// F12 and Ctrl+P: asks for the next frame to be saved as a PNG with its sidecar, draws that frame once without the
/// window's own messages for the screenshot taker to read back, and says in the window where the file went.
@MainActor
final class ScreenshotSession {
    /// Where and how screenshots are saved; nil when there is no window to read back (capture, tests).
    var settings: ScreenshotSettings?
    private unowned let preview: Preview
    private var requested = false
    private var inFlight: Set<String> = []

    init(preview: Preview) { self.preview = preview }

    /// Asks for a screenshot of the next frame.
    func request() {
        guard settings != nil else {
            preview.show(message: "Screenshots need a window (use carousel-lab capture)", error: true)
            return
        }
        requested = true
        preview.chrome.setNeedsDisplay()
    }

    /// When a screenshot was asked for, draws the frame once more without the app's own overlays for the taker to
    /// read back (the window then draws it again with them).
    func captureIfRequested(into renderer: Renderer) {
        guard requested, let settings else { return }
        requested = false
        let png = settings.folder.pngPath(style: preview.styleType.descriptor.name, date: settings.date()) {
            inFlight.contains($0) || FileManager.default.fileExists(atPath: $0)
        }
        inFlight.insert(png)
        let sidecar = preview.sidecar(named: (png as NSString).lastPathComponent, kind: "screenshot").serialized() + "\n"
        settings.taker.captureNextFrame(to: png, sidecar: sidecar, sidecarPath: ScreenshotFolder.sidecarPath(for: png)) { [weak self] result in
            self?.finished(png, result)
        }
        preview.overlay.withChromeHidden { preview.drawFrame(into: renderer) }
    }

    private func finished(_ png: String, _ result: Result<String, Error>) {
        inFlight.remove(png)
        switch result {
        case .success(let path):
            preview.show(message: "Saved \(ScreenshotFolder.abbreviated(path, home: settings?.home ?? ""))")
        case .failure(let error):
            let line = "screenshot not saved: \(error)"
            preview.report(line)
            preview.show(message: line, seconds: 6, error: true)
        }
        preview.chrome.setNeedsDisplay()
    }
}
