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

        @Test("A style switch, auto-advance and a saved clip each say so on screen, for their seconds")
        func messagesShow() throws {
            let dir = try CLI.folder()
            defer { try? FileManager.default.removeItem(at: dir) }
            let app = try AppWindow(["--style", "expand", "--size", "1280x720", "--screenshots", dir.path],
                                    environment: ["XDG_CONFIG_HOME": dir.appendingPathComponent("config").path])
            _ = try #require(app.layout())
            app.xdotool("mousemove", "640", "80")
            // Idle for a while, as a window is before the user does something.
            Thread.sleep(forTimeInterval: 2)
            #expect(try Self.messageShown(app, dir, "before") == 0, "no message yet")
            app.xdotool("key", "2")
            #expect(try Self.messageAppears(app, dir, "style") > 20, "the style switch's message shows")
            Thread.sleep(forTimeInterval: 3)
            app.xdotool("key", "1")
            Thread.sleep(forTimeInterval: 3.5)
            app.xdotool("key", "a")
            #expect(try Self.messageAppears(app, dir, "auto") > 20, "auto-advance's message shows beside the animating row")
            app.xdotool("key", "a")
            Thread.sleep(forTimeInterval: 3.5)
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
