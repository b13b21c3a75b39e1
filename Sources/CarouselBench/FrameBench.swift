import CarouselApp
import CarouselClips
import CarouselCore
import CarouselStyles
import CarouselSupport
import Foundation
import SDLBackend

/// One style's frame figures: the scripted interaction's frames, their cost split by phase, and the floor.
public struct StyleFrameResult: Sendable {
    public var style: String
    /// Panes of the style side by side (a comparison), each getting the same input.
    public var panes = 1
    /// 60 Hz frames the script spans.
    public var frames: Int
    /// Frames that needed drawing (the others were skipped: nothing changed).
    public var framesDrawn: Int
    /// Per drawn frame: update + paint + present.
    public var frame: Samples
    /// Input, timers, animation and layout (`ScriptPlayer` delivery and `Preview.update`).
    public var update: Samples
    /// The tree walk and renderer calls, up to the present.
    public var paint: Samples
    /// `SDL_RenderPresent` (or the software renderer's flush).
    public var present: Samples
    /// The same frames' draw lists replayed straight into the renderer (present included).
    public var floor: Samples
    /// The main thread's CPU time per drawn frame, and per floor replay: the work, whatever else the machine runs.
    public var frameCPU: Samples
    public var floorCPU: Samples
    /// The mean share of the window's pixels redrawn and presented per drawn frame (damage tracking).
    public var repaintedShare = 0.0
    /// The mean share of the window's pixels moved whole from the last frame per drawn frame (`FrameDamage.Move`).
    public var movedShare = 0.0
    /// The frames that redrew less than 5 % of the window (a progress bar's step, a dot), and their mean CPU time.
    public var smallFrames = 0
    public var smallFrameCPU = 0.0
    /// Image layers at drawn size the frames found made (a card at rest, moving or cropped) and made (scaled).
    public var layerHits = 0
    public var layersMade = 0
    /// The share of layer requests served without scaling.
    public var layerHitRate: Double { layerHits + layersMade > 0 ? Double(layerHits) / Double(layerHits + layersMade) : 0 }
    /// Triangles per drawn frame (the last one).
    public var triangles: Int
    /// Draw calls of the last frame.
    public var drawCalls: Int
    /// With `--breakdown`: per kind of renderer call, its mean seconds per drawn frame and calls per frame (the
    /// draw lists replayed once more through a timing wrapper).
    public var breakdown: [(kind: String, seconds: Double, calls: Double)] = []
    /// With `--breakdown`: the main thread's CPU seconds per drawn frame in each phase of the frames themselves
    /// (`FramePhases`: input, update, layout, record, diff, draw, present), in phase order.
    public var phases: [(phase: FramePhases.Phase, seconds: Double)] = []

    /// Median frame time over median floor time: what the tree, layout and animation add to a typical frame. The
    /// median, because a single frame preempted by another process moves a mean on a shared machine.
    public var frameOverFloor: Double { floor.p50 > 0 ? frame.p50 / floor.p50 : 0 }
    /// Mean over mean: also counts the rare frames that fill caches (text, image copies, sprites) the floor finds full.
    public var frameOverFloorMean: Double { floor.mean > 0 ? frame.mean / floor.mean : 0 }
    /// Mean over mean in main-thread CPU time.
    public var frameOverFloorCPU: Double { floorCPU.mean > 0 ? frameCPU.mean / floorCPU.mean : 0 }
}

/// Replays each style's scripted interaction on a 60 Hz timeline as fast as the renderer allows, timing every phase;
/// after each block of frames, replays their recorded draw lists into the same renderer for the floor.
@MainActor
enum FrameBench {
    static func run(style: String, deck: Deck, target: BenchTarget, frames: Int, breakdown: Bool, panes: Int = 1,
                    script scriptText: String? = nil) throws -> StyleFrameResult {
        let size = target.size
        // Variants differing in their expansion's duration, as a designer compares them.
        let variants = (0..<panes).map { i in
            Variant(name: "v\(i + 1)", style: style, values: .object([JSONMember("expandDuration", .number(0.4 + 0.2 * Double(i)))]))
        }
        let preview = try Preview(deck: deck, images: target.images, size: size, variants: panes == 1 ? [Variant(name: "current", style: style)] : variants)
        preview.update(to: 0)
        // Images first: decoding is measured by the startup figures, not here.
        _ = target.images.waitUntilLoaded(timeout: 60)
        preview.imagesChanged()
        // The interaction in the first pane's coordinates (mirrored onto the others), laid out for the pane's size.
        let paneSize = preview.panes[0].frame.size
        let script = scriptText.flatMap { try? ScriptedInput.parse($0, size: paneSize) }
            ?? BenchScripts.script(for: style, size: paneSize, seconds: Double(frames) / 60)
        let driver = FrameBenchDriver(preview: preview, script: script, frames: frames)
        driver.pace = target.frameInterval
        driver.timing = breakdown ? CallTimingRenderer(target.renderer) : nil
        FramePhases.reset()
        FramePhases.clock = breakdown ? { ProcessMetrics.threadCPU() } : nil
        target.run(driver) { [unowned preview] in preview.imagesChanged() }
        FramePhases.clock = nil
        driver.replayFloors(into: target.renderer)
        let stats = target.renderer.stats
        var result = StyleFrameResult(style: style, panes: panes, frames: frames, framesDrawn: driver.frame.count, frame: driver.frame,
                                      update: driver.update, paint: driver.paint, present: driver.present, floor: driver.floor,
                                      frameCPU: driver.frameCPU, floorCPU: driver.floorCPU,
                                      triangles: stats.triangles, drawCalls: stats.drawCalls)
        result.repaintedShare = driver.repainted.isEmpty ? 0 : driver.repainted.reduce(0, +) / Double(driver.repainted.count)
        result.movedShare = driver.moved.isEmpty ? 0 : driver.moved.reduce(0, +) / Double(driver.moved.count)
        let small = zip(driver.repainted, driver.frameCPU.values).filter { $0.0 < 0.05 }.map(\.1)
        result.smallFrames = small.count
        result.smallFrameCPU = small.isEmpty ? 0 : small.reduce(0, +) / Double(small.count)
        (result.layerHits, result.layersMade) = (driver.layerHits, driver.layersMade)
        if let timing = driver.timing, driver.frame.count > 0 {
            let n = Double(driver.frame.count)
            result.breakdown = timing.seconds.sorted { $0.value > $1.value }
                .map { ($0.key, $0.value / n, Double(timing.calls[$0.key] ?? 0) / n) }
            result.phases = FramePhases.Phase.allCases.map { ($0, (FramePhases.seconds[$0] ?? 0) / n) }
        }
        return result
    }
}

/// Expand's frames with a clip rendering beside the window, against the same frames without, measured in alternating
/// rounds so that both see the same machine (a shared machine's load drifts from minute to minute). Frames are paced
/// at 60 Hz as in the window, whose waits are when the clip runs.
public struct BesideRecordingResult: Sendable {
    /// Frame times of the rounds without a clip, pooled.
    public var alone: Samples
    /// Frame times of the rounds while `record` renders a clip, pooled.
    public var beside: Samples
    /// How many rounds of each.
    public var rounds: Int
    /// The length of the clip (a 720p30 MP4) timed beside the window's animation: 3 s, 0.5 s with `--quick`.
    public var clipSeconds = 0.0
    /// Seconds that clip took to render beside the window's animation (what the window's frames cost a clip).
    public var clipRenderSeconds = 0.0
    /// p99 beside over p99 alone.
    public var p99Ratio: Double { alone.p99 > 0 ? beside.p99 / alone.p99 : 0 }
}

extension FrameBench {
    /// Expand's interaction alone, then while `record` renders a 720p30 MP4 as a background job of the window
    /// (`BackgroundRender`, as after Ctrl+R), `rounds` times in turn, at 60 Hz; then once more beside a clip of
    /// `timedClip` seconds, timed.
    static func runBesideRecording(deck: Deck, target: BenchTarget, frames: Int, deckPath: String, rounds: Int = 3,
                                   timedClip: Double = 3) throws -> BesideRecordingResult {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("record-beside-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let paced = target.frameInterval
        target.frameInterval = 1.0 / 60
        defer { target.frameInterval = paced }
        func clip(seconds: Double) throws -> BackgroundRender {
            do throws(ClipError) {
                return try BackgroundRender([ResourceLocator.executablePath(), "record", "--images", deckPath, "--to", JSONValue.format(seconds),
                                             "--input", BenchScripts.hoverSweep(size: Size(1280, 720), seconds: seconds),
                                             "--out", dir.appendingPathComponent("c.mp4").path], jobs: target.jobs)
            } catch { throw BenchError("cannot start a clip beside the window: \(error.message)") }
        }
        var result = BesideRecordingResult(alone: Samples(), beside: Samples(), rounds: rounds)
        // A round not counted first: the first frames of the process fill caches that later rounds find full.
        _ = try run(style: "expand", deck: deck, target: target, frames: frames, breakdown: false)
        for _ in 0..<rounds {
            for v in try run(style: "expand", deck: deck, target: target, frames: frames, breakdown: false).frame.values { result.alone.append(v) }
            let job = try clip(seconds: 30)
            defer { job.terminate(); _ = job.wait() }
            // Give it a moment to load its images and start encoding, so the frames below overlap the heavy part.
            Thread.sleep(forTimeInterval: 0.5)
            for v in try run(style: "expand", deck: deck, target: target, frames: frames, breakdown: false).frame.values { result.beside.append(v) }
        }
        // The timed clip is timed to its end, which comes while the window still animates (its end is waited for on
        // another thread, as the window does).
        let started = ProcessMetrics.monotonic()
        let job = try clip(seconds: timedClip)
        let ended = Mailbox<(ok: Bool, at: Double)>()
        DispatchQueue.global().async { let ok = job.wait().ok; ended.post((ok, ProcessMetrics.monotonic())) }
        _ = try run(style: "expand", deck: deck, target: target, frames: frames, breakdown: false)
        var end: (ok: Bool, at: Double)?
        _ = ended.pump({ end = ended.drain().first ?? end }, until: { end != nil }, timeout: 120)
        guard let end, end.ok else { throw BenchError("the \(JSONValue.format(timedClip)) s clip beside the window failed") }
        result.clipSeconds = timedClip
        result.clipRenderSeconds = end.at - started
        return result
    }
}

/// Steps a preview through a script one 60 Hz frame per loop iteration, ignoring wall time and real input.
@MainActor
final class FrameBenchDriver: FrameDriver {
    let preview: Preview
    let player: ScriptPlayer
    let frames: Int
    private var index = 0
    /// The last update changed something not drawn yet: the next simulated frame waits for it (a paced loop updates
    /// more often than it draws).
    private var drawPending = false
    /// The wall time between simulated frames: 0 takes them back to back; 1/60 as a 60 Hz window, also when a frame
    /// has nothing to draw (the loop then waits for the next one).
    var pace = 0.0
    /// When the next simulated frame may be taken (the clock of `update(to:)`), when paced.
    private var nextFrameAt = -Double.infinity
    private var lastUpdate = 0.0
    private(set) var frame = Samples(), update = Samples(), paint = Samples(), present = Samples(), floor = Samples()
    private(set) var frameCPU = Samples(), floorCPU = Samples()
    private var lastUpdateCPU = 0.0
    /// When set, each recorded frame is replayed once more through it (untimed by the figures above).
    var timing: CallTimingRenderer?

    init(preview: Preview, script: ScriptedInput, frames: Int) {
        self.preview = preview; player = ScriptPlayer(script); self.frames = frames
    }

    func handle(_ event: InputEvent) {}

    func update(to wallTime: Double) {
        guard index < frames, !drawPending, wallTime >= nextFrameAt else { return }
        // Keep the cadence when taken a little late; start afresh after a pause (as the window's loop does).
        if pace > 0 { nextFrameAt = wallTime - nextFrameAt < pace ? nextFrameAt + pace : wallTime + pace }
        let t = Double(index) / 60
        index += 1
        let start = ProcessMetrics.monotonic(), cpu = ProcessMetrics.threadCPU()
        FramePhases.measure(.input) { player.deliver(upTo: t, into: preview) }
        FramePhases.measure(.update) { preview.update(to: t) }
        lastUpdate = ProcessMetrics.monotonic() - start
        lastUpdateCPU = ProcessMetrics.threadCPU() - cpu
        drawPending = preview.needsFrame
    }

    var needsFrame: Bool { preview.needsFrame }
    var nextWakeTime: Double? { pace > 0 ? nextFrameAt : 0 }
    var wantsQuit: Bool { index >= frames && !drawPending }

    func draw(into renderer: Renderer) {
        drawPending = false
        let start = ProcessMetrics.monotonic(), cpu = ProcessMetrics.threadCPU()
        preview.draw(into: renderer)
        let drawn = ProcessMetrics.monotonic() - start
        frameCPU.append(lastUpdateCPU + ProcessMetrics.threadCPU() - cpu)
        let presented = (renderer as? SDLRenderer)?.stats.presentSeconds ?? 0
        if let stats = (renderer as? SDLRenderer)?.stats { layerHits += stats.layerHits; layersMade += stats.layersMade }
        update.append(lastUpdate)
        paint.append(drawn - presented)
        present.append(presented)
        frame.append(lastUpdate + drawn)

        // The floor: the same frame's drawings and regions, as drawn, replayed after the block of frames it belongs to.
        let sdl = renderer as? SDLRenderer
        let windowPixels = max(renderer.size.width * renderer.size.height * (sdl?.scale ?? 1) * (sdl?.scale ?? 1), 1)
        repainted.append(Double(sdl?.stats.repaintedPixels ?? 0) / windowPixels)
        moved.append(Double(sdl?.stats.movedPixels ?? 0) / windowPixels)
        if let frame = preview.damage.lastFrame { recorded.append((frame, preview.damage.lastRegions, preview.damage.lastMoves)) }
        if recorded.count == FrameBenchDriver.block { replayFloors(into: renderer) }
    }

    /// Replays a recorded frame as the frame itself was drawn: whole, or its regions into a partial renderer.
    static func replay(_ frame: DrawListRecorder, regions: [Rect], moves: [FrameDamage.Move] = [], into renderer: Renderer) {
        let whole = regions.count == 1 && regions[0] == Rect(origin: .zero, size: frame.size)
        guard !whole, let partial = renderer as? PartialRenderer else {
            if !regions.isEmpty { frame.replay(into: renderer) }
            return
        }
        frame.replay(into: partial, regions: regions, moves: moves.filter { partial.canMovePixels(by: $0.offset) })
    }

    /// Frames per block: the floor replays a block's draw lists after its frames, in the same order, so the
    /// renderer's caches (sized image copies, sprites, text) see the same sequence as in the frames themselves; a
    /// frame and its floor are at most a second apart, so a change in the machine's load hits both.
    static let block = 60
    private var recorded: [(frame: DrawListRecorder, regions: [Rect], moves: [FrameDamage.Move])] = []
    /// Per drawn frame, the share of the window's pixels redrawn and presented.
    private(set) var repainted: [Double] = []
    /// Per drawn frame, the share of the window's pixels moved from the last frame instead of redrawn.
    private(set) var moved: [Double] = []
    /// Image layers the frames (not the floors) found and made.
    private(set) var layerHits = 0, layersMade = 0

    /// Replays the recorded frames not yet replayed, timing each: the floor.
    func replayFloors(into renderer: Renderer) {
        // The floors are not the frames: their calls stay out of the frames' phases.
        let clock = FramePhases.clock
        FramePhases.clock = nil
        defer { FramePhases.clock = clock }
        for (frame, regions, moves) in recorded {
            let floorStart = ProcessMetrics.monotonic(), floorStartCPU = ProcessMetrics.threadCPU()
            FrameBenchDriver.replay(frame, regions: regions, moves: moves, into: renderer)
            floor.append(ProcessMetrics.monotonic() - floorStart)
            floorCPU.append(ProcessMetrics.threadCPU() - floorStartCPU)
        }
        if let timing { for (frame, _, _) in recorded { frame.replay(into: timing) } }
        recorded.removeAll()
    }
}
