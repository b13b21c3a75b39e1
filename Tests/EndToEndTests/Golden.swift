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
    nonisolated static let folder = packageRoot.appendingPathComponent("Tests/Goldens")
    static var recording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" }
    /// The fonts goldens are drawn with: DejaVu Sans bundled with the tests (Tests/Fonts), so a machine with other
    /// fonts installed, or another DejaVu release, draws the same text.
    nonisolated static let fontFolders = [packageRoot.appendingPathComponent("Tests/Fonts").path]

    /// An off-screen canvas as `capture` makes, with the bundled fonts.
    static func canvas(_ size: Size) throws -> HeadlessCanvas {
        try HeadlessCanvas(width: Int(size.width), height: Int(size.height), fontFolders: fontFolders)
    }

    /// Captures `style` at `at` seconds after `script`, with parameter `params`, and returns the canvas and preview.
    /// `prepare` runs on the new preview before anything else (to point the panel's presets somewhere fixed).
    static func capture(style: String, at: Double, script: String = "", params: [String: ParameterValue] = [:],
                        size: Size = Size(1280, 720), prepare: (Preview) -> Void = { _ in }) throws -> (HeadlessCanvas, Preview) {
        let canvas = try Golden.canvas(size)
        let (deck, _) = try Deck.load(path: packageRoot.appendingPathComponent("Resources/deck.json").path)
        let preview = try Preview(deck: deck, images: canvas.images, size: size, style: style, textMeasurer: canvas.renderer)
        prepare(preview)
        for (k, v) in params { try preview.setParameter(k, v) }
        let run = CaptureRun(preview: preview, script: try ScriptedInput.parse(script, size: size)) {
            _ = canvas.images.waitUntilLoaded(timeout: 30)
            return true
        }
        run.render(times: [at], into: canvas.renderer) { _ in }
        return (canvas, preview)
    }

    /// The most a channel of one pixel may differ from the golden: anti-aliasing and text rasterisation noise
    /// between library builds. There is no area allowance: a pixel past it fails the check.
    nonisolated static let tolerance = 24

    /// Compares the canvas with `name`.png pixel by pixel (`tolerance`); on failure writes the actual frame and a diff
    /// image (the differing pixels in red) beside each other in the temporary folder and names both.
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
        let actual = PixelImage(width: canvas.pixelWidth, height: canvas.pixelHeight, rgba: canvas.pixels())
        if let failure = try compare(actual, withGolden: path, name: name) {
            Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
        }
    }

    /// Nil when `actual` matches the golden at `path`; else what differs, with the actual frame and the diff image
    /// written to the temporary folder.
    nonisolated static func compare(_ actual: PixelImage, withGolden path: String, name: String) throws -> String? {
        let golden = try PixelImage.load(path)
        let off = actual.pixelsOff(from: golden, tolerance: tolerance)
        guard off.count > 0 else { return nil }
        let tmp = FileManager.default.temporaryDirectory
        let actualPath = tmp.appendingPathComponent("\(name)-actual.png").path, diffPath = tmp.appendingPathComponent("\(name)-diff.png").path
        try? actual.savePNG(to: actualPath)
        try? off.diff.savePNG(to: diffPath)
        return "\(name): \(off.count) pixels differ from the golden by more than \(tolerance) levels (worst \(off.worst)); actual frame at \(actualPath), diff at \(diffPath)"
    }
}
