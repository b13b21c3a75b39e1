import CarouselApp
import CarouselCore
import SDLBackend
import Testing

@MainActor
@Suite("Expand captures", .serialized)
struct ExpandCaptureTests {
    @Test("Collapsed row matches its golden capture")
    func collapsed() throws {
        let (canvas, preview) = try Golden.capture(style: "expand", at: 0.5)
        try Golden.check(canvas, "expand-collapsed")
        #expect(preview.layoutJSON()["state"]?["expanded"] == .null)
    }

    @Test("A hovered item expanded, with its details, matches its golden capture")
    func expanded() throws {
        let (canvas, preview) = try Golden.capture(style: "expand", at: 1.0, script: "0.1 move 270 350")
        try Golden.check(canvas, "expand-expanded")
        #expect(preview.layoutJSON()["state"]?["expanded"] == .number(1))
        // The expanded image area is 250 wide on screen, and its pixels are the photo, not the background.
        let item = preview.layoutJSON()["items"]?.arrayValue?.first { $0["index"] == .number(1) }
        #expect(item?["frame"]?.arrayValue?[2] == .number(250))
        let p = canvas.pixel(x: 420, y: 300)
        #expect(!(p.r == 0x20 && p.g == 0x21 && p.b == 0x24))
    }
}
