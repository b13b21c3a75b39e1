import CarouselCore
import CarouselStyles
import CarouselSupport

/// What the window's collaborators (the tuning panel, the parameter files, clips, exports, drops, screenshots, the
/// views of the runtime) may do to it: apply actions, and read its state and what a sidecar records. None of them
/// holds the store itself; `Preview` is the one implementation (tests use small fakes).
@MainActor
public protocol AppContext: AnyObject {
    /// Applies one change of the window's state.
    func apply(_ action: AppAction)
    /// The window's state now.
    var state: WindowState { get }
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
    /// The focused pane's state.
    public var focusedPane: PaneState { state.focused }
    /// The pane `id` names, while the window shows it.
    public func pane(_ id: PaneState.ID) -> PaneState? { state.pane(id) }
    /// Whether the window compares several variants (the panel then names the one it edits).
    public var isComparing: Bool { state.isComparing }
    /// The deck every pane shows, and whether it was replaced since the window opened (a drop or paste).
    public var deck: Deck { state.deck.deck }
    public var deckReplaced: Bool { state.deck.replaced }
    /// Wall time of the current frame, in seconds (double-clicks, message deadlines).
    public var wall: Double { state.chrome.wall }
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
