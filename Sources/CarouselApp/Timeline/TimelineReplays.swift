import CarouselCore
import CarouselStyles
import Foundation

/// The timeline's replays in the runtime: checkpoints parked along it, so a scrub replays a second or less of input
/// instead of all of it, and each pane's player while the recorded input plays on the window's clock.
///
/// A pane's runtime cannot be copied (a style is objects, timers and closures), but a replay is deterministic, so
/// one can be made ahead and parked: a fresh runtime given its recorded input up to a checkpoint, with its player
/// there. A scrub to T takes the latest checkpoint at or before T and replays from there to T (the checkpoint is used
/// up); while the timeline is shown, the window makes the missing checkpoints again a few milliseconds at a time,
/// between frames (never in the update that draws a scrub's frame).
///
/// Exactly the frame of a replay from the start: a replay steps at most 1/60 s at a time and stops at each input's
/// own time (`Replay.advance`), and where it stops next depends only on where it is and on the next input, not on
/// where it is going, until the last step. So a checkpoint is parked at one of those stops (the first at or after
/// each whole `spacing`), and going on from it takes exactly the steps a replay from the start takes.
@MainActor
final class TimelineReplays {
    /// A parked replay: the runtime at style time `time`, and its player positioned there.
    private struct Parked {
        let time: Double
        let runtime: PaneRuntime
        let player: ScriptPlayer
    }

    /// A replay being made: advanced a few steps per frame until it reaches `target`.
    private struct Builder {
        let id: PaneState.ID
        let target: Int
        let runtime: PaneRuntime
        let player: ScriptPlayer
        var time: Double
    }

    /// Seconds between checkpoints.
    let spacing: Double
    /// By pane, what the checkpoints were made for (the style, its values, how much input, the pane's size, the
    /// deck): a change drops them.
    private var madeFor: [PaneState.ID: String] = [:]
    /// By pane, the parked replays by checkpoint (checkpoint k is at the first stop at or after k * spacing).
    private var parked: [PaneState.ID: [Int: Parked]] = [:]
    private var builder: Builder?
    /// A scrub replayed since the last build: the next build waits one update, so the scrub's own frame is drawn
    /// without checkpoints being made before it.
    private var scrubbedSinceBuild = false
    /// How many scrubs started from a checkpoint, and from the start; how many replay steps were taken (for tests and
    /// the bench: a scrub costs the replay from its checkpoint, not the history).
    private(set) var used = 0, fromStart = 0, steps = 0
    /// Each pane's recorded input still to deliver while replaying on the window's clock.
    private var players: [PaneState.ID: ScriptPlayer] = [:]
    /// How many checkpoints are parked now.
    var count: Int { parked.values.reduce(0) { $0 + $1.count } }

    init(spacing: Double = 1) { self.spacing = spacing }

    /// What a pane's checkpoints depend on.
    private static func key(_ pane: PaneState, frame: Rect, deck: Int, reduced: Bool) -> String {
        "\(pane.styleName) \(originKey(pane.style.origin)) \(pane.styleStart) \(frame.size) \(deck) \(reduced) \(pane.recording.count) \(pane.parameters.keys.sorted().map { "\($0)=\(pane.parameters[$0]!.json.serialized(indent: nil))" }.joined(separator: " "))"
    }

    /// What tells one effect file's text from another's, short.
    private static func originKey(_ origin: StyleOrigin) -> String {
        guard case .file(let path, let text) = origin else { return "built-in" }
        return "\(path) \(text.utf8.count) \(text.hashValue)"
    }

    /// Drops the checkpoints of a pane whose values, input or size changed since they were made.
    private func validate(_ pane: PaneState, key: String) {
        guard madeFor[pane.id] != key else { return }
        madeFor[pane.id] = key
        parked[pane.id] = [:]
        if builder?.id == pane.id { builder = nil }
    }

    /// A replay under way: a pane's runtime going to style time `target` of its recorded input, one stop at a time.
    struct Replaying {
        let id: PaneState.ID
        let runtime: PaneRuntime
        let player: ScriptPlayer
        var time: Double
        let target: Double
    }

    /// Begins replaying `pane` to style time `t` from the latest checkpoint at or before `t` (used up), or from the
    /// start (`start` makes a fresh runtime and its player); `advance` takes it there.
    func begin(_ pane: PaneState, to t: Double, key: String, start: () -> (PaneRuntime, ScriptPlayer)) -> Replaying {
        validate(pane, key: key)
        scrubbedSinceBuild = true
        players = [:]
        let target = max(t, 0)
        if let (k, p) = (parked[pane.id] ?? [:]).filter({ $0.value.time <= target }).max(by: { $0.value.time < $1.value.time }) {
            used += 1
            parked[pane.id]?.removeValue(forKey: k)
            p.runtime.isReplaying = true
            return Replaying(id: pane.id, runtime: p.runtime, player: p.player, time: p.time, target: target)
        }
        fromStart += 1
        let (r, player) = start()
        return Replaying(id: pane.id, runtime: r, player: player, time: 0, target: target)
    }

    /// Takes `r` on, one stop at a time, until it reaches its target (then the runtime shows that moment, as
    /// `PaneRuntime.replayed` would, and records again) or the clock passes `deadline`; returns whether it arrived.
    func advance(_ r: inout Replaying, until deadline: Double? = nil) -> Bool {
        while r.time < r.target {
            if let deadline, ProcessInfo.processInfo.systemUptime >= deadline { return false }
            r.time = Replay.step(r.runtime.styleClock, from: r.time, until: r.target, player: r.player)
            steps += 1
        }
        r.player.deliver(upTo: r.target, into: r.runtime.styleClock)
        r.runtime.styleClock.update(to: r.target)
        r.runtime.isReplaying = false
        return true
    }

    /// Starts playing each pane's recorded input after its style time (id, entries, time) on the window's clock.
    func start(_ panes: [(PaneState.ID, [ScriptedInput.Entry], Double)]) {
        players = Dictionary(uniqueKeysWithValues: panes.map { ($0.0, ScriptPlayer($0.1, after: $0.2)) })
    }

    /// While replaying, delivers to each runtime the recorded input due by scene time `sceneTime`, each entry at its
    /// own time.
    func deliver(upToScene sceneTime: Double, into runtimes: [PaneRuntime]) {
        for r in runtimes {
            guard let player = players[r.id] else { continue }
            r.isReplaying = true
            player.deliver(upTo: sceneTime - r.styleStart, into: r.styleClock)
            r.isReplaying = false
        }
    }

    /// The panes' runtimes were replaced or their number changed: the players stop.
    func panesChanged() { players = [:] }

    /// Makes missing checkpoints of the panes of `state` up to the strip's end, for at most `budget` seconds (half a
    /// 60 Hz frame by default); returns whether any is still missing (the window then wakes again to go on). Right
    /// after a scrub it makes none (the scrub's frame comes first) and says some are missing.
    func buildCheckpoints(for state: WindowState, runtime: WindowRuntime, budget: Double = 0.008) -> Bool {
        if scrubbedSinceBuild {
            scrubbedSinceBuild = false
            return true
        }
        let frames = state.paneFrames
        let end = state.timeline.end(liveTime: state.focusedStyleTime)
        let deadline = ProcessInfo.processInfo.systemUptime + budget
        while ProcessInfo.processInfo.systemUptime < deadline {
            if builder == nil {
                guard let (i, k) = nextMissing(state, frames: frames, upTo: end) else { return false }
                let (fresh, player) = runtime.replayStart(state.panes[i], frame: frames[i], state: state)
                builder = Builder(id: state.panes[i].id, target: k, runtime: fresh, player: player, time: 0)
            }
            guard var b = builder else { return false }
            // One stop further, exactly as a replay from the start takes it.
            let goal = Double(b.target) * spacing
            b.time = Replay.step(b.runtime.styleClock, from: b.time, player: b.player)
            steps += 1
            if b.time >= goal - 1e-9 {
                parked[b.id, default: [:]][b.target] = Parked(time: b.time, runtime: b.runtime, player: b.player)
                builder = nil
            } else {
                builder = b
            }
        }
        return true
    }

    /// The checkpoints key of pane `i` of `state`.
    func key(_ state: WindowState, pane i: Int, frame: Rect) -> String {
        TimelineReplays.key(state.panes[i], frame: frame, deck: state.deck.version, reduced: state.motion.reducesMotion)
    }

    /// The first pane (its index) and checkpoint (lowest first) that is missing, up to the focused pane's style time
    /// `end`.
    private func nextMissing(_ state: WindowState, frames: [Rect], upTo end: Double) -> (Int, Int)? {
        for (i, pane) in state.panes.enumerated() {
            validate(pane, key: key(state, pane: i, frame: frames[i]))
            let paneEnd = end + state.focused.styleStart - pane.styleStart
            let last = Int((min(paneEnd, state.styleTime(of: pane)) / spacing).rounded(.down))
            guard last >= 1 else { continue }
            if let k = (1...last).first(where: { parked[pane.id]?[$0] == nil }) { return (i, k) }
        }
        return nil
    }

    /// Forgets every checkpoint (the timeline was left).
    func clear() {
        for p in parked.values.flatMap(\.values) { p.runtime.tearDown() }
        parked = [:]
        madeFor = [:]
        builder = nil
    }

    /// About how many bytes the parked replays take: their scenes' nodes, counted at a fixed cost each.
    var approximateBytes: Int {
        parked.values.flatMap(\.values).reduce(0) { $0 + TimelineReplays.nodeCount($1.runtime.scene.root) * 1_200 }
    }

    private static func nodeCount(_ node: Node) -> Int { 1 + node.children.reduce(0) { $0 + nodeCount($1) } }
}
