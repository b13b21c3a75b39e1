import CarouselSupport
import CarouselCore
import Foundation
import Testing

extension WindowTests {
    /// Ctrl+R and Shift+F12 in the real window: clips re-rendered from the recorded input, checked with ffprobe and
    /// against a second render from their sidecar (issue 15).
    @Suite("Record in the window")
    struct RecordWindow {
        /// The files in `dir` with extension `ext`, waiting up to `timeout` seconds for `count` of them.
        func files(_ dir: String, _ ext: String, count: Int, timeout: Double = 60) -> [String] {
            let deadline = Date().addingTimeInterval(timeout)
            var found: [String] = []
            while Date() < deadline {
                found = ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix("." + ext) }.sorted()
                if found.count >= count { break }
                Thread.sleep(forTimeInterval: 0.2)
            }
            return found.map { dir + "/" + $0 }
        }

        @Test("Ctrl+R, hover, Ctrl+R: an MP4 and its sidecar in the screenshots folder; rendering the sidecar again gives the same frames; Shift+F12 saves a replay",
              .enabled(if: RecordTests.ffmpegAvailable))
        func recordAndReplay() throws {
            let dir = try CLI.folder()
            defer { try? FileManager.default.removeItem(at: dir) }
            // A 2 s replay: the last 2 s of a session longer than that, quick to render on a loaded machine.
            let app = try AppWindow(["--style", "expand", "--screenshots", dir.path, "--replay", "2"])
            _ = try #require(app.layout())
            app.xdotool("mousemove", "640", "650")
            app.xdotool("key", "ctrl+r")
            Thread.sleep(forTimeInterval: 0.3)
            app.xdotool("mousemove", "270", "350")
            let hovered = app.wait { $0["state"]?["expanded"] == .number(1) }
            #expect(hovered?["state"]?["expanded"] == .number(1))
            // The app has handled the first Ctrl+R (it came before the move); the expansion animates for 0.4 s, and
            // its frames move the layout's time on: the clip goes on at least until then, however loaded the machine.
            let hoverSeen = hovered?["time"]?.numberValue ?? 0
            _ = app.wait(timeout: 20) { ($0["time"]?.numberValue ?? 0) >= hoverSeen + 0.3 }
            Thread.sleep(forTimeInterval: 0.5)
            app.xdotool("key", "ctrl+r")
            let clips = files(dir.path, "mp4", count: 1)
            let clip = try #require(clips.first)
            let sidecar = (clip as NSString).deletingPathExtension + ".json"
            let json = try JSONParser.parse(Data(contentsOf: URL(fileURLWithPath: sidecar)))
            #expect(json["clip"] == .string((clip as NSString).lastPathComponent))
            let from = try #require(json["from"]?.numberValue), to = try #require(json["to"]?.numberValue)
            #expect(from <= hoverSeen && to >= hoverSeen + 0.3 && to - from < 10, "a clip from \(from) to \(to) s, hovered at \(hoverSeen) s")
            // The hover is in the clip's input, at a time within the clip.
            let move = json["input"]?.arrayValue?.compactMap(\.stringValue).first { $0.hasSuffix("move 270 350") }
            let moveTime = try #require(move.flatMap { Double($0.split(separator: " ")[0]) }, "no hover in \(json["input"] ?? .null)")
            #expect(moveTime >= from && moveTime <= to, "the hover at \(moveTime) s, the clip from \(from) to \(to) s")
            let info = try RecordTests.probe(clip)
            #expect(info["codec_name"] == "h264" && info["pix_fmt"] == "yuv420p" && info["width"] == "1280" && info["height"] == "720")
            let frames = Int(info["nb_read_frames"] ?? "") ?? 0
            #expect(frames == Int(((to - from) * 30).rounded()))
            let again = dir.appendingPathComponent("again.mp4").path
            let r = try CLI.run(["record", "--params", sidecar, "--out", again])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(try RecordTests.decode(clip, width: 1280, height: 720) == RecordTests.decode(again, width: 1280, height: 720))

            app.xdotool("key", "shift+F12")
            let all = files(dir.path, "mp4", count: 3)
            #expect(all.count == 3, "\(all)")
            let replay = try #require(all.first { $0 != clip && $0 != again })
            let replayInfo = try RecordTests.probe(replay)
            let replayJSON = try JSONParser.parse(Data(contentsOf: URL(fileURLWithPath: (replay as NSString).deletingPathExtension + ".json")))
            // The last 2 s (the style has been shown for longer: the clip above took more than 2 s, rendering it
            // again seconds more), or all of the style's time when it had been shown for less.
            let replayFrom = try #require(replayJSON["from"]?.numberValue), replayTo = try #require(replayJSON["to"]?.numberValue)
            #expect(abs(replayFrom - max(replayTo - 2, 0)) < 1e-6, "a replay from \(replayFrom) to \(replayTo) s")
            #expect(replayTo >= to, "the replay ends after the clip")
            #expect(Int(replayInfo["nb_read_frames"] ?? "") == Int(((replayTo - replayFrom) * 30).rounded()))
        }
    }
}
