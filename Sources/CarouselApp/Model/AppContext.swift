import CarouselCore
import CarouselStyles
import CarouselSupport

/// What the window's collaborators (the tuning panel, the parameter file, clips, exports, drops, screenshots) may
/// do to it: apply actions, and read the focused pane and what a sidecar records. None of them holds the model
/// itself; `Preview` is the one implementation (tests use small fakes).
@MainActor
public protocol AppContext: AnyObject {
    /// Applies one change of the window's state.
    func apply(_ action: AppAction)
    /// The focused pane, read-only.
    var focusedPane: any PaneReading { get }
    /// The pane `id` names, read-only, while the window shows it (a scrub replaces a pane's object, not its id).
    func pane(_ id: Pane.ID) -> (any PaneReading)?
    /// Whether the window compares several variants (the panel then names the one it edits).
    var isComparing: Bool { get }
    /// The deck every pane shows, and whether it was replaced since the window opened (a drop or paste).
    var deck: Deck { get }
    var deckReplaced: Bool { get }
    /// Wall time of the current frame, in seconds (double-clicks, message deadlines).
    var wall: Double { get }
    /// The system clipboard; nil where there is none (capture, tests).
    var clipboard: Clipboard? { get }
    /// The sidecar of a screenshot or clip named `name`: what `capture --params` needs to draw the same frame.
    func sidecar(named name: String, kind: String) -> JSONValue
}

extension AppContext {
    /// Shows a one-line message for `seconds` (red when `error`).
    public func show(message: String, seconds: Double = 3, error: Bool = false) {
        apply(.message(Message(message, seconds: seconds, error: error)))
    }
}

/// A pane as the collaborators see it: its variant's name, style, values and history, and its time. Read-only:
/// changes go through `AppContext.apply`.
@MainActor
public protocol PaneReading: AnyObject {
    /// The pane's identity, for actions aimed at it (`AppAction.setValues(_:pane:)`).
    var id: Pane.ID { get }
    /// The variant's name as its label shows it.
    var name: String { get }
    /// The active style's definition and name.
    var definition: StyleDefinition { get }
    var styleName: String { get }
    /// The active style's values.
    var currentParameters: Parameters { get }
    /// The undo history of a style's values in this pane.
    func history(for style: String) -> ParameterHistory
    /// Seconds since the active style appeared, in scene time.
    var styleTime: Double { get }
}

/// Work done off the main thread whose results come back to the window: clips rendering, code being exported,
/// URLs of a drop being fetched, screenshots being encoded, images being decoded. Each hands its results to the main
/// thread its own way (a `Mailbox` and the window's `wake`); all of them are drained at one point of the frame
/// (`Preview.update`, before time advances), and what they return is applied there.
@MainActor
public protocol BackgroundWork: AnyObject {
    /// What finished since the last call, as actions to apply (messages, a new deck, images changed).
    func takeResults() -> [AppAction]
    /// Whether nothing is in flight (exit and headless runs wait for this).
    var isIdle: Bool { get }
}
