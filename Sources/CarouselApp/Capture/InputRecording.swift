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
        let t = Decimal.rounded(time, decimals: 6)
        func point(_ p: Point) -> String {
            let x = min(max(p.x, 0), max(size.width - 1, 0)), y = min(max(p.y, 0), max(size.height - 1, 0))
            return "\(InputRecording.format(x, decimals: 3)) \(InputRecording.format(y, decimals: 3))"
        }
        let entry: String
        switch event {
        case .pointerMove(let p):
            // The hot path (every pointer move): the entry is made from the rounded numbers as `ScriptedInput.parse`
            // would read them from the line (InputRecordingTests holds the two equal), not by parsing the line.
            if lastWasMoveAt == time, !lines.isEmpty { lines.removeLast(); entries.removeLast() }
            lastWasMoveAt = time
            let inside = p.x >= 0 && p.y >= 0 && p.x < size.width && p.y < size.height
            guard inside else { append("\(t.text) move -1 -1", Entry(time: t.value, events: [.pointerLeave], text: "\(t.text) move -1 -1", position: 1)); return }
            let x = Decimal.rounded(min(p.x, max(size.width - 1, 0)), decimals: 3), y = Decimal.rounded(min(p.y, max(size.height - 1, 0)), decimals: 3)
            let line = "\(t.text) move \(x.text) \(y.text)"
            append(line, Entry(time: t.value, events: [.pointerMove(Point(x.value, y.value))], text: line, position: 1))
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
        // The line is made from checked values, so it always parses.
        let line = "\(t.text) \(entry)"
        guard let parsed = try? ScriptedInput.parse(line, size: size).entries.first else { return }
        append(line, parsed)
    }

    private typealias Entry = ScriptedInput.Entry

    private mutating func append(_ line: String, _ entry: Entry) {
        guard lines.count < InputRecording.maxEntries else { isTruncated = true; return }
        lines.append(line)
        entries.append(entry)
    }

    /// `v` with at most `decimals` decimals and no trailing zeros.
    static func format(_ v: Double, decimals: Int) -> String { Decimal.rounded(v, decimals: decimals).text }

    /// A number rounded to a few decimals: its text (no trailing zeros, "0" for zero) and the value a parser reads
    /// from that text. Made with integer arithmetic, not `String(format:)`, whose cost showed in every pointer move's
    /// profile (issue 41).
    struct Decimal {
        let text: String
        let value: Double

        /// `v` rounded to `decimals` (0 to 9) decimals.
        static func rounded(_ v: Double, decimals: Int) -> Decimal {
            let scale = powersOfTen[min(max(decimals, 0), 9)]
            let product = abs(v) * Double(scale)
            // Beyond 2^53 a double has no decimals left to round (and the scripts' numbers stay far below it).
            guard product.isFinite, product < 9e15 else { return Decimal(text: v.isFinite ? "\(v)" : "0", value: v.isFinite ? v : 0) }
            // Rounded as printf rounds the exact value: the product's rounding error (exact, by a fused multiply-add)
            // decides a half that is only the product's; an exact half goes to the even neighbour.
            var whole = product.rounded(.down)
            let fraction = product - whole
            if fraction > 0.5 {
                whole += 1
            } else if fraction == 0.5 {
                let error = (-product).addingProduct(abs(v), Double(scale))
                if error > 0 || (error == 0 && whole.truncatingRemainder(dividingBy: 2) == 1) { whole += 1 }
            }
            let magnitude = UInt(whole)
            guard magnitude != 0 else { return Decimal(text: "0", value: 0) }
            let units = v < 0 ? -Int(magnitude) : Int(magnitude)
            var text = units < 0 ? "-" : ""
            text += String(magnitude / UInt(scale))
            var decimalsShown = magnitude % UInt(scale), digits = decimals
            if decimalsShown != 0 {
                while decimalsShown % 10 == 0 { decimalsShown /= 10; digits -= 1 }
                let shown = String(decimalsShown)
                text += "." + String(repeating: "0", count: digits - shown.count) + shown
            }
            // Both exact integers, so the quotient is the double nearest the decimal, as parsing the text gives.
            return Decimal(text: text, value: Double(units) / Double(scale))
        }

        private static let powersOfTen: [Int] = (0...9).map { Int(pow(10, Double($0))) }
    }
}
