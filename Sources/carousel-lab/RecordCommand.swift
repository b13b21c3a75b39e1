import ArgumentParser
import CarouselApp
import CarouselBench
import CarouselCore
import CarouselSupport
import Foundation
import SDLBackend

extension CarouselLab {
    /// Renders a clip with no display, frame-exact on the manual clock, and encodes it.
    struct Record: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Record a clip headlessly: MP4 (H.264), WebM (VP9), GIF or a folder of PNG frames, frame-exact.",
            discussion: "Frame k is the frame at exactly FROM + k / FPS, as `capture --at` draws it. The format comes from --out's extension.")
        @OptionGroup var options: DeckOptions
        @Option(name: .long, help: "The clip to write: .mp4, .webm, .gif, or .png (numbered frames, as capture --frames).")
        var out: String
        @Option(name: .long, parsing: .unconditional, help: "Seconds after the style appears where the clip starts (default: the --params sidecar's, else 0).")
        var from: Double?
        @Option(name: .long, parsing: .unconditional, help: "Where the clip ends, in seconds (default: the --params sidecar's, else 3).")
        var to: Double?
        @Option(name: .long, help: "Frames per second, 1 to 120 (default: the --params sidecar's, else 30).")
        var fps: Int?
        @Option(name: .long, help: "With .png: also write what is on screen for each frame as JSON (L-00000.json, ...).")
        var layout: String?

        func validate() throws {
            try ArgumentError.reporting {
                do throws(ClipError) { _ = try ClipFormat.of(out) } catch { throw ArgumentError(error.message) }
                if let fps, !(1...120).contains(fps) { throw ArgumentError("--fps must be 1...120, got \(fps)") }
                for (name, v) in [("--from", from), ("--to", to)] {
                    if let v, !(v.isFinite && v >= 0 && v <= 3600) { throw ArgumentError("\(name) must be between 0 and 3600 seconds, got \(v)") }
                }
                if let from, let to, to <= from {
                    throw ArgumentError("--to (\(JSONValue.format(to)) s) must be after --from (\(JSONValue.format(from)) s)")
                }
            }
        }

        func run() throws {
            try MainActor.assumeIsolated {
                let started = ProcessMetrics.monotonic()
                let format = try ClipFormat.of(out)
                let (canvas, preview, run, sidecar) = try options.headlessRun()
                let start = from ?? sidecar?.from ?? 0, end = to ?? sidecar?.to ?? max(start + 3, 3)
                let rate = fps ?? sidecar?.fps ?? 30
                guard end > start else { throw Failure("the clip ends (\(JSONValue.format(end)) s) before it starts (\(JSONValue.format(start)) s)") }
                let timeline = ClipTimeline(from: start, to: end, fps: rate)
                let interrupted = RaisedFlag()
                // SIGHUP: the window that ran this as a background job died while it was stopped (its group orphaned).
                Signals.handle([SIGINT, SIGTERM, SIGHUP]) { interrupted.raise() }
                var written: [String] = []
                var encoder: ClipEncoder?
                // A PNG folder's frames are encoded and written on background threads while the next ones render.
                let frames = format.isVideo ? nil : PNGFrameWriter()
                if format.isVideo {
                    do throws(ClipError) {
                        encoder = try ClipEncoder(output: out, format: format, width: canvas.pixelWidth, height: canvas.pixelHeight, fps: rate)
                    } catch {
                        throw Failure(error.message)
                    }
                } else {
                    try FileManager.default.createDirectory(atPath: (out as NSString).deletingLastPathComponent.isEmpty ? "." : (out as NSString).deletingLastPathComponent,
                                                            withIntermediateDirectories: true)
                }
                // A GIF's sample pass counts in the progress too.
                let sampled = encoder?.samplingInterval.map { (timeline.count + $0 - 1) / $0 } ?? 0
                let progress = ClipProgress(total: timeline.count + sampled, enabled: isatty(2) != 0)
                func discard() {
                    encoder?.cancel()
                    try? frames?.finish()
                    written.forEach { unlink($0) }
                }
                do {
                    if let encoder, let every = encoder.samplingInterval {
                        // A GIF's palette first, from a sample of the clip rendered by a run of its own: the same
                        // arguments give the same frames, and rendering one again costs less than keeping it.
                        let (sampleCanvas, _, sampleRun, _) = try options.headlessRun { _ in }
                        let times = stride(from: 0, to: timeline.count, by: every).map { timeline.times[$0] }
                        try sampleRun.render(times: times, into: sampleCanvas.renderer) { _ in
                            if interrupted.take() { throw Failure("interrupted: no clip written") }
                            encoder.append { sampleCanvas.bgraFrame(into: &$0) }
                            progress.frameDone()
                        }
                        do throws(ClipError) { try encoder.beginFrames() } catch { throw Failure(error.message) }
                    }
                    let stem = (out as NSString).deletingPathExtension
                    try run.render(times: timeline.times, into: canvas.renderer) { t in
                        if interrupted.take() { throw Failure("interrupted: no clip written") }
                        if let encoder {
                            encoder.append { canvas.bgraFrame(into: &$0) }
                        } else {
                            let name = String(format: "%@-%05d.png", stem, Int((t * 1000).rounded()))
                            written.append(name)
                            do throws(PNGFrameError) { try frames?.write(canvas, to: name) } catch { throw Failure(error.message) }
                            if let layout {
                                let path = String(format: "%@-%05d.json", (layout as NSString).deletingPathExtension, Int((t * 1000).rounded()))
                                try writeLayout(preview, to: path)
                                written.append(path)
                            }
                        }
                        progress.frameDone()
                    }
                    do throws(PNGFrameError) { try frames?.finish() } catch { throw Failure(error.message) }
                    progress.end()
                    do throws(ClipError) { try encoder?.finish() } catch { throw Failure(error.message) }
                } catch {
                    progress.end()
                    discard()
                    throw error
                }
                let bytes = format.isVideo ? ClipRecord.fileSize(out) : written.reduce(0) { $0 + ClipRecord.fileSize($1) }
                let what = format.isVideo ? out : "\(written.filter { $0.hasSuffix(".png") }.count) PNG files \(ClipRecord.displayPattern(out))"
                printError(String(format: "%@: %d frames, %.2f s at %d fps, %@, in %.1f s", what, timeline.count, end - start, rate,
                                  ClipRecord.sizeText(bytes), ProcessMetrics.monotonic() - started))
            }
        }
    }
}

/// The progress line on a terminal: frames done of the total and the time left, rewritten in place.
final class ClipProgress {
    let total: Int
    let enabled: Bool
    private var done = 0
    private let started = ProcessMetrics.monotonic()
    private var lastShown = 0.0

    init(total: Int, enabled: Bool) { self.total = total; self.enabled = enabled }

    func frameDone() {
        done += 1
        guard enabled else { return }
        let now = ProcessMetrics.monotonic()
        guard now - lastShown > 0.1 || done == total else { return }
        lastShown = now
        let left = done > 0 ? (now - started) / Double(done) * Double(total - done) : 0
        FileHandle.standardError.write(Data(String(format: "\rrecording: %d/%d frames, %.0f s left  ", done, total, left.rounded(.up)).utf8))
    }

    func end() { if enabled && done > 0 { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) } }
}
