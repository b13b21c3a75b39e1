import CarouselApp
import CarouselCore
import CarouselStyles
import Foundation
import SDLBackend
import Testing

/// The tuning panel stays readable over any photo (issue 21.3): nothing of the style shows through its labels, and
/// each label's text has a WCAG AA contrast (4.5:1) with the background around it, over the brightest bundled photo.
@MainActor
@Suite("Panel contrast", .serialized)
struct PanelContrastTests {
    /// WCAG 2's relative luminance of an sRGB colour (0...255 channels): the checks' (`Contrast`).
    static func luminance(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Double { Contrast.luminance((r, g, b)) }

    static func contrast(_ a: Double, _ b: Double) -> Double { Contrast.ratio(a, b) }

    /// The bundled photo with the highest mean luminance.
    static func brightestPhoto() throws -> String {
        let folder = Golden.packageRoot.appendingPathComponent("Resources/images").path
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".jpg") }.sorted()
        var best: (String, Double)?
        for f in files {
            let image = try PixelImage.load(folder + "/" + f)
            var sum = 0.0
            for i in stride(from: 0, to: image.rgba.count, by: 4 * 7) {
                sum += luminance(image.rgba[i], image.rgba[i + 1], image.rgba[i + 2])
            }
            let mean = sum / Double(image.rgba.count / (4 * 7))
            if best == nil || mean > best!.1 { best = (folder + "/" + f, mean) }
        }
        return try #require(best?.0)
    }

    @Test("Over the brightest bundled photo, every label's background is the panel's own colour and its text has 4.5:1 contrast")
    func readableOverTheBrightestPhoto() throws {
        let photo = try Self.brightestPhoto()
        // A deck of that photo only, drawn so large that it fills the window behind the panel.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("contrast-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for i in 0..<6 { try FileManager.default.copyItem(atPath: photo, toPath: dir.appendingPathComponent("p\(i).jpg").path) }
        let size = Size(1280, 720)
        let canvas = try HeadlessCanvas(width: 1280, height: 720)
        let (deck, _) = try Deck.load(path: dir.path)
        let preview = try Preview(deck: deck, images: canvas.images, size: size, style: "expand")
        for (k, v) in [("itemWidth", 600.0), ("itemHeight", 800), ("imageHeight", 760), ("spacing", 0), ("padding", 0)] {
            try preview.setParameter(k, .number(v))
        }
        let run = CaptureRun(preview: preview, script: try ScriptedInput.parse("0.1 key p", size: size)) {
            _ = canvas.images.waitUntilLoaded(timeout: 30)
            return true
        }
        run.render(times: [0.5], into: canvas.renderer) { _ in }
        #expect(preview.panel.isVisible)

        var backgrounds: Set<[UInt8]> = []
        var checked = 0
        for label in PanelContrastTests.labels(in: preview.chrome.root) {
            let f = label.worldFrame(at: preview.now)
            // Rows scrolled below the window are not on screen.
            guard f.maxY <= size.height, f.minY >= 0 else { continue }
            var counts: [[UInt8]: Int] = [:]
            var pixels: [[UInt8]] = []
            for y in Int(f.minY.rounded(.up))..<Int(f.maxY.rounded(.down)) {
                for x in Int(f.minX.rounded(.up))..<min(Int(f.maxX.rounded(.down)), 1280) {
                    let p = canvas.pixel(x: x, y: y)
                    let c = [p.r, p.g, p.b]
                    counts[c, default: 0] += 1
                    pixels.append(c)
                }
            }
            guard let background = counts.max(by: { $0.value < $1.value })?.key, pixels.count > 20 else { continue }
            // The selected row is highlighted on purpose; every other row shows the panel's own colour.
            if label.parent?.name != preview.panel.selectedRowName { backgrounds.insert(background) }
            let lb = PanelContrastTests.luminance(background[0], background[1], background[2])
            // The text's own colour: the pixel farthest in luminance from the background (its glyph cores).
            let lt = pixels.map { PanelContrastTests.luminance($0[0], $0[1], $0[2]) }.max { abs($0 - lb) < abs($1 - lb) }!
            #expect(PanelContrastTests.contrast(lt, lb) >= 4.5, "\(label.text?.string ?? "?") at \(f): \(PanelContrastTests.contrast(lt, lb))")
            checked += 1
        }
        #expect(checked >= 10)
        // Nothing shows through: the background under every label is one colour, whatever the photo behind it.
        #expect(backgrounds.count == 1, "backgrounds under the labels: \(backgrounds)")
    }

    /// The panel's row labels.
    static func labels(in root: Node) -> [Node] {
        var found: [Node] = []
        func walk(_ n: Node) {
            if n.name == "panel.label", n.text != nil, !n.isHidden { found.append(n) }
            n.children.forEach(walk)
        }
        walk(root)
        return found
    }
}
