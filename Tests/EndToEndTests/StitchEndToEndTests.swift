import CarouselApp
import CarouselCore
import Foundation
import SDLBackend
import Testing

// MARK: Captures

@MainActor
@Suite("Stitch captures", .serialized)
struct StitchCaptureTests {
    @Test("The normal row, images 8 apart with round corners, matches its golden capture")
    func normal() throws {
        let (canvas, preview) = try Golden.capture(style: "stitch", at: 1.0)
        try Golden.check(canvas, "stitch-normal")
        let layout = preview.layoutJSON()
        #expect(layout.stateBool("seamless") == false)
        let spacing = try #require(layout.parameter("normalSpacing"))
        #expect(layout.hasGaps(spacing), "gaps \(layout.gaps)")
        let radius = try #require(layout.parameter("normalRadius"))
        #expect(layout["items"]?.arrayValue?.allSatisfy { $0["cornerRadius"] == .number(radius) } == true)
    }

    @Test("After a pinch in, the seamless strip (no gaps, square corners) matches its golden capture")
    func seamless() throws {
        let (canvas, preview) = try Golden.capture(style: "stitch", at: 1.0, script: "0.2 pinch 0.8")
        try Golden.check(canvas, "stitch-seamless")
        let layout = preview.layoutJSON()
        #expect(layout.stateBool("seamless") == true)
        #expect(layout.hasGaps(0), "gaps \(layout.gaps)")
        #expect(layout["items"]?.arrayValue?.allSatisfy { $0["cornerRadius"] == .number(0) } == true)
        // Stitching only closes the gaps: the first image still starts on the padding.
        let padding = try #require(layout.parameter("padding"))
        #expect(layout.itemFrames.first.map { abs($0.frame.minX - padding) < 0.01 } == true)
    }
}

// MARK: Window

/// Nested in `WindowTests` (serialized, enabled only with a display): one app window at a time shares the pointer.
extension WindowTests {
    @Suite("Stitch window under Xvfb")
    struct Stitch {
        @Test("Ctrl+wheel towards the user stitches the row; Ctrl+wheel away separates it again")
        func ctrlWheelStitchesAndSeparates() throws {
            let app = try AppWindow(["--style", "stitch"])
            let first = try #require(app.layout())
            #expect(first.stateBool("seamless") == false)
            let spacing = try #require(first.parameter("normalSpacing"))
            app.xdotool("mousemove", "640", "360")

            app.xdotool("keydown", "ctrl", "click", "5", "keyup", "ctrl")
            let stitched = app.wait { $0.stateBool("seamless") == true && $0.hasGaps(0) }
            #expect(stitched?.stateBool("seamless") == true)
            #expect(stitched?.hasGaps(0) == true, "gaps \(stitched?.gaps ?? [])")

            // A Ctrl+wheel gesture ends after its quiet time; the opposite direction then starts a new one.
            let quiet = stitched?.parameter("gestureQuietTime") ?? 0.25
            Thread.sleep(forTimeInterval: quiet + 0.1)
            app.xdotool("keydown", "ctrl", "click", "4", "keyup", "ctrl")
            let separated = app.wait { $0.stateBool("seamless") == false && $0.hasGaps(spacing) }
            #expect(separated?.stateBool("seamless") == false)
            #expect(separated?.hasGaps(spacing) == true, "gaps \(separated?.gaps ?? [])")
        }
    }
}
