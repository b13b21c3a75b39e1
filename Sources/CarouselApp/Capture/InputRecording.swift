import CarouselCore
import Foundation

/// Records the input a style receives as an `--input` script, timed in the style's own time (seconds since it
/// appeared, the time `capture` counts in). A screenshot's sidecar carries it, so `capture --params SIDECAR`
/// replays the session and draws the same frame.
///
/// Recorded: pointer moves and leaving, left-button presses and releases (clamped into the window), wheel ticks or
/// trackpad pixels with Ctrl and Shift, magnification phases, keyboard focus coming and going, and the key presses the
/// carousel uses (its style, or its rotation control). Not recorded: what the app handles
/// itself (time control, screenshots, help), key releases, typed text, other buttons, window resizes and visibility.
/// Moves at the same time collapse into the last one. After `maxEntries` entries it stops and says so.
/// A value: the window's state holds one per pane (`PaneState.recording`), and the timeline replays it.
public struct InputRecording: Equatable, Sendable {
    /// The most entries kept: about 27 minutes of continuous pointer motion at 60 Hz, well within the script size
    /// `ScriptedInput` accepts.
    public static let maxEntries = 100_000

    private var lines: [String] = []
    /// Each line as the script `capture` would read from it: what the timeline replays, so a scrub and a capture of
    /// the sidecar deliver exactly the same input.
    public private(set) var entries: [ScriptedInput.Entry] = []
    private var lastWasMoveAt: Double?
    /// Set when entries were dropped after `maxEntries`.
    public private(set) var isTruncated = false

    public init() {}

    /// Forgets everything (a new style appeared).
    public mutating func reset() { lines.removeAll(); entries.removeAll(); lastWasMoveAt = nil; isTruncated = false }

    /// Forgets what was recorded after style time `time` (the timeline went live there: new input replaces it).
    public mutating func truncate(after time: Double) {
        while let last = entries.last, last.time > time {
            entries.removeLast()
            lines.removeLast()
        }
        lastWasMoveAt = nil
        isTruncated = false
    }

    /// About how many bytes the recording takes: its lines and their parsed entries.
    public var approximateBytes: Int {
        lines.reduce(0) { $0 + $1.utf8.count + 16 } + entries.reduce(0) {
            $0 + MemoryLayout<ScriptedInput.Entry>.stride + $1.events.count * MemoryLayout<InputEvent>.stride + $1.text.utf8.count + 16
        }
    }

    /// The style time of the last entry, if any.
    public var lastTime: Double? { entries.last?.time }

    /// How many entries are recorded.
    public var count: Int { lines.count }

    /// The recording as a script, one entry per line.
    public var script: String { lines.joined(separator: "\n") }

    /// Records `event`, delivered at style time `time` to a window of `size`.
    public mutating func record(_ event: InputEvent, at time: Double, size: Size) {
        let t = InputRecording.format(time, decimals: 6)
        func point(_ p: Point) -> String {
            let x = min(max(p.x, 0), max(size.width - 1, 0)), y = min(max(p.y, 0), max(size.height - 1, 0))
            return "\(InputRecording.format(x, decimals: 3)) \(InputRecording.format(y, decimals: 3))"
        }
        let entry: String
        switch event {
        case .pointerMove(let p):
            let inside = p.x >= 0 && p.y >= 0 && p.x < size.width && p.y < size.height
            entry = inside ? "move \(point(p))" : "move -1 -1"
            if lastWasMoveAt == time, !lines.isEmpty { lines.removeLast(); entries.removeLast() }
            append("\(t) \(entry)", size: size)
            lastWasMoveAt = time
            return
        case .pointerLeave:
            entry = "move -1 -1"
        case .pointerDown(let p, .left):
            entry = "down \(point(p))"
        case .pointerUp(let p, .left):
            entry = "up \(point(p))"
        case .wheel(let dx, let dy, let precise, let mods, _):
            entry = "wheel \(InputRecording.format(dx, decimals: 4)) \(InputRecording.format(dy, decimals: 4))"
                + (mods.contains(.ctrl) ? " ctrl" : "") + (mods.contains(.shift) ? " shift" : "") + (precise ? " precise" : "")
        case .magnify(let phase, let scale, _):
            entry = "magnify \(phase.rawValue) \(InputRecording.format(scale, decimals: 6))"
        case .keyDown(let key, let mods, _):
            guard ScriptedInput.isKeyName(key.name) else { return }
            entry = "key \(key.name)" + (mods.contains(.ctrl) ? " ctrl" : "") + (mods.contains(.shift) ? " shift" : "")
                + (mods.contains(.alt) ? " alt" : "")
        case .focus(let entered):
            entry = entered ? "focus in" : "focus out"
        case .pointerDown, .pointerUp, .keyUp, .text, .resize, .visibility, .drop:
            return
        }
        lastWasMoveAt = nil
        append("\(t) \(entry)", size: size)
    }

    private mutating func append(_ line: String, size: Size) {
        guard lines.count < InputRecording.maxEntries else { isTruncated = true; return }
        // The line is made from checked values, so it always parses.
        guard let parsed = try? ScriptedInput.parse(line, size: size).entries.first else { return }
        lines.append(line)
        entries.append(parsed)
    }

    /// `v` with at most `decimals` decimals and no trailing zeros.
    static func format(_ v: Double, decimals: Int) -> String {
        var s = String(format: "%.\(decimals)f", v)
        if s.contains(".") {
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
        }
        return s == "-0" ? "0" : s
    }
}
