import CarouselClips
import CarouselTesting
import CarouselSupport
import CarouselApp
import CarouselCore
import Foundation
import Testing

/// Runs the built `carousel-lab bench` (software renderer, a few frames, `--quick`) and checks that it completes
/// and that its JSON has every field with a sensible shape. Speed is never asserted here: the figures are only
/// checked for consistency (counts within their bounds, memory positive, first frame before all images).
@Suite("carousel-lab bench", .serialized, .enabled(if: BenchRun.available, "needs a built carousel-lab (swift build)"))
struct BenchTests {
    @Test("bench --json runs every measurement and reports every field")
    func jsonHasEveryField() async throws {
        // A small window: every measurement runs and reports the same fields, in half the time of 1280x720 (the
        // clips of the record part are most of it).
        let run = try BenchRun(["--renderer", "software", "--frames", "8", "--quick", "--json", "--size", "480x270"])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let json = try JSONParser.parse(run.stdout)

        let machine = try #require(json["machine"])
        for key in ["cores", "build", "renderer", "rendererMode", "size", "quick"] { #expect(machine[key] != nil, "machine.\(key)") }
        #expect(machine["rendererMode"] == .string("software"))
        #expect(json["date"]?.stringValue != nil)

        let styles = try #require(json["styles"]?.arrayValue)
        let names = await MainActor.run { StyleRegistry.names }
        #expect(styles.compactMap { $0["style"]?.stringValue } == names)
        for s in styles {
            let name = s["style"]?.stringValue ?? "?"
            for phase in ["frameMs", "updateMs", "paintMs", "presentMs", "floorMs", "frameCPUMs", "floorCPUMs"] {
                for stat in ["p50", "p99", "max", "mean"] {
                    #expect(s[phase]?[stat]?.numberValue != nil, "\(name).\(phase).\(stat)")
                }
            }
            let frames = try #require(s["frames"]?.numberValue), drawn = try #require(s["framesDrawn"]?.numberValue)
            #expect(frames == 8)
            #expect(drawn >= 1 && drawn <= frames, "\(name): \(drawn) of \(frames) frames drawn")
            #expect(s["frameOverFloor"]?.numberValue.map { $0 > 0 } == true, "\(name).frameOverFloor")
            #expect(s["frameOverFloorCPU"]?.numberValue.map { $0 > 0 } == true, "\(name).frameOverFloorCPU")
            #expect(s["frameOverFloorMean"]?.numberValue.map { $0 > 0 } == true, "\(name).frameOverFloorMean")
            #expect(s["triangles"]?.numberValue != nil && s["drawCalls"]?.numberValue != nil)
            // Damage: a share of the window redrawn per frame; layers: found or made for every style's images.
            #expect(s["repaintedShare"]?.numberValue.map { $0 > 0 && $0 <= 1 } == true, "\(name).repaintedShare")
            let layers = (s["layerHits"]?.numberValue ?? -1) + (s["layersMade"]?.numberValue ?? -1)
            #expect(layers > 0, "\(name): layers found and made")
            if let p50 = s["frameMs"]?["p50"]?.numberValue, let max = s["frameMs"]?["max"]?.numberValue { #expect(p50 <= max) }
        }

        // Frames beside a rendering clip, and alone in the rounds between (one round each with --quick).
        let beside = try #require(json["whileRecording"])
        #expect(beside["rounds"] == .number(1))
        for phase in ["frameMs", "aloneFrameMs"] { #expect(beside[phase]?["p99"]?.numberValue.map { $0 > 0 } == true, "whileRecording.\(phase)") }
        #expect(beside["clipSeconds"] == .number(0.5), "whileRecording.clipSeconds: a short clip with --quick")
        #expect(beside["clipRenderSeconds"]?.numberValue.map { $0 > 0 } == true, "whileRecording.clipRenderSeconds: the clip beside the window was timed")

        let startup = try #require(json["startup"])
        let first = try #require(startup["firstFrame"]?.numberValue)
        let all = try #require(startup["allVisibleImages"]?.numberValue)
        #expect(first > 0 && first <= all)
        let idle = try #require(json["idle"])
        for key in ["seconds", "framesDrawn", "cpuPercent"] { #expect(idle[key]?.numberValue != nil, "idle.\(key)") }

        for deck in ["bundled", "generated"] {
            let m = try #require(json["memory"]?[deck])
            let rss = try #require(m["rssMB"]?.numberValue), pss = try #require(m["pssMB"]?.numberValue)
            #expect(pss > 0 && pss <= rss, "\(deck): PSS \(pss) RSS \(rss)")
            #expect((m["peakRssMB"]?.numberValue ?? 0) >= rss)
            #expect(m["textureMB"]?.numberValue != nil && m["images"]?.numberValue != nil)
        }
        #expect(json["memory"]?["generated"]?["images"] == .number(40))

        let core = try #require(json["coreUpdate"]?.arrayValue)
        #expect(core.compactMap { $0["items"]?.numberValue } == [100, 10_000, 100_000, 100, 10_000, 100_000])
        #expect(Set(core.compactMap { $0["style"]?.stringValue }) == ["expand", "stitch"])
        for c in core { #expect(c["perFrameUs"]?["mean"]?.numberValue != nil) }
        #expect(json["coreRatio100kTo100"]?["expand"]?.numberValue != nil)
        #expect(json["coreRatio100kTo100"]?["stitch"]?.numberValue != nil)

        for run in ["autoAdvance", "sweep"] {
            let c = try #require(json["cpu"]?[run])
            for key in ["seconds", "cpuSeconds", "cpuSecondsPer20s", "decodeCPUSeconds", "framesDrawn"] {
                #expect(c[key]?.numberValue != nil, "cpu.\(run).\(key)")
            }
            #expect((c["framesDrawn"]?.numberValue ?? 0) > 0, "\(run) drew frames")
        }

        let targets = try #require(json["targets"]?.arrayValue)
        let targetNames = targets.compactMap { $0["name"]?.stringValue }
        for expected in ["idle", "p99 expand", "CPU p99 loop", "frame/floor paging", "record mp4 720p30", "record png 720p30", "first frame", "all visible images", "PSS, bundled deck",
                         "PSS, 40 images", "core update stitch, 100k / 100 items", "CPU per 20 s auto-advance",
                         "CPU per 20 s pointer sweep"] {
            #expect(targetNames.contains(expected), "target \(expected)")
        }
        for t in targets { #expect(t["met"]?.boolValue != nil && t["measured"]?.stringValue != nil && t["limit"]?.stringValue != nil) }
    }

    @Test("A bad --renderer is a one-line error naming the option")
    func badRenderer() throws {
        let run = try BenchRun(["--renderer", "vulkan"])
        #expect(run.status != 0)
        #expect(run.stderr.contains("--renderer must be software, window or accelerated"))
        #expect(run.stdout.isEmpty)
    }
}

/// One run of the built executable's `bench` subcommand, with no display, its generated images in a fresh cache
/// folder.
struct BenchRun {
    let status: Int32
    let stdout: String
    let stderr: String

    static var executable: String { AppWindow.executable }
    static var available: Bool { TestRequirement.met(FileManager.default.isExecutableFile(atPath: executable)) }

    init(_ arguments: [String]) throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("bench-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        // No display: the software benchmark needs none, and its probe windows must not open on the X server the
        // window tests drive with xdotool at the same time. Both pipes are read while it runs (ChildProcess).
        let exit = try ChildProcess(BenchRun.executable, ["bench"] + arguments, output: .kept,
                                    environment: ["XDG_CACHE_HOME": cache.path, "DISPLAY": nil, "WAYLAND_DISPLAY": nil]).wait()
        status = exit.statusOrSignal
        stdout = exit.outputText
        stderr = exit.standardError
    }
}
