@testable import CarouselApp
import CarouselCore
import CarouselStyles
import CarouselSupport
import CarouselTesting
import Foundation
import Testing

/// The timeline scrubs a live interaction: every frame it shows is the frame `capture --at` draws with the same input
/// and values (the same replay), checked here draw for draw (rectangles, colours, images, text, clips) for every
/// style after an interaction that moves things.
@Suite("Timeline")
@MainActor
struct TimelineTests {
    nonisolated static let size = Size(1280, 720)

    /// A scripted interaction per style that moves things, and a moment in it to scrub to.
    nonisolated static let interactions: [(style: String, script: String, at: Double, key: String, value: ParameterValue)] = [
        ("expand", "0.1 move 200 350; 0.3 move 330 350; 0.6 move 470 350; 0.9 move 620 350; 1.2 move 760 350", 1.05,
         "expandDuration", .number(0.8)),
        ("stitch", "0.1 move 640 360; 0.2 pinch 0.6; 0.9 wheel 0 -1; 1.3 pinch 1.6", 1.0, "seamlessSpacing", .number(6)),
        ("loop", "0.1 wheel 0 -1; 0.25 wheel 0 -1; 0.7 key right; 1.0 click 900 300", 0.8, "selectionCurve", .text("linear")),
        ("circular", "0.1 down 900 400; 0.2 move 820 400; 0.3 move 700 400; 0.35 up 690 400; 1.0 key m", 0.5, "spacing", .number(30)),
        ("paging", "0.5 key right; 1.2 down 900 360; 1.3 move 700 360; 1.35 up 650 360", 0.8, "pageDuration", .number(1)),
    ]

    /// The frame a capture draws at `at` after `script`, with `values` over the defaults, as draw calls (without the
    /// nodes' identities, which differ between models).
    func frame(style: String, script: String, at: Double, values: [String: ParameterValue] = [:], store: FakeImageStore,
               deck: Deck) throws -> (draws: [ResolvedDraw], layout: JSONValue) {
        let preview = try Preview(deck: deck, images: store, size: Self.size, style: style)
        for (k, v) in values { try preview.setParameter(k, v) }
        let run = CaptureRun(preview: preview, script: try ScriptedInput.parse(script, size: Self.size)) { false }
        preview.damage.isEnabled = false
        run.render(times: [at], into: DrawListRecorder(size: Self.size)) { _ in }
        // The picture, as a screenshot takes it: the window's own badges ("Paused" while scrubbed) are not part of it.
        let recorder = DrawListRecorder(size: Self.size)
        preview.drawPicture(into: recorder)
        return (recorder.draws.map { var d = $0; d.node = 0; return d }, preview.layoutJSON())
    }

    @Test("A scrub to T draws what capture --at T draws; back then forward lands on it again", arguments: Self.interactions.indices)
    func scrubEqualsCapture(_ i: Int) throws {
        let c = Self.interactions[i]
        let deck = Deck.sample(count: 12), store = deck.fakeImageStore()
        let expected = try frame(style: c.style, script: c.script, at: c.at, store: store, deck: deck)
        let scrubbed = try frame(style: c.style, script: c.script + "; 2 scrub \(c.at)", at: 3, store: store, deck: deck)
        #expect(scrubbed.draws == expected.draws, "\(c.style): the scrubbed frame differs from the capture")
        let backAndForth = try frame(style: c.style, script: c.script + "; 2 scrub 0.05; 2.2 scrub 1.9; 2.4 scrub \(c.at)", at: 3,
                                     store: store, deck: deck)
        #expect(backAndForth.draws == expected.draws, "\(c.style): back then forward differs")
        let timeline = try #require(scrubbed.layout.members?.first { $0.key == "timeline" }?.value)
        #expect(timeline.serialized(indent: nil) == "{\"playhead\":\(JSONValue.format(c.at)),\"start\":0,\"end\":2,\"live\":false,\"replaying\":false,\"range\":null}")
    }

    /// Each value is one a live change cannot show at that moment (a duration or curve mid-animation, spacing while
    /// stitched): only playing the input again with it can.
    @Test("A value set while scrubbed plays the same input again: the frame a fresh capture with that value draws",
          arguments: Self.interactions.indices)
    func setWhileScrubbed(_ i: Int) throws {
        let c = Self.interactions[i]
        let deck = Deck.sample(count: 12), store = deck.fakeImageStore()
        let expected = try frame(style: c.style, script: c.script, at: c.at, values: [c.key: c.value], store: store, deck: deck)
        let before = try frame(style: c.style, script: c.script, at: c.at, store: store, deck: deck)
        #expect(expected.draws != before.draws, "\(c.style): \(c.key) changes the frame (else this test proves nothing)")
        let retuned = try frame(style: c.style, script: c.script + "; 2 scrub \(c.at); 2.2 set \(c.key) \(c.value)", at: 3,
                                store: store, deck: deck)
        #expect(retuned.draws == expected.draws, "\(c.style): set while scrubbed differs from a capture with \(c.key) = \(c.value)")
    }

    @Test("Play from the playhead replays the recorded input: later frames are the original run's", arguments: Self.interactions.indices)
    func playFromPlayhead(_ i: Int) throws {
        let c = Self.interactions[i]
        let deck = Deck.sample(count: 12), store = deck.fakeImageStore()
        let later = c.at + 0.4
        let expected = try frame(style: c.style, script: c.script, at: later, store: store, deck: deck)
        let played = try frame(style: c.style, script: c.script + "; 2 scrub \(c.at); 2.3 play", at: 2.7, store: store, deck: deck)
        // Equal but for the last bits of the clock: the replay's time adds up frame by frame on the window's clock.
        #expect(Self.same(played.draws, expected.draws), "\(c.style): the replay from the playhead differs from the original run")
    }

    /// Whether two frames draw the same things within a millionth of a point (and of opacity).
    static func same(_ a: [ResolvedDraw], _ b: [ResolvedDraw]) -> Bool {
        func close(_ x: Rect, _ y: Rect) -> Bool { abs(x.x - y.x) < 1e-6 && abs(x.y - y.y) < 1e-6 && abs(x.width - y.width) < 1e-6 && abs(x.height - y.height) < 1e-6 }
        return a.count == b.count && zip(a, b).allSatisfy { p, q in
            p.kind == q.kind && close(p.rect, q.rect) && abs(p.opacity - q.opacity) < 1e-9 && abs(p.cornerRadius - q.cornerRadius) < 1e-6
                && (p.clip == nil) == (q.clip == nil) && p.clips.count == q.clips.count
        }
    }

    @Test("A graph's samples are the layout's values at their times, for each style's channels", arguments: Self.interactions.indices)
    func graphSamplesAreLayoutValues(_ i: Int) throws {
        let c = Self.interactions[i]
        let deck = Deck.sample(count: 12), store = deck.fakeImageStore()
        let preview = try Preview(deck: deck, images: store, size: Self.size, style: c.style)
        // The interaction live, as the window gets it (its clock starts at the first frame).
        preview.update(to: 0)
        Replay.advance(preview, from: 0, to: 2, player: ScriptPlayer(try ScriptedInput.parse(c.script, size: Self.size)))
        let type = preview.definition
        #expect(!type.channels.isEmpty)
        for channel in type.channels {
            let series = ChannelSeries.sample({ preview.runtime.replayStart(preview.focusedPane, frame: preview.focused.frame, state: preview.state) }, channel: channel, item: 2, from: 0, to: 1.5)
            #expect(series.times.count == 91, "\(c.style): a sample every 1/60 s")
            for k in stride(from: 5, to: series.times.count, by: 17) {
                let t = series.times[k]
                let layout = try frame(style: c.style, script: c.script, at: t, store: store, deck: deck).layout
                let expected: Double?
                switch channel.source {
                case .state(let key): expected = layout["state"]?[key]?.numberValue
                default:
                    let item = layout["items"]?.arrayValue?.first { $0["index"]?.numberValue == 2 }
                    switch channel.source {
                    case .itemX: expected = item?["frame"]?.arrayValue?[0].numberValue
                    case .itemWidth: expected = item?["frame"]?.arrayValue?[2].numberValue
                    case .itemScale: expected = item?["scale"]?.numberValue
                    default: expected = item?["opacity"]?.numberValue
                    }
                }
                let sampled = series.values[k].map { ($0 * 10000).rounded() / 10000 }
                #expect(sampled == expected.map { ($0 * 10000).rounded() / 10000 }, "\(c.style) \(channel.name) at \(t): \(sampled.map { "\($0)" } ?? "nil") against the layout's \(expected.map { "\($0)" } ?? "nil")")
            }
        }
    }

    @Test("A spring's overshoot and settling, an ease's peak: read from the samples")
    func motionSummary() {
        var series = ChannelSeries(channel: StyleChannel("x", .itemX), item: 0)
        // A step from 0 to 100 at t = 0.1 that overshoots to 112 and settles, sampled at 60 Hz.
        for k in 0...60 {
            let t = Double(k) / 60
            let u = max(t - 0.1, 0)
            series.times.append(t)
            series.values.append(t < 0.1 ? 0 : 100 - 100 * exp(-u * 12) * cos(u * 20))
        }
        series.speeds = series.values.indices.map { i in i == 0 ? nil : (series.values[i]! - series.values[i - 1]!) * 60 }
        let summary = series.summary(around: 0.3)
        #expect(summary.map { $0.overshoot > 10 && $0.overshoot < 30 } == true, "\(String(describing: summary))")
        #expect(summary.map { $0.settle > 0.2 && $0.settle < 0.6 } == true)
        #expect(summary?.text.hasPrefix("overshoot") == true)
    }

    @Test("A scrub from a checkpoint made between frames draws what capture --at draws", arguments: Self.interactions.indices)
    func scrubFromCheckpoint(_ i: Int) throws {
        let c = Self.interactions[i]
        let deck = Deck.sample(count: 12), store = deck.fakeImageStore()
        let preview = try Preview(deck: deck, images: store, size: Self.size, style: c.style)
        preview.damage.isEnabled = false
        preview.update(to: 0)
        Replay.advance(preview, from: 0, to: 3, player: ScriptPlayer(try ScriptedInput.parse(c.script, size: Self.size)))
        preview.apply(.timeline(.toggleShown))
        for t in [c.at, c.at + 1.2, c.at + 0.6] {
            preview.apply(.timeline(.scrub(2.95)))
            #expect(preview.buildCheckpoints(budget: 10), "the scrub's own update makes none: its frame comes first")
            #expect(!preview.buildCheckpoints(budget: 10), "every checkpoint made")
            #expect(preview.runtime.replays.count == 2, "one checkpoint per second up to the end (2 s)")
            let before = preview.runtime.replays.used
            preview.apply(.timeline(.scrub(t)))
            if t >= 1.05 { #expect(preview.runtime.replays.used == before + 1, "\(c.style) at \(t): the scrub started from a checkpoint") }
            let recorder = DrawListRecorder(size: Self.size)
            preview.drawPicture(into: recorder)
            let expected = try frame(style: c.style, script: c.script, at: t, store: store, deck: deck)
            #expect(recorder.draws.map { var d = $0; d.node = 0; return d } == expected.draws, "\(c.style) at \(t): the scrub from a checkpoint differs")
        }
    }

    /// The hostile probe's cycle (issue 40): a move, a scrub back to it, play, every 2 ms. Each scrub is made only
    /// when something needs its moment (a frame, input, the layout) and a replay that reaches the end with nothing
    /// changed is the live window put aside, so cycles cost their number, not its square.
    @Test("Scrub and play cycles cost their number, not its square, and the frame after them is capture's of the same input")
    func cyclesCostTheirNumber() throws {
        func run(_ n: Int) throws -> (steps: Int, preview: Preview) {
            let deck = Deck.sample(count: 12)
            let preview = try Preview(deck: deck, images: deck.fakeImageStore(), size: Self.size, style: "expand")
            let script = (0..<n).map { i -> String in
                let t = Double(i) * 0.002
                return "\(t) move \(100 + i % 1000) 350; \(t + 0.0005) scrub \(t); \(t + 0.001) play"
            }.joined(separator: "\n")
            let recorder = DrawListRecorder(size: Self.size)
            let run = CaptureRun(preview: preview, script: try ScriptedInput.parse(script, size: Self.size)) { false }
            run.render(times: [Double(n) * 0.002 + 0.1], into: recorder) { _ in }
            return (preview.runtime.replays.steps, preview)
        }
        let small = try run(200), large = try run(800)
        #expect(large.steps <= 5 * small.steps + 100, "4x the cycles cost \(large.steps) replay steps against \(small.steps)")
        #expect(large.preview.timeline.isLive && large.preview.recording.count == 800, "every move recorded, live at the end: \(large.preview.recording.count), steps \(small.steps) \(large.steps)")
    }
}
