@testable import CarouselClips
import CarouselTesting
import Foundation
import Testing

/// `record`'s orchestration without the app or SDL: a folder of frames named by time, each with its layout, and an
/// interruption or a failure that leaves nothing.
@Suite("Clip writer")
@MainActor
struct ClipWriterTests {
    /// Frames that write a few bytes per file, and fail at the `failAt`th PNG.
    final class FakeFrames: ClipFrames {
        var drawnTimes: [Double] = []
        var failAt: Int?
        var pixelWidth: Int { 4 }
        var pixelHeight: Int { 2 }
        func render(times: [Double], drawn: (Double) throws -> Void) throws {
            for t in times { drawnTimes.append(t); try drawn(t) }
        }
        func copyBGRA(into buffer: inout Data) { buffer = Data(count: 32) }
        func writePNG(to path: String) throws {
            if let failAt, drawnTimes.count == failAt { throw ClipError("\(path): disk full") }
            try Data("png".utf8).write(to: URL(fileURLWithPath: path))
        }
        func finishWriting() throws {}
        func writeLayout(to path: String) throws { try Data("{}".utf8).write(to: URL(fileURLWithPath: path)) }
    }

    func folder() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("clip-writer-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    func contents(_ dir: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted() }

    @Test("A PNG clip is a frame per 1/fps named by milliseconds, each with its layout, and the summary counts them")
    func pngFolder() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let frames = FakeFrames()
        let writer = try ClipWriter(out: dir + "/f.png", timeline: ClipTimeline(from: 0.5, to: 0.8, fps: 10), layout: dir + "/l.json")
        let summary = try writer.write(frames) { Issue.record("a PNG clip has no sample pass"); return FakeFrames() }
        #expect(frames.drawnTimes == [0.5, 0.6, 0.7])
        #expect(contents(dir) == ["f-00500.png", "f-00600.png", "f-00700.png", "l-00500.json", "l-00600.json", "l-00700.json"])
        #expect(summary.line(elapsed: 0.25) == "3 PNG files \(dir)/f-*.png: 3 frames, 0.30 s at 10 fps, 1 KB, in 0.2 s")
    }

    @Test("Interrupted after two frames, or failing at the third, a clip leaves no file; the interruption says so")
    func leavesNothing() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var asked = 0
        let interrupted = try ClipWriter(out: dir + "/f.png", timeline: ClipTimeline(from: 0, to: 1, fps: 10), layout: dir + "/l.json",
                                         interrupted: { asked += 1; return asked > 3 })
        #expect(throws: ClipWriter.interruption) { try interrupted.write(FakeFrames()) { FakeFrames() } }
        #expect(contents(dir) == [])
        let frames = FakeFrames()
        frames.failAt = 3
        let failing = try ClipWriter(out: dir + "/g.png", timeline: ClipTimeline(from: 0, to: 1, fps: 10))
        #expect(throws: ClipError("\(dir)/g-00200.png: disk full")) { try failing.write(frames) { FakeFrames() } }
        #expect(contents(dir) == [])
    }

    @Test("Interrupted while FFmpeg encodes the last frames (every frame was handed over): no clip, no temporary file",
          .enabled(if: TestRequirement.met(FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg"))))
    func interruptedWhileEncodingTheTail() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let frames = FakeFrames()
        let timeline = ClipTimeline(from: 0, to: 1, fps: 10)
        // Asked once before the frames, once per frame and once after them: the next question is the encoder's, once
        // FFmpeg has ended; the signal comes while it encodes the tail.
        let beforeTheTail = timeline.count + 2
        var asked = 0
        let writer = try ClipWriter(out: dir + "/c.mp4", timeline: timeline, interrupted: { asked += 1; return asked > beforeTheTail })
        #expect(throws: ClipWriter.interruption) { try writer.write(frames) { FakeFrames() } }
        #expect(frames.drawnTimes.count == timeline.count && asked == beforeTheTail + 1, "the encoder's finish was interrupted")
        #expect(contents(dir) == [])
    }
}
