import CarouselCore
import CarouselStyles

/// What a pane draws above its style: the auto-advance progress bar along its bottom edge and, in a comparison, a
/// small label with the variant's name and how it differs from the first variant. Both are part of the pane's
/// picture (screenshots and clips show them); the window's own chrome (messages, focus, help) is the `Overlay`.
@MainActor
final class PaneChrome {
    let root = Node(name: "pane.chrome")
    private let progressTrack = Node(name: "progress.track")
    private let progressBar = Node(name: "progress.bar")
    private let label = Node(name: "pane.label")
    private var progressTimer: TimerID?
    private unowned let scene: Scene

    static let labelFont = FontSpec(size: 12)
    static let labelTitleFont = FontSpec(size: 12, bold: true)
    /// The most difference lines a label shows; more are summed up as "+N more".
    static let maxDifferenceLines = 8


    init(scene: Scene) {
        self.scene = scene
        root.isHitTestable = false
        root.zIndex = 1000
        for n in [progressTrack, progressBar, label] { n.isHitTestable = false; root.addChild(n) }
        progressTrack.background = Color(1, 1, 1, 0.12)
        progressBar.background = Color(hex: 0x8ab4f8)
        label.background = Color(0.05, 0.05, 0.06, 0.88)
        label.cornerRadius = 6
        label.isHidden = true
    }

    func layout(size: Size) {
        root.frame = Rect(origin: .zero, size: size)
        progressTrack.frame = Rect(0, size.height - 3, size.width, 3)
    }

    // MARK: Progress

    /// Steps the progress bar moves in per interval. It moves in steps, on a timer, rather than animating: a
    /// continuously growing bar would redraw the whole window at the full frame rate for the whole interval, which
    /// would be most of the CPU auto-advance costs (figures in docs/performance.md).
    static let progressSteps = 10

    /// Shows the time until the next advance: `progress` elapsed of an interval with `remaining` seconds left. The
    /// bar shows the last whole step reached and, while `running`, moves to the next one when its time comes.
    func showProgress(_ progress: Double?, remaining: Double, running: Bool) {
        scene.timers.cancel(progressTimer)
        progressTimer = nil
        guard let progress else { progressTrack.isHidden = true; progressBar.isHidden = true; return }
        progressTrack.isHidden = false
        progressBar.isHidden = false
        let steps = Double(PaneChrome.progressSteps)
        let step = min((progress * steps + 1e-9).rounded(.down), steps)
        let y = progressTrack.frame.y, width = scene.size.width
        scene.withoutAnimation { progressBar.frame = Rect(0, y, width * step / steps, 3) }
        // The last step coincides with the advance, which starts the bar again.
        guard running, remaining > 0, progress < 1, step + 1 < steps else { return }
        let interval = remaining / (1 - progress)
        let next = (step + 1) / steps
        progressTimer = scene.timers.schedule(at: scene.now + (next - progress) * interval) { [weak self] in
            self?.showProgress(next, remaining: (1 - next) * interval, running: true)
        }
    }

    // MARK: Label

    /// The label's lines, or nil when hidden.
    private(set) var labelLines: [String]?

    /// Shows `title` and the difference lines in the top-right corner, `rightInset` points further left (what the
    /// tuning panel covers of the pane), or hides the label with nil.
    func showLabel(_ title: String?, differences: [String] = [], rightInset: Double = 0) {
        label.removeAllChildren()
        guard let title else { labelLines = nil; label.isHidden = true; return }
        var lines = Array(differences.prefix(PaneChrome.maxDifferenceLines))
        if differences.count > lines.count { lines.append("+\(differences.count - lines.count) more") }
        lines.insert(title, at: 0)
        labelLines = lines
        let lineHeight = 16.0
        let maxWidth = max(scene.size.width - 16, 40)
        let widths = lines.enumerated().map { i, line in
            scene.textMeasurer.width(of: line, font: i == 0 ? PaneChrome.labelTitleFont : PaneChrome.labelFont).rounded(.up)
        }
        let width = min((widths.max() ?? 0) + 16, maxWidth)
        // Top right: the row styles put their heading and first items on the left.
        label.frame = Rect(max(scene.size.width - rightInset - width - 8, 8), 8, width, Double(lines.count) * lineHeight + 8)
        for (i, line) in lines.enumerated() {
            let n = Node(name: "pane.label.line", frame: Rect(8, 4 + Double(i) * lineHeight, width - 16, lineHeight))
            n.text = TextContent(line, font: i == 0 ? PaneChrome.labelTitleFont : PaneChrome.labelFont,
                                 color: i == 0 ? .white : Color(0.85, 0.9, 1))
            label.addChild(n)
        }
        label.isHidden = false
    }
}
