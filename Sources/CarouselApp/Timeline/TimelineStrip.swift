import CarouselCore
import CarouselSupport

/// The timeline strip along the bottom of the window (`T`): the last `Timeline.span` seconds of the focused pane, with
/// the input it received drawn on its style-time axis (the pointer's path across the pane as a trace, presses as
/// dots, wheel ticks, pinch phases and keys), the playhead, the loop range, and a play button. Window chrome: it is in
/// the overlay's window-only layer, so screenshots and clips never show it. Pressing on the track scrubs there, and
/// the press keeps scrubbing while it moves (the window's pointer router keeps it here until the release).
@MainActor
final class TimelineStrip {
    let root = Node(name: "timeline")
    private let button = Node(name: "timeline.play")
    private let track = Node(name: "timeline.track")
    private let traceLane = Node(name: "timeline.trace")
    private let eventLane = Node(name: "timeline.events")
    private let axis = Node(name: "timeline.axis")
    private let rangeBox = Node(name: "timeline.range")
    private let playheadLine = Node(name: "timeline.playhead")
    private let playheadLabel = Node(name: "timeline.time")
    private unowned let context: AppContext
    private unowned let scene: Scene
    /// What the strip was last drawn from: it is rebuilt only when this changes.
    private var drawn: Drawn?

    static let height = 84.0
    static let buttonWidth = 44.0
    static let margin = 12.0
    static let font = FontSpec(size: 11)
    static let labelFont = FontSpec(size: 12, bold: true)
    static let background = Color(0.07, 0.075, 0.085, 1)
    static let traceColor = Color(hex: 0x8ab4f8)
    static let pressColor = Color(hex: 0xf28b82)
    static let wheelColor = Color(hex: 0xfdd663)
    static let pinchColor = Color(hex: 0x81c995)
    static let keyColor = Color(0.85, 0.87, 0.9)
    static let playheadColor = Color(1, 1, 1, 0.95)
    static let rangeColor = Color(0.54, 0.71, 0.97, 0.22)

    private struct Drawn: Equatable {
        var size: Size
        var start: Double, end: Double
        var entries: Int
        var playhead: Double?
        var range: ClosedRange<Double>?
        var replaying: Bool
    }

    init(context: AppContext, scene: Scene) {
        self.context = context
        self.scene = scene
        root.background = TimelineStrip.background
        root.isHitTestable = false
        root.isHidden = true
        for n in [button, track, traceLane, eventLane, axis, rangeBox, playheadLine, playheadLabel] {
            n.isHitTestable = false
            root.addChild(n)
        }
        button.cornerRadius = 6
        button.background = Color(1, 1, 1, 0.1)
        track.background = Color(1, 1, 1, 0.05)
        track.cornerRadius = 4
        rangeBox.background = TimelineStrip.rangeColor
        playheadLine.background = TimelineStrip.playheadColor
        root.onPointer = { [unowned self] in handlePointer($0) }
    }

    /// Whether the strip is shown.
    var isShown: Bool { !root.isHidden }

    func setShown(_ shown: Bool) {
        root.isHidden = !shown
        drawn = nil
    }

    /// The track's rectangle in the window.
    /// How wide the strip is: the picture's width, left of an open panel.
    var width: Double = 0

    private var trackFrame: Rect {
        let w = width > 0 ? width : scene.size.width
        let x = TimelineStrip.margin + TimelineStrip.buttonWidth + 8
        return Rect(x, scene.size.height - TimelineStrip.height + 22, max(w - x - TimelineStrip.margin, 10), TimelineStrip.height - 40)
    }

    /// The track's left edge and width in the window (the graph above lines up with it).
    var trackSpan: (x: Double, width: Double) { (trackFrame.minX, trackFrame.width) }

    /// The style time at window x `x` on the track, for a strip spanning `start...end`.
    private func time(atX x: Double, start: Double, end: Double) -> Double {
        let f = trackFrame
        return start + (min(max(x, f.minX), f.maxX) - f.minX) / f.width * (end - start)
    }

    private func x(of t: Double, start: Double, end: Double) -> Double {
        let f = trackFrame
        return f.minX + (t - start) / max(end - start, 1e-9) * f.width
    }

    /// The strip's time span now: the last `span` seconds up to the timeline's end (the live moment while live), or
    /// from the style's start while there is less (at least `minimumSpan` wide).
    func window(timeline: TimelineState, liveTime: Double) -> (start: Double, end: Double) {
        let end = timeline.end(liveTime: liveTime)
        let start = timeline.start(end: end)
        return (start, max(end, start + TimelineStrip.minimumSpan))
    }

    /// The shortest span the strip shows, in seconds.
    static let minimumSpan = 4.0

    /// Draws the strip for the focused pane's `recording`, the playhead at `playhead` (nil: live) (only when
    /// something it shows changed).
    func update(timeline: TimelineState, playhead: Double?, recording: InputRecording, liveTime: Double, paneSize: Size) {
        guard isShown else { return }
        let (start, end) = window(timeline: timeline, liveTime: liveTime)
        // While live the strip moves with time; it is redrawn every 20th of a second at most.
        let shownEnd = timeline.isLive ? (end * 20).rounded(.down) / 20 : end
        let state = Drawn(size: Size(trackFrame.maxX, scene.size.height), start: start, end: max(shownEnd, start + TimelineStrip.minimumSpan), entries: recording.count,
                          playhead: playhead, range: timeline.range, replaying: timeline.isReplaying)
        guard state != drawn else { return }
        drawn = state
        let size = scene.size
        root.frame = Rect(0, size.height - TimelineStrip.height, trackFrame.maxX + TimelineStrip.margin, TimelineStrip.height)
        let local = trackFrame.offsetBy(0, -(size.height - TimelineStrip.height))
        track.frame = local
        button.frame = Rect(TimelineStrip.margin, (TimelineStrip.height - 36) / 2, TimelineStrip.buttonWidth, 36)
        button.removeAllChildren()
        let symbol = timeline.isReplaying || (timeline.isLive && !isPausedLive) ? "❚❚" : "▶"
        let label = Node(name: "timeline.play.label", frame: Rect(0, 0, TimelineStrip.buttonWidth, 36))
        label.text = TextContent(symbol, font: TimelineStrip.labelFont, color: .white, alignment: .center)
        label.isHitTestable = false
        button.addChild(label)
        drawAxis(start: state.start, end: state.end, in: local)
        drawInput(recording.entries, start: state.start, end: state.end, paneWidth: paneSize.width, in: local)
        // The loop range and the playhead.
        if let range = timeline.range {
            let a = x(of: max(range.lowerBound, state.start), start: state.start, end: state.end)
            let b = x(of: min(range.upperBound, state.end), start: state.start, end: state.end)
            rangeBox.frame = Rect(a, local.minY, max(b - a, 1), local.height)
            rangeBox.isHidden = b <= a
        } else {
            rangeBox.isHidden = true
        }
        let t = playhead ?? end
        let px = x(of: t, start: state.start, end: state.end)
        playheadLine.frame = Rect(px - 1, local.minY - 4, 2, local.height + 8)
        let text = timeline.isLive ? "live · \(TimelineStrip.format(t)) s" : "\(TimelineStrip.format(t)) s"
        let w = scene.textMeasurer.width(of: text, font: TimelineStrip.labelFont) + 8
        playheadLabel.frame = Rect(min(max(px - w / 2, local.minX), root.frame.width - w - 4), 2, w, 16)
        playheadLabel.text = TextContent(text, font: TimelineStrip.labelFont, color: .white, alignment: .center)
    }

    /// Whether time is paused while live (the play button then shows play).
    var isPausedLive = false

    static func format(_ t: Double) -> String { String(format: "%.2f", t) }

    /// Second marks under the track: every 1, 2, 5 or 10 s, whichever keeps them apart.
    private func drawAxis(start: Double, end: Double, in local: Rect) {
        axis.removeAllChildren()
        let span = end - start
        let step = [1.0, 2, 5, 10, 30, 60].first { local.width / (span / $0) >= 48 } ?? 60
        var t = (max(start, 0) / step).rounded(.up) * step
        while t <= end {
            let x = x(of: t, start: start, end: end)
            let tick = Node(name: "timeline.tick", frame: Rect(x, local.maxY, 1, 3))
            tick.background = Color(1, 1, 1, 0.3)
            axis.addChild(tick)
            let label = Node(name: "timeline.tick.label", frame: Rect(x - 20, local.maxY + 3, 40, 13))
            label.text = TextContent("\(JSONValue.format(t)) s", font: TimelineStrip.font, color: Color(1, 1, 1, 0.55), alignment: .center)
            axis.addChild(label)
            t += step
        }
        for n in axis.children { n.isHitTestable = false }
    }

    /// The pointer's path as a trace (its x across the pane) and the other input as marks.
    private func drawInput(_ entries: [ScriptedInput.Entry], start: Double, end: Double, paneWidth: Double, in local: Rect) {
        eventLane.removeAllChildren()
        let lane = Rect(local.minX, local.minY + 4, local.width, local.height * 0.55)
        let marks = Rect(local.minX, lane.maxY + 4, local.width, local.maxY - lane.maxY - 8)
        var trace = ColumnPlot(width: local.width)
        var keys = 0
        for entry in entries {
            guard let c = trace.column(of: entry.time, start: start, end: end) else { continue }
            let x = local.minX + Double(c) * ColumnPlot.column
            for event in entry.events {
                switch event {
                case .pointerMove(let p):
                    trace.add(min(max(p.x / max(paneWidth, 1), 0), 1), atColumn: c)
                case .pointerLeave:
                    trace.breakLine()
                case .pointerDown:
                    mark(Rect(x - 3, marks.minY, 6, 6), TimelineStrip.pressColor, radius: 3)
                case .wheel:
                    mark(Rect(x, marks.minY, 2, marks.height), TimelineStrip.wheelColor)
                case .magnify(let phase, _, _):
                    mark(Rect(x, marks.minY + (phase == .change ? 2 : 0), 2, phase == .change ? marks.height - 4 : marks.height), TimelineStrip.pinchColor)
                case .keyDown(let key, _, _) where keys < 200:
                    keys += 1
                    let n = Node(name: "timeline.key", frame: Rect(x - 14, marks.minY - 2, 28, 12))
                    n.text = TextContent(key.name, font: TimelineStrip.font, color: TimelineStrip.keyColor, alignment: .center)
                    n.isHitTestable = false
                    eventLane.addChild(n)
                default:
                    break
                }
            }
        }
        trace.draw(in: lane, color: TimelineStrip.traceColor, into: traceLane)
    }

    private func mark(_ frame: Rect, _ color: Color, radius: Double = 0) {
        let n = Node(name: "timeline.mark", frame: frame)
        n.background = color
        n.cornerRadius = radius
        n.isHitTestable = false
        eventLane.addChild(n)
    }

    // MARK: Pointer

    /// Presses: on the button, play or pause the replay; on the track, scrub there, and keep scrubbing while the
    /// press moves. The strip takes everything over it.
    private func handlePointer(_ event: InputEvent) -> Bool {
        guard let drawn else { return true }
        switch event {
        case .pointerDown(let p, .left):
            let local = Point(p.x, p.y - (scene.size.height - TimelineStrip.height))
            if button.frame.contains(local) {
                context.apply(.timeline(.togglePlayback))
            } else {
                scrubbing = true
                context.apply(.timeline(.scrub(time(atX: p.x, start: drawn.start, end: drawn.end))))
            }
        case .pointerMove(let p) where scrubbing:
            context.apply(.timeline(.scrub(time(atX: p.x, start: drawn.start, end: drawn.end))))
        case .pointerUp, .pointerLeave:
            scrubbing = false
        default:
            break
        }
        return true
    }

    private var scrubbing = false
}
