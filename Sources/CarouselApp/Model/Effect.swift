/// Work a reducer asks for after changing the state: the runner (`EffectRunner`) performs it, against the window's
/// runtime and its collaborators, and what comes back later (a saved clip, a fetched deck) returns as actions. The
/// cheap consequences of a change (a value applied to a style, a label redrawn) are not effects: the runtime follows
/// the state (`WindowRuntime.render`).
public enum Effect: Equatable {
    /// Every pane's runtime made afresh from its state and its recorded input replayed up to the focused pane's style
    /// time `t`, exactly as `capture --at` replays a script (the timeline's scrub; values changed while scrubbed).
    case replay(toStyleTime: Double)
    /// The recorded input plays from the moment shown on the window's clock (the timeline's play).
    case startReplay
    /// Images finished loading or failed: styles re-measure, the frame is redrawn whole.
    case imagesChanged
    /// The keyboard focus: the next or previous stop (Tab), the focused carousel in or out, the panel in or out.
    case moveFocus(forward: Bool), focusCarousel(Bool), focusPanel(Bool)
    /// The help card scrolls by `points` (clamped to its content).
    case scrollHelp(Double)
    /// A clip of the focused pane from style time `from` to `to`, rendered in the background; `label` names it in
    /// messages ("Clip", "Loop").
    case saveClip(from: Double, to: Double, label: String)
    /// Shift+F12: the clip of the last seconds up to style time `end`.
    case saveReplay(end: Double)
    /// A screenshot of the next frame drawn.
    case screenshot
    /// Ctrl+E: the focused style and values as code, written in the background.
    case exportCode
    /// Ctrl+V: the clipboard's paths or URLs as the deck.
    case pasteDeck
    /// Ctrl+S: the panel's preset name field opens.
    case beginSavingPreset
    /// Ctrl+C: the focused values to the clipboard as JSON and Swift.
    case copyValues
    /// Ctrl+Shift+C, Ctrl+Shift+O: the file at `path` to the clipboard, or shown in the file manager.
    case copyFile(String), revealFile(String)
    /// A line on stderr.
    case report(String)
}
