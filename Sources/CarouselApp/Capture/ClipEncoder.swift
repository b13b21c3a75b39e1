import CarouselSupport
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Encodes raw frames into a video or GIF with the `ffmpeg` program, the way screen recorders on Linux do (VHS, Kap,
/// Peek): frames are piped to it as raw BGRA from a background queue, so rendering the next frame overlaps encoding
/// (and FFmpeg's own threads use the other cores). MP4 and WebM are one FFmpeg run. A GIF wants one palette from the
/// whole clip before its first frame is written, which FFmpeg would get by holding every frame in memory (1.1 GB for
/// ten seconds at 720p); instead, while frames are rendered, one run builds the palette from every fifth frame and
/// another keeps all of them losslessly (Ut Video) in a temporary file, and a last run maps that file onto the
/// palette. Every file is written under a hidden temporary name beside the output and renamed into place only when
/// FFmpeg finished cleanly, so a failure (a full disk, a killed encoder, Ctrl+C) leaves nothing.
public final class ClipEncoder: @unchecked Sendable {
    public let output: String
    public let format: ClipFormat
    private let program: String
    private let temp: String
    /// The runs frames go to, with which frames: every one, or every fifth (the GIF's palette).
    private var runs: [(run: FFmpegRun, every: Int)] = []
    /// A GIF's palette and lossless frames, between the passes.
    private var palette: String?
    private var frames: String?
    private var count = 0
    private var ended = false

    /// Every how many frames one goes into a GIF's palette: a fifth of them, the palette is as good (37.5 against
    /// 37.4 dB at worst on the bench's hover sweep) and built in half the time.
    static let paletteSampling = 5

    /// The encoder program: `$CAROUSEL_LAB_FFMPEG`, else `ffmpeg` on `PATH`.
    public static func program(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let p = environment["CAROUSEL_LAB_FFMPEG"], !p.isEmpty { return p }
        for dir in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(dir)/ffmpeg"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Starts FFmpeg writing `format` to a temporary file beside `output`, for frames of `width` x `height` pixels at
    /// `fps`. Throws one line when the encoder is missing or the folder cannot be written.
    public init(output: String, format: ClipFormat, width: Int, height: Int, fps: Int) throws(ClipError) {
        self.output = output
        self.format = format
        guard let ffmpeg = ClipEncoder.program() else {
            throw ClipError("cannot encode \(format.rawValue): ffmpeg is not installed (apt install ffmpeg)")
        }
        guard FileManager.default.isExecutableFile(atPath: ffmpeg) else {
            throw ClipError("cannot encode \(format.rawValue): no ffmpeg program at \(ffmpeg) (CAROUSEL_LAB_FFMPEG)")
        }
        program = ffmpeg
        temp = AtomicFile.temporaryPath(beside: output)
        // Proves the folder takes a file before a single frame is rendered.
        let probe = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard probe >= 0 else {
            throw ClipError("\(output): cannot write in \((temp as NSString).deletingLastPathComponent) (\(String(cString: strerror(errno))))")
        }
        close(probe)
        do throws(ClipError) {
            if format == .gif {
                let palette = AtomicFile.temporaryPath(beside: output), frames = AtomicFile.temporaryPath(beside: output)
                self.palette = palette
                self.frames = frames
                let input = ClipFormat.rawInput(width: width, height: height, fps: fps)
                runs.append((try FFmpegRun(program: ffmpeg, arguments: input + ["-vf", "palettegen=stats_mode=full", "-f", "image2", "-c:v", "png", palette],
                                           input: true), ClipEncoder.paletteSampling))
                runs.append((try FFmpegRun(program: ffmpeg, arguments: input + ["-c:v", "utvideo", "-f", "matroska", frames], input: true), 1))
            } else {
                runs.append((try FFmpegRun(program: ffmpeg, arguments: format.ffmpegArguments(width: width, height: height, fps: fps, output: temp),
                                           input: true), 1))
            }
        } catch {
            cancel()
            throw error
        }
    }

    /// Queues one frame (`width * height * 4` BGRA bytes); returns at once unless three frames are already waiting.
    /// A failure shows up in `finish`.
    public func append(_ frame: Data) {
        for (run, every) in runs where count % every == 0 { run.append(frame) }
        count += 1
    }

    /// Waits for every frame to be encoded, then moves the file into place. Throws FFmpeg's own last error line
    /// (a full disk says so) and leaves nothing behind.
    public func finish() throws(ClipError) {
        for (run, _) in runs {
            if let why = run.finish() { cancel(); throw ClipError("\(output): ffmpeg failed (\(why))") }
        }
        if let palette, let frames {
            let last: FFmpegRun
            do {
                last = try FFmpegRun(program: program, arguments: ["-hide_banner", "-loglevel", "error", "-xerror", "-nostdin", "-y",
                                                                   "-i", frames, "-i", palette] + ClipFormat.gifOutput(temp), input: false)
            } catch { cancel(); throw error }
            runs = [(last, 1)]
            if let why = last.finish() { cancel(); throw ClipError("\(output): ffmpeg failed (\(why))") }
        }
        ended = true
        removeTemporaries(keepingOutput: true)
        do { try AtomicFile.commit(temp, to: output) } catch { unlink(temp); throw ClipError("\(output): cannot move the clip into place (\(error.reason))") }
    }

    /// Stops the encoder and removes its temporary files (Ctrl+C, or a failure while rendering).
    public func cancel() {
        guard !ended else { return }
        ended = true
        runs.forEach { $0.run.cancel() }
        removeTemporaries(keepingOutput: false)
    }

    private func removeTemporaries(keepingOutput: Bool) {
        for path in [palette, frames].compactMap({ $0 }) { unlink(path) }
        if !keepingOutput { unlink(temp) }
    }

    deinit { if !ended { cancel() } }
}
