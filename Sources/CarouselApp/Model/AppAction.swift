import CarouselCore
import CarouselStyles
import CarouselSupport

/// One change of the window's state, as a value, in slices: each slice has its reducer in its own file
/// (`ValuesReducer`, `PanesReducer`, `TimelineReducer`, `TimeReducer`, `ChromeReducer`, `CaptureReducer`), which
/// changes `WindowState` and returns the `Effect`s to perform. Keys (the command table maps each row to one), the
/// tuning panel, the parameter file, drops, pastes, scripts and the background work that finishes (clips, exports,
/// screenshots, images) all speak in actions; `Preview.apply` is the one way in.
public enum AppAction {
    case values(ValueAction)
    case panes(PaneAction)
    case timeline(TimelineAction)
    case time(TimeAction)
    case chrome(ChromeAction)
    case capture(CaptureAction)
    /// Ctrl+Q: the loop ends.
    case quit
    /// What the window can do besides drawing (a window has screenshots, clips, exports; capture and tests have
    /// none): set when the executable attaches them.
    case services(WindowServices)
}

/// What the window can do besides drawing.
public struct WindowServices: OptionSet, Equatable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// F12 reads the frame back and saves it.
    public static let screenshots = WindowServices(rawValue: 1)
    /// Ctrl+R and Shift+F12 render clips.
    public static let clips = WindowServices(rawValue: 2)
    /// Ctrl+E writes code.
    public static let exports = WindowServices(rawValue: 4)
    /// Ctrl+V and drops make decks.
    public static let deckDrops = WindowServices(rawValue: 8)
}

/// The variants' values.
public enum ValueAction {
    /// New values for the active style of pane `pane` (the focused pane when nil); with `undo`, recorded as one step
    /// of that style's history (nil: a drag in progress, recorded by `.recordUndo` when it ends, or a change from
    /// outside the panel: a parameter file).
    case set(Parameters, pane: PaneState.ID? = nil, undo: UndoLabel? = nil)
    /// A parameter file's values (`--params`, a watched file) for pane `pane` (the focused pane when nil); each
    /// problem is reported on stderr (the rest applies).
    case applyFile(JSONValue, file: String, pane: PaneState.ID? = nil)
    /// A script's `set NAME VALUE`: one parameter of the focused pane, as the panel sets it.
    case setScripted(String, ParameterValue)
    /// A drag in the panel ended: its values are applied already; one undo step takes them from `before`.
    case recordUndo(String, before: [String: ParameterValue])
    /// Undoes or redoes the focused pane's last step in its active style (Ctrl+Z just after Ctrl+W reopens the
    /// closed variant instead).
    case undo, redo
    /// `A`: auto-advance on or off in every pane.
    case toggleAutoAdvance
}

/// The panes: which there are, what each shows, and the input they received.
public enum PaneAction {
    /// Ctrl+D, Ctrl+W, Ctrl+1-4 (0-based index).
    case duplicate, close, focus(Int)
    /// Switches the focused pane to `style`, keeping each style's values; `announce` says so in the window.
    case switchStyle(StyleDefinition, announce: Bool = false)
    /// Pane `pane`'s effect file changed: its style becomes `style`, the values of parameters it keeps kept, and the
    /// moment shown is made again with it from the recorded input.
    case reloadStyle(PaneState.ID, StyleDefinition)
    /// Replaces the deck of every pane (a drop, a paste); `source` is the local path it came from, when one.
    case replaceDeck(Deck, source: String?, problems: [String])
    /// The window's new size in points.
    case resize(Size)
    /// Pane `pane` received `event` (in its coordinates) and its style used it: recorded at its style time.
    case record(PaneState.ID, InputEvent)
    /// An image finished loading or failed: styles re-measure and the frame is redrawn whole.
    case imagesChanged
}

/// The timeline (see `TimelineState`).
public enum TimelineAction {
    /// `T`: shows or hides the strip (hiding it goes back to the newest moment, live).
    case toggleShown
    /// Shows the focused pane's style time T of what was recorded, paused (every pane, on the one clock).
    case scrub(Double)
    /// Moves the playhead by `seconds` (a frame is 1/60), scrubbing.
    case step(Double)
    /// Home: the playhead to the strip's start.
    case toStart
    /// End, Escape: back to the newest moment, live (nothing recorded is lost).
    case resumeLive
    /// A deliberate input in the carousel while a moment is shown (a press, the wheel, a key it takes): live from
    /// that moment; what was recorded after it is dropped.
    case branch
    /// Space, the strip's play button: replays from the playhead, or pauses the replay; live, pauses time.
    case togglePlayback
    /// A script's `play`: replays from the playhead when scrubbed, else resumes time.
    case play
    /// `I` / `O`: the loop range's start or end at the playhead; Shift+`I`: no range.
    case markRangeStart, markRangeEnd, clearRange
    /// `G`: the graph of the focused item's next animated channel (after the last, no graph).
    case nextGraphChannel
    /// The replay reached the focused pane's style time `t` (the runtime says so each frame it plays).
    case replayReached(Double)
    /// How far back the strip reaches, in seconds (`run --timeline-seconds`).
    case setSpan(Double)
}

/// The time control every pane shares.
public enum TimeAction {
    /// Space: pauses or resumes every animation and timer.
    case togglePause
    /// `.`: pauses on the current frame, then steps one 60 Hz frame per action.
    case stepFrame
    /// `,`: the next slow-motion speed.
    case cycleSlowMotion
    /// A frame at wall time `wall`: scene time follows (unless paused), messages run out.
    case tick(wall: Double)
}

/// What the window shows above the panes.
public enum ChromeAction {
    /// A one-line message in the window.
    case message(Message)
    /// Takes a sticky message off the screen.
    case clearMessage
    /// A problem line on stderr only (the rest of a list the window shows the first of).
    case report(String)
    /// The persistent problem line at the top (a broken parameter file), or none.
    case problem(String?)
    /// F3, F1, P, C.
    case toggleStatus, toggleHelp, togglePanel, toggleChecks
    /// Escape: hides the help card, else takes a scrubbed or replaying timeline live again at its newest moment.
    case escape
    /// Up / Down while the help card is shown: scrolls a card taller than the window by `points`.
    case scrollHelp(Double)
    /// The first-run hint beside the toolbar (the executable shows it on a first launch; a key hides it).
    case showHint(Bool)
    /// Tab / Shift+Tab: the keyboard focus to the next (or previous) stop.
    case moveFocus(forward: Bool)
    /// A script's (or a sidecar's) `focus in` / `focus out`: the focused carousel gains or loses the keyboard focus.
    case focusCarousel(Bool)
    /// `L`: reduced motion on or off, whatever the desktop says from then on.
    case toggleReducedMotion
    /// Reduced motion as `source` says (the command line, or the desktop's setting once read); the desktop's is not
    /// taken once the command line or the key has chosen.
    case setReducedMotion(Bool, source: MotionSource)
}

/// Screenshots, clips, exports and the files they make.
public enum CaptureAction {
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

extension AppAction {
    /// A one-line message (`ChromeAction.message`).
    public static func message(_ m: Message) -> AppAction { .chrome(.message(m)) }
    /// A problem on stderr only (`ChromeAction.report`).
    public static func report(_ line: String) -> AppAction { .chrome(.report(line)) }
}
