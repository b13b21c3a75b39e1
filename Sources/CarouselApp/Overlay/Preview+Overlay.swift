/// What the window shows above the panes, as the app's sessions (clips, exports, drops, the parameter file), the
/// tuning panel and the tests reach it: one-line messages, the problem line, the F3 status line and the help card.
/// The overlay draws them; the status line's figures are `StatusLine`'s.
extension Preview {
    /// Shows a one-line message in the window (errors stay until the next message when `sticky`).
    public func show(message: String, error: Bool = false, sticky: Bool = false) {
        overlay.show(message: message, sticky: sticky, error: error)
    }

    /// Shows a message for `seconds`.
    func show(message: String, seconds: Double, error: Bool) {
        overlay.show(message: message, seconds: seconds, error: error)
    }

    /// The message on screen, if any.
    public var currentMessage: String? { overlay.currentMessage }
    /// Takes a sticky message off the screen.
    public func clearMessage() { overlay.clearMessage() }

    /// Shows a problem at the top of the window until it is cleared with nil (a broken parameter file).
    public func showProblem(_ text: String?) {
        overlay.showProblem(text)
        chrome.setNeedsDisplay()
    }

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
