import CarouselApp
import CarouselCore
import CarouselStyles
import SDLBackend
import Testing

/// The tuning panel's lines measured with the real font (SDL_ttf and DejaVu Sans, as the window draws them): however
/// narrow the panel, every label, header, title, hint, picker name and plot line fits the box it is drawn in.
@MainActor
@Suite("Panel text fits", .serialized)
struct PanelTextFitTests {
    /// The nodes whose text the panel shortens to fit.
    static let fitted = ["panel.label", "panel.header", "panel.title", "panel.hint", "panel.preset.name", "panel.picker.name",
                         "panel.plot.info"]

    @Test("Every shortened line fits its box in the real font, in wide and narrow windows, for every style",
          arguments: [1280.0, 300, 240, 200])
    func linesFit(windowWidth: Double) throws {
        let (canvas, preview) = try Golden.capture(style: "expand", at: 0.5, script: "0.1 key p", size: Size(windowWidth, 720)) { preview in
            preview.panel.presets = PresetStore(shippedRoot: Golden.packageRoot.appendingPathComponent("Resources/presets").path,
                                                userRoot: "/nonexistent/carousel-lab-presets")
        }
        #expect(preview.panel.isVisible)
        var checked = 0
        for type in StyleRegistry.all {
            try preview.switchStyle(to: type.descriptor.name)
            for node in textNodes(preview.panel.root) {
                let text = try #require(node.text)
                let width = canvas.renderer.measureText(text.string, font: text.font).width
                #expect(width <= node.frame.width + 0.5,
                        "\(type.descriptor.name): \(node.name) \"\(text.string)\" is \(width) pt wide in a \(node.frame.width)-pt box")
                checked += 1
            }
        }
        #expect(checked > 100)
    }

    private func textNodes(_ node: Node) -> [Node] {
        (node.text != nil && !node.isHidden && PanelTextFitTests.fitted.contains(node.name) && !(node.text?.string.isEmpty ?? true) ? [node] : [])
            + node.children.flatMap(textNodes)
    }
}
