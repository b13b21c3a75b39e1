import CarouselCore
import CarouselStyles
import CarouselSupport

/// One change of the window's state, as a value. Every change goes through `Preview.apply`, the one place that
/// applies actions and sends each change notice once (the panel refreshes, the labels follow, the frame is owed):
/// keys (the command table maps each row to one), the tuning panel, the parameter file, drops, pastes and the
/// background work that finishes (clips, exports, screenshots, images) all speak in actions.
public enum AppAction: Sendable {
    // MARK: Values
    /// New values for the active style of pane `pane` (the focused pane when nil); with `undo`, recorded as one step
    /// of that style's history in the pane (nil: a drag in progress, recorded by `.recordUndo` when it ends, or a
    /// change from outside the panel: a parameter file).
    case setValues(Parameters, pane: Pane.ID? = nil, undo: UndoLabel? = nil)
    /// A drag in the panel ended: its values are applied already; one undo step takes them from `before`.
    case recordUndo(String, before: [String: ParameterValue])
    /// Undoes or redoes the focused pane's last step in its active style.
    case undo, redo

    // MARK: Style and deck
    /// Switches the focused pane to the named style, keeping each style's values; `announce` says so in the window.
    case switchStyle(String, announce: Bool = false)
    /// Replaces the deck of every pane (a drop, a paste); `source` is the local path it came from, when one.
    case replaceDeck(Deck, source: String?, problems: [String])
    /// An image finished loading or failed: styles re-measure and the frame is redrawn whole.
    case imagesChanged

    // MARK: Time
    /// Space: pauses or resumes every animation and timer.
    case togglePause
    /// `.`: pauses on the current frame, then steps one 60 Hz frame per action.
    case stepFrame
    /// `,`: the next slow-motion speed.
    case cycleSlowMotion
    /// `A`: auto-advance on or off in every pane.
    case toggleAutoAdvance

    // MARK: Timeline
    /// `T`: shows or hides the timeline strip (hiding it goes back to live input at the newest moment).
    case toggleTimeline
    /// Pauses and shows the focused pane's style time T of what was recorded (every pane, on the one clock).
    case scrub(Double)
    /// Moves the playhead by `seconds` (a frame is 1/60), scrubbing.
    case stepPlayhead(Double)
    /// Home / End: the playhead to the start or the end of the timeline.
    case playheadToStart, playheadToEnd
    /// Space with the timeline shown: replays the recorded input from the playhead, or pauses the replay.
    case togglePlayback
    /// `I` / `O`: the loop range's start or end at the playhead; Shift+`I`: no range.
    case markRangeStart, markRangeEnd, clearRange
    /// `G`: the graph of the focused item's next animated channel (after the last, no graph).
    case nextGraphChannel
    /// A scripted timeline command (`scrub T`, `set NAME VALUE`, `play`).
    case script(ScriptedInput.ScriptCommand)

    // MARK: Chrome
    /// A one-line message in the window.
    case message(Message)
    /// Takes a sticky message off the screen.
    case clearMessage
    /// A problem line on stderr only (the rest of a list the window shows the first of).
    case report(String)
    /// The persistent problem line at the top (a broken parameter file), or none.
    case problem(String?)
    /// F3, F1 (Escape hides the help), P.
    case toggleStatus, toggleHelp, togglePanel
    /// Up / Down while the help card is shown: scrolls a card taller than the window by `points`.
    case scrollHelp(Double)

    // MARK: Accessibility
    /// Tab / Shift+Tab: the keyboard focus to the next (or previous) stop: each pane's carousel, then the tuning
    /// panel's rows while it is open, then none.
    case moveFocus(forward: Bool)
    /// `L`: reduced motion on or off, whatever the desktop says from then on.
    case toggleReducedMotion
    /// Reduced motion as `source` says (the command line, or the desktop's setting once read); the desktop's is not
    /// taken once the command line or the key has chosen.
    case setReducedMotion(Bool, source: MotionSource)
    /// `C`: shows or hides the checks panel (WCAG checks of the focused style and values).
    case toggleChecks

    // MARK: Panes
    /// Ctrl+D, Ctrl+W, Ctrl+1-4 (0-based index).
    case duplicatePane, closePane, focusPane(Int)

    // MARK: Requests to the window's collaborators
    /// F12: a screenshot of the next frame. Ctrl+R: start or stop a clip. Shift+F12: the last seconds as a clip.
    case requestScreenshot, toggleRecording, saveReplay
    /// Ctrl+E: the focused style as code. Ctrl+V: the clipboard's paths or URLs as the deck.
    case exportCode, pasteDeck
    /// Ctrl+S: the panel's preset name field. Ctrl+C: the values as JSON and Swift on the clipboard.
    case savePreset, copyValues
    /// A screenshot, clip or export was written to this path (what Ctrl+Shift+C and Ctrl+Shift+O hand on).
    case saved(String)
    /// Ctrl+Shift+C: the last file saved to the clipboard. Ctrl+Shift+O: the last file shown in the file manager.
    case copySaved, revealSaved
    /// Ctrl+Q.
    case quit
}

/// Where the window's reduced-motion setting came from.
public enum MotionSource: Equatable, Sendable {
    /// The default before anything was read: full motion.
    case standard
    /// `--reduced-motion` or `--no-reduced-motion`.
    case option
    /// The desktop's setting, as read (what was read, for messages and the checks panel).
    case desktop(String)
    /// The window's key (`L`).
    case key

    /// Whether a later desktop answer may replace it.
    var yieldsToDesktop: Bool { self == .standard }
}

/// How an edit is recorded in the undo history: its label ("Item width"), and for a held key, a tag whose repeats
/// merge into one step.
public struct UndoLabel: Equatable, Sendable {
    public var label: String
    public var tag: String?
    public var merging: Bool
    public init(_ label: String, tag: String? = nil, merging: Bool = false) { self.label = label; self.tag = tag; self.merging = merging }
}

/// A one-line message shown near the bottom of the window.
public struct Message: Equatable, Sendable {
    public var text: String
    /// How long it shows, in wall seconds (nil: until replaced or cleared).
    public var seconds: Double?
    /// Drawn in red.
    public var isError: Bool
    /// Also printed on stderr (a problem the user may look for later).
    public var isReported: Bool

    public init(_ text: String, seconds: Double? = 3, error: Bool = false, reported: Bool = false) {
        self.text = text; self.seconds = seconds; isError = error; isReported = reported
    }

    /// A problem: printed on stderr and shown in red for 6 s.
    public static func problem(_ line: String) -> Message { Message(line, seconds: 6, error: true, reported: true) }
}
