import CarouselCore
import Foundation

/// Replays parked at moments of the timeline, so a scrub replays a second or less of input instead of all of it.
///
/// A pane cannot be copied (a style is objects, timers and closures), but a replay is deterministic, so one can be
/// made ahead and parked: a fresh pane given its recorded input up to a checkpoint, with its player there. A scrub to
/// T takes the latest checkpoint at or before T and replays from there to T (the checkpoint is used up); while the
/// timeline is shown, the window makes the missing checkpoints again a few milliseconds at a time, between frames
/// (never in the update that draws a scrub's frame).
///
/// Exactly the frame of a replay from the start: a replay steps at most 1/60 s at a time and stops at each input's
/// own time (`Replay.advance`), and where it stops next depends only on where it is and on the next input, not on
/// where it is going, until the last step. So a checkpoint is parked at one of those stops (the first at or after
/// each whole `spacing`), and going on from it takes exactly the steps a replay from the start takes.
@MainActor
final class ReplayCheckpoints {
    /// A parked replay: the pane at style time `time`, and its player positioned there.
    private struct Parked {
        let time: Double
        let pane: Pane
        let player: ScriptPlayer
    }

    /// A replay being made: advanced a few steps per frame until it reaches `target`.
    private struct Builder {
        let id: Pane.ID
        let target: Int
        let pane: Pane
        let player: ScriptPlayer
        var time: Double
    }

    /// Seconds between checkpoints.
    let spacing: Double
    /// By pane, what the checkpoints were made for (the style, its values and how much input): a change drops them.
    private var madeFor: [Pane.ID: String] = [:]
    /// By pane, the parked replays by checkpoint (checkpoint k is at the first stop at or after k * spacing).
    private var parked: [Pane.ID: [Int: Parked]] = [:]
    private var builder: Builder?
    /// A scrub replayed since the last build: the next build waits one update, so the scrub's own frame is drawn
    /// without checkpoints being made before it.
    private var scrubbedSinceBuild = false
    /// How many scrubs started from a checkpoint, and from the start (for tests and the bench).
    private(set) var used = 0, fromStart = 0
    /// How many checkpoints are parked now.
    var count: Int { parked.values.reduce(0) { $0 + $1.count } }

    init(spacing: Double = 1) { self.spacing = spacing }

    /// What a pane's checkpoints depend on.
    private static func key(_ pane: Pane) -> String {
        "\(pane.styleName) \(pane.frame.size) \(pane.recording.count) \(pane.parameters.keys.sorted().map { "\($0)=\(pane.parameters[$0]!.json.serialized(indent: nil))" }.joined(separator: " "))"
    }

    /// Drops the checkpoints of a pane whose values or input changed since they were made.
    private func validate(_ pane: Pane) {
        let key = ReplayCheckpoints.key(pane)
        guard madeFor[pane.id] != key else { return }
        madeFor[pane.id] = key
        parked[pane.id] = [:]
        if builder?.id == pane.id { builder = nil }
    }

    /// `pane` as it was at style time `t`, replayed from the latest checkpoint at or before `t` (or from the start):
    /// the frame `Pane.replayed(to:)` draws.
    func replay(_ pane: Pane, to t: Double) -> Pane {
        validate(pane)
        scrubbedSinceBuild = true
        let mine = parked[pane.id] ?? [:]
        guard let (k, best) = mine.filter({ $0.value.time <= t }).max(by: { $0.value.time < $1.value.time }) else {
            fromStart += 1
            return pane.replayed(to: t)
        }
        used += 1
        parked[pane.id]?.removeValue(forKey: k)
        Replay.advance(best.pane.styleClock, from: best.time, to: t, player: best.player)
        best.pane.adopt(pane)
        return best.pane
    }

    /// Makes missing checkpoints of `panes` up to style time `end`, for at most `budget` seconds; returns whether
    /// any is still missing (the window then wakes again to go on). Right after a scrub it makes none (the scrub's
    /// frame comes first) and says some are missing.
    func build(_ panes: [Pane], upTo end: Double, budget: Double) -> Bool {
        if scrubbedSinceBuild {
            scrubbedSinceBuild = false
            return true
        }
        let deadline = ProcessInfo.processInfo.systemUptime + budget
        while ProcessInfo.processInfo.systemUptime < deadline {
            if builder == nil {
                guard let (pane, k) = nextMissing(panes, upTo: end) else { return false }
                let (fresh, player) = pane.replayStart()
                builder = Builder(id: pane.id, target: k, pane: fresh, player: player, time: 0)
            }
            guard var b = builder else { return false }
            // One stop further, exactly as a replay from the start takes it.
            let goal = Double(b.target) * spacing
            b.time = Replay.step(b.pane.styleClock, from: b.time, player: b.player)
            if b.time >= goal - 1e-9 {
                parked[b.id, default: [:]][b.target] = Parked(time: b.time, pane: b.pane, player: b.player)
                builder = nil
            } else {
                builder = b
            }
        }
        return true
    }

    /// The first pane and checkpoint (lowest first) that is missing, up to `end`.
    private func nextMissing(_ panes: [Pane], upTo end: Double) -> (Pane, Int)? {
        for pane in panes {
            validate(pane)
            let last = Int((min(end, pane.styleTime) / spacing).rounded(.down))
            guard last >= 1 else { continue }
            if let k = (1...last).first(where: { parked[pane.id]?[$0] == nil }) { return (pane, k) }
        }
        return nil
    }

    /// Forgets every checkpoint (the timeline was left).
    func clear() {
        parked = [:]
        madeFor = [:]
        builder = nil
    }

    /// About how many bytes the parked replays take: their scenes' nodes, counted at a fixed cost each.
    var approximateBytes: Int {
        parked.values.flatMap(\.values).reduce(0) { $0 + ReplayCheckpoints.nodeCount($1.pane.scene.root) * 1_200 }
    }

    private static func nodeCount(_ node: Node) -> Int { 1 + node.children.reduce(0) { $0 + nodeCount($1) } }
}
