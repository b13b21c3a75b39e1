import CarouselSupport
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What draws a clip's frames for `ClipWriter`: the app's model on an off-screen canvas, which the executable makes
/// (this module knows neither). Times are seconds after the style appears.
@MainActor
public protocol ClipFrames {
    /// The frames' width in device pixels.
    var pixelWidth: Int { get }
    /// The frames' height in device pixels.
    var pixelHeight: Int { get }
    /// Draws the frame at each of `times` (ascending), calling `drawn` with its time after each.
    func render(times: [Double], drawn: (Double) throws -> Void) throws
    /// Copies the frame just drawn into `buffer` as BGRA bytes (resizing the buffer when its size differs).
    func copyBGRA(into buffer: inout Data)
    /// Writes the frame just drawn as a PNG file at `path`: at once, or queued until `finishWriting()`.
    func writePNG(to path: String) throws
    /// Waits until every PNG `writePNG` queued is written; throws when one could not be.
    func finishWriting() throws
    /// Writes what the frame just drawn shows as a layout file at `path` (`capture --layout`'s format).
    func writeLayout(to path: String) throws
}

/// Renders one clip and writes it, as `record` does: frame k at exactly `timeline.time(k)`, none dropped. A video
/// goes through `ClipEncoder` (a GIF in two passes: a sample of the frames drawn by a second, identical run for its
/// palette, then every frame); a `.png` output is a folder of frames named by time in milliseconds, each with its
/// layout when `layout` is set. Interrupted or failed, it leaves nothing: the encoder's temporary files and every
/// frame already written are removed.
@MainActor
public struct ClipWriter {
    /// The clip's path; its extension chose `format`.
    public let out: String
    public let format: ClipFormat
    public let timeline: ClipTimeline
    /// With a folder of frames: also each frame's layout, `LAYOUT-00000.json`, ... beside this path's stem.
    public var layout: String?
    /// Whether a progress line is rewritten on standard error (a terminal).
    public var showsProgress: Bool
    /// Whether to stop now (Ctrl+C, SIGTERM): asked before each pass and each frame.
    public var interrupted: () -> Bool

    /// What the writer throws when `interrupted` says so.
    nonisolated public static let interruption = ClipError("interrupted: no clip written")

    /// A writer of `timeline`'s frames into `out`; throws when `out` names no clip format.
    public init(out: String, timeline: ClipTimeline, layout: String? = nil, showsProgress: Bool = false,
                interrupted: @escaping () -> Bool = { false }) throws(ClipError) {
        self.out = out; self.timeline = timeline; self.layout = layout; self.showsProgress = showsProgress
        self.interrupted = interrupted
        format = try ClipFormat.of(out)
    }

    /// Renders every frame of the clip with `frames` and writes it; `sample` makes a second run like `frames` for a
    /// GIF's sample pass (the same arguments draw the same frames, and drawing one again costs less than keeping it).
    /// Throws the first failure, `ClipWriter.interruption` when interrupted, and leaves nothing behind either way.
    public func write(_ frames: ClipFrames, sample: () throws -> ClipFrames) throws -> ClipSummary {
        var written: [String] = []
        var encoder: ClipEncoder?
        if format.isVideo {
            encoder = try ClipEncoder(output: out, format: format, width: frames.pixelWidth, height: frames.pixelHeight, fps: timeline.fps)
        } else {
            let folder = (out as NSString).deletingLastPathComponent.isEmpty ? "." : (out as NSString).deletingLastPathComponent
            do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
                throw ClipError("\(folder): cannot create the folder (\(SystemError.reason(error)))")
            }
        }
        // A GIF's sample pass counts in the progress too.
        let sampled = encoder?.samplingInterval.map { (timeline.count + $0 - 1) / $0 } ?? 0
        let progress = ClipProgress(total: timeline.count + sampled, enabled: showsProgress)
        do {
            if let encoder, let every = encoder.samplingInterval {
                let sampleFrames = try sample()
                try checkInterrupted()
                let times = stride(from: 0, to: timeline.count, by: every).map(timeline.time)
                try sampleFrames.render(times: times) { _ in
                    try checkInterrupted()
                    encoder.append { sampleFrames.copyBGRA(into: &$0) }
                    progress.frameDone()
                }
                try encoder.beginFrames()
            }
            let stem = (out as NSString).deletingPathExtension
            try checkInterrupted()
            try frames.render(times: timeline.times) { t in
                try checkInterrupted()
                if let encoder {
                    encoder.append { frames.copyBGRA(into: &$0) }
                } else {
                    let name = ClipRecord.frameFile(stem, at: t, extension: "png")
                    written.append(name)
                    try frames.writePNG(to: name)
                    if let layout {
                        let path = ClipRecord.frameFile((layout as NSString).deletingPathExtension, at: t, extension: "json")
                        try frames.writeLayout(to: path)
                        written.append(path)
                    }
                }
                progress.frameDone()
            }
            try frames.finishWriting()
            try checkInterrupted()
            progress.end()
            try encoder?.finish(unless: interrupted)
        } catch {
            progress.end()
            encoder?.cancel()
            try? frames.finishWriting()
            written.forEach { unlink($0) }
            throw error
        }
        let bytes = format.isVideo ? ClipRecord.fileSize(out) : written.reduce(0) { $0 + ClipRecord.fileSize($1) }
        let what = format.isVideo ? out : "\(written.filter { $0.hasSuffix(".png") }.count) PNG files \(ClipRecord.displayPattern(out))"
        return ClipSummary(what: what, frames: timeline.count, seconds: timeline.to - timeline.from, fps: timeline.fps, bytes: bytes)
    }

    private func checkInterrupted() throws(ClipError) {
        if interrupted() { throw ClipWriter.interruption }
    }
}

/// What `ClipWriter` wrote, for `record`'s last line.
public struct ClipSummary: Equatable, Sendable {
    /// The clip's path, or "N PNG files NAME-*.png".
    public let what: String
    public let frames: Int
    /// The clip's duration in seconds.
    public let seconds: Double
    public let fps: Int
    /// The bytes written.
    public let bytes: Int

    /// "clip.mp4: 90 frames, 3.00 s at 30 fps, 3.8 MB, in 1.2 s", made in `elapsed` seconds.
    public func line(elapsed: Double) -> String {
        String(format: "%@: %d frames, %.2f s at %d fps, %@, in %.1f s", what, frames, seconds, fps, ClipRecord.sizeText(bytes), elapsed)
    }
}

/// The progress line on a terminal: frames done of the total and the time left, rewritten in place.
final class ClipProgress {
    let total: Int
    let enabled: Bool
    private var done = 0
    private let started = ClipProgress.now()
    private var lastShown = 0.0

    init(total: Int, enabled: Bool) { self.total = total; self.enabled = enabled }

    /// Seconds on the monotonic clock.
    private static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    func frameDone() {
        done += 1
        guard enabled else { return }
        let now = ClipProgress.now()
        guard now - lastShown > 0.1 || done == total else { return }
        lastShown = now
        let left = done > 0 ? (now - started) / Double(done) * Double(total - done) : 0
        FileHandle.standardError.write(Data(String(format: "\rrecording: %d/%d frames, %.0f s left  ", done, total, left.rounded(.up)).utf8))
    }

    func end() { if enabled && done > 0 { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) } }
}
