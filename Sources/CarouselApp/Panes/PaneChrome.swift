import CarouselCore
import CarouselStyles

/// What a pane draws above its style: the auto-advance progress bar along its bottom edge, the rotation control (a
/// pause / play button in the bottom-left corner while auto-advance is on: WCAG 2.2.2's way to pause moving content)
/// and, in a comparison, a small label with the variant's name and how it differs from the first variant. All are
/// part of the pane's picture (screenshots and clips show them); the window's own chrome (messages, focus, help) is
/// the `Overlay`.
@MainActor
final class PaneChrome {
    let root = Node(name: "pane.chrome")
    private let progressTrack = Node(name: "progress.track")
    private let progressBar = Node(name: "progress.bar")
    private let label = Node(name: "pane.label")
    private var progressTimer: TimerID?
    private unowned let scene: Scene
    /// The rotation control: a round button whose icon is two bars (pause) or a triangle (play).
    private let rotation = Node(name: "pane.rotation")
    private let pauseBars = [Node(name: "pane.rotation.bar"), Node(name: "pane.rotation.bar")]
    private let playIcon = Node(name: "pane.rotation.play")
    private var rotationPress = PressRecognizer()
    /// Called when the rotation control is clicked.
    var onRotationControl: () -> Void = {}

    /// What the rotation control offers.
    enum RotationControl: Equatable { case pause, play }
    /// The rotation control's diameter and its distance from the pane's left and bottom edges: 32 pt, above WCAG
    /// 2.5.8's 24 x 24 minimum.
    static let rotationSize = 32.0
    static let rotationMargin = 12.0
    /// The button's face (dark enough for its white icon over any photo, with a light rim against dark ones).
    static let rotationColor = Color(0, 0, 0, 0.6)
    static let rotationRim = Color(1, 1, 1, 0.7)

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
        buildRotationControl()
    }

    func layout(size: Size) {
        root.frame = Rect(origin: .zero, size: size)
        progressTrack.frame = Rect(0, size.height - 3, size.width, 3)
        let d = PaneChrome.rotationSize
        rotation.frame = Rect(PaneChrome.rotationMargin, size.height - PaneChrome.rotationMargin - 3 - d, d, d)
    }

    // MARK: Rotation control

    private func buildRotationControl() {
        let d = PaneChrome.rotationSize
        // A rim one point wide under the face.
        rotation.background = PaneChrome.rotationRim
        rotation.cornerRadius = d / 2
        let face = Node(name: "pane.rotation.face", frame: Rect(1, 1, d - 2, d - 2))
        face.background = PaneChrome.rotationColor
        face.cornerRadius = d / 2 - 1
        rotation.addChild(face)
        for (i, bar) in pauseBars.enumerated() {
            bar.frame = Rect(d / 2 - 6 + Double(i) * 8, d / 2 - 7, 4, 14)
            bar.background = .white
            bar.cornerRadius = 1
            rotation.addChild(bar)
        }
        playIcon.frame = Rect(2, 0, d, d)
        playIcon.text = TextContent("▶", font: FontSpec(size: 15), color: .white, alignment: .center)
        rotation.addChild(playIcon)
        for n in [rotation, face, playIcon] + pauseBars { n.isHitTestable = false }
        rotation.isHidden = true
        root.addChild(rotation)
        rotation.onPointer = { [unowned self] event in
            for case .tap in rotationPress.handle(event, at: scene.now) { onRotationControl() }
            // A press on the button is the button's until the release; a move over it bubbles on (hover).
            switch event {
            case .pointerDown(_, .left), .pointerUp(_, .left): return true
            default: return false
            }
        }
    }

    /// Shows the rotation control offering `control`, or hides it with nil.
    func showRotationControl(_ control: RotationControl?) {
        rotation.isHidden = control == nil
        for bar in pauseBars { bar.isHidden = control != .pause }
        playIcon.isHidden = control != .play
    }

    /// The button on screen, in the pane's coordinates, while it shows.
    var rotationControlFrame: Rect? { rotation.isHidden ? nil : rotation.frame }


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
        let lineHeight = Typography.labelLine
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
