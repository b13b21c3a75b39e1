import CarouselApp
import CarouselClips
import CarouselSupport
import CarouselCore
import Foundation

/// Everything `carousel-lab bench` measured, with each target and whether it was met; as text or JSON.
public struct BenchReport {
    public var date: Date = Date()
    public var size: Size
    public var rendererName: String
    public var rendererMode: BenchRenderer
    public var quick: Bool
    public var styles: [StyleFrameResult] = []
    /// Expand in one, two and four panes (`compare`).
    public var compare: [StyleFrameResult] = []
    /// Paging's auto-advance with no input (`--only auto`).
    public var autoAdvanceFrames: StyleFrameResult?
    /// `record` in every format at 30 and 60 fps.
    public var record: [RecordBenchResult] = []
    /// Expand's frames while a clip renders in another process, and without, in alternating rounds.
    public var whileRecording: BesideRecordingResult?
    public var core: [CoreScalingResult] = []
    public var scrub: [ScrubResult] = []
    public var startup: ProbeResult?
    public var generatedMemory: ProbeResult?
    public var autoAdvance: ProbeResult?
    public var sweep: ProbeResult?

    init(configuration c: BenchConfiguration, rendererName: String) {
        size = c.size; self.rendererName = rendererName; rendererMode = c.renderer; quick = c.quick
    }

    /// "release" or "debug": the build this binary is.
    public static var build: String {
        #if DEBUG
        "debug"
        #else
        "release"
        #endif
    }

    // MARK: Anchors and targets

    /// CPU seconds per 20 s of auto-advance: the lean C program with SDL2, and Chromium with a Slick carousel.
    static let autoAdvanceAnchors = (lean: 0.15...0.25, browser: 0.8)
    /// CPU seconds per 20 s of a pointer sweeping a hover-expand row in Chromium.
    static let sweepBrowserAnchor = 6.0...7.5

    /// The main thread's CPU p99 per frame at 1280x720.
    static let cpuP99Budget = 0.004
    /// How many times real time `record` makes 3 s of 720p30 at least, by format.
    static let recordSpeeds: [(format: String, speed: Double)] = [("mp4", 3), ("gif", 2), ("png", 1)]

    /// The p99 frame budget for this window size: 8.3 ms up to 1920x1080, 16.7 ms above (4K).
    var p99Budget: Double { size.width * size.height <= 1920 * 1080 ? 0.0083 : 0.0167 }

    /// One target: its name, the limit in words, the measured figure in words, and whether it was met.
    public struct Target: Sendable {
        public var name: String
        public var limit: String
        public var measured: String
        public var met: Bool
    }

    /// Every target the bench checks, with this run's figure.
    public var targets: [Target] {
        var t: [Target] = []
        if let s = startup {
            let pct = s.seconds > 0 ? s.cpuSeconds / s.seconds * 100 : 0
            t.append(Target(name: "idle", limit: "0 frames, < 0.5 % CPU",
                            measured: "\(s.framesDrawn) frames, \(f2(pct)) % CPU over \(f1(s.seconds)) s",
                            met: s.framesDrawn == 0 && pct < 0.5))
        }
        for r in styles {
            t.append(Target(name: "p99 \(r.style)", limit: "<= \(ms(p99Budget)) ms", measured: "\(ms(r.frame.p99)) ms",
                            met: r.frame.p99 <= p99Budget))
            if size.width * size.height <= 1280 * 720 {
                t.append(Target(name: "CPU p99 \(r.style)", limit: "<= \(ms(BenchReport.cpuP99Budget)) ms",
                                measured: "\(ms(r.frameCPU.p99)) ms", met: r.frameCPU.p99 <= BenchReport.cpuP99Budget))
            }
            t.append(Target(name: "frame/floor \(r.style)", limit: "<= 1.15",
                            measured: "\(f2(r.frameOverFloor)) (mean \(f2(r.frameOverFloorMean)), CPU \(f2(r.frameOverFloorCPU)))",
                            met: r.frameOverFloor <= 1.15 && r.frameOverFloorMean <= 1.15))
        }
        if let one = compare.first(where: { $0.panes == 1 }), let four = compare.first(where: { $0.panes == 4 }), one.frame.p99 > 0 {
            let ratio = four.frame.p99 / one.frame.p99
            t.append(Target(name: "compare: 4 panes / 1, p99", limit: "<= 2.5x", measured: "\(f2(ratio))x (\(ms(four.frame.p99)) / \(ms(one.frame.p99)) ms)",
                            met: ratio <= 2.5))
        }
        for (format, speed) in BenchReport.recordSpeeds {
            guard let r = record.first(where: { $0.format == format && $0.fps == 30 }) else { continue }
            t.append(Target(name: "record \(format) 720p30", limit: ">= \(JSONValue.format(speed))x real time",
                            measured: "\(f2(r.speed))x (\(f2(r.seconds)) s for \(f1(r.clipSeconds)) s)", met: r.speed >= speed))
        }
        if let w = whileRecording, w.alone.p99 > 0 {
            t.append(Target(name: "p99 while a clip renders / alone", limit: "<= 1.2x",
                            measured: "\(f2(w.p99Ratio))x (\(ms(w.beside.p99)) / \(ms(w.alone.p99)) ms, \(w.rounds) rounds each)", met: w.p99Ratio <= 1.2))
        }
        for r in scrub {
            t.append(Target(name: "scrub \(r.style), p99", limit: "<= 16.7 ms (one 60 Hz frame)",
                            measured: "\(ms(r.scrubs.p99)) ms (p50 \(ms(r.scrubs.p50)), \(f1(r.seconds)) s timeline)", met: r.scrubs.p99 <= 1.0 / 60))
            t.append(Target(name: "timeline memory \(r.style)", limit: "<= 20 MB for 30 s",
                            measured: "\(f2(Double(r.timelineBytes) / 1_048_576)) MB", met: Double(r.timelineBytes) <= 20 * 1_048_576 * r.seconds / 30))
        }
        if let s = startup {
            t.append(Target(name: "first frame", limit: "<= 0.25 s", measured: s.firstFrame.map { "\(f3($0)) s" } ?? "none",
                            met: (s.firstFrame ?? .infinity) <= 0.25))
            t.append(Target(name: "all visible images", limit: "<= 0.6 s",
                            measured: s.allVisibleImages.map { "\(f3($0)) s" } ?? "never", met: (s.allVisibleImages ?? .infinity) <= 0.6))
            t.append(Target(name: "PSS, bundled deck", limit: "<= 40 MB", measured: s.memory.map { "\(f1($0.pss)) MB" } ?? "?",
                            met: (s.memory?.pss ?? .infinity) <= 40))
        }
        if let g = generatedMemory {
            t.append(Target(name: "PSS, \(g.deckSize) images", limit: "<= 150 MB", measured: g.memory.map { "\(f1($0.pss)) MB" } ?? "?",
                            met: (g.memory?.pss ?? .infinity) <= 150))
        }
        for style in Set(core.map(\.style)).sorted() {
            if let r = coreRatio(style) {
                t.append(Target(name: "core update \(style), 100k / 100 items", limit: "<= 1.5x", measured: "\(f2(r))x", met: r <= 1.5))
            }
        }
        if let a = autoAdvance {
            let per20 = a.cpuSeconds * 20 / max(a.seconds, 1e-9)
            t.append(Target(name: "CPU per 20 s auto-advance", limit: "<= 0.24 s (lean C 0.16-0.24 s, Chromium 0.8 s)",
                            measured: "\(f2(per20)) s (\(a.framesDrawn) frames in \(f1(a.seconds)) s)", met: per20 <= 0.24))
        }
        if let s = sweep {
            let per20 = s.cpuSeconds * 20 / max(s.seconds, 1e-9)
            t.append(Target(name: "CPU per 20 s pointer sweep", limit: "< 1.8 s (Chromium 6-7.5 s)",
                            measured: "\(f2(per20)) s (\(s.framesDrawn) frames in \(f1(s.seconds)) s)", met: per20 < 1.8))
        }
        return t
    }

    /// Mean core frame cost at 100,000 items over that at 100, for `style`.
    func coreRatio(_ style: String) -> Double? {
        guard let small = core.first(where: { $0.style == style && $0.items == 100 }),
              let large = core.first(where: { $0.style == style && $0.items == 100_000 }), small.perFrame.mean > 0 else { return nil }
        return large.perFrame.mean / small.perFrame.mean
    }

    // MARK: JSON

    public var json: JSONValue {
        // JSON numbers keep 4 decimals: frame times go out in milliseconds, core update costs in microseconds.
        func stats(_ s: Samples, unit: Double = 1000) -> JSONValue {
            .object([JSONMember("p50", .number(s.p50 * unit)), JSONMember("p99", .number(s.p99 * unit)),
                     JSONMember("max", .number(s.max * unit)), JSONMember("mean", .number(s.mean * unit))])
        }
        func probe(_ p: ProbeResult?) -> JSONValue {
            guard let p else { return .null }
            let per20 = p.seconds > 0 ? p.cpuSeconds * 20 / p.seconds : 0
            return .object([
                JSONMember("renderer", .string(p.rendererName)),
                JSONMember("firstFrame", p.firstFrame.map { .number(r6($0)) } ?? .null),
                JSONMember("allVisibleImages", p.allVisibleImages.map { .number(r6($0)) } ?? .null),
                JSONMember("seconds", .number(r6(p.seconds))), JSONMember("cpuSeconds", .number(r6(p.cpuSeconds))),
                JSONMember("cpuSecondsPer20s", .number(r6(per20))),
                JSONMember("cpuPercent", .number(r6(p.seconds > 0 ? p.cpuSeconds / p.seconds * 100 : 0))),
                JSONMember("framesDrawn", .number(Double(p.framesDrawn))),
                JSONMember("decodeCPUSeconds", .number(r6(p.decodeCPUSeconds))),
                JSONMember("rssMB", p.memory.map { .number(r6($0.rss)) } ?? .null),
                JSONMember("pssMB", p.memory.map { .number(r6($0.pss)) } ?? .null),
                JSONMember("peakRssMB", p.memory.map { .number(r6($0.peakRSS)) } ?? .null),
                JSONMember("textureMB", .number(r6(Double(p.textureBytes) / 1_048_576))),
                JSONMember("images", .number(Double(p.deckSize))),
            ])
        }
        return .object([
            JSONMember("date", .string(ISO8601DateFormatter().string(from: date))),
            JSONMember("machine", .object([
                JSONMember("cores", .number(Double(ProcessMetrics.cores))),
                JSONMember("build", .string(BenchReport.build)),
                JSONMember("renderer", .string(rendererName)),
                JSONMember("rendererMode", .string(rendererMode.rawValue)),
                JSONMember("size", .array([.number(size.width), .number(size.height)])),
                JSONMember("quick", .bool(quick)),
            ])),
            JSONMember("styles", .array(styles.map { r in
                .object([
                    JSONMember("style", .string(r.style)), JSONMember("frames", .number(Double(r.frames))),
                    JSONMember("framesDrawn", .number(Double(r.framesDrawn))),
                    JSONMember("frameMs", stats(r.frame)), JSONMember("updateMs", stats(r.update)),
                    JSONMember("paintMs", stats(r.paint)), JSONMember("presentMs", stats(r.present)),
                    JSONMember("floorMs", stats(r.floor)), JSONMember("frameOverFloor", .number(r6(r.frameOverFloor))),
                    JSONMember("frameOverFloorMean", .number(r6(r.frameOverFloorMean))),
                    JSONMember("frameCPUMs", stats(r.frameCPU)), JSONMember("floorCPUMs", stats(r.floorCPU)),
                    JSONMember("frameOverFloorCPU", .number(r6(r.frameOverFloorCPU))),
                    JSONMember("triangles", .number(Double(r.triangles))), JSONMember("drawCalls", .number(Double(r.drawCalls))),
                    JSONMember("repaintedShare", .number(r6(r.repaintedShare))), JSONMember("movedShare", .number(r6(r.movedShare))),
                    JSONMember("layerHits", .number(Double(r.layerHits))), JSONMember("layersMade", .number(Double(r.layersMade))),
                    JSONMember("breakdown", .array(r.breakdown.map { b in
                        .object([JSONMember("call", .string(b.kind)), JSONMember("msPerFrame", .number(r6(b.seconds * 1000))),
                                 JSONMember("callsPerFrame", .number(r6(b.calls)))])
                    })),
                    JSONMember("phases", .array(r.phases.map { p in
                        .object([JSONMember("phase", .string(p.phase.rawValue)), JSONMember("cpuMsPerFrame", .number(r6(p.seconds * 1000)))])
                    })),
                ])
            })),
            JSONMember("autoAdvanceFrames", autoAdvanceFrames.map { r in
                .object([JSONMember("frames", .number(Double(r.frames))), JSONMember("framesDrawn", .number(Double(r.framesDrawn))),
                         JSONMember("frameCPUMs", stats(r.frameCPU)), JSONMember("repaintedShare", .number(r6(r.repaintedShare))),
                         JSONMember("smallFrames", .number(Double(r.smallFrames))), JSONMember("smallFrameCPUMs", .number(r6(r.smallFrameCPU * 1000))),
                         JSONMember("phases", .array(r.phases.map { p in
                             .object([JSONMember("phase", .string(p.phase.rawValue)), JSONMember("cpuMsPerFrame", .number(r6(p.seconds * 1000)))])
                         }))])
            } ?? .null),
            JSONMember("compare", .array(compare.map { r in
                .object([JSONMember("style", .string(r.style)), JSONMember("panes", .number(Double(r.panes))),
                         JSONMember("framesDrawn", .number(Double(r.framesDrawn))), JSONMember("frameMs", stats(r.frame)),
                         JSONMember("frameCPUMs", stats(r.frameCPU))])
            })),
            JSONMember("record", .array(record.map { r in
                .object([JSONMember("format", .string(r.format)), JSONMember("fps", .number(Double(r.fps))),
                         JSONMember("clipSeconds", .number(r.clipSeconds)), JSONMember("seconds", .number(r6(r.seconds))),
                         JSONMember("realTimeRatio", .number(r6(r.speed))), JSONMember("bytes", .number(Double(r.bytes)))])
            })),
            JSONMember("whileRecording", whileRecording.map {
                .object([JSONMember("frameMs", stats($0.beside)), JSONMember("aloneFrameMs", stats($0.alone)), JSONMember("rounds", .number(Double($0.rounds))),
                         JSONMember("clipSeconds", .number($0.clipSeconds)), JSONMember("clipRenderSeconds", .number(r6($0.clipRenderSeconds)))])
            } ?? .null),
            JSONMember("startup", probe(startup)),
            JSONMember("idle", startup.map { s in
                .object([JSONMember("seconds", .number(r6(s.seconds))), JSONMember("framesDrawn", .number(Double(s.framesDrawn))),
                         JSONMember("cpuPercent", .number(r6(s.seconds > 0 ? s.cpuSeconds / s.seconds * 100 : 0)))])
            } ?? .null),
            JSONMember("memory", .object([JSONMember("bundled", probe(startup)), JSONMember("generated", probe(generatedMemory))])),
            JSONMember("coreUpdate", .array(core.map { r in
                .object([JSONMember("style", .string(r.style)), JSONMember("items", .number(Double(r.items))),
                         JSONMember("frames", .number(Double(r.frames))), JSONMember("perFrameUs", stats(r.perFrame, unit: 1e6))])
            })),
            JSONMember("coreRatio100kTo100", .object(Set(core.map(\.style)).sorted().map { s in
                JSONMember(s, coreRatio(s).map { .number(r6($0)) } ?? .null)
            })),
            JSONMember("cpu", .object([JSONMember("autoAdvance", probe(autoAdvance)), JSONMember("sweep", probe(sweep))])),
            JSONMember("scrub", .array(scrub.map { r in
                .object([JSONMember("style", .string(r.style)), JSONMember("seconds", .number(r.seconds)),
                         JSONMember("scrubMs", stats(r.scrubs, unit: 1000)), JSONMember("timelineBytes", .number(Double(r.timelineBytes)))])
            })),
            JSONMember("targets", .array(targets.map { t in
                .object([JSONMember("name", .string(t.name)), JSONMember("limit", .string(t.limit)),
                         JSONMember("measured", .string(t.measured)), JSONMember("met", .bool(t.met))])
            })),
        ])
    }

    // MARK: Text

    public var text: String {
        var out = "carousel-lab bench  \(ISO8601DateFormatter().string(from: date))  \(BenchReport.build) build, "
        out += "\(ProcessMetrics.cores) cores, \(rendererName), \(Int(size.width))x\(Int(size.height))\(quick ? ", quick" : "")\n\n"
        out += "Frames (ms; frame = update + paint + present; floor = the same draw lists replayed into SDL; frame/floor =\n"
        out += "median over median; cpu = the main thread's CPU time, the work without other processes' interference; cpu\n"
        out += "ratio = mean over mean)\n"
        out += pad("style", 10) + pad("drawn", 9) + pad("frame p50/p99/max", 20) + pad("update p50/p99", 16)
            + pad("paint p50/p99", 16) + pad("present p50/p99", 17) + pad("floor p50/p99", 16) + pad("frame/floor", 13)
            + pad("cpu p50/p99", 14) + pad("cpu floor p50", 15) + "cpu ratio\n"
        for r in styles {
            out += pad(r.style, 10) + pad("\(r.framesDrawn)/\(r.frames)", 9)
                + pad("\(ms(r.frame.p50))/\(ms(r.frame.p99))/\(ms(r.frame.max))", 20)
                + pad("\(ms(r.update.p50))/\(ms(r.update.p99))", 16) + pad("\(ms(r.paint.p50))/\(ms(r.paint.p99))", 16)
                + pad("\(ms(r.present.p50))/\(ms(r.present.p99))", 17) + pad("\(ms(r.floor.p50))/\(ms(r.floor.p99))", 16)
                + pad(f2(r.frameOverFloor), 13) + pad("\(ms(r.frameCPU.p50))/\(ms(r.frameCPU.p99))", 14)
                + pad(ms(r.floorCPU.p50), 15) + f2(r.frameOverFloorCPU) + "\n"
        }
        out += "Redrawn and moved per frame (damage) and image layers at drawn size (found made / scaled):\n"
        for r in styles {
            out += "  " + pad(r.style, 10) + pad("repainted \(f1(r.repaintedShare * 100)) % of the window, moved \(f1(r.movedShare * 100)) %", 46)
                + "layers \(r.layerHits) found / \(r.layersMade) made (\(f1(r.layerHitRate * 100)) % found)\n"
        }
        for r in styles where !r.phases.isEmpty {
            out += "  \(r.style) frames, CPU ms per drawn frame by phase: "
                + r.phases.map { "\($0.phase.rawValue) \(ms3($0.seconds))" }.joined(separator: ", ")
                + " (total \(ms3(r.phases.reduce(0) { $0 + $1.seconds })))\n"
        }
        for r in styles where !r.breakdown.isEmpty {
            out += "  \(r.style) replayed, CPU ms per frame by call: "
                + r.breakdown.map { "\($0.kind) \(ms($0.seconds)) (x\(f1($0.calls)))" }.joined(separator: ", ") + "\n"
        }
        if let r = autoAdvanceFrames {
            let perTwenty = r.frameCPU.mean * Double(r.framesDrawn) * 20 * 60 / Double(max(r.frames, 1))
            out += "\nAuto-advance (paging, no input, \(f1(Double(r.frames) / 60)) s at 60 Hz): \(r.framesDrawn) frames drawn, "
                + "main-thread CPU \(String(format: "%.3f", perTwenty)) s per 20 s, frame cpu p50/p99 \(ms(r.frameCPU.p50))/\(ms(r.frameCPU.p99)) ms, "
                + "repainted \(f1(r.repaintedShare * 100)) % of the window a frame; \(r.smallFrames) of the frames redrew under 5 % "
                + "of it (the progress bar's steps), at \(ms3(r.smallFrameCPU)) ms of CPU each\n"
            if !r.phases.isEmpty {
                out += "  by phase, CPU ms per drawn frame: " + r.phases.map { "\($0.phase.rawValue) \(ms3($0.seconds))" }.joined(separator: ", ") + "\n"
            }
        }
        if !compare.isEmpty {
            out += "\nCompare (expand's interaction in every pane; ms)\n"
            for r in compare {
                out += pad("\(r.panes) pane\(r.panes == 1 ? "" : "s")", 10) + pad("\(r.framesDrawn)/\(r.frames)", 9)
                    + "frame p50/p99 \(ms(r.frame.p50))/\(ms(r.frame.p99)), cpu p50/p99 \(ms(r.frameCPU.p50))/\(ms(r.frameCPU.p99))\n"
            }
        }
        if !record.isEmpty {
            out += "\nRecord (\(f1(record[0].clipSeconds)) s of clip at \(Int(size.width))x\(Int(size.height)), fresh processes after one warm-up run)\n"
            for r in record {
                out += pad("\(r.format) \(r.fps) fps", 14) + pad("\(f2(r.seconds)) s", 10) + pad("\(f2(r.speed))x real time", 18)
                    + ClipRecord.sizeText(r.bytes) + "\n"
            }
            if let w = whileRecording {
                out += "expand at 60 Hz while a clip renders beside it: frame p50/p99 \(ms(w.beside.p50))/\(ms(w.beside.p99)) ms; "
                    + "alone, in \(w.rounds) alternating rounds: \(ms(w.alone.p50))/\(ms(w.alone.p99)) ms\n"
                    + "a \(JSONValue.format(w.clipSeconds)) s 720p30 MP4 rendered beside the window's animation in \(f2(w.clipRenderSeconds)) s\n"
            }
        }
        out += "\nCore update per frame (µs, mean/p99; layout + paint into a recorder, no decoding)\n"
        for style in Set(core.map(\.style)).sorted() {
            let rows = core.filter { $0.style == style }
            out += pad(style, 10) + rows.map { "\($0.items) items \(us($0.perFrame.mean))/\(us($0.perFrame.p99))" }.joined(separator: "   ")
            out += coreRatio(style).map { "   100k/100: \(f2($0))x" } ?? ""
            out += "\n"
        }
        if !scrub.isEmpty {
            out += "\nTimeline scrub (a random moment of the interaction, replayed and drawn into a recorder; ms)\n"
            for r in scrub {
                out += pad(r.style, 10) + "p50/p99/max \(ms(r.scrubs.p50))/\(ms(r.scrubs.p99))/\(ms(r.scrubs.max)) over \(f1(r.seconds)) s, "
                    + "timeline memory \(f2(Double(r.timelineBytes) / 1_048_576)) MB\n"
            }
        }
        func probeLine(_ label: String, _ p: ProbeResult?) -> String {
            guard let p else { return "" }
            var s = pad(label, 34)
            if let m = p.memory { s += "RSS \(f1(m.rss)) MB, PSS \(f1(m.pss)) MB, peak RSS \(f1(m.peakRSS)) MB, textures \(f1(Double(p.textureBytes) / 1_048_576)) MB; " }
            s += "CPU \(f3(p.cpuSeconds)) s (decoding \(f3(p.decodeCPUSeconds)) s) and \(p.framesDrawn) frames over \(f1(p.seconds)) s\n"
            return s
        }
        out += "\nWindow loop in a fresh process (\(startup?.rendererName ?? "?"))\n"
        if let s = startup {
            out += pad("startup (bundled deck, expand)", 34) + "first frame \(s.firstFrame.map { f3($0) + " s" } ?? "none"), "
            out += "all visible images \(s.allVisibleImages.map { f3($0) + " s" } ?? "never")\n"
        }
        out += probeLine("idle + memory (bundled deck)", startup)
        out += probeLine("memory (\(generatedMemory?.deckSize ?? 0) generated images)", generatedMemory)
        out += probeLine("auto-advance (paging)", autoAdvance)
        out += probeLine("pointer sweep (expand)", sweep)
        out += "\nTargets\n"
        for t in targets {
            out += (t.met ? "  met   " : "  MISSED ") + pad(t.name, 40) + pad(t.measured, 44) + "target " + t.limit + "\n"
        }
        return out
    }
}

// MARK: Formatting

private func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s + " " : s.padding(toLength: n, withPad: " ", startingAt: 0) }
private func ms(_ s: Double) -> String { String(format: "%.2f", s * 1000) }
private func ms3(_ s: Double) -> String { String(format: "%.3f", s * 1000) }
private func us(_ s: Double) -> String { String(format: "%.0f", s * 1e6) }
private func f1(_ v: Double) -> String { String(format: "%.1f", v) }
private func f2(_ v: Double) -> String { String(format: "%.2f", v) }
private func f3(_ v: Double) -> String { String(format: "%.3f", v) }
private func r6(_ v: Double) -> Double { (v * 1e6).rounded() / 1e6 }
