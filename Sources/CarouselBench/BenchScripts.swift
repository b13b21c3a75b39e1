import CarouselApp
import CarouselCore
import Foundation

/// The representative interaction replayed for each style: what a designer does with it, as scripted input.
public enum BenchScripts {
    /// The script for `style` in a window of `size`, `seconds` long, as `--input` text.
    public static func text(for style: String, size: Size, seconds: Double) -> String {
        switch style {
        case "expand": return hoverSweep(size: size, seconds: seconds)
        case "stitch": return pinchToggles(seconds: seconds)
        case "loop": return selections(seconds: seconds)
        case "circular": return wheelBursts(seconds: seconds)
        case "paging": return pagingAdvances(seconds: seconds)
        default: return effectDrags(size: size, seconds: seconds)
        }
    }

    /// The parsed script (the texts are generated, so they always parse).
    @MainActor
    public static func script(for style: String, size: Size, seconds: Double) -> ScriptedInput {
        (try? ScriptedInput.parse(text(for: style, size: size, seconds: seconds), size: size)) ?? ScriptedInput(entries: [])
    }

    /// Expand: the pointer sweeps across the row and back (one pass every 2 s), one move per 60 Hz frame, along the
    /// middle of the image area, so an item expands and its neighbour collapses about every 0.3 s.
    public static func hoverSweep(size: Size, seconds: Double) -> String {
        // The expand style's row top with its default heights (250 item, 200 image).
        let rowTop = max((size.height - 250) / 2 + 16, 48)
        let y = (rowTop + 100).rounded()
        let left = 30.0, right = max(size.width - 30, left + 1)
        var lines: [String] = []
        let steps = Int(seconds * 60)
        for k in 0...steps {
            let t = Double(k) / 60
            let phase = (t / 2).truncatingRemainder(dividingBy: 2)  // 0...2: out and back
            let f = phase <= 1 ? phase : 2 - phase
            lines.append("\(fmt(t)) move \(Int((left + (right - left) * f).rounded())) \(Int(y))")
        }
        return lines.joined(separator: "\n")
    }

    /// Stitch: pinch in, scroll one image, pinch out, scroll back, every 0.3 s.
    public static func pinchToggles(seconds: Double) -> String {
        var lines = ["0 move -1 -1"]
        var t = 0.2, k = 0
        while t < seconds {
            switch k % 4 {
            case 0: lines.append("\(fmt(t)) pinch 0.8")
            case 1: lines.append("\(fmt(t)) wheel 0 -1")
            case 2: lines.append("\(fmt(t)) pinch 1.25")
            default: lines.append("\(fmt(t)) wheel 0 1")
            }
            t += 0.3; k += 1
        }
        return lines.joined(separator: "\n")
    }

    /// Loop: a selection every 0.45 s, three to the right then one to the left.
    public static func selections(seconds: Double) -> String {
        var lines = ["0 move -1 -1"]
        var t = 0.2, k = 0
        while t < seconds {
            lines.append("\(fmt(t)) key \(k % 4 == 3 ? "left" : "right")")
            t += 0.45; k += 1
        }
        return lines.joined(separator: "\n")
    }

    /// Circular: a burst of two wheel ticks every 0.5 s, turning round every fourth burst.
    public static func wheelBursts(seconds: Double) -> String {
        var lines = ["0 move -1 -1"]
        var t = 0.2, k = 0
        while t < seconds {
            let dy = (k / 4) % 2 == 0 ? -1 : 1
            lines.append("\(fmt(t)) wheel 0 \(dy)")
            lines.append("\(fmt(t + 0.03)) wheel 0 \(dy)")
            t += 0.5; k += 1
        }
        return lines.joined(separator: "\n")
    }

    /// Paging: the next page every 0.9 s (auto-advance, on by default, also runs with its progress bar).
    public static func pagingAdvances(seconds: Double) -> String {
        var lines = ["0 move -1 -1"]
        var t = 0.2
        while t < seconds {
            lines.append("\(fmt(t)) key right")
            t += 0.9
        }
        return lines.joined(separator: "\n")
    }

    /// No input at all, the pointer outside the window: auto-advance alone (paging's default, every 3 s).
    public static func noInput() -> String { "0 move -1 -1" }

    /// Effects (gallery and files): the row dragged 300 points back over 0.5 s and released, then the next item by a
    /// key, then dragged forwards and released, then the previous by a key, every 2.4 s: every frame moves (a drag
    /// or a settling), the whole effect redrawn.
    public static func effectDrags(size: Size, seconds: Double) -> String {
        var lines = ["0 move -1 -1"]
        let y = Int((size.height * 0.05).rounded()), mid = size.width / 2
        var t = 0.2, k = 0
        func drag(from a: Double, to b: Double) {
            lines.append("\(fmt(t)) down \(Int(a)) \(y)")
            for i in 1...30 { lines.append("\(fmt(t + Double(i) / 60)) move \(Int((a + (b - a) * Double(i) / 30).rounded())) \(y)") }
            lines.append("\(fmt(t + 0.5)) up \(Int(b)) \(y)")
        }
        while t < seconds {
            switch k % 4 {
            case 0: drag(from: mid + 150, to: mid - 150)
            case 1: lines.append("\(fmt(t)) key right")
            case 2: drag(from: mid - 150, to: mid + 150)
            default: lines.append("\(fmt(t)) key left")
            }
            t += 0.6; k += 1
        }
        return lines.joined(separator: "\n")
    }

    /// Wheel ticks rolling towards the user every `interval` seconds (each a burst of its own, so each moves one item)
    /// for `seconds`, the pointer outside the row: scrolls a long deck past many images.
    public static func longScroll(seconds: Double, interval: Double = 0.2) -> String {
        var lines = ["0 move -1 -1"]
        var t = 0.05
        while t < seconds {
            lines.append("\(fmt(t)) wheel 0 -1")
            t += interval
        }
        return lines.joined(separator: "\n")
    }

    static func fmt(_ t: Double) -> String { String(format: "%.4f", t) }
}
