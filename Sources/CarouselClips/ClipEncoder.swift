import CarouselSupport
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Encodes raw frames into a video or GIF with the `ffmpeg` program, the way screen recorders on Linux do (VHS, Kap,
/// Peek): frames are piped to it as raw BGRA from a background queue, so rendering the next frame overlaps encoding
/// (and FFmpeg's own threads use the other cores). MP4 and WebM are one FFmpeg run. A GIF wants one palette from the
/// whole clip before its first frame is written, which FFmpeg would get by holding every frame in memory (1.1 GB for
/// ten seconds at 720p); instead the clip is given twice, as frames are a function of time and input and rendering
/// one costs less than storing it: first a sample (every `paletteSampling`th frame) to a run that builds the palette,
/// then, after `beginFrames()`, every frame, mapped onto that palette by `PaletteMapper` on the writing queue, to a
/// run that compresses it into the GIF. Every file is written under a
/// hidden temporary name beside the output and renamed into place only when FFmpeg finished cleanly, so a failure (a
/// full disk, a killed encoder, Ctrl+C) leaves nothing.
public final class ClipEncoder: @unchecked Sendable {
    public let output: String
    public let format: ClipFormat
    private let temp: String
    private let size: (width: Int, height: Int, fps: Int)
    /// The FFmpeg run frames go to: the palette's, then the clip's.
    private var run: FFmpegRun
    /// A GIF's clip run while the palette's is under way: started with it, so FFmpeg's start (about 0.1 s) overlaps the
    /// sample pass; its frames come after `beginFrames()`.
    private var waiting: FFmpegRun?
    /// A GIF's palette, from the sample pass until the clip is written.
    private var palette: String?
    /// Whether frames still go to the sample pass.
    private var sampling = false
    private var ended = false

    /// Every how many frames of the clip one goes into a GIF's palette (`samplingInterval`): with a fifth of them the
    /// palette is as good (docs/performance.md, clips) and built in a fifth of the time.
    public static let paletteSampling = 5

    /// For a format that takes a first pass over a sample of the clip (a GIF's palette): every how many frames to give
    /// it, before `beginFrames()`; nil when frames go straight to the clip.
    public var samplingInterval: Int? { sampling && !ended ? ClipEncoder.paletteSampling : nil }

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
    /// `fps`. Throws one line when the format cannot take frames that large, the encoder is missing or the folder
    /// cannot be written.
    public init(output: String, format: ClipFormat, width: Int, height: Int, fps: Int) throws(ClipError) {
        self.output = output
        self.format = format
        if let why = format.sizeProblem(width: width, height: height) { throw ClipError("\(output): \(why)") }
        guard let ffmpeg = ClipEncoder.program() else {
            throw ClipError("cannot encode \(format.rawValue): ffmpeg is not installed (apt install ffmpeg)")
        }
        guard FileManager.default.isExecutableFile(atPath: ffmpeg) else {
            throw ClipError("cannot encode \(format.rawValue): no ffmpeg program at \(ffmpeg) (CAROUSEL_LAB_FFMPEG)")
        }
        size = (width, height, fps)
        temp = AtomicFile.temporaryPath(beside: output)
        // Proves the folder takes a file before a single frame is rendered.
        let probe = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard probe >= 0 else {
            throw ClipError("\(output): cannot write in \((temp as NSString).deletingLastPathComponent) (\(String(cString: strerror(errno))))")
        }
        close(probe)
        let palette = format == .gif ? AtomicFile.temporaryPath(beside: output) : nil
        do throws(ClipError) {
            let input = ClipFormat.rawInput(width: width, height: height, fps: fps)
            if let palette {
                run = try FFmpegRun(program: ffmpeg, arguments: input + ClipFormat.paletteOutput(palette), input: true)
                do throws(ClipError) {
                    waiting = try FFmpegRun(program: ffmpeg, arguments: ClipFormat.rawInput(width: width, height: height, fps: fps, pixelFormat: "pal8")
                                                + ClipFormat.gifOutput(temp), input: true)
                } catch { run.cancel(); throw error }
            } else {
                run = try FFmpegRun(program: ffmpeg, arguments: format.ffmpegArguments(width: width, height: height, fps: fps, output: temp), input: true)
            }
        } catch {
            unlink(temp)
            throw error
        }
        self.palette = palette
        sampling = palette != nil
    }

    /// Queues one frame, which `fill` writes (`width * height * 4` BGRA bytes) into the buffer of a frame already
    /// written, so a few buffers go round instead of a fresh allocation per frame. Returns at once unless three frames
    /// are already waiting; a failure shows up in `beginFrames` or `finish`.
    public func append(filling fill: (inout Data) -> Void) {
        var buffer = run.reusableBuffer()
        fill(&buffer)
        run.append(buffer)
    }

    /// Ends the sample pass (a GIF's palette is built) and starts the clip's: the frames appended from now on are the
    /// clip's, every one. Throws FFmpeg's own last error line and leaves nothing behind.
    public func beginFrames() throws(ClipError) {
        guard let palette, samplingInterval != nil else { return }
        try finishRun()
        let colours = FileManager.default.contents(atPath: palette) ?? Data()
        guard let mapper = PaletteMapper(palette: colours) else {
            cancel()
            throw ClipError("\(output): ffmpeg made no usable palette (\(colours.count) bytes, expected 1024 with an opaque colour)")
        }
        guard let clip = waiting else { return }
        let (width, height) = (size.width, size.height)
        clip.convert { mapper.map($0, width: width, height: height) }
        run = clip
        waiting = nil
        sampling = false
    }

    /// Waits for every frame to be encoded, then moves the file into place unless `interrupted` says so by then (a
    /// Ctrl+C or SIGHUP while FFmpeg encodes the last frames: it throws `ClipWriter.interruption`). Throws FFmpeg's
    /// own last error line (a full disk says so) and leaves nothing behind.
    public func finish(unless interrupted: () -> Bool = { false }) throws(ClipError) {
        precondition(samplingInterval == nil, "a GIF's frames come after beginFrames()")
        try finishRun(unless: interrupted)
        ended = true
        removeTemporaries(keepingOutput: true)
        do { try AtomicFile.commit(temp, to: output) } catch { unlink(temp); throw ClipError("\(output): cannot move the clip into place (\(error.reason))") }
    }

    /// Stops the encoder and removes its temporary files (Ctrl+C, or a failure while rendering).
    public func cancel() {
        guard !ended else { return }
        ended = true
        run.cancel()
        waiting?.cancel()
        removeTemporaries(keepingOutput: false)
    }

    /// Waits for FFmpeg to end; throws the interruption `interrupted` reports by then, else FFmpeg's failure.
    private func finishRun(unless interrupted: () -> Bool = { false }) throws(ClipError) {
        let failure = run.finish()
        if interrupted() { cancel(); throw ClipWriter.interruption }
        if let failure { cancel(); throw ClipError("\(output): ffmpeg failed (\(failure))") }
    }

    private func removeTemporaries(keepingOutput: Bool) {
        if let palette { unlink(palette) }
        if !keepingOutput { unlink(temp) }
    }

    deinit { if !ended { cancel() } }
}
