import CarouselApp
import CarouselCore
import CarouselStyles
import Foundation
import SDLBackend

/// What `carousel-lab bench` measures, and how.
public struct BenchConfiguration {
    /// The styles whose frames are measured.
    public var styles: [String]
    /// Window size in points.
    public var size: Size
    public var renderer: BenchRenderer
    /// 60 Hz frames of each style's scripted interaction.
    public var frames: Int
    /// Shorter runs everywhere (for tests): 2 s instead of 20 s of CPU runs, a small generated folder.
    public var quick: Bool
    /// The deck: the bundled one unless `--images` names another.
    public var deckPath: String
    /// Hears one line per step (stderr in the CLI).
    public var progress: (String) -> Void
    /// The parts to measure (all by default).
    public var parts: Set<BenchPart> = Set(BenchPart.allCases)
    /// Whether to split each style's paint time by kind of renderer call.
    public var breakdown = false

    public init(styles: [String], size: Size, renderer: BenchRenderer, frames: Int, quick: Bool, deckPath: String,
                progress: @escaping (String) -> Void) {
        self.styles = styles; self.size = size; self.renderer = renderer; self.frames = frames; self.quick = quick
        self.deckPath = deckPath; self.progress = progress
    }

    /// Images in the generated folder, and their longest side.
    var generatedImages: (count: Int, maxSide: Int) { quick ? (40, 600) : (2000, 1600) }
    /// 60 Hz frames per deck size of the core scaling figure.
    var coreFrames: Int { quick ? 30 : 240 }
}

/// The parts of the benchmark, for `--only`.
public enum BenchPart: String, CaseIterable, Sendable {
    /// Each style's frames against the floor.
    case frames
    /// The core's update cost at 100, 10,000 and 100,000 items.
    case core
    /// Launch to first frame and to all visible images, idle, memory with the bundled deck.
    case startup
    /// Memory with the generated folder.
    case memory
    /// CPU over auto-advance and over a pointer sweep.
    case cpu
    /// Expand's interaction in one, two and four panes of a comparison.
    case compare
    /// `record`: 3 s of clip at 30 and 60 fps in every format, as a ratio to real time; the window's frames while a
    /// clip renders beside it.
    case record
    /// The timeline: drawing a scrub to a random moment of a 30 s interaction, per style, and its memory.
    case scrub
    /// Paging's auto-advance with no input, 21 s on the 60 Hz timeline (3 s with `--quick`): the anchors harness's
    /// auto-advance scenario, frame by frame, in main-thread CPU time (by phase with `--breakdown`).
    case auto
}

/// Runs every measurement of `carousel-lab bench` and gathers the report.
@MainActor
public enum Benchmark {
    public static func run(_ c: BenchConfiguration) throws -> BenchReport {
        let deck: Deck
        do { deck = try Deck.load(path: c.deckPath).deck } catch { throw BenchError(error.message) }
        let target = try BenchTarget(renderer: c.renderer, size: c.size)
        var report = BenchReport(configuration: c, rendererName: target.rendererName)

        for style in c.styles where c.parts.contains(.frames) {
            c.progress("frames: \(style)")
            report.styles.append(try FrameBench.run(style: style, deck: deck, target: target, frames: c.frames, breakdown: c.breakdown))
        }
        if c.parts.contains(.auto) {
            c.progress("auto: paging's auto-advance, no input")
            let seconds = c.quick ? 3.0 : 21.0
            report.autoAdvanceFrames = try FrameBench.run(style: "paging", deck: deck, target: target, frames: Int(seconds * 60),
                                                          breakdown: c.breakdown, script: BenchScripts.noInput())
        }
        for panes in [1, 2, 4] where c.parts.contains(.compare) {
            c.progress("compare: \(panes) pane\(panes == 1 ? "" : "s") of expand")
            report.compare.append(try FrameBench.run(style: "expand", deck: deck, target: target, frames: c.frames, breakdown: false,
                                                     panes: panes))
        }
        if c.parts.contains(.record) {
            report.record = try RecordBench.run(size: c.size, deckPath: c.deckPath, quick: c.quick, progress: c.progress)
            c.progress("record: expand's frames while a clip renders beside the window")
            report.whileRecording = try FrameBench.runBesideRecording(deck: deck, target: target, frames: c.frames, deckPath: c.deckPath,
                                                                        rounds: c.quick ? 1 : 3, timedClip: c.quick ? 0.5 : 3)
        }
        for style in c.styles where c.parts.contains(.scrub) {
            c.progress("scrub: \(style)")
            report.scrub.append(try ScrubBench.run(style: style, deck: deck, size: c.size, seconds: c.quick ? 10 : 30, scrubs: c.quick ? 30 : 200))
        }
        for style in CoreScalingBench.styles where c.parts.contains(.core) {
            for n in CoreScalingBench.counts {
                c.progress("core update: \(style), \(n) items")
                report.core.append(try CoreScalingBench.run(style: style, items: n, size: c.size, frames: c.coreFrames))
            }
        }
        if c.parts.contains(.startup) {
            c.progress("startup, idle and memory with the bundled deck")
            report.startup = try ProbeLauncher.run(.startup, renderer: c.renderer, size: c.size, deckPath: c.deckPath, quick: c.quick)
        }
        if c.parts.contains(.memory) {
            let generated = c.generatedImages
            let folder = try BenchImageFolder.ensure(count: generated.count, maxSide: generated.maxSide, onProgress: c.progress)
            c.progress("memory with \(generated.count) generated images")
            report.generatedMemory = try ProbeLauncher.run(.memory, renderer: c.renderer, size: c.size, deckPath: folder, quick: c.quick)
        }
        if c.parts.contains(.cpu) {
            c.progress("CPU: auto-advance (paging)")
            report.autoAdvance = try ProbeLauncher.run(.autoAdvance, renderer: c.renderer, size: c.size, deckPath: c.deckPath, quick: c.quick)
            c.progress("CPU: pointer sweep (expand)")
            report.sweep = try ProbeLauncher.run(.sweep, renderer: c.renderer, size: c.size, deckPath: c.deckPath, quick: c.quick)
        }
        return report
    }
}
