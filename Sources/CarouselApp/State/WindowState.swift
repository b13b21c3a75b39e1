import CarouselCore
import CarouselStyles
import CarouselSupport

/// Everything the window is, as a value: the panes (variants with their values, histories and recorded input), which
/// one the panel edits, the timeline, the time control, the chrome (panel, help, status, checks, messages), reduced
/// motion, the clip being recorded, and the pane Ctrl+Z can bring back.
///
/// It changes only through `AppAction`s, in the reducers (`AppReducer` and a slice per file), which return the
/// `Effect`s the runner performs. The window's runtime (scenes, styles, timers, views) is built from it and follows
/// it (`WindowRuntime.render`); nothing in the runtime is state of its own but what replaying the recorded input
/// makes again (scroll positions, animations) and the views' own caches.
public struct WindowState: Equatable {
    /// The window's size in points.
    public var size: Size
    /// The items every pane shows, and where they came from.
    public var deck: DeckState
    /// The variants, in reading order; the first is the reference the others' labels compare with.
    public var panes: [PaneState]
    /// The pane the tuning panel edits, the number keys switch, and presets load into.
    public var focusedIndex = 0
    /// The variant Ctrl+W just closed and its place, while Ctrl+Z can bring it back: until the variants change.
    public var closedPane: ClosedPane?
    public var timeline = TimelineState()
    /// Pause, frame stepping and slow motion for every pane, and the scene time they all share.
    public var time = TimeControl()
    public var chrome = ChromeState()
    public var motion = MotionState()
    public var capture = CaptureState()
    /// Set by Ctrl+Q: the loop ends.
    public var wantsQuit = false
    /// What the window can do besides drawing (none in capture and tests).
    public var services: WindowServices = []
    /// The next pane's identity.
    var nextPaneID: PaneState.ID

    /// A closed variant and where it was.
    public struct ClosedPane: Equatable {
        public var pane: PaneState
        public var index: Int
    }

    /// A window of `size` on `deck` with `panes` (one to four, identities from 1).
    public init(size: Size, deck: Deck, panes: [PaneState]) {
        self.size = size
        self.deck = DeckState(deck: deck)
        self.panes = panes
        nextPaneID = (panes.map(\.id).max() ?? 0) + 1
    }

    /// The focused pane.
    public var focused: PaneState {
        get { panes[focusedIndex] }
        set { panes[focusedIndex] = newValue }
    }

    /// The pane `id` names, while the window shows it.
    public func pane(_ id: PaneState.ID) -> PaneState? { panes.first { $0.id == id } }
    /// Where pane `id` is in reading order.
    public func index(of id: PaneState.ID) -> Int? { panes.firstIndex { $0.id == id } }

    /// Whether several variants are compared.
    public var isComparing: Bool { panes.count > 1 }

    /// Seconds since pane `pane`'s style appeared, in scene time (pauses and slow motion count as they play).
    public func styleTime(of pane: PaneState) -> Double { time.sceneTime - pane.styleStart }
    /// When a value set now happened, for the pane's `valueChanges`: its style time while live; nil while the
    /// timeline shows a moment (the replays play the whole input with the values as they are).
    func changeTime(of pane: PaneState) -> Double? { timeline.isLive ? styleTime(of: pane) : nil }
    /// Seconds since the focused pane's style appeared.
    public var focusedStyleTime: Double { styleTime(of: focused) }

    /// Where each pane sits in the window, in reading order (`PaneSplit`).
    public var paneFrames: [Rect] { PaneSplit.frames(count: panes.count, styles: panes.map(\.styleName), in: size) }

    /// The timeline's playhead: the focused pane's style time while not live (it moves while replaying).
    public var playhead: Double? { timeline.isLive ? nil : focusedStyleTime }

    /// A new pane identity.
    mutating func makePaneID() -> PaneState.ID {
        defer { nextPaneID += 1 }
        return nextPaneID
    }

    /// The window's title: the app, the focused pane's style and the deck ("Carousel Lab — expand — Sample photographs").
    public var title: String { "Carousel Lab — \(focused.styleName) — \(deck.deck.name)" }
}

/// The deck every pane shows and where it came from.
public struct DeckState: Equatable {
    /// The items; replaced at runtime only by `.replaceDeck` (a drop or a paste).
    public var deck: Deck
    /// Where a replaced deck came from when one local path says it (a folder, a deck file), for the remembered
    /// state; nil when given at startup, fetched, or made from several sources.
    public var source: String?
    /// Whether the deck was replaced since the window opened.
    public var replaced = false
    /// The problems of the last deck loaded into the window (files skipped, items ignored), for the layout file.
    public var problems: [String] = []
    /// Counts the decks shown since the window opened (the runtimes compare it, not the items).
    public var version = 0
}

/// What the window shows above the panes, as values: the views in `WindowRuntime` draw it.
public struct ChromeState: Equatable {
    /// The tuning panel (`P`).
    public var panelOpen = false
    /// The help card (F1) and how far it is scrolled.
    public var helpShown = false
    public var helpScroll = 0.0
    /// The F3 status line.
    public var statusShown = false
    /// The checks panel (`C`).
    public var checksShown = false
    /// The first-run hint beside the toolbar (hidden by the first key).
    public var hintShown = false
    /// The one-line message near the bottom, if any, and the wall time it hides at (nil: sticky, or not yet shown
    /// on a frame: it counts from the frame that first shows it).
    public var message: Message?
    public var messageDeadline: Double?
    /// The persistent problem line at the top (a broken parameter file).
    public var problem: String?
    /// The wall time of the current frame.
    public var wall = 0.0
}

/// Whether the user asked for less motion, and who said so.
public struct MotionState: Equatable {
    public var reducesMotion = false
    /// Where `reducesMotion` came from (the desktop's answer does not replace the command line's or the key's).
    public var source = MotionSource.standard
}

/// Clips and files the window made.
public struct CaptureState: Equatable {
    /// The focused pane's style time a clip started at (Ctrl+R), while recording.
    public var clipStart: Double?
    /// The last screenshot, clip or export saved (what Ctrl+Shift+C and Ctrl+Shift+O hand on).
    public var lastSaved: String?
}
