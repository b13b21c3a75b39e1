import CarouselClips
import Foundation
import Testing

/// The sizes each clip format takes (issue 40): refused up front with the limit named, never after seconds of
/// frames and gigabytes with FFmpeg's "pipe:0: Invalid argument".
@Suite("Clip size limits")
struct ClipSizeLimitTests {
    @Test("MP4: H.264 level 6.2, 139264 macroblocks a frame and 16880 pixels a side, odd sides counted padded")
    func mp4() {
        #expect(ClipFormat.mp4.sizeProblem(width: 1280, height: 720) == nil)
        #expect(ClipFormat.mp4.sizeProblem(width: 8192, height: 4352) == nil)
        #expect(ClipFormat.mp4.sizeProblem(width: 16880, height: 128) == nil)
        for (w, h) in [(8192, 4353), (8192, 8192), (16384, 16384), (16881, 64), (64, 16882)] {
            let why = ClipFormat.mp4.sizeProblem(width: w, height: h)
            #expect(why?.hasPrefix("\(w)x\(h) pixels is too large for an MP4: H.264's highest level (6.2) takes at most 139264 macroblocks") == true, "\(w)x\(h): \(why ?? "nil")")
        }
        // 16879 is padded to 16880 (even): still within a side.
        #expect(ClipFormat.mp4.sizeProblem(width: 16879, height: 16) == nil)
    }

    @Test("WebM: VP9 level 6.2, 35651584 pixels and 16832 a side; GIF: 65535 a side and what FFmpeg reads; PNG frames: none")
    func others() {
        #expect(ClipFormat.webm.sizeProblem(width: 8192, height: 4352) == nil)
        #expect(ClipFormat.webm.sizeProblem(width: 8192, height: 4353)?.contains("VP9's highest level (6.2) takes at most 35651584 pixels") == true)
        #expect(ClipFormat.webm.sizeProblem(width: 16833, height: 16)?.contains("16832 pixels a side") == true)
        #expect(ClipFormat.gif.sizeProblem(width: 16000, height: 16000) == nil, "FFmpeg reads it: (8 x 16000 + 1024) x 16128 < 2^31")
        #expect(ClipFormat.gif.sizeProblem(width: 16384, height: 16384)?.contains("too large for FFmpeg") == true)
        #expect(ClipFormat.gif.sizeProblem(width: 65536, height: 1)?.contains("its sides are at most 65535 pixels") == true)
        #expect(ClipFormat.png.sizeProblem(width: 16384, height: 16384) == nil)
    }

    @Test("The encoder refuses such a size itself, before it starts FFmpeg or writes a file")
    func encoderRefuses() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("clip-size-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("big.mp4").path
        #expect(throws: ClipError("\(out): " + ClipFormat.mp4.sizeProblem(width: 16384, height: 16384)!)) {
            try ClipEncoder(output: out, format: .mp4, width: 16384, height: 16384, fps: 30)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }
}
