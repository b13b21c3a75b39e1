import CSDL2
import CarouselApp
import CarouselCore
import Foundation
import SDLBackend
import Testing

/// The tuning panel in the real window under Xvfb: Tab, a slider dragged with xdotool, and Ctrl+C read back from the
/// X clipboard by this test process (another X client), so the SDL clipboard wiring is proven end to end.
extension WindowTests {
@MainActor
@Suite("Panel in the window")
struct PanelWindowTests {
    @Test("P opens the panel, a drag and a typed value apply live, Ctrl+C puts JSON and Swift on the X clipboard")
    func dragAndCopy() throws {
        let app = try AppWindow(["--style", "expand"])
        _ = try #require(app.layout())
        app.xdotool("key", "p")
        // The panel is 320 wide on the right; itemWidth's track runs from 148 to 234 in it, 104 pt from the top, and
        // its slider from 80 to 300 pt.
        let trackX = 1280.0 - 320 + 148, trackWidth = 86.0
        app.xdotool("mousemove", "\(Int(trackX + 10))", "104")
        app.xdotool("mousedown", "1")
        for x in stride(from: 20, through: 60, by: 10) { app.xdotool("mousemove", "\(Int(trackX) + x)", "104") }
        app.xdotool("mouseup", "1")
        let expected = (80 + 60 / trackWidth * 220).rounded()
        let l = app.wait { $0["parameters"]?["itemWidth"] == .number(expected) }
        #expect(l?["parameters"]?["itemWidth"] == .number(expected))
        #expect(l?["state"]?["expanded"] == .null, "the pointer over the panel does not hover the style")

        // Double-click the value box (the panel's right 64 pt, inset 14) and type through SDL's text input.
        app.xdotool("mousemove", "\(1280 - 14 - 32)", "104")
        app.xdotool("click", "--repeat", "2", "--delay", "80", "1")
        app.xdotool("type", "--delay", "30", "275")
        app.xdotool("key", "Return")
        let typed = app.wait { $0["parameters"]?["itemWidth"] == .number(275) }
        #expect(typed?["parameters"]?["itemWidth"] == .number(275))
        #expect(typed?["style"] == "expand", "the digits typed did not switch style")

        app.xdotool("key", "ctrl+c")
        #expect(SDLSubsystems.start(SDL_INIT_VIDEO) == 0)
        defer { SDLSubsystems.stop(SDL_INIT_VIDEO) }
        let clipboard = SDLClipboard()
        var text: String?
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            text = clipboard.readText()
            if text?.hasPrefix(ParameterExport.header(style: "expand")) == true { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        let copied = try #require(text)
        #expect(copied.hasPrefix(ParameterExport.header(style: "expand")))
        #expect(copied.contains("\"itemWidth\": 275"))
        #expect(copied.contains("let expand = ("))
    }
}
}
