import CarouselSupport
import CarouselCore
import Foundation
import SDLBackend
import Testing

extension WindowTests {
    /// Messages in the real window, read off the screen (the X server's pixels) while each should show: a message
    /// shown while the window was idle, or by a job that finished in the background, once lasted a frame or none.
    @Suite("Messages in the window")
    struct MessageWindow {
        /// How many near-white pixels (text) the message band at the bottom centre of `png` has.
        static func textPixels(_ png: String) throws -> Int {
            let image = try PixelImage.load(png)
            let band = image.cropped(Rect(Double(image.width) / 2 - 260, Double(image.height) - 56, 520, 30))
            var n = 0
            for i in stride(from: 0, to: band.rgba.count, by: 4) where band.rgba[i] > 200 && band.rgba[i + 1] > 200 && band.rgba[i + 2] > 200 { n += 1 }
            return n
        }

        /// Grabs the window now and counts the message band's text pixels.
        static func messageShown(_ app: AppWindow, _ dir: URL, _ name: String) throws -> Int {
            let path = dir.appendingPathComponent("\(name).png").path
            try TimelineWindow.grab(window: try #require(app.windowID()), to: path)
            return try textPixels(path)
        }

        /// Grabs the window until the message band shows text (a loaded machine draws late), up to 10 s; returns the
        /// last count of its text pixels.
        static func messageAppears(_ app: AppWindow, _ dir: URL, _ name: String) throws -> Int {
            let deadline = Date().addingTimeInterval(10)
            var shown = 0
            repeat {
                Thread.sleep(forTimeInterval: 0.2)
                shown = try messageShown(app, dir, name)
            } while shown <= 20 && Date() < deadline
            return shown
        }

        /// Whether the message of a switch to `style` lasted its 3 s, by the app's clock: the style's time starts with
        /// the switch, on the update before the frame that shows the message, so the first layout of `style` without
        /// the message is at 3 s of style time or later (a message counted from an earlier frame goes sooner, one that
        /// never showed at 0 s).
        static func styleMessageLasted(_ app: AppWindow, style: String) {
            let gone = app.wait(timeout: 30) { $0["style"] == .string(style) && $0.messageFrame == nil }
            #expect(gone?["style"] == .string(style) && gone?.messageFrame == nil, "the window showed \(style) without its message within 30 s")
            let lasted = gone?.appTime ?? 0
            #expect(lasted >= 3, "the message of the switch to \(style) went at \(lasted) s of the style's time, before its 3 s")
        }

        @Test("A style switch, auto-advance and a saved clip each say so on screen, for their seconds")
        func messagesShow() throws {
            let dir = try CLI.folder()
            defer { try? FileManager.default.removeItem(at: dir) }
            let app = try AppWindow(["--style", "expand", "--size", "1280x720", "--screenshots", dir.path],
                                    environment: ["XDG_CONFIG_HOME": dir.appendingPathComponent("config").path])
            _ = try #require(app.layout())
            app.xdotool("mousemove", "640", "80")
            // Idle, as a window is before the user does something: its loop asleep, the last frame drawn a while ago.
            #expect(app.waitUntilIdle(), "the window went idle after opening")
            #expect(try Self.messageShown(app, dir, "before") == 0 && app.layout()?.messageFrame == nil, "no message yet")
            app.xdotool("key", "2")
            #expect(try Self.messageAppears(app, dir, "style") > 20, "the style switch's message shows")
            Self.styleMessageLasted(app, style: "stitch")
            app.xdotool("key", "1")
            Self.styleMessageLasted(app, style: "expand")
            app.xdotool("key", "a")
            // Its first frame, a few frames late at most while the row animates: the message's start by the app's clock.
            let on = app.wait(timeout: 30) { $0.stateBool("autoAdvance") == true }
            #expect(on?.messageFrame != nil, "auto-advance's message is on the frame that turns it on")
            #expect(try Self.messageAppears(app, dir, "auto") > 20, "auto-advance's message shows beside the animating row")
            let off = app.wait(timeout: 30) { $0.messageFrame == nil }
            let autoLasted = (off?.appTime ?? 0) - (on?.appTime ?? .infinity)
            #expect(off?.messageFrame == nil && autoLasted > 2.5, "auto-advance's message lasted \(autoLasted) s of the app's clock from when the test saw it, not its 3 s")
            app.xdotool("key", "a")
            #expect(app.messageSpan { $0.stateBool("autoAdvance") == false } != nil, "auto-advance off said so, and its message went")
            // A clip: it renders in the background; its "Saved" line comes when it is written.
            app.xdotool("key", "ctrl+r")
            app.xdotool("mousemove", "270", "350")
            // Half a second of clip: what matters is its message, and a short clip renders soon on a loaded machine.
            Thread.sleep(forTimeInterval: 0.5)
            app.xdotool("key", "ctrl+r")
            app.xdotool("mousemove", "640", "80")
            // The clip renders while the window waits, so a loaded machine takes a while; once it is written, its
            // message shows within a few frames.
            var seen = 0
            let deadline = Date().addingTimeInterval(150)
            var written: Date?
            while Date() < deadline, seen <= 20, written.map({ Date().timeIntervalSince($0) < 5 }) ?? true {
                if written == nil, ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).contains(where: { $0.hasSuffix(".mp4") }) {
                    written = Date()
                }
                if written != nil { seen = try Self.messageShown(app, dir, "saved") }
                Thread.sleep(forTimeInterval: 0.2)
            }
            #expect(seen > 20, "the saved clip's message shows after it is written (clip written: \(written != nil); the folder: \((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []))")
        }
    }
}
