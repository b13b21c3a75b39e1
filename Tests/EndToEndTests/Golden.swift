import CarouselApp
import CarouselCore
import CarouselStyles
import Foundation
import SDLBackend
import Testing

/// Renders captures in-process with the software renderer (exactly what `carousel-lab capture` does) and compares
/// them with the PNGs in Tests/Goldens. `RECORD_GOLDENS=1` writes the current frames as the new goldens.
@MainActor
enum Golden {
    nonisolated static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL
    static let folder = packageRoot.appendingPathComponent("Tests/Goldens")
    static var recording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" }

    /// Captures `style` at `at` seconds after `script`, with parameter `params`, and returns the canvas and preview.
    /// `prepare` runs on the new preview before anything else (to point the panel's presets somewhere fixed).
    static func capture(style: String, at: Double, script: String = "", params: [String: ParameterValue] = [:],
                        size: Size = Size(1280, 720), prepare: (Preview) -> Void = { _ in }) throws -> (HeadlessCanvas, Preview) {
        let canvas = try HeadlessCanvas(width: Int(size.width), height: Int(size.height))
        let (deck, _) = try Deck.load(path: packageRoot.appendingPathComponent("Resources/deck.json").path)
        let preview = try Preview(deck: deck, images: canvas.images, size: size, style: style)
        prepare(preview)
        for (k, v) in params { try preview.setParameter(k, v) }
        let run = CaptureRun(preview: preview, script: try ScriptedInput.parse(script, size: size)) {
            _ = canvas.images.waitUntilLoaded(timeout: 30)
            return true
        }
        run.render(times: [at], into: canvas.renderer) { _ in }
        return (canvas, preview)
    }

    /// Compares the canvas with `name`.png: mean channel difference under 1.5 and under 0.5 % of pixels off by more
    /// than 24 levels (text rasterisation may differ by a few levels between library builds).
    static func check(_ canvas: HeadlessCanvas, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let path = folder.appendingPathComponent(name + ".png").path
        if recording {
            try canvas.savePNG(to: path)
            return
        }
        guard FileManager.default.fileExists(atPath: path) else {
            Issue.record("no golden \(name).png: run RECORD_GOLDENS=1 make test", sourceLocation: sourceLocation)
            return
        }
        let golden = try PixelImage.load(path)
        let actual = PixelImage(width: canvas.pixelWidth, height: canvas.pixelHeight, rgba: canvas.pixels())
        let d = actual.difference(to: golden)
        if d.meanAbs >= 1.5 || d.fractionOver >= 0.005 {
            let failed = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-actual.png").path
            try? canvas.savePNG(to: failed)
            Issue.record("\(name): differs from the golden (mean \(d.meanAbs), \(d.fractionOver * 100) % of pixels); actual frame at \(failed)",
                         sourceLocation: sourceLocation)
        }
    }
}
