import CarouselCore
import CarouselStyles
import CarouselSupport

/// One channel of one item sampled at every frame of a stretch of style time, with its speed, and what the motion
/// around a moment did (`MotionSummary`).
struct ChannelSeries: Equatable {
    var channel: StyleChannel
    var item: Int
    /// The sample times (style time), 1/60 s apart.
    var times: [Double] = []
    /// The value at each time (nil where the item is not laid out).
    var values: [Double?] = []
    /// Units per second at each time (the change since the sample before, over the time between them).
    var speeds: [Double?] = []

    /// Samples `channel` of item `item` in a replay of a pane's recorded input with its current values (`replayStart`
    /// makes the replay: a fresh runtime and the input's player), at every 1/60 s of style time from `start` to `end`:
    /// the values `capture --layout` lists at those times.
    @MainActor
    static func sample(_ replayStart: () -> (PaneRuntime, ScriptPlayer), channel: StyleChannel, item: Int, from start: Double, to end: Double) -> ChannelSeries {
        var series = ChannelSeries(channel: channel, item: item)
        let (replay, player) = replayStart()
        let clock = replay.styleClock
        Replay.advance(clock, from: 0, to: start, player: player)
        var t = start
        for k in 1...Int(((end - start) * 60).rounded(.up)) + 1 {
            series.times.append(t)
            series.values.append(channel.value(in: replay.style, item: item))
            guard t < end else { break }
            // Each sample's time from its index, so the times are exact (a capture at one of them draws it).
            let next = min(start + Double(k) / 60, end)
            Replay.advance(clock, from: t, to: next, player: player)
            t = next
        }
        replay.style.tearDown()
        series.speeds = series.values.indices.map { i in
            guard i > 0, let a = series.values[i - 1], let b = series.values[i] else { return nil }
            return (b - a) / (series.times[i] - series.times[i - 1])
        }
        return series
    }

    /// What the motion at style time `t` did: the stretch of motion that contains `t`, else the first one after
    /// it, else the last one before it.
    func summary(around t: Double) -> MotionSummary? {
        let stretches = motionStretches()
        guard let stretch = stretches.first(where: { times[$0.lowerBound] <= t && t <= times[$0.upperBound] })
            ?? stretches.first(where: { times[$0.lowerBound] > t }) ?? stretches.last else { return nil }
        guard let from = values[stretch.lowerBound], let to = values[stretch.upperBound] else { return nil }
        let travel = to - from
        guard travel.magnitude > 1e-9 else { return nil }
        let beyond = stretch.compactMap { values[$0] }.map { ($0 - to) * (travel > 0 ? 1 : -1) }.max() ?? 0
        let settled = stretch.last { i in values[i].map { ($0 - to).magnitude > 0.02 * travel.magnitude } ?? false } ?? stretch.lowerBound
        let fastest = stretch.max { (speeds[$0] ?? 0).magnitude < (speeds[$1] ?? 0).magnitude } ?? stretch.lowerBound
        let start = times[stretch.lowerBound]
        return MotionSummary(start: start, end: times[stretch.upperBound], from: from, to: to,
                             overshoot: max(beyond, 0) / travel.magnitude * 100,
                             settle: times[min(settled + 1, stretch.upperBound)] - start, peak: times[fastest] - start)
    }

    /// The stretches of motion, as sample index ranges from the last sample at rest before each to its last moving
    /// sample. A stretch ends where the channel rests for more than a tenth of a second, or where it turns back by
    /// more than half of how far it went (an item that expanded and now collapses; a spring's overshoot returns by
    /// less).
    func motionStretches() -> [ClosedRange<Int>] {
        var stretches: [ClosedRange<Int>] = []
        var first: Int?, last = 0
        var extreme = 0
        func value(_ i: Int) -> Double { values[i] ?? 0 }
        for i in speeds.indices {
            let moving = (speeds[i] ?? 0).magnitude > 1e-6
            if moving {
                if first == nil { first = max(i - 1, 0); extreme = i }
                if let f = first {
                    let start = value(f), far = value(extreme)
                    if (value(i) - start).magnitude > (far - start).magnitude { extreme = i }
                    // Turned back by more than half the way: a new stretch from the turn.
                    if (far - start).magnitude > 1e-9, (value(i) - far).magnitude > 0.5 * (far - start).magnitude,
                       (value(i) - far) * (far - start) < 0 {
                        stretches.append(f...extreme)
                        first = extreme
                        extreme = i
                    }
                }
                last = i
            } else if let f = first, i - last > 6 {
                stretches.append(f...last)
                first = nil
            }
        }
        if let f = first { stretches.append(f...last) }
        return stretches
    }
}

/// What one stretch of motion did: where it went, how far past its end it went (a spring's overshoot, in per cent of
/// the travel), when it settled within 2 % of its end, and when it was fastest (where an ease peaks), both counted
/// from its start.
struct MotionSummary: Equatable {
    var start: Double, end: Double
    var from: Double, to: Double
    var overshoot: Double
    var settle: Double
    var peak: Double

    /// One line for the graph: "overshoot 12 % · settles in 0.42 s · fastest at 0.18 s" (no overshoot: an ease).
    var text: String {
        let f = { (v: Double) in String(format: "%.2f", v) }
        if overshoot >= 0.5 {
            return "overshoot \(String(format: "%.0f", overshoot)) % · settles in \(f(settle)) s · fastest at \(f(peak)) s"
        }
        return "no overshoot · settles in \(f(settle)) s · fastest at \(f(peak)) s of \(f(end - start)) s"
    }
}

/// The graph above the timeline strip (`G`): a channel of the focused item and its speed over the strip's span, with
/// the playhead and what the motion at the playhead did. Window chrome, like the strip.
@MainActor
final class ChannelGraph {
    let root = Node(name: "timeline.graph")
    private let valueLine = Node(name: "timeline.graph.value")
    private let speedLine = Node(name: "timeline.graph.speed")
    private let playhead = Node(name: "timeline.graph.playhead")
    private let title = Node(name: "timeline.graph.title")
    private let detail = Node(name: "timeline.graph.detail")
    private unowned let scene: Scene
    /// The series shown, and what it was sampled for (it is sampled again only when that changes).
    private(set) var series: ChannelSeries?
    private var sampledFor: String?
    private var drawnFor: String?

    static let height = 96.0
    static let valueColor = Color(hex: 0x8ab4f8)
    static let speedColor = Color(hex: 0xfdd663)

    init(scene: Scene) {
        self.scene = scene
        root.background = Color(0.06, 0.065, 0.075, 1)
        root.isHidden = true
        root.isHitTestable = false
        for n in [zeroLine, valueLine, speedLine, playhead, title, detail, axis] { n.isHitTestable = false; root.addChild(n) }
        playhead.background = Color(1, 1, 1, 0.9)
        zeroLine.background = ChannelGraph.speedColor.withAlpha(0.35)
    }

    /// The speed's zero, and the graph's own time axis.
    private let zeroLine = Node(name: "timeline.graph.zero")
    private let axis = Node(name: "timeline.graph.axis")

    var isShown: Bool { !root.isHidden }

    /// Shows the graph of `channel` (nil hides it).
    func show(_ shown: Bool) {
        root.isHidden = !shown
        drawnFor = nil
    }

    /// The stretch of time the graph plots: the marked loop; else the motion at (or next to) the playhead with a
    /// quarter of its length on either side (at least a tenth of a second), so a 0.4 s transition spans the graph;
    /// else everything sampled.
    static func span(of series: ChannelSeries, around t: Double, loop: ClosedRange<Double>?) -> ClosedRange<Double> {
        guard let first = series.times.first, let last = series.times.last, last > first else { return 0...1 }
        if let loop, loop.upperBound - loop.lowerBound > 1e-3 { return max(loop.lowerBound, first)...max(min(loop.upperBound, last), first + 1e-3) }
        guard let s = series.summary(around: t) else { return first...last }
        let pad = max((s.end - s.start) / 4, 0.1)
        return max(s.start - pad, first)...min(s.end + pad, last)
    }

    /// While the window is live: a line saying how to get a graph (it plots a moment's replay, which live time
    /// outruns), and nothing stale.
    func showLive(channel: StyleChannel, item: Int, width: Double) {
        guard isShown else { return }
        let key = "live \(channel.name) \(item) \(width) \(scene.size)"
        guard key != drawnFor else { return }
        drawnFor = key
        root.frame = Rect(0, scene.size.height - TimelineStrip.height - ChannelGraph.height, width, ChannelGraph.height)
        for layer in [valueLine, speedLine, axis] { layer.removeAllChildren() }
        playhead.isHidden = true
        zeroLine.isHidden = true
        let unit = channel.unit.isEmpty ? "" : " (\(channel.unit))"
        setText(title, "\(channel.name)\(unit) of item \(item) · G: next channel", Rect(12, 4, width * 0.5, 16), bold: true)
        setText(detail, "Live: scrub to a moment (Home, Left, or a press on the strip) to plot it", Rect(width * 0.5, 4, width * 0.5 - 12, 16), bold: false)
        sampledFor = nil
    }

    /// Samples (when the pane, its values, its input, the channel or the span changed) and draws the graph for the
    /// focused pane between `start` and `end`, above the strip, with the playhead at `playhead`: the motion around
    /// the playhead (or the marked `loop`) across the graph on its own time axis.
    func update(pane: PaneState, channel: StyleChannel, item: Int, start: Double, end: Double, loop: ClosedRange<Double>?,
                playhead t: Double, track: (x: Double, width: Double), replayStart: () -> (PaneRuntime, ScriptPlayer)) {
        guard isShown else { return }
        let key = "\(pane.id) \(pane.styleName) \(pane.currentParameters.json.serialized(indent: nil)) \(pane.recording.count) \(channel.name) \(item) \(start) \(end)"
        if key != sampledFor {
            series = ChannelSeries.sample(replayStart, channel: channel, item: item, from: start, to: end)
            sampledFor = key
            drawnFor = nil
        }
        guard let series else { return }
        let span = ChannelGraph.span(of: series, around: t, loop: loop)
        let drawKey = "\(key) \(t) \(span) \(scene.size) \(track)"
        guard drawKey != drawnFor else { return }
        drawnFor = drawKey
        let size = scene.size
        root.frame = Rect(0, size.height - TimelineStrip.height - ChannelGraph.height, track.x + track.width + TimelineStrip.margin, ChannelGraph.height)
        let plot = Rect(track.x, 22, track.width, ChannelGraph.height - 40)
        draw(series, series.values, in: plot, color: ChannelGraph.valueColor, into: valueLine, span: span, zero: nil)
        let zero = draw(series, series.speeds, in: plot, color: ChannelGraph.speedColor, into: speedLine, span: span, zero: 0)
        zeroLine.isHidden = zero == nil
        if let zero { zeroLine.frame = Rect(plot.minX, zero - 0.5, plot.width, 1) }
        drawAxis(span, in: plot)
        let x = plot.minX + (t - span.lowerBound) / max(span.upperBound - span.lowerBound, 1e-9) * plot.width
        playhead.isHidden = t < span.lowerBound || t > span.upperBound
        playhead.frame = Rect(x - 0.5, plot.minY - 2, 1, plot.height + 4)
        let unit = channel.unit.isEmpty ? "" : " (\(channel.unit))"
        let values = series.values.compactMap { $0 }
        let range = values.isEmpty ? "not laid out" : "\(JSONValue.format((values.min()! * 10).rounded() / 10))…\(JSONValue.format((values.max()! * 10).rounded() / 10))"
        setText(title, "\(channel.name)\(unit) of item \(item): \(range) · speed in yellow · G: next channel",
                Rect(track.x, 4, track.width * 0.6, 16), bold: true)
        setText(detail, series.summary(around: t)?.text ?? "no motion", Rect(track.x + track.width * 0.6, 4, track.width * 0.4, 16), bold: false)
    }

    /// Ticks and labels under the plot for `span`: every 0.05, 0.1, 0.2, 0.5, 1, 2 or 5 s, whichever keeps them
    /// 60 points apart or more.
    private func drawAxis(_ span: ClosedRange<Double>, in plot: Rect) {
        axis.removeAllChildren()
        let length = max(span.upperBound - span.lowerBound, 1e-6)
        let step = [0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10].first { plot.width / (length / $0) >= 60 } ?? 10
        var t = (span.lowerBound / step).rounded(.up) * step
        while t <= span.upperBound + 1e-9 {
            let x = plot.minX + (t - span.lowerBound) / length * plot.width
            let tick = Node(name: "timeline.graph.tick", frame: Rect(x - 0.5, plot.maxY, 1, 4))
            tick.background = Color(1, 1, 1, 0.35)
            tick.isHitTestable = false
            axis.addChild(tick)
            let text = step < 0.1 ? String(format: "%.2f s", t) : step < 1 ? String(format: "%.1f s", t) : "\(JSONValue.format(t)) s"
            let label = Node(name: "timeline.graph.tick.label", frame: Rect(x - 30, plot.maxY + 4, 60, 12))
            label.text = TextContent(text, font: FontSpec(size: 10), color: Color(0.75, 0.78, 0.82), alignment: .center)
            label.isHitTestable = false
            axis.addChild(label)
            t += step
        }
    }

    private func setText(_ node: Node, _ text: String, _ frame: Rect, bold: Bool) {
        node.frame = frame
        let font = FontSpec(size: 11, bold: bold)
        node.text = TextContent(scene.textMeasurer.fitted(text, width: frame.width, font: font), font: font, color: Color(0.9, 0.92, 0.95),
                                alignment: bold ? .leading : .trailing)
    }

    /// Plots `samples` of `series` (scaled to their own range within `span`, which takes in `zero` when given) as a
    /// line across `plot`, its time axis `span`; returns where `zero` is on the plot.
    @discardableResult
    private func draw(_ series: ChannelSeries, _ samples: [Double?], in plot: Rect, color: Color, into layer: Node, span: ClosedRange<Double>,
                      zero: Double?) -> Double? {
        let known = series.times.indices.filter { span.contains(series.times[$0]) }.compactMap { samples[$0] } + (zero.map { [$0] } ?? [])
        guard var lo = known.min(), var hi = known.max() else { layer.removeAllChildren(); return nil }
        if hi - lo < 1e-9 { lo -= 1; hi += 1 }
        var line = ColumnPlot(width: plot.width)
        for (i, v) in samples.enumerated() {
            guard let v, let c = line.column(of: series.times[i], start: span.lowerBound, end: span.upperBound) else { line.breakLine(); continue }
            line.add((v - lo) / max(hi - lo, 1e-9), atColumn: c)
        }
        line.draw(in: plot, color: color, into: layer)
        return zero.map { plot.maxY - ($0 - lo) / max(hi - lo, 1e-9) * plot.height }
    }
}
