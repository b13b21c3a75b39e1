import CarouselSupport
import CarouselApp
import CarouselClips
import CarouselCore
import CarouselStyles
import Foundation
import SDLBackend

/// The measurements that need a fresh process running the real window loop: startup, idle, memory and CPU.
public enum ProbeKind: String, Sendable, CaseIterable {
    /// Bundled deck, expand: launch to first frame and to all visible images; then idle frames and CPU with the
    /// pointer resting and no timer due; then memory.
    case startup
    /// A large generated folder, expand: scroll past many images with the wheel, then memory.
    case memory
    /// Bundled deck, paging with its default auto-advance: CPU and frames over the run.
    case autoAdvance = "autoadvance"
    /// Bundled deck, expand: the pointer sweeping across the row: CPU and frames over the run.
    case sweep

    var style: String { self == .autoAdvance ? "paging" : "expand" }

    /// Seconds of the measured part (after the visible images are drawn).
    func seconds(quick: Bool) -> Double {
        switch self {
        case .startup: quick ? 1 : 5
        case .memory: quick ? 2 : 20
        case .autoAdvance, .sweep: quick ? 2 : 20
        }
    }

    /// The input replayed from the start of the measured part (nothing for startup and auto-advance: they launch as a
    /// user does, with the pointer resting outside the window, and get the window system's real events).
    func script(size: Size, seconds: Double) -> String {
        switch self {
        case .startup, .autoAdvance: ""
        case .memory: BenchScripts.longScroll(seconds: max(seconds - 1.5, 0.5))
        case .sweep: BenchScripts.hoverSweep(size: size, seconds: seconds)
        }
    }
}

/// What a probe process reports.
public struct ProbeResult: Sendable {
    public var kind: ProbeKind
    public var rendererName: String
    /// Seconds from launch to the first presented frame.
    public var firstFrame: Double?
    /// Seconds from launch to the first frame with every visible image drawn (no placeholder).
    public var allVisibleImages: Double?
    /// Length of the measured part in seconds.
    public var seconds: Double
    /// CPU seconds (all threads) over the measured part.
    public var cpuSeconds: Double
    /// Frames drawn over the measured part.
    public var framesDrawn: Int
    /// Of `cpuSeconds`, the decoding threads' share.
    public var decodeCPUSeconds = 0.0
    /// Memory at the end.
    public var memory: ProcessMetrics.Memory?
    /// Bytes held by image textures at the end.
    public var textureBytes: Int
    /// Images in the deck.
    public var deckSize: Int

    func json(launchedAt t0: Double?) -> JSONValue {
        func since(_ t: Double?) -> JSONValue {
            guard let t else { return .null }
            return .number(t - (t0 ?? 0))
        }
        return .object([
            JSONMember("kind", .string(kind.rawValue)), JSONMember("renderer", .string(rendererName)),
            JSONMember("firstFrame", since(firstFrame)), JSONMember("allVisibleImages", since(allVisibleImages)),
            JSONMember("seconds", .number(seconds)), JSONMember("cpuSeconds", .number(cpuSeconds)),
            JSONMember("framesDrawn", .number(Double(framesDrawn))),
            JSONMember("decodeCPUSeconds", .number(decodeCPUSeconds)),
            JSONMember("rss", memory.map { .number($0.rss) } ?? .null), JSONMember("pss", memory.map { .number($0.pss) } ?? .null),
            JSONMember("peakRSS", memory.map { .number($0.peakRSS) } ?? .null),
            JSONMember("textureBytes", .number(Double(textureBytes))), JSONMember("deckSize", .number(Double(deckSize))),
        ])
    }

    /// Reads a child's report; times are already relative to its launch.
    init?(json: JSONValue) {
        guard let k = json["kind"]?.stringValue.flatMap(ProbeKind.init(rawValue:)) else { return nil }
        kind = k
        rendererName = json["renderer"]?.stringValue ?? "?"
        firstFrame = json["firstFrame"]?.numberValue
        allVisibleImages = json["allVisibleImages"]?.numberValue
        seconds = json["seconds"]?.numberValue ?? 0
        cpuSeconds = json["cpuSeconds"]?.numberValue ?? 0
        framesDrawn = Int(json["framesDrawn"]?.numberValue ?? 0)
        decodeCPUSeconds = json["decodeCPUSeconds"]?.numberValue ?? 0
        if let rss = json["rss"]?.numberValue, let pss = json["pss"]?.numberValue {
            memory = ProcessMetrics.Memory(rss: rss, pss: pss, peakRSS: json["peakRSS"]?.numberValue ?? rss)
        }
        textureBytes = Int(json["textureBytes"]?.numberValue ?? 0)
        deckSize = Int(json["deckSize"]?.numberValue ?? 0)
    }

    init(kind: ProbeKind, rendererName: String, seconds: Double, deckSize: Int) {
        self.kind = kind; self.rendererName = rendererName; self.seconds = seconds; cpuSeconds = 0; framesDrawn = 0
        textureBytes = 0; self.deckSize = deckSize
    }
}

// MARK: - Parent side

/// Starts this executable as `bench --probe KIND` and reads its one-line JSON report.
enum ProbeLauncher {
    static func run(_ kind: ProbeKind, renderer: BenchRenderer, size: Size, deckPath: String?, quick: Bool) throws -> ProbeResult {
        var args = ["bench", "--probe", kind.rawValue, "--renderer", renderer.rawValue,
                    "--size", "\(Int(size.width))x\(Int(size.height))"]
        if quick { args.append("--quick") }
        if let deckPath { args += ["--images", deckPath] }
        let pointer = PointerRest.outsideTheWindow()
        defer { pointer?.release() }
        let launchedAt = ProcessMetrics.monotonic()
        // Its standard error goes where the bench's does.
        let exit = try ChildProcess(program: ResourceLocator.executablePath(), arguments: args, output: .kept, errors: .inherited,
                                    environment: renderer.childEnvironment(base: ProcessInfo.processInfo.environment),
                                    group: .thisInterruptible).wait()
        let text = exit.outputText
        guard exit.succeeded,
              let line = text.split(separator: "\n").last, let json = try? JSONParser.parse(String(line)) else {
            throw BenchError("probe \(kind.rawValue) failed (\(exit)): \(text.suffix(300))")
        }
        guard var result = ProbeResult(json: json) else { throw BenchError("probe \(kind.rawValue): unreadable report \(line)") }
        // The child reports monotonic times; make them relative to the launch.
        result.firstFrame = result.firstFrame.map { $0 - launchedAt }
        result.allVisibleImages = result.allVisibleImages.map { $0 - launchedAt }
        return result
    }
}

// MARK: - Child side

/// Runs one probe in this process: opens the window as `run` does, drives the real loop, prints the report.
@MainActor
public enum ProbeRunner {
    public static func run(_ kind: ProbeKind, renderer: BenchRenderer, size: Size, deckPath: String, quick: Bool) throws {
        let host = try SDLWindowHost(title: "Carousel Lab", size: size, rendering: renderer.windowRendering)
        let deck: Deck
        do { deck = try Deck.load(path: deckPath).deck } catch { throw BenchError(error.message) }
        let observed = ObservedImageStore(host.imageStore)
        let preview: Preview
        do { preview = try Preview(deck: deck, images: observed, size: host.size, style: kind.style) } catch { throw BenchError(error.message) }
        host.onImagesChanged = { [unowned preview] in preview.imagesChanged() }
        let seconds = kind.seconds(quick: quick)
        let script = (try? ScriptedInput.parse(kind.script(size: host.size, seconds: seconds), size: host.size)) ?? ScriptedInput(entries: [])
        let driver = ProbeDriver(preview: preview, observed: observed, script: script, seconds: seconds,
                                 settle: kind == .startup ? 0.5 : 0)
        driver.decodeCPU = { [unowned host] in host.imageStore.decodeCPUSeconds }
        host.run(driver: driver)
        var result = ProbeResult(kind: kind, rendererName: host.rendererChoice.description, seconds: driver.measuredSeconds, deckSize: deck.items.count)
        result.firstFrame = driver.firstFrame
        result.allVisibleImages = driver.allVisibleImages
        result.cpuSeconds = driver.cpuSeconds
        result.framesDrawn = driver.measuredFrames
        result.decodeCPUSeconds = driver.measuredDecodeCPU
        result.memory = ProcessMetrics.memory()
        result.textureBytes = host.imageStore.textureBytes
        print(result.json(launchedAt: nil).serialized(indent: nil))
    }
}

/// The app's frame driver (preview plus scripted input on the wall clock, as `run --input` has it) with the probe's
/// bookkeeping: it notes the first frame and the first frame with no image placeholder, waits `settle` seconds, then
/// replays the script and measures CPU and frames for `seconds`, and quits. Real input from the window system is
/// delivered as in `run`, so the probe sees what a user launching the app sees (the parent rests the pointer outside
/// the window; a pointer over it would pause auto-advance, and the figures would show it).
@MainActor
final class ProbeDriver: FrameDriver {
    enum Phase { case loading, settling(until: Double), measuring(until: Double), done }

    let preview: Preview
    let observed: ObservedImageStore
    private var script: ScriptedInput
    private var player: ScriptPlayer?
    let seconds: Double
    let settle: Double
    /// The longest the images may take before measuring starts anyway.
    let loadingTimeout = 60.0

    private var phase = Phase.loading
    private var now = 0.0
    private var cpuAtStart = 0.0, framesAtStart = 0, startedAt = 0.0
    private var frames = 0
    private(set) var firstFrame: Double?
    private(set) var allVisibleImages: Double?
    private(set) var cpuSeconds = 0.0
    private(set) var measuredFrames = 0
    private(set) var measuredSeconds = 0.0
    private(set) var measuredDecodeCPU = 0.0
    private var decodeCPUAtStart = 0.0
    /// The image store's decoding CPU so far.
    var decodeCPU: () -> Double = { 0 }

    init(preview: Preview, observed: ObservedImageStore, script: ScriptedInput, seconds: Double, settle: Double) {
        self.preview = preview; self.observed = observed; self.script = script; self.seconds = seconds; self.settle = settle
    }

    func handle(_ event: InputEvent) { preview.handle(event) }

    func update(to time: Double) {
        now = time
        switch phase {
        case .loading where time >= loadingTimeout:
            startSettling()
        case .settling(let until) where time >= until:
            startMeasuring()
        case .measuring(let until) where time >= until:
            cpuSeconds = ProcessMetrics.cpuSeconds() - cpuAtStart
            measuredDecodeCPU = decodeCPU() - decodeCPUAtStart
            measuredFrames = frames - framesAtStart
            measuredSeconds = time - startedAt
            phase = .done
        default:
            break
        }
        player?.deliver(upTo: time, into: preview)
        preview.update(to: time)
    }

    private func startSettling() { phase = .settling(until: now + settle); if settle == 0 { startMeasuring() } }

    private func startMeasuring() {
        // The script's times count from here.
        let offset = now
        script.entries = script.entries.map { var e = $0; e.time += offset; return e }
        player = ScriptPlayer(script)
        cpuAtStart = ProcessMetrics.cpuSeconds()
        decodeCPUAtStart = decodeCPU()
        framesAtStart = frames
        startedAt = now
        phase = .measuring(until: now + seconds)
    }

    var needsFrame: Bool { preview.needsFrame }

    var nextWakeTime: Double? {
        var times = [preview.nextWakeTime, player?.nextTime]
        switch phase {
        case .loading: times.append(loadingTimeout)
        case .settling(let until), .measuring(let until): times.append(until)
        case .done: break
        }
        return times.compactMap { $0 }.min()
    }

    var wantsQuit: Bool { if case .done = phase { return true } else { return false } }

    func draw(into renderer: Renderer) {
        observed.startCounting()
        preview.draw(into: renderer)
        frames += 1
        let t = ProcessMetrics.monotonic()
        if firstFrame == nil { firstFrame = t }
        if case .loading = phase, observed.placeholdersSeen == 0 {
            allVisibleImages = t
            startSettling()
        }
    }
}

/// The pointer resting in the screen's top-left corner, outside a centred window, for the length of a probe: as a user
/// who launched the app from elsewhere. It takes `xdotool` holding the position (Xvfb puts the pointer back at the
/// screen's centre, under the window, whenever its last client leaves); without xdotool the pointer stays where it is.
final class PointerRest {
    private let process: ChildProcess

    private init(_ process: ChildProcess) { self.process = process }

    static func outsideTheWindow() -> PointerRest? {
        let xdotool = "/usr/bin/xdotool"
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil, FileManager.default.isExecutableFile(atPath: xdotool),
              let p = try? ChildProcess(xdotool, ["mousemove", "0", "0", "sleep", "600"], errors: .discarded) else { return nil }
        Thread.sleep(forTimeInterval: 0.2)
        return PointerRest(p)
    }

    func release() {
        process.kill(SIGKILL)
        process.wait()
    }
}

/// Forwards to the window's image store and counts the images found still loading while a frame is painted (the
/// paint pass asks for the state of every image it draws, and draws a placeholder for those not ready).
@MainActor
final class ObservedImageStore: ImageStore {
    let base: ImageStore
    private(set) var placeholdersSeen = 0

    init(_ base: ImageStore) { self.base = base }

    func startCounting() { placeholdersSeen = 0 }

    func handle(for source: String, maxPixelSize: Size?) -> ImageHandle { base.handle(for: source, maxPixelSize: maxPixelSize) }

    func state(of handle: ImageHandle) -> ImageState {
        let s = base.state(of: handle)
        if s == .loading { placeholdersSeen += 1 }
        return s
    }

    func source(of handle: ImageHandle) -> String? { base.source(of: handle) }
    func failureReason(of handle: ImageHandle) -> String? { base.failureReason(of: handle) }
    func note(of handle: ImageHandle) -> String? { base.note(of: handle) }
}

/// A benchmark failure, as one line.
public struct BenchError: Error, CustomStringConvertible {
    public let description: String
    public init(_ d: String) { description = d }
}
