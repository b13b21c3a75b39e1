import Foundation

/// What `record` writes, chosen by the output's extension.
public enum ClipFormat: String, CaseIterable, Sendable {
    /// H.264 in MP4, yuv420p, the index at the front (`+faststart`): plays in browsers and chat apps.
    case mp4
    /// VP9 in WebM.
    case webm
    /// An animated GIF with one palette made from the clip's own frames, dithered, looping forever.
    case gif
    /// A folder of PNG frames named by time (as `capture --frames` names them).
    case png

    /// The format for `path`'s extension; throws a one-line message naming it when there is none.
    public static func of(_ path: String) throws(ClipError) -> ClipFormat {
        let ext = (path as NSString).pathExtension.lowercased()
        guard let f = ClipFormat(rawValue: ext) else {
            throw ClipError("\(path): unknown clip format \"\(ext.isEmpty ? "(no extension)" : "." + ext)\" (use .mp4, .webm, .gif or .png)")
        }
        return f
    }

    /// Whether frames go to FFmpeg (all but PNG).
    public var isVideo: Bool { self != .png }

    /// Why frames of `width` x `height` pixels cannot be made into a clip of this format, naming the limit; nil when
    /// they can. `record` asks before it draws a frame or allocates one (a 16384x16384 MP4 used to fail after 6 s and
    /// 2-3 GB with FFmpeg's "pipe:0: Invalid argument"). MP4 and WebM are checked at the size they are encoded at,
    /// odd sides padded to even ones.
    public func sizeProblem(width: Int, height: Int) -> String? {
        let (w, h) = self == .mp4 || self == .webm ? (width + width % 2, height + height % 2) : (width, height)
        let size = "\(width)x\(height) pixels"
        switch self {
        case .mp4:
            let macroblocks = ((w + 15) / 16) * ((h + 15) / 16)
            if max(w, h) > ClipFormat.h264MaxSide || macroblocks > ClipFormat.h264MaxMacroblocks {
                return "\(size) is too large for an MP4: H.264's highest level (6.2) takes at most \(ClipFormat.h264MaxMacroblocks) macroblocks of 16x16 pixels a frame (35.7 megapixels, such as 8192x4352) and \(ClipFormat.h264MaxSide) pixels a side"
            }
        case .webm:
            if max(w, h) > ClipFormat.vp9MaxSide || w * h > ClipFormat.vp9MaxPixels {
                return "\(size) is too large for a WebM: VP9's highest level (6.2) takes at most \(ClipFormat.vp9MaxPixels) pixels a frame (35.7 megapixels, such as 8192x4352) and \(ClipFormat.vp9MaxSide) pixels a side"
            }
        case .gif:
            if max(w, h) > ClipFormat.gifMaxSide { return "\(size) is too large for a GIF: its sides are at most \(ClipFormat.gifMaxSide) pixels" }
        case .png:
            return nil
        }
        if !ClipFormat.ffmpegReadsFrame(width: w, height: h) {
            return "\(size) is too large for FFmpeg, which reads raw frames only while (8 x width + 1024) x (height + 128) stays under 2^31 (about 16000x16000)"
        }
        return nil
    }

    /// H.264 level 6.2 (its highest, ITU-T H.264 Table A-1): MaxFS macroblocks a frame, and Sqrt(8 x MaxFS) of them a
    /// side.
    public static let h264MaxMacroblocks = 139_264
    public static let h264MaxSide = 1055 * 16
    /// VP9 level 6.2 (its highest): MaxPictureSize samples and the longest side.
    public static let vp9MaxPixels = 35_651_584
    public static let vp9MaxSide = 16_832
    /// A GIF's logical screen and frames have 16-bit sides.
    public static let gifMaxSide = 65_535

    /// Whether FFmpeg's raw-video reader takes a frame of `width` x `height` (libavutil's `av_image_check_size`).
    static func ffmpegReadsFrame(width: Int, height: Int) -> Bool {
        let (product, overflow) = (8 * width + 1024).multipliedReportingOverflow(by: height + 128)
        return !overflow && product < Int(Int32.max)
    }

    /// FFmpeg's arguments reading raw frames of `width` x `height` at `fps` from standard input: BGRA pixels, or
    /// with `pixelFormat` "pal8" a palette index per pixel followed by the palette.
    static func rawInput(width: Int, height: Int, fps: Int, pixelFormat: String = "bgra") -> [String] {
        // -xerror: FFmpeg otherwise reports a failed write (a full disk) and still exits 0 with a truncated file.
        ["-hide_banner", "-loglevel", "error", "-xerror", "-nostdin", "-y",
         "-f", "rawvideo", "-pix_fmt", pixelFormat, "-s", "\(width)x\(height)", "-r", "\(fps)", "-i", "pipe:0"]
    }

    /// FFmpeg's arguments to encode raw BGRA frames of `width` x `height` at `fps` from standard input into `output`
    /// in one run (MP4, WebM). Odd sizes are padded to even ones for yuv420p (never cropped).
    public func ffmpegArguments(width: Int, height: Int, fps: Int, output: String) -> [String] {
        let input = ClipFormat.rawInput(width: width, height: height, fps: fps)
        // Padding only for an odd side: the filter copies every frame.
        let even = width % 2 == 0 && height % 2 == 0 ? [] : ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2"]
        switch self {
        case .mp4:
            // CRF 12: every frame within 38 dB (RGB PSNR) of the capture; chroma subsampling is what limits it.
            // ultrafast: a busy 720p clip at twice real time on two cores, for a larger file (docs/performance.md).
            return input + even + ["-c:v", "libx264", "-preset", "ultrafast", "-crf", "12", "-pix_fmt", "yuv420p",
                                   "-movflags", "+faststart", "-f", "mp4", output]
        case .webm:
            return input + even + ["-c:v", "libvpx-vp9", "-b:v", "0", "-crf", "20", "-deadline", "realtime", "-cpu-used", "8",
                                   "-row-mt", "1", "-pix_fmt", "yuv420p", "-f", "webm", output]
        case .gif, .png:
            return []
        }
    }

    /// The sample pass's output arguments: the GIF's palette built from colour counts over every pixel of the
    /// sampled frames, each halved first (nearest pixel, so no new colours): the same palette quality in half the time
    /// (docs/performance.md, clips). It is written raw (256 entries, B G R A) for `PaletteMapper`; an entry with alpha 0
    /// is the one FFmpeg keeps for transparency.
    static func paletteOutput(_ palette: String) -> [String] {
        ["-vf", "scale=iw/2:ih/2:flags=neighbor,palettegen=stats_mode=full", "-f", "rawvideo", "-pix_fmt", "bgra", palette]
    }

    /// The GIF pass's output arguments, for frames already mapped onto the palette (`pal8`): FFmpeg's GIF encoder
    /// stores only the rectangle of each frame that changed (the rest transparent) and loops forever.
    static func gifOutput(_ output: String) -> [String] {
        ["-loop", "0", "-f", "gif", output]
    }
}

/// A clip that could not be made, as one line naming the culprit.
public struct ClipError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
