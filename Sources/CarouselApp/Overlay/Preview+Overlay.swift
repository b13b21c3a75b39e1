/// What the window shows above the panes, as tests and the executable read it: the message, the problem line, the
/// F3 status line and the help card. They change through actions (`.message`, `.problem`, ...); the overlay draws
/// them; the status line's figures are `StatusLine`'s.
extension Preview {
    /// The message on screen, if any.
    public var currentMessage: String? { overlay.currentMessage }

    /// Shows a problem at the top of the window until it is cleared with nil (a broken parameter file).
    public func showProblem(_ text: String?) { apply(.problem(text)) }

    /// The problem on screen, if any.
    public var currentProblem: String? { overlay.problemText }

    /// The F3 status line on screen, if shown.
    public var currentStatus: String? { statusLine.text }

    /// The window's renderer and why it was chosen, and its display scale ("software (auto: no GPU device in /dev/dri)
    /// 2x (Xft.dpi 192)"), shown at the end of the F3 line.
    public var rendererDescription: String {
        get { statusLine.rendererDescription }
        set { statusLine.rendererDescription = newValue }
    }

    /// Whether the help card is shown.
    public var isHelpVisible: Bool { overlay.isHelpVisible }
}
