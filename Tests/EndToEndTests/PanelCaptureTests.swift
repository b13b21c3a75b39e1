import CarouselApp
import CarouselCore
import SDLBackend
import Testing

/// The tuning panel through the real renderer: open over the expand style with an item expanded beside it.
@MainActor
@Suite("Panel captures", .serialized)
struct PanelCaptureTests {
    /// P opens the panel, the pointer expands an item outside it, and Down moves the selection to the curve row.
    static let script = "0.1 key p; 0.2 move 270 350" + String(repeating: "; 0.3 key down", count: 7)

    @Test("The panel open over a running style matches its golden capture")
    func panelOverExpand() throws {
        let (canvas, preview) = try Golden.capture(style: "expand", at: 1.0, script: PanelCaptureTests.script) { preview in
            // As `capture` draws: the picture, without the window's focus marks (the ring around the selected row).
            preview.paneSet.showsFocus = false
            // Shipped presets only, so the user's own never change the frame (the list length sizes the scroll bar).
            preview.panel.presets = PresetStore(shippedRoot: Golden.packageRoot.appendingPathComponent("Resources/presets").path,
                                                userRoot: "/nonexistent/carousel-lab-presets")
        }
        try Golden.check(canvas, "panel-expand")
        #expect(preview.panel.isVisible)
        #expect(preview.panel.selectedKey == "expandCurve")
        // The style kept running and answering the pointer beside the panel.
        #expect(preview.layoutJSON()["state"]?["expanded"] == .number(1))
        // Panel pixels: the dark translucent column, not the window's clear colour.
        let p = canvas.pixel(x: 1200, y: 60)
        #expect(Int(p.r) < 0x20 && Int(p.b) < 0x24)
    }
}
