import CarouselSupport
import CarouselApp
import CarouselCore
import Foundation
import SDLBackend
import Testing

// MARK: Captures

@MainActor
@Suite("Circular captures", .serialized)
struct CircularCaptureTests {
    /// How much the article's lengths grow in the 1280 x 720 capture: the shorter side over the phone's 390 pt.
    private let k = 720.0 / 390

    /// The arc's formulas (styles.md, section circular), written out here: the downward shift of an image at
    /// progress `p` and its scale, with the default offset factor 30, scale offset 15 and scale factor 0.5, every
    /// length grown by `k`.
    private func expectedShift(p: Double, scaled: Bool) -> (shift: Double, scale: Double) {
        let s = 1 - min(abs(p), 1)
        let scale = scaled ? 1 + 0.5 * s : 1
        return (k * (scale * 30 * abs(p) + 15 * s), scale)
    }

    /// Checks the first images against the formulas: image `i` is laid out at x = 640 + i * 105k on the row line
    /// y = 360 - 30k, then shifted down and scaled about its centre.
    private func expectArc(_ layout: JSONValue, scaled: Bool) throws {
        for i in 0...3 {
            let frame = try #require(layout.frame(of: i))
            let x = 640 + Double(i) * 105 * k
            let (shift, scale) = expectedShift(p: (640 - x) / (70 * k), scaled: scaled)
            #expect(abs(frame.midX - x) < 0.01, "image \(i) at \(frame)")
            #expect(abs(frame.midY - (360 - 30 * k + shift)) < 0.01, "image \(i) at \(frame)")
            #expect(abs(frame.width - 70 * k * scale) < 0.01, "image \(i) at \(frame)")
        }
    }

    @Test("Normal mode: the first image centred on the highlight, the row bent into an arc, grown with the window; matches its golden capture")
    func normalMode() throws {
        let (canvas, preview) = try Golden.capture(style: "circular", at: 1.0)
        try Golden.check(canvas, "circular-normal")
        let layout = preview.layoutJSON()
        #expect(layout.stateString("mode") == "normal")
        #expect(layout.stateNumber("active") == 0)
        #expect(layout.itemCentred(at: 640) == 0)
        try expectArc(layout, scaled: false)
        // The highlight is white behind the centred image: just outside the image's circle (radius 35k), inside the
        // highlight's (42.5k), both centred 15k above the window's middle.
        let p = canvas.pixel(x: 640, y: Int((360 - 15 * k - 39 * k).rounded()))
        #expect(p.r > 230 && p.g > 230 && p.b > 230, "pixel \(p)")
    }

    @Test("Scaled mode (key M): the centred image grown to 1.5x, no highlight; matches its golden capture")
    func scaledMode() throws {
        let (canvas, preview) = try Golden.capture(style: "circular", at: 1.0, script: "0.1 key m")
        try Golden.check(canvas, "circular-scaled")
        let layout = preview.layoutJSON()
        #expect(layout.stateString("mode") == "scaled")
        #expect(layout.stateNumber("active") == 0)
        #expect(layout.itemCentred(at: 640) == 0)
        try expectArc(layout, scaled: true)
    }
}

// MARK: Window

/// Nested in `WindowTests` (serialized, enabled only with a display): one app window at a time shares the pointer.
extension WindowTests {
    @Suite("Circular window under Xvfb")
    struct Circular {
        /// The active image when the row rests with it centred: its frame's midX within 0.5 of the window's centre and
        /// the scroll offset on its snap target (the pitch grown with the window); nil while the row moves or rests
        /// elsewhere.
        private static func settledActive(_ layout: JSONValue) -> Int? {
            guard let active = layout.stateNumber("active"), let offset = layout.stateNumber("scrollOffset"),
                  let size = layout.parameter("imageSize"), let spacing = layout.parameter("spacing"),
                  let k = layout.stateNumber("windowScale"), abs(offset - active * k * (size + spacing)) < 0.5, layout.itemCentred(at: 640) == Int(active) else { return nil }
            return Int(active)
        }

        @Test("A quick burst of wheel ticks moves one image and settles it centred; a later tick moves one more")
        func wheelSettlesCentred() throws {
            let app = try AppWindow(["--style", "circular"])
            let first = try #require(app.layout())
            #expect(Self.settledActive(first) == 0)
            app.xdotool("mousemove", "640", "600")

            app.xdotool("click", "--repeat", "3", "--delay", "30", "5")
            let afterBurst = app.wait { Self.settledActive($0) == 1 }
            #expect(afterBurst.flatMap(Self.settledActive) == 1, "state \(afterBurst?["state"]?.serialized(indent: nil) ?? "none")")

            app.xdotool("click", "5")
            let afterTick = app.wait { Self.settledActive($0) == 2 }
            #expect(afterTick.flatMap(Self.settledActive) == 2, "state \(afterTick?["state"]?.serialized(indent: nil) ?? "none")")
        }
    }
}
