import CarouselCore
import CarouselStyles
import CarouselSupport
import Foundation

/// Where the checks draw: a headless canvas (`carousel-lab check` gives its `HeadlessCanvas`), its renderer, its
/// pixels, and a wait for the images it is loading.
@MainActor
public struct CheckCanvas {
    public let renderer: Renderer
    /// The frame drawn last, as pixels.
    public let readPixels: () -> CheckPixels
    /// Blocks until no image is loading; whether any changed.
    public let waitForImages: () -> Bool

    public init(renderer: Renderer, readPixels: @escaping () -> CheckPixels, waitForImages: @escaping () -> Bool) {
        self.renderer = renderer; self.readPixels = readPixels; self.waitForImages = waitForImages
    }
}

/// What the checks drive and read of a window made headless (the headless capture's: `Preview` in `Capture.swift`).
@MainActor
public protocol CheckedWindow: FrameDriver {
    /// The window's size in points.
    var windowSize: Size { get }
    /// The focused pane's style and its runtime (its style objects, frame and rotation control).
    var definition: StyleDefinition { get }
    var focused: PaneRuntime { get }
    /// Whether a carousel has the keyboard focus, and the focus rings drawn.
    var carouselHasFocus: Bool { get }
    var focusRings: [FocusRing.Ring] { get }
    /// Images finished loading: styles re-measure.
    func imagesChanged()
    /// Draws the frame as the window shows it (`windowOnly`) or the picture alone.
    func drawFrame(into renderer: Renderer, windowOnly: Bool)
    func drawPicture(into renderer: Renderer)
}

/// A window to check, made headless for one run: one pane of the style and values checked, on `canvas`'s images.
@MainActor
public struct CheckSession {
    public let window: any CheckedWindow
    public let canvas: CheckCanvas
    public init(window: any CheckedWindow, canvas: CheckCanvas) { self.window = window; self.canvas = canvas }
}

/// The WCAG checks of a style and its values, as `carousel-lab check` and the window's checks panel (`C`) report
/// them. Each is measured, not assumed: the style runs headlessly on a manual clock through the checks' own keyboard
/// interaction (`script`: Tab into the carousel, Right eight times, Left), once with full motion and once with reduced
/// motion, and the frames are drawn on a real canvas.
///
/// - **2.2.2 Pause, Stop, Hide** (A): auto-advance never ends by itself, so it needs a visible way to pause it: the
///   rotation control (`autoAdvancePauseButton`).
/// - **2.5.8 Target Size (Minimum)** (AA): every pointer target (`CarouselStyle.pointerTargets`, the rotation control)
///   is 24 x 24 points, or its 24-point circle touches no other target nor another small target's circle.
/// - **1.4.3 Contrast (Minimum)** (AA): every line of text against the pixels drawn behind it, on four settled frames
///   drawn without their text: the ratio all but the lowest 5 % of those pixels reach (`Contrast.text`), 4.5:1 (3:1
///   for large text).
/// - **2.3.3 Animation from Interactions** (AAA): the content's travel (the style's `scrollOffset` moved over two or
///   more frames in a row; a cut is one frame) during the interaction, with full and with reduced motion.
/// - **2.4.7 Focus Visible** (AA): Tab reaches the carousel, and its focus ring is visible by WCAG 2.4.13's measure:
///   the part of it that differs from the same pixels before the Tab by 3:1 or more is at least a 2 pt outline.
@MainActor
public enum AccessibilityCheck {
    /// The checks' keyboard interaction, in style time: Tab at 0.5 s, Right every 0.6 s from 1 s (eight times, far
    /// enough that every style scrolls), Left at 5.8 s.
    public static let script = (["0.5 key tab"] + (0..<8).map { "\(JSONValue.format(1 + 0.6 * Double($0))) key right" } + ["5.8 key left"])
        .joined(separator: "; ")
    /// When the Tab comes, in sixtieths of a second.
    static let tabFrame = 30
    /// The frames whose text is measured (sixtieths): before the Tab, after the first Right, and after the Left.
    static let textFrames = [27, 95, 415]
    /// The frame whose pointer targets are measured (after the first Right).
    static let targetFrame = 95
    /// The last frame sampled.
    static let lastFrame = 420

    /// Runs every check on sessions from `make` (called with `false` for full motion, `true` for reduced motion).
    public static func run(_ make: (_ reducedMotion: Bool) throws -> CheckSession) throws -> CheckReport {
        var full = Run(session: try make(false))
        try full.play(measuring: true)
        var reduced = Run(session: try make(true))
        try reduced.play(measuring: false)
        let preview = full.session.window
        let texts = full.texts.values.sorted { ($0.contrast / $0.required, $0.text) < ($1.contrast / $1.required, $1.text) }
        return CheckReport(
            style: preview.definition.name, width: preview.windowSize.width, height: preview.windowSize.height,
            results: [full.pauseResult, targetResult(full.targets), textResult(texts),
                      motionResult(full: travel(full.offsets), reduced: travel(reduced.offsets), style: preview.definition),
                      full.focusResult],
            texts: texts, targets: full.targets.map { ($0.name, $0.frame.width, $0.frame.height) })
    }

    // MARK: One run

    /// One session played through the script, sampling what the checks need.
    @MainActor struct Run {
        let session: CheckSession
        /// The style's `scrollOffset` at each frame.
        var offsets: [Double] = []
        var texts: [String: TextContrast] = [:]
        var targets: [PointerTarget] = []
        var pauseResult = CheckResult(rule: "2.2.2", title: "Pause, Stop, Hide", level: "A", passed: true, measured: "not measured")
        var focusResult = CheckResult(rule: "2.4.7", title: "Focus Visible", level: "AA", passed: false, measured: "not measured")

        init(session: CheckSession) { self.session = session }

        mutating func play(measuring: Bool) throws {
            let preview = session.window
            let player = ScriptPlayer(try ScriptedInput.parse(AccessibilityCheck.script, size: preview.windowSize))
            preview.update(to: 0)
            settleImages()
            for k in 0...AccessibilityCheck.lastFrame {
                let t = Double(k) / 60
                if measuring && k == AccessibilityCheck.tabFrame {
                    preview.update(to: t)
                    let before = windowFrame()
                    player.deliver(upTo: t, into: preview)
                    preview.update(to: t)
                    focusResult = AccessibilityCheck.focusResult(preview: preview, before: before, after: windowFrame())
                } else {
                    player.deliver(upTo: t, into: preview)
                    preview.update(to: t)
                }
                offsets.append(AccessibilityCheck.scrollOffset(of: preview.focused.style))
                guard measuring else { continue }
                if k == AccessibilityCheck.textFrames[0] { pauseResult = AccessibilityCheck.pauseResult(preview.focused) }
                if AccessibilityCheck.textFrames.contains(k) { measureTexts() }
                if k == AccessibilityCheck.targetFrame {
                    let pane = preview.focused
                    targets = pane.style.pointerTargets.map { PointerTarget($0.name, $0.frame.offsetBy(pane.frame.x, pane.frame.y), fix: $0.fix) }
                        + (pane.rotationControlFrame.map { [PointerTarget("pause button", $0.offsetBy(pane.frame.x, pane.frame.y))] } ?? [])
                }
            }
        }

        private func settleImages() {
            if session.canvas.waitForImages() { session.window.imagesChanged() }
        }

        /// The window's frame as it shows (the focus ring included), as pixels.
        private func windowFrame() -> CheckPixels {
            settleImages()
            session.window.drawFrame(into: session.canvas.renderer, windowOnly: true)
            return session.canvas.readPixels()
        }

        /// Draws the picture without its text and measures each line of text against what is behind it.
        private mutating func measureTexts() {
            settleImages()
            let preview = session.window, renderer = session.canvas.renderer
            let recorder = DrawListRecorder(size: preview.windowSize)
            recorder.textMeasurer = { renderer.measureText($0, font: $1) }
            preview.drawPicture(into: recorder)
            recorder.replay(into: renderer, keeping: { if case .text = $0 { return false } else { return true } })
            let pixels = session.canvas.readPixels()
            let window = Rect(origin: .zero, size: preview.windowSize)
            for draw in recorder.draws {
                // Text is what has letters or digits (an icon drawn as a glyph, the play button's, is not).
                guard case .text(let string, let font, let color) = draw.kind,
                      string.contains(where: { $0.isLetter || $0.isNumber }) else { continue }
                let alpha = color.a * draw.opacity
                let area = draw.rect.intersection(draw.clip ?? window).intersection(window)
                guard alpha >= 0.1, !area.isEmpty,
                      let contrast = Contrast.text(color.withAlpha(alpha), over: pixels.pixels(in: area)) else { continue }
                let line = TextContrast(text: string, contrast: contrast, required: Contrast.isLarge(font) ? 3 : 4.5)
                if let known = texts[string], known.contrast <= contrast { continue }
                texts[string] = line
            }
        }
    }

    /// The style's `scrollOffset` now (0 when it has none).
    static func scrollOffset(of style: any CarouselStyle) -> Double {
        guard case .number(let n)? = style.state.last(where: { $0.key == "scrollOffset" })?.value else { return 0 }
        return n
    }

    // MARK: The rules

    /// 2.2.2: auto-advance on needs its pause button.
    static func pauseResult(_ pane: PaneRuntime) -> CheckResult {
        let rule = (rule: "2.2.2", title: "Pause, Stop, Hide", level: "A")
        guard pane.autoAdvance.isEnabled else {
            return CheckResult(rule: rule.rule, title: rule.title, level: rule.level, passed: true,
                               measured: "auto-advance is off: nothing moves by itself", figures: ["interval": 0])
        }
        let interval = JSONValue.format(pane.autoAdvance.interval)
        guard let button = pane.rotationControlFrame else {
            return CheckResult(rule: rule.rule, title: rule.title, level: rule.level, passed: false,
                               measured: "auto-advance every \(interval) s without end, and no visible pause control",
                               fix: "turn on Pause button (autoAdvancePauseButton), or turn auto-advance off",
                               figures: ["interval": pane.autoAdvance.interval, "pauseButton": 0])
        }
        return CheckResult(rule: rule.rule, title: rule.title, level: rule.level, passed: true,
                           measured: "auto-advance every \(interval) s without end; a pause button (\(points(button.width)) x \(points(button.height)) pt) shows, and it also pauses under the pointer and when the keyboard focus comes in",
                           figures: ["interval": pane.autoAdvance.interval, "pauseButton": button.width])
    }

    /// The smallest side a target needs, and the circle's diameter of the spacing exception, in points.
    static let minimumTarget = 24.0

    /// 2.5.8: each target is 24 x 24, or its 24-point circle touches no other target nor another small one's circle.
    static func targetResult(_ targets: [PointerTarget]) -> CheckResult {
        let rule = (rule: "2.5.8", title: "Target Size (Minimum)", level: "AA")
        guard let smallest = targets.min(by: { min($0.frame.width, $0.frame.height) < min($1.frame.width, $1.frame.height) }) else {
            return CheckResult(rule: rule.rule, title: rule.title, level: rule.level, passed: true, measured: "no pointer targets")
        }
        let small = targets.filter { min($0.frame.width, $0.frame.height) < minimumTarget - 1e-6 }
        let r = minimumTarget / 2
        let crowded = small.filter { t in
            let c = t.frame.center
            return targets.contains { other in other != t && distance(from: c, to: other.frame) < r - 1e-6 }
                || small.contains { other in other != t && hypot(other.frame.center.x - c.x, other.frame.center.y - c.y) < minimumTarget - 1e-6 }
        }
        let size = { (t: PointerTarget) in "\(points(t.frame.width)) x \(points(t.frame.height)) pt" }
        let figures = ["smallestWidth": smallest.frame.width, "smallestHeight": smallest.frame.height, "targets": Double(targets.count),
                       "failing": Double(crowded.count)]
        guard let worst = crowded.min(by: { min($0.frame.width, $0.frame.height) < min($1.frame.width, $1.frame.height) }) else {
            let spaced = small.isEmpty ? "" : "; \(small.count) smaller ones are 24 pt clear of the others (spacing exception)"
            return CheckResult(rule: rule.rule, title: rule.title, level: rule.level, passed: true,
                               measured: "smallest of \(targets.count) targets: \(smallest.name), \(size(smallest))\(spaced)", figures: figures)
        }
        return CheckResult(rule: rule.rule, title: rule.title, level: rule.level, passed: false,
                           measured: "\(crowded.count) of \(targets.count) targets under 24 x 24 pt and crowded; smallest: \(worst.name), \(size(worst))",
                           fix: worst.fix ?? "make \(worst.name) at least 24 x 24 pt, or 24 pt clear of the other targets", figures: figures)
    }

    /// How far `p` is from `rect` (0 inside).
    static func distance(from p: Point, to rect: Rect) -> Double {
        let dx = max(rect.minX - p.x, 0, p.x - rect.maxX), dy = max(rect.minY - p.y, 0, p.y - rect.maxY)
        return hypot(dx, dy)
    }

    /// 1.4.3: the worst line of text (they are sorted worst first).
    static func textResult(_ texts: [TextContrast]) -> CheckResult {
        let rule = (rule: "1.4.3", title: "Contrast (Minimum)", level: "AA")
        guard let worst = texts.first else {
            return CheckResult(rule: rule.rule, title: rule.title, level: rule.level, passed: true, measured: "no text drawn")
        }
        let failing = texts.filter { !$0.passed }
        let figures = ["lowest": worst.contrast, "required": worst.required, "lines": Double(texts.count), "failing": Double(failing.count)]
        let quoted = MessageText.quote(String(worst.text.prefix(40)))
        let ratio = "\(ratioText(worst.contrast)) (needs \(ratioText(worst.required)))"
        guard !failing.isEmpty else {
            return CheckResult(rule: rule.rule, title: rule.title, level: rule.level, passed: true,
                               measured: "lowest of \(texts.count) lines of text: \(quoted) \(ratio), on the pixels behind it", figures: figures)
        }
        return CheckResult(rule: rule.rule, title: rule.title, level: rule.level, passed: false,
                           measured: "\(failing.count) of \(texts.count) lines below; lowest: \(quoted) \(ratio), on the pixels behind it",
                           fix: "put a darker backing (scrim, shadow) behind \(quoted) or lighten its text, or use images darker where text sits",
                           figures: figures)
    }

    /// 2.3.3: the content's travel with reduced motion is at most a twentieth of its travel without (or a point).
    static func motionResult(full: Double, reduced: Double, style: StyleDefinition) -> CheckResult {
        let rule = (rule: "2.3.3", title: "Animation from Interactions", level: "AAA")
        let figures = ["travel": full, "reducedTravel": reduced]
        let passed = reduced <= max(full / 20, 1)
        let measured = "content travel during Tab, Right x 8, Left: \(points(full)) pt animated, \(points(reduced)) pt with reduced motion (L, --reduced-motion or the desktop's setting: \(style.descriptor.reducedMotion))"
        return CheckResult(rule: rule.rule, title: rule.title, level: rule.level, passed: passed, measured: measured,
                           fix: "the style's reduced motion still slides: its moves must cut or cross-fade (see docs/accessibility.md)",
                           figures: figures)
    }

    /// The distance `samples` move over runs of two or more frames in a row (a one-frame change is a cut).
    static func travel(_ samples: [Double]) -> Double {
        var total = 0.0, run = 0.0, length = 0
        for (a, b) in zip(samples, samples.dropFirst()) {
            let d = abs(b - a)
            if d > 1e-6 {
                run += d
                length += 1
            } else {
                if length >= 2 { total += run }
                run = 0
                length = 0
            }
        }
        return length >= 2 ? total + run : total
    }

    /// The contrast a ring pixel needs with the same pixel before the focus came (WCAG 2.4.13's measure).
    static let ringContrast = 3.0

    /// 2.4.7: the ring after the Tab, measured against the same pixels before it as WCAG 2.4.13 measures a focus
    /// indicator: the part of the ring that differs from what it covers by 3:1 or more must be at least as large as a
    /// 2 pt thick outline of what has the focus.
    static func focusResult(preview: any CheckedWindow, before: CheckPixels, after: CheckPixels) -> CheckResult {
        let rule = (rule: "2.4.7", title: "Focus Visible", level: "AA")
        guard preview.carouselHasFocus, let ring = preview.focusRings.first(where: \.strong) else {
            return CheckResult(rule: rule.rule, title: rule.title, level: rule.level, passed: false,
                               measured: "Tab does not bring the keyboard focus to the carousel",
                               fix: "a bug: the carousel must be a focus stop (report it)", figures: ["area": 0])
        }
        var pixels = 0, contrasting = 0
        for bar in FocusRing.bars(ring) {
            for (a, b) in zip(after.pixels(in: bar.rect), before.pixels(in: bar.rect)) {
                pixels += 1
                if Contrast.ratio(Contrast.luminance(a), Contrast.luminance(b)) >= ringContrast { contrasting += 1 }
            }
        }
        let pixelArea = after.scale * after.scale
        let component = ring.rect.intersection(ring.bounds)
        let area = Double(contrasting) / pixelArea, needed = 2 * 2 * (component.width + component.height)
        let figures = ["area": area, "needed": needed, "ringArea": Double(pixels) / pixelArea]
        let measured = "its ring (\(points(FocusRing.darkBand)) pt dark, \(points(FocusRing.lightBand)) pt light) differs from what it covers by 3:1 or more over \(points(area)) pt², where a 2 pt outline of the carousel is \(points(needed)) pt²"
        guard area >= needed else {
            return CheckResult(rule: rule.rule, title: rule.title, level: rule.level, passed: false, measured: measured,
                               fix: "a bug: the ring's two bands must contrast with any background (report it)", figures: figures)
        }
        return CheckResult(rule: rule.rule, title: rule.title, level: rule.level, passed: true, measured: "Tab reaches the carousel; " + measured,
                           figures: figures)
    }

    // MARK: Figures

    static func points(_ v: Double) -> String { JSONValue.format((v * 10).rounded() / 10) }
    static func ratioText(_ v: Double) -> String { String(format: "%.1f:1", (v * 10).rounded(.down) / 10) }
}
