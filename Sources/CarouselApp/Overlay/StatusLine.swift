import CarouselSupport

/// The F3 status line: frame rate and mean frame time over the current run of frames (`FrameStats`), playback speed,
/// the focused pane's style and state, and the window's renderer. The overlay shows it; this keeps its figures and
/// writes its text.
@MainActor
final class StatusLine {
    private unowned let overlay: Overlay
    private let stats = FrameStats()
    /// The window's renderer and why it was chosen, and its display scale ("software (auto: no GPU device in /dev/dri)
    /// 2x (Xft.dpi 192)"), shown at the end of the line.
    var rendererDescription = ""

    init(overlay: Overlay) { self.overlay = overlay }

    /// The line on screen, if shown.
    var text: String? { overlay.statusText }

    /// A frame was drawn at wall time `wall`.
    func frameDrawn(atWall wall: Double) { stats.frameDrawn(atWall: wall) }

    /// Sets the line, while it is shown, to the figures as of the last frame drawn, the speed of `time`, and the style
    /// of `focused` with its state. Called only for a frame drawn anyway (setting it for its own sake would redraw the
    /// window after every frame).
    func update(time: TimeControl, focused: PaneRuntime) {
        guard overlay.isStatusVisible else { return }
        let state = focused.style.state.map { "\($0.key) \(StatusLine.words($0.value))" }.joined(separator: "  ")
        let line = stats.line(speed: time.speedText, style: focused.styleName, state: state)
        overlay.setStatus(rendererDescription.isEmpty ? line : "\(line)  \(rendererDescription)")
    }

    /// A state value as words: "none" for null, "yes" / "no", numbers with at most two decimals, text as it is.
    static func words(_ value: JSONValue) -> String {
        switch value {
        case .null: "none"
        case .bool(let b): b ? "yes" : "no"
        case .number(let n): JSONValue.format((n * 100).rounded() / 100)
        case .string(let s): s
        default: value.serialized(indent: nil)
        }
    }
}
