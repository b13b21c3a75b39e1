import CarouselApp
import CarouselClips
import CarouselCore
import Foundation

/// One `record` run: a format at a frame rate, and how long 3 s of clip took to make.
public struct RecordBenchResult: Sendable {
    public var format: String
    public var fps: Int
    /// Seconds of clip.
    public var clipSeconds: Double
    /// Wall seconds the `record` process took, start to exit (rendering, encoding, writing).
    public var seconds: Double
    /// The file's size in bytes (the folder's, for PNG frames).
    public var bytes: Int
    /// How many times faster than real time: clip seconds over seconds taken.
    public var speed: Double { seconds > 0 ? clipSeconds / seconds : 0 }
}

/// Times `carousel-lab record` in fresh processes, as a user runs it: 3 s of the expand style's hover sweep at the
/// bench's size, at 30 and 60 fps, in every format, after one untimed warm-up run.
enum RecordBench {
    static let formats = ["mp4", "webm", "gif", "png"]

    static func run(size: Size, deckPath: String, quick: Bool, progress: (String) -> Void) throws -> [RecordBenchResult] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("record-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = quick ? 1.0 : 3.0
        let script = BenchScripts.hoverSweep(size: size, seconds: clip)
        let scriptFile = dir.appendingPathComponent("sweep.txt").path
        try script.write(toFile: scriptFile, atomically: true, encoding: .utf8)
        var results: [RecordBenchResult] = []
        /// Runs `record` to `out` at `fps`; returns the wall seconds it took.
        func record(_ out: String, fps: Int, seconds clipSeconds: Double) throws -> (seconds: Double, status: Int32) {
            let arguments = ["record", "--size", "\(Int(size.width))x\(Int(size.height))", "--images", deckPath, "--input", "@" + scriptFile,
                             "--to", "\(clipSeconds)", "--fps", "\(fps)", "--out", out]
            let start = ProcessMetrics.monotonic()
            let exit = try ChildProcess(ResourceLocator.executablePath(), arguments, errors: .discarded, environment: ["DISPLAY": nil]).wait()
            return (ProcessMetrics.monotonic() - start, exit.statusOrSignal)
        }
        // One untimed run first, so the first format measured does not alone pay for loading the program, the
        // deck and FFmpeg from disk (every later run finds them in the page cache, as a user's second clip does).
        _ = try record(dir.appendingPathComponent("warm-up.mp4").path, fps: 30, seconds: 0.5)
        for fps in quick ? [30] : [30, 60] {
            for format in formats {
                progress("record: \(format) at \(fps) fps")
                let out = dir.appendingPathComponent("clip-\(fps).\(format)").path
                let (seconds, status) = try record(out, fps: fps, seconds: clip)
                guard status == 0 else { throw BenchError("record \(format) at \(fps) fps failed (exit status \(status))") }
                let bytes: Int
                if format == "png" {
                    let stem = "clip-\(fps)-"
                    bytes = ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { $0.hasPrefix(stem) }
                        .reduce(0) { $0 + ClipRecord.fileSize(dir.appendingPathComponent($1).path) }
                } else {
                    bytes = ClipRecord.fileSize(out)
                }
                results.append(RecordBenchResult(format: format, fps: fps, clipSeconds: clip, seconds: seconds, bytes: bytes))
            }
        }
        return results
    }
}
