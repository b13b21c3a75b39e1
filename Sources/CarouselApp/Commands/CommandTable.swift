import CarouselCore

/// A key with the modifiers held with it, as the app matches and shows it.
public struct KeyChord: Hashable, Sendable {
    public let key: Key
    public let modifiers: Modifiers

    public init(_ key: Key, _ modifiers: Modifiers = []) { self.key = key; self.modifiers = modifiers }

    /// Ctrl+`key`.
    public static func ctrl(_ key: Key) -> KeyChord { KeyChord(key, .ctrl) }
    /// Shift+`key`.
    public static func shift(_ key: Key) -> KeyChord { KeyChord(key, .shift) }

    /// Whether a key press with `mods` held is this chord. Ctrl and Alt must match exactly; Shift must too for a
    /// chord with Ctrl or Shift, while a plain key also answers with Shift held (`A` is `a`, `?` is typed with
    /// Shift), so Ctrl+Z and Ctrl+Shift+Z stay apart but a caps-locked letter still works.
    public func matches(_ key: Key, _ mods: Modifiers) -> Bool {
        guard key == self.key, mods.contains(.ctrl) == modifiers.contains(.ctrl),
              mods.contains(.alt) == modifiers.contains(.alt) else { return false }
        if modifiers.contains(.ctrl) || modifiers.contains(.shift) { return mods.contains(.shift) == modifiers.contains(.shift) }
        return true
    }
}

/// The sections of the help card and the README's key table, in their order.
public enum CommandGroup: String, CaseIterable, Sendable {
    case styles = "Styles"
    case carousel = "In the carousel"
    case accessibility = "Accessibility"
    case timeline = "Timeline"
    case time = "Time"
    case capture = "Capture and share"
    case panel = "Tuning panel"
    case compare = "Compare"
    case window = "Window"

    /// The title the help card gives the group.
    public var title: String { self == .timeline ? "Timeline (T shows it; its keys while it is shown)" : rawValue }
}

/// Who handles a command's input.
public enum CommandScope: Sendable {
    /// The app, before the style: the command's action is applied (`Preview.apply`).
    case app
    /// The tuning panel while it is open; its rows handle these.
    case panel
    /// The style (keys and gestures in the carousel); listed so the help card and the README show them.
    case style
}

/// One row of the command table: its input, what it does, and for app commands the action it maps to.
///
/// The table (`CommandTable.all`) is the one place keys are declared: the app's key handling looks commands up in
/// it, and the help card (F1) and the README's key table are generated from it, so they cannot drift apart.
public struct Command: Sendable {
    /// Where the help card and the README list it.
    public let group: CommandGroup
    /// A short identifier ("screenshot"), for tests and messages.
    public let name: String
    /// The keys that run the command (app commands); empty for gestures documented only.
    public let chords: [KeyChord]
    /// The input as the README writes it, in Markdown ("`F12` or Ctrl+P"); the help card shows it without the
    /// backticks.
    public let input: String
    /// One line for the help card.
    public let help: String
    /// What the README's table says (the help line when nil).
    public let details: String?
    public let scope: CommandScope
    /// Whether the command answers now (a command that does not falls through to the style).
    let isAvailable: @MainActor @Sendable (WindowState) -> Bool
    /// The action of an app command, given the key and modifiers that ran it (nil: the key names nothing after all).
    let action: (@MainActor @Sendable (KeyChord) -> AppAction?)?
    /// Whether the help card and the README list the row (false for a second way to a listed command).
    public let isListed: Bool
    /// Whether the row answers only in a state (`when`): such a row takes its keys from another row while it does
    /// (Space replays the timeline while it is shown, and pauses otherwise).
    public let isConditional: Bool
    /// Whether holding the key down repeats the command (a step, a scroll); else a repeat does nothing (a toggle held
    /// down toggles once).
    public let repeats: Bool
    /// Whether the row's keys come before the focused carousel's (`WindowRuntime.handleKey`): the rows of a mode (the
    /// timeline's while it is shown, Escape over the help card) and Tab, which moves the focus itself.
    public let precedesFocus: Bool

    init(_ group: CommandGroup, _ name: String, _ chords: [KeyChord], input: String, help: String, details: String? = nil, scope: CommandScope = .app,
         listed: Bool = true, repeats: Bool = false, beforeFocus: Bool = false, when isAvailable: (@MainActor @Sendable (WindowState) -> Bool)? = nil,
         action: (@MainActor @Sendable (KeyChord) -> AppAction?)? = nil) {
        self.group = group; self.name = name; self.chords = chords; self.input = input; self.help = help; self.details = details
        self.scope = scope; self.isListed = listed; self.repeats = repeats; self.isAvailable = isAvailable ?? { _ in true }; self.action = action
        isConditional = isAvailable != nil
        precedesFocus = beforeFocus || isAvailable != nil
    }

    /// The input as the help card writes it: the README's without backticks.
    public var plainInput: String { input.replacingOccurrences(of: "`", with: "") }

    /// The input as the help card's row shows it, under its group's title: without the state the group names
    /// ("(timeline shown)").
    public var cardInput: String {
        guard let open = plainInput.range(of: " ("), plainInput.hasSuffix(" shown)") else { return plainInput }
        return String(plainInput[..<open.lowerBound])
    }
}

/// Every key and gesture of the app, in the order the help card and the README list them.
public enum CommandTable {
    /// The app command a key press runs in `state`, if any: an available app command whose chord names exactly
    /// these modifiers (Shift+F12 before F12), else the first whose chord matches (`KeyChord.matches`); with
    /// `beforeFocus`, only the rows that come before the focused carousel (`Command.precedesFocus`).
    @MainActor public static func command(for key: Key, _ mods: Modifiers, in state: WindowState, beforeFocus: Bool = false) -> Command? {
        let candidates = all.filter { $0.scope == .app && $0.action != nil && (!beforeFocus || $0.precedesFocus) && $0.isAvailable(state) }
        let held = mods.intersection([.ctrl, .shift, .alt])
        return candidates.first { $0.chords.contains { $0.key == key && $0.modifiers == held } }
            ?? candidates.first { $0.chords.contains { $0.matches(key, mods) } }
    }

    /// The actions a key press maps to in `state`: nil when no app command answers (the key goes to the panes);
    /// with `beforeFocus`, only from the rows that come before the focused carousel. A repeat of a key held down is
    /// the command's again only when it repeats (`Command.repeats`), else nothing: held keys never pile up actions.
    @MainActor public static func actions(for key: Key, _ mods: Modifiers, isRepeat: Bool = false, in state: WindowState,
                                          beforeFocus: Bool = false) -> [AppAction]? {
        guard let command = command(for: key, mods, in: state, beforeFocus: beforeFocus) else { return nil }
        if isRepeat && !command.repeats { return [] }
        return [command.action?(KeyChord(key, mods.intersection([.ctrl, .shift, .alt])))].compactMap { $0 }
    }

    /// Every listed row as one line, "keys  what they do", after the card's title (for tests and the terminal).
    public static var helpLines: [String] {
        [HelpCard.title] + all.filter(\.isListed).map { "\($0.plainInput)  \($0.help)" }
    }

    /// The README's "Keys and gestures" table, in Markdown: a row per listed command, under a row per group.
    public static var markdownTable: String {
        var lines = ["| input | action |", "| --- | --- |"]
        for group in CommandGroup.allCases {
            let rows = all.filter { $0.isListed && $0.group == group }
            guard !rows.isEmpty else { continue }
            lines.append("| **\(group.rawValue)** | |")
            for c in rows { lines.append("| \(c.input) | \(c.details ?? c.help) |") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The rows.
    public static let all: [Command] = [
        // Styles
        Command(.styles, "style", (1...5).map { KeyChord(Key(String($0))) }, input: "`1`-`5`",
                help: "switch style (expand, stitch, loop, circular, paging)",
                details: "switch style (expand, stitch, loop, circular, paging); each style keeps its values",
                action: { c in StyleRegistry.all.indices.contains((Int(c.key.name) ?? 0) - 1) ? .panes(.switchStyle(StyleRegistry.all[(Int(c.key.name) ?? 0) - 1], announce: true)) : nil }),
        Command(.styles, "mode", [], input: "`M`", help: "Normal / Scaled mode (circular)", scope: .style),
        Command(.styles, "autoAdvance", [KeyChord("a")], input: "`A`", help: "auto-advance on / off (waits while the pointer is over it)",
                details: "auto-advance on/off (every style; pauses while the pointer is over the carousel)",
                action: { _ in .values(.toggleAutoAdvance) }),
        // In the carousel
        Command(.carousel, "scroll", [], input: "wheel, Shift+wheel", help: "scroll the row; it snaps when the wheel stops",
                details: "scroll the row (a horizontal wheel too); it snaps to an item when the wheel stops (one item per burst)", scope: .style),
        Command(.carousel, "item", [], input: "Left / Right", help: "previous / next item (expand: move the expansion)", scope: .style),
        Command(.carousel, "focus", [KeyChord("tab"), .shift("tab")], input: "Tab / Shift+Tab",
                help: "keyboard focus: the carousel (each pane), the panel, none",
                details: "move the keyboard focus: into the carousel (each pane of a comparison in turn), then the tuning panel while it is open, then out; Shift+Tab goes back. The focused carousel has a ring and takes its keys first (see [Accessibility](docs/accessibility.md))",
                beforeFocus: true, action: { c in .chrome(.moveFocus(forward: !c.modifiers.contains(.shift))) }),
        Command(.carousel, "pin", [], input: "Enter, Space; Escape",
                help: "the focused carousel: pin, stitch, Normal / Scaled; Escape unpins",
                details: "on the focused carousel: pin / unpin the expanded item (expand; Escape unpins), stitch / separate (stitch), switch Normal / Scaled (circular); otherwise, and Space always, pause / play auto-advance",
                scope: .style),
        Command(.carousel, "pointer", [], input: "hover, click", help: "expand, pin (expand); select (loop); centre (circular)",
                details: "expand an item, pin it (expand); select a card (loop); centre an image (circular)", scope: .style),
        Command(.carousel, "rotation", [], input: "the pause / play button", help: "pause / play auto-advance (shown while it is on)",
                details: "the carousel's rotation control, shown in its bottom-left corner while auto-advance is on (WCAG 2.2.2): pause / play auto-advance",
                scope: .style),
        Command(.carousel, "drag", [], input: "drag", help: "scroll with the mouse (loop, circular, paging)", scope: .style),
        Command(.carousel, "magnify", [], input: "Ctrl+wheel, Ctrl+-/+, pinch",
                help: "magnify: pinch in stitches, pinch out separates (stitch)", scope: .style),
        // Accessibility
        Command(.accessibility, "reducedMotion", [KeyChord("l")], input: "`L`", help: "less motion: reduced motion on / off (default: the desktop's)",
                details: "reduced motion on / off: slides become cuts and cross-fades, auto-advance waits for its play button; by default the desktop's setting (see [Accessibility](docs/accessibility.md))",
                action: { _ in .chrome(.toggleReducedMotion) }),
        Command(.accessibility, "checks", [KeyChord("c")], input: "`C`", help: "accessibility checks of the style and values (WCAG)",
                details: "show / hide the checks panel: WCAG 2.2.2, 2.5.8, 1.4.3, 2.3.3 and 2.4.7 measured on the focused style and values, as `carousel-lab check` does",
                action: { _ in .chrome(.toggleChecks) }),
        // Timeline
        Command(.timeline, "timeline", [KeyChord("t")], input: "`T`", help: "show the timeline: scrub back through what you just did",
                details: "show / hide the timeline: the last 30 s of input on a strip; scrub back, replay with new values (see [Timeline](docs/timeline.md))",
                action: { _ in .timeline(.toggleShown) }),
        Command(.timeline, "timelinePlay", [KeyChord("space")], input: "Space (timeline shown)", help: "replay from the playhead / pause",
                details: "with the timeline shown: replay the recorded input from the playhead with the current values, or pause the replay",
                when: { $0.timeline.isShown }, action: { _ in .timeline(.togglePlayback) }),
        Command(.timeline, "timelineStep", [KeyChord("left"), KeyChord("right"), .shift("left"), .shift("right")],
                input: "Left / Right, with Shift (timeline shown)", help: "one frame back / on; Shift: one second",
                details: "with the timeline shown: move the playhead one 60 Hz frame back or on; with Shift, one second",
                repeats: true, when: { $0.timeline.isShown }, action: { c in .timeline(.step((c.key.name == "left" ? -1 : 1) * (c.modifiers.contains(.shift) ? 1 : 1.0 / 60))) }),
        Command(.timeline, "timelineEnds", [KeyChord("home"), KeyChord("end")], input: "Home / End (timeline shown)", help: "the start / live again at the newest moment",
                details: "with the timeline shown: the playhead to the strip's start; End goes live again at the newest moment (nothing recorded is lost)",
                when: { $0.timeline.isShown }, action: { c in c.key.name == "home" ? .timeline(.toStart) : .timeline(.resumeLive) }),
        Command(.timeline, "timelineRange", [KeyChord("i"), KeyChord("o"), .shift("i")], input: "`I` / `O`, Shift+`I` (timeline shown)",
                help: "loop from / to the playhead; Shift+I: no loop",
                details: "with the timeline shown: mark where the replay loops from (`I`) or to (`O`) at the playhead; Shift+`I` clears the loop",
                when: { $0.timeline.isShown }, action: { c in .timeline(c.modifiers.contains(.shift) ? .clearRange : c.key.name == "o" ? .markRangeEnd : .markRangeStart) }),
        Command(.timeline, "graph", [KeyChord("g")], input: "`G` (timeline shown)", help: "graph a channel of the focused item; again: the next",
                details: "with the timeline shown: plot a channel of the focused item (width, offset, scale, ...) and its speed over the timeline, with a spring's overshoot and settle time or where an ease peaks; again for the next channel, then none",
                when: { $0.timeline.isShown }, action: { _ in .timeline(.nextGraphChannel) }),
        // Time
        Command(.time, "pause", [KeyChord("space")], input: "Space", help: "pause / resume every animation and timer",
                details: "pause / resume every animation and timer (auto-advance included)",
                action: { _ in .time(.togglePause) }),
        Command(.time, "step", [KeyChord("period")], input: "`.`", help: "pause on the current frame; each press steps 1/60 s",
                details: "pause on the current frame; then each press steps one 60 Hz frame (1/60 s)",
                repeats: true, action: { _ in .time(.stepFrame) }),
        Command(.time, "slowMotion", [KeyChord("comma")], input: "`,`", help: "slow motion: 1/2, 1/4, 1/10 and back to 1×",
                details: "slow motion: cycles 1/2, 1/4, 1/10 and back to 1× (animations and timers alike)",
                action: { _ in .time(.cycleSlowMotion) }),
        // Capture and share
        Command(.capture, "screenshot", [KeyChord("f12"), .ctrl("p")], input: "`F12` or Ctrl+P",
                help: "screenshot (PNG + JSON to reproduce it with capture)",
                details: "screenshot: a PNG of the window and a JSON sidecar to reproduce it (see [Screenshots](#screenshots))",
                action: { _ in .capture(.requestScreenshot) }),
        Command(.capture, "record", [.ctrl("r")], input: "Ctrl+R", help: "record a clip: start / stop (MP4 in the screenshots folder)",
                details: "start / stop recording a clip, re-rendered frame-exact as MP4 (and GIF with `--gif`) into the screenshots folder (see [Record](#record))",
                action: { _ in .capture(.toggleRecording) }),
        Command(.capture, "replay", [.shift("f12")], input: "Shift+`F12`", help: "instant replay: save the last 10 s as a clip",
                details: "instant replay: save the last 10 seconds (`--replay SECONDS`) as a clip", action: { _ in .capture(.saveReplay) }),
        Command(.capture, "exportCode", [.ctrl("e")], input: "Ctrl+E", help: "export the style as SwiftUI and as a web page",
                details: "export the focused style with its values as a SwiftUI view and as a web page into the screenshots folder (see [Export](#export))",
                action: { _ in .capture(.exportCode) }),
        Command(.capture, "copySaved", [KeyChord("c", [.ctrl, .shift])], input: "Ctrl+Shift+C", help: "copy the last screenshot, clip or export",
                details: "copy the last screenshot, clip or export to the clipboard: a PNG or GIF as an image, other files as a file (needs xclip)",
                action: { _ in .capture(.copySaved) }),
        Command(.capture, "revealSaved", [KeyChord("o", [.ctrl, .shift])], input: "Ctrl+Shift+O", help: "show the last one in the file manager",
                details: "show the last screenshot, clip or export in the file manager", action: { _ in .capture(.revealSaved) }),
        Command(.capture, "pasteDeck", [.ctrl("v")], input: "Ctrl+V, drop files", help: "new deck: paste or drop images, a folder, a deck or a URL",
                details: "make the deck from paths or URLs on the clipboard, or from files, a folder, a deck file or a URL dropped onto the window (see [Your own images](#your-own-images))",
                action: { _ in .capture(.pasteDeck) }),
        // Tuning panel
        Command(.panel, "panel", [KeyChord("p")], input: "`P`", help: "show / hide the tuning panel",
                details: "show / hide the tuning panel (below); it takes the keyboard focus", action: { _ in .chrome(.togglePanel) }),
        Command(.panel, "slider", [], input: "drag a slider, Shift-drag", help: "set a value; Shift: a tenth as fast",
                details: "set a value under the pointer; Shift: a tenth as fast, in tenth steps", scope: .panel),
        Command(.panel, "typeValue", [], input: "double-click a value", help: "type it exactly (Enter commits, Escape cancels)",
                details: "type it exactly (digits, `.`, `-`; Backspace, Enter commits, Escape cancels)", scope: .panel),
        Command(.panel, "panelKeys", [], input: "Up / Down, Left / Right", help: "choose a row; adjust it (Shift: finer)",
                details: "with the panel open: choose a row; adjust it (Shift: a tenth of a step; a curve: its presets)", scope: .panel),
        Command(.panel, "panelEdit", [], input: "Enter, `R`, Shift+`R`", help: "type or toggle the row; reset it; reset all",
                details: "with the panel open: type the selected value (or curve) or flip / cycle / load it; reset it; reset all",
                scope: .panel),
        Command(.panel, "undo", [.ctrl("z")], input: "Ctrl+Z, Ctrl+Shift+Z / Ctrl+Y", help: "undo / redo a parameter change",
                details: "undo / redo a parameter change (one step per drag, typed value, reset or preset)",
                repeats: true, action: { _ in .values(.undo) }),
        Command(.panel, "redo", [KeyChord("z", [.ctrl, .shift]), .ctrl("y")], input: "Ctrl+Shift+Z", help: "redo", listed: false,
                repeats: true, action: { _ in .values(.redo) }),
        Command(.panel, "savePreset", [.ctrl("s")], input: "Ctrl+S", help: "save the values as a named preset",
                details: "save the values as a named preset (the name field opens filled with style and time; Enter saves)",
                action: { _ in .capture(.savePreset) }),
        Command(.panel, "deletePreset", [], input: "Delete (or Backspace), twice", help: "your preset selected: delete it",
                details: "with one of your presets selected: delete it (the first press asks; Escape keeps it)", scope: .panel),
        Command(.panel, "renamePreset", [], input: "`F2`, double-click a preset", help: "rename one of your presets",
                details: "rename one of your presets (Enter renames, Escape cancels)", scope: .panel),
        Command(.panel, "copy", [.ctrl("c")], input: "Ctrl+C", help: "copy the values as JSON and Swift",
                details: "copy the values to the clipboard as JSON and as a Swift snippet",
                action: { _ in .capture(.copyValues) }),
        // Compare
        Command(.compare, "duplicatePane", [.ctrl("d")], input: "Ctrl+D", help: "duplicate the focused variant (up to four)",
                details: "compare: duplicate the focused pane into a new variant beside it (up to four; see [Compare](#compare))",
                action: { _ in .panes(.duplicate) }),
        Command(.compare, "closePane", [.ctrl("w")], input: "Ctrl+W", help: "close the focused variant",
                details: "compare: close the focused pane (the last one stays)", action: { _ in .panes(.close) }),
        Command(.compare, "focusPane", (1...4).map { KeyChord.ctrl(Key(String($0))) }, input: "Ctrl+1-4, click a pane",
                help: "focus a variant; the panel and presets edit it",
                details: "compare: focus a pane; the tuning panel, presets and `1`-`5` act on the focused variant",
                action: { c in .panes(.focus((Int(c.key.name) ?? 1) - 1)) }),
        // Window
        Command(.window, "status", [KeyChord("f3")], input: "`F3`", help: "status line: frame rate, frame time, speed and state",
                details: "status line: frame rate, frame time, speed, style and the style's state",
                action: { _ in .chrome(.toggleStatus) }),
        Command(.window, "help", [KeyChord("f1"), KeyChord("question"), .shift("slash")], input: "`F1` or `?` (Shift+/)",
                help: "this help; F1 or Escape hides it", details: "every key and gesture; `F1` or Escape hides it",
                action: { _ in .chrome(.toggleHelp) }),
        Command(.window, "escape", [KeyChord("escape")], input: "Escape", help: "hide the help; stop a replay or scrub: live again",
                details: "hide the help card; with the timeline scrubbed or replaying, live again at the newest moment (a press, the wheel or a key in the carousel goes live from the moment shown instead, dropping what came after it)",
                when: { $0.chrome.helpShown || !$0.timeline.isLive }, action: { _ in .chrome(.escape) }),
        Command(.window, "scrollHelp", [KeyChord("up"), KeyChord("down")], input: "Up / Down (help shown)", help: "scroll the help",
                listed: false, repeats: true, when: { $0.chrome.helpShown }, action: { c in .chrome(.scrollHelp(c.key.name == "up" ? -HelpCard.lineHeight * 3 : HelpCard.lineHeight * 3)) }),
        Command(.window, "quit", [.ctrl("q")], input: "Ctrl+Q", help: "quit", action: { _ in .quit }),
    ]
}
