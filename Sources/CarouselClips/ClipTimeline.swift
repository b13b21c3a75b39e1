import Foundation

/// A clip's frames: frame k is the frame at exactly `from + k / fps`, for every k with that time before `to`.
public struct ClipTimeline: Equatable, Sendable {
    public let from: Double
    public let to: Double
    public let fps: Int

    public init(from: Double, to: Double, fps: Int) {
        self.from = from; self.to = to; self.fps = max(fps, 1)
        times = (0..<count).map(time)
    }

    /// How many frames: the clip's duration times the rate, rounded (3 s at 30 fps: 90).
    public var count: Int { max(Int(((to - from) * Double(fps)).rounded()), 1) }

    /// The time of frame `k`, rounded to the microsecond (so `capture --at` with the same number draws it).
    public func time(_ k: Int) -> Double { ((from + Double(k) / Double(fps)) * 1e6).rounded() / 1e6 }

    /// Every frame's time, in order (made once: reading a frame's time from it is constant time).
    public private(set) var times: [Double] = []
}

/// Small helpers for clip files: sizes and names as messages show them.
public enum ClipRecord {
    /// The size of the file at `path` in bytes (0 when it cannot be read).
    public static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    /// "812 KB", "3.4 MB".
    public static func sizeText(_ bytes: Int) -> String {
        bytes < 1_000_000 ? "\(max(bytes / 1000, bytes > 0 ? 1 : 0)) KB" : String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }

    /// How a folder of frames for `out` is named: "clip-*.png".
    public static func displayPattern(_ out: String) -> String { (out as NSString).deletingPathExtension + "-*.png" }

    /// The file of the frame at `t` seconds in a sequence named `stem`: "clip-00033.png", by time in milliseconds (as
    /// `capture --frames` and `record` to PNG name them).
    public static func frameFile(_ stem: String, at t: Double, extension ext: String) -> String {
        String(format: "%@-%05d.%@", stem, Int((t * 1000).rounded()), ext)
    }
}
