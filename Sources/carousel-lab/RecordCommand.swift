import ArgumentParser
import CarouselApp
import CarouselBench
import CarouselClips
import CarouselSupport
import Foundation

extension CarouselLab {
    /// Renders a clip with no display, frame-exact on the manual clock, and encodes it.
    struct Record: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "record",
            abstract: "Record a clip headlessly: MP4 (H.264), WebM (VP9), GIF or a folder of PNG frames, frame-exact.",
            discussion: "Frame k is the frame at exactly FROM + k / FPS seconds after the style appears, on a manual clock: none is dropped, however loaded the machine. The format comes from --out's extension.")
        @OptionGroup var options: DeckOptions<HeadlessHelp>
        @Option(name: .long, help: "The clip to write: .mp4, .webm, .gif, or .png (numbered frames: NAME-00000.png, NAME-00033.png, ..., by time in milliseconds).")
        var out: String
        @Option(name: .long, parsing: .unconditional, help: "Seconds after the style appears where the clip starts (default: the --params sidecar's, else 0).")
        var from: Double?
        @Option(name: .long, parsing: .unconditional, help: "Where the clip ends, in seconds (default: the --params sidecar's, else 3).")
        var to: Double?
        @Option(name: .long, help: "Frames per second, 1 to 120 (default: the --params sidecar's, else 30).")
        var fps: Int?
        @Option(name: .long, help: "With .png: also write what is on screen for each frame as JSON (L-00000.json, ...).")
        var layout: String?
        @Flag(name: .long, help: "Also draw the app's own chrome (toolbar, messages, the timeline strip and graph), as the app shows it.")
        var showChrome = false
        /// The window's clips: `--params` is the sidecar it wrote for this clip, removed when no clip is written (so
        /// no sidecar names a clip that never was, e.g. when the window died while the clip was stopped).
        @Flag(name: .customLong("discard-params-on-failure"), help: .hidden)
        var discardParamsOnFailure = false
        /// The window's clips after a drop: `--images` is a deck file written for this run, removed when it ends.
        @Flag(name: .customLong("remove-images-after"), help: .hidden)
        var removeImagesAfter = false

        func validate() throws {
            try ArgumentError.reporting {
                do throws(ClipError) { _ = try ClipFormat.of(out) } catch { throw ArgumentError(error.message) }
                if let fps, let why = CaptureLimits.fpsProblem(Double(fps)) { throw ArgumentError("--fps \(why)") }
                for (name, v) in [("--from", from), ("--to", to)] {
                    if let v, let why = CaptureLimits.secondsProblem(v) { throw ArgumentError("\(name) \(why)") }
                }
                if let from, let to, let why = CaptureLimits.orderProblem(from: from, to: to, fromName: "--from", toName: "--to") {
                    throw ArgumentError(why)
                }
                // A folder (or device) where the clip goes is refused now, not after every frame is rendered.
                if (try? ClipFormat.of(out))?.isVideo == true {
                    do throws(AtomicFileError) { try AtomicFile.checkReplaceable(out) } catch { throw ArgumentError("--out \(error.description)") }
                }
            }
        }

        func run() throws {
            // Ctrl+C, SIGTERM, and SIGHUP (the window that ran this as a background job died while it was stopped,
            // orphaning its group) are answered from the start: checked before each step and each frame.
            CaughtSignals.catching([SIGINT, SIGTERM, SIGHUP])
            var wrote = false
            defer {
                if removeImagesAfter, let images = options.images { unlink(images) }
                if discardParamsOnFailure, !wrote, let params = options.params { unlink(params) }
            }
            try record(interrupted: CaughtSignals.take)
            wrote = true
        }

        private func record(interrupted: @escaping @Sendable () -> Bool) throws {
            try MainActor.assumeIsolated {
                let started = ProcessMetrics.monotonic()
                // A size the format cannot take is refused before a frame is drawn or allocated.
                let pixels = try options.headlessSize().pixels
                if let why = (try? ClipFormat.of(out))?.sizeProblem(width: pixels.width, height: pixels.height) {
                    throw Failure("\(out): \(why); choose a smaller --size\(options.scale.map { _ in " or --scale" } ?? "")")
                }
                let (frames, sidecar) = try clipFrames()
                if interrupted() { throw ClipWriter.interruption }
                let start = from ?? sidecar?.from ?? 0, end = to ?? sidecar?.to ?? max(start + 3, 3)
                guard end > start else { throw Failure("the clip ends (\(JSONValue.format(end)) s) before it starts (\(JSONValue.format(start)) s)") }
                let writer = try ClipWriter(out: out, timeline: ClipTimeline(from: start, to: end, fps: fps ?? sidecar?.fps ?? 30),
                                            layout: layout, showsProgress: isatty(2) != 0, interrupted: interrupted)
                // A GIF's sample pass draws with a run of its own, whose warnings the first run already said.
                let summary = try writer.write(frames) { try clipFrames { _ in }.frames }
                printError(summary.line(elapsed: ProcessMetrics.monotonic() - started))
            }
        }

        /// The clip's frames as a headless run of the options draws them, and the `--params` sidecar's defaults.
        @MainActor private func clipFrames(report: @escaping @Sendable (String) -> Void = printError) throws -> (frames: HeadlessClipFrames, sidecar: SidecarDefaults?) {
            var (canvas, preview, run, sidecar) = try options.headlessRun(report: report)
            run.windowChrome = showChrome
            return (HeadlessClipFrames(canvas: canvas, preview: preview, run: run), sidecar)
        }
    }
}
