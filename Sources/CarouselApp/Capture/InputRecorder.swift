import CarouselCore
import Foundation

/// Records the input a style receives as an `--input` script, timed in the style's own time (seconds since it
/// appeared, the time `capture` counts in). A screenshot's sidecar carries it, so `capture --params SIDECAR`
/// replays the session and draws the same frame.
///
/// Recorded: pointer moves and leaving, left-button presses and releases (clamped into the window), wheel ticks with
/// Ctrl and Shift, magnification phases, and key presses the style receives. Not recorded: what the app handles
/// itself (time control, screenshots, help), key releases, typed text, other buttons, window resizes and visibility.
/// Moves at the same time collapse into the last one. After `maxEntries` entries it stops and says so.
@MainActor
public final class InputRecorder {
    /// The most entries kept: about 27 minutes of continuous pointer motion at 60 Hz, well within the script size
    /// `ScriptedInput` accepts.
    public static let maxEntries = 100_000

    /// Pointer moves (most of what is recorded, one per frame while the pointer moves) are kept as numbers and
    /// formatted only when the script is asked for; other entries are formatted as they come.
    private enum Entry {
        case move(time: Double, x: Double, y: Double)
        case leftWindow(time: Double)
        case line(String)
    }
    private var lines: [Entry] = []
    private var lastWasMoveAt: Double?
    /// Set when entries were dropped after `maxEntries`.
    public private(set) var isTruncated = false

    public init() {}

    /// Forgets everything (a new style appeared).
    public func reset() { lines.removeAll(); lastWasMoveAt = nil; isTruncated = false }

    /// How many entries are recorded.
    public var count: Int { lines.count }

    /// The recording as a script, one entry per line.
    public var script: String {
        lines.map { entry in
            switch entry {
            case .move(let t, let x, let y):
                return "\(InputRecorder.format(t, decimals: 6)) move \(InputRecorder.format(x, decimals: 3)) \(InputRecorder.format(y, decimals: 3))"
            case .leftWindow(let t): return "\(InputRecorder.format(t, decimals: 6)) move -1 -1"
            case .line(let line): return line
            }
        }.joined(separator: "\n")
    }

    /// Records `event`, delivered at style time `time` to a window of `size`.
    public func record(_ event: InputEvent, at time: Double, size: Size) {
        func clamped(_ p: Point) -> Point { Point(min(max(p.x, 0), max(size.width - 1, 0)), min(max(p.y, 0), max(size.height - 1, 0))) }
        if case .pointerMove(let p) = event {
            let inside = p.x >= 0 && p.y >= 0 && p.x < size.width && p.y < size.height
            if lastWasMoveAt == time, !lines.isEmpty { lines.removeLast() }
            let c = clamped(p)
            append(inside ? .move(time: time, x: c.x, y: c.y) : .leftWindow(time: time))
            lastWasMoveAt = time
            return
        }
        let t = InputRecorder.format(time, decimals: 6)
        func point(_ p: Point) -> String {
            let c = clamped(p)
            return "\(InputRecorder.format(c.x, decimals: 3)) \(InputRecorder.format(c.y, decimals: 3))"
        }
        let entry: String
        switch event {
        case .pointerMove:
            return
        case .pointerLeave:
            entry = "move -1 -1"
        case .pointerDown(let p, .left):
            entry = "down \(point(p))"
        case .pointerUp(let p, .left):
            entry = "up \(point(p))"
        case .wheel(let dx, let dy, _, let mods, _):
            entry = "wheel \(InputRecorder.format(dx, decimals: 4)) \(InputRecorder.format(dy, decimals: 4))"
                + (mods.contains(.ctrl) ? " ctrl" : "") + (mods.contains(.shift) ? " shift" : "")
        case .magnify(let phase, let scale, _):
            entry = "magnify \(phase.rawValue) \(InputRecorder.format(scale, decimals: 6))"
        case .keyDown(let key, let mods, _):
            guard ScriptedInput.isKeyName(key.name) else { return }
            entry = "key \(key.name)" + (mods.contains(.ctrl) ? " ctrl" : "") + (mods.contains(.shift) ? " shift" : "")
                + (mods.contains(.alt) ? " alt" : "")
        case .pointerDown, .pointerUp, .keyUp, .text, .resize, .visibility, .drop:
            return
        }
        lastWasMoveAt = nil
        append(.line("\(t) \(entry)"))
    }

    private func append(_ line: Entry) {
        guard lines.count < InputRecorder.maxEntries else { isTruncated = true; return }
        lines.append(line)
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
