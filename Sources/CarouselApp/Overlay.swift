import CarouselCore
import Foundation

/// The app's own layer above the style: the auto-advance progress bar, transient messages, the F3 status line,
/// and the help card. Built from nodes like everything else.
@MainActor
final class Overlay {
    let root = Node(name: "overlay")
    private let progressTrack = Node(name: "progress.track")
    private let progressBar = Node(name: "progress.bar")
    private let message = Node(name: "message")
    private let status = Node(name: "status")
    private let help = Node(name: "help")
    private var messageTimer: TimerID?
    private var progressTimer: TimerID?
    private unowned let scene: Scene

    static let messageFont = FontSpec(size: 14)
    static let statusFont = FontSpec(size: 13)

    init(scene: Scene) {
        self.scene = scene
        root.isHitTestable = false
        root.zIndex = 1000
        for n in [progressTrack, progressBar, message, status, help] { n.isHitTestable = false; root.addChild(n) }
        progressTrack.background = Color(1, 1, 1, 0.12)
        progressBar.background = Color(hex: 0x8ab4f8)
        message.background = Color(0, 0, 0, 0.78)
        message.cornerRadius = 8
        message.isHidden = true
        status.background = Color(0, 0, 0, 0.6)
        status.cornerRadius = 6
        status.isHidden = true
        help.background = Color(0.08, 0.08, 0.09, 0.94)
        help.cornerRadius = 12
        help.isHidden = true
    }

    func layout(size: Size) {
        root.frame = Rect(origin: .zero, size: size)
        progressTrack.frame = Rect(0, size.height - 3, size.width, 3)
    }

    // MARK: Progress

    /// Steps the progress bar moves in per interval. It moves in steps, on a timer, rather than animating: a
    /// continuously growing bar would redraw the whole window at the full frame rate for the whole interval, which
    /// is most of the CPU auto-advance costs (issue 10's figures: 1.80 s of CPU per 20 s of paging with a smooth
    /// bar against 0.3-0.4 s in steps).
    static let progressSteps = 10

    /// Shows the time until the next advance: `progress` elapsed of an interval with `remaining` seconds left. The
    /// bar shows the last whole step reached and, while `running`, moves to the next one when its time comes.
    func showProgress(_ progress: Double?, remaining: Double, running: Bool, width: Double) {
        scene.timers.cancel(progressTimer)
        progressTimer = nil
        guard let progress else { progressTrack.isHidden = true; progressBar.isHidden = true; return }
        progressTrack.isHidden = false
        progressBar.isHidden = false
        let steps = Double(Overlay.progressSteps)
        let step = min((progress * steps + 1e-9).rounded(.down), steps)
        let y = progressTrack.frame.y
        scene.withoutAnimation { progressBar.frame = Rect(0, y, width * step / steps, 3) }
        // The last step coincides with the advance, which starts the bar again.
        guard running, remaining > 0, progress < 1, step + 1 < steps else { return }
        let interval = remaining / (1 - progress)
        let next = (step + 1) / steps
        progressTimer = scene.timers.schedule(at: scene.now + (next - progress) * interval) { [weak self] in
            self?.showProgress(next, remaining: (1 - next) * interval, running: true, width: width)
        }
    }

    // MARK: Messages

    /// Shows a one-line message near the bottom for `seconds` (errors stay until replaced when `sticky`).
    func show(message text: String, seconds: Double = 3, sticky: Bool = false, error: Bool = false) {
        let font = Overlay.messageFont
        let width = min(Double(text.count) * font.size * 0.62 + 24, max(scene.size.width - 40, 40))
        message.frame = Rect((scene.size.width - width) / 2, scene.size.height - 56, width, 30)
        message.background = error ? Color(0.45, 0.08, 0.08, 0.92) : Color(0, 0, 0, 0.78)
        message.removeAllChildren()
        let label = Node(name: "message.text", frame: Rect(12, 7, width - 24, 18))
        label.text = TextContent(text, font: font, color: .white)
        label.isHitTestable = false
        message.addChild(label)
        message.isHidden = false
        scene.timers.cancel(messageTimer)
        messageTimer = sticky ? nil : scene.timers.schedule(at: scene.now + seconds) { [weak self] in self?.message.isHidden = true }
    }

    /// Hides a sticky message.
    func clearMessage() { message.isHidden = true; scene.timers.cancel(messageTimer) }

    /// The message on screen, if any (for tests).
    var currentMessage: String? { message.isHidden ? nil : message.children.first?.text?.string }

    // MARK: Status and help

    var isStatusVisible: Bool { !status.isHidden }
    func toggleStatus() { status.isHidden.toggle() }

    /// Updates the status line's text (F3): frame rate, frame time, speed and the style's state.
    func setStatus(_ text: String) {
        guard !status.isHidden else { return }
        let font = Overlay.statusFont
        let width = Double(text.count) * font.size * 0.6 + 20
        status.frame = Rect(10, 10, width, 24)
        if status.children.first?.text?.string == text { return }
        status.removeAllChildren()
        let label = Node(name: "status.text", frame: Rect(10, 4, width - 20, 16))
        label.text = TextContent(text, font: font, color: Color(0.9, 0.95, 1))
        status.addChild(label)
    }

    var isHelpVisible: Bool { !help.isHidden }

    /// Shows or hides the card listing every key and gesture.
    func toggleHelp(lines: [String]) {
        help.isHidden.toggle()
        guard !help.isHidden else { return }
        help.removeAllChildren()
        let lineHeight = 21.0
        let width = 560.0, height = Double(lines.count) * lineHeight + 32
        help.frame = Rect((scene.size.width - width) / 2, max((scene.size.height - height) / 2, 10), width, height)
        for (i, line) in lines.enumerated() {
            let n = Node(name: "help.line", frame: Rect(20, 16 + Double(i) * lineHeight, width - 40, lineHeight))
            n.text = TextContent(line, font: FontSpec(size: 14, bold: i == 0), color: .white)
            help.addChild(n)
        }
    }
}
