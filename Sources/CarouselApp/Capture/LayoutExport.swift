import CarouselCore
import CarouselSupport
import Foundation

/// What is on screen, in the `capture --layout` format, and the sidecars of screenshots and clips: read from the
/// window's state and the runtime built from it.
@MainActor
public enum LayoutExport {
    /// The most deck images the layout lists (it is written after every changed frame; a deck may be huge).
    static let layoutDeckImages = 100

    /// What is on screen now: the focused pane's style, time, state, values and items (frames in window pixels),
    /// the window's size, `panes`: one entry per pane with its label, style, frame, values, state and items, and
    /// whether the tuning panel is open, the deck, and the timeline (its playhead, null when live; its start and end;
    /// whether live or replaying; the loop range); with `chrome` (the window's layout file), where the window's own
    /// surfaces and marks are.
    public static func layoutJSON(_ state: WindowState, _ runtime: WindowRuntime, chrome: Bool = false) -> JSONValue {
        // In the window a long replay is made a slice per update (the items show the last frame meanwhile).
        if !runtime.slicesReplays { runtime.makePendingReplay() }
        let focused = runtime.panes.focused
        var members: [JSONMember] = [
            JSONMember("style", .string(state.focused.styleName)),
            // Rounded as the timeline's playhead is, so the file's four decimals never tell them apart.
            JSONMember("time", .number(TimelineState.round6(state.focusedStyleTime))),
            JSONMember("size", .array([.number(state.size.width), .number(state.size.height)])),
            JSONMember("items", .array(focused.layoutItems())),
            JSONMember("state", .object(focused.state(timePaused: state.time.isPaused))),
            JSONMember("parameters", state.focused.currentParameters.json),
            JSONMember("panes", .array(zip(state.panes, runtime.panes.runtimes).enumerated().map { paneJSON(state, $0.element.0, $0.element.1, index: $0.offset) })),
            JSONMember("panelOpen", .bool(state.chrome.panelOpen)),
            JSONMember("deck", deckJSON(state.deck)),
            JSONMember("timeline", state.timeline.json(playhead: state.focusedStyleTime, liveEnd: state.focusedStyleTime)),
            JSONMember("reducedMotion", .bool(state.motion.reducesMotion)),
            JSONMember("keyboardFocus", runtime.carouselHasFocus ? "carousel" : runtime.panelHasFocus ? "panel" : .null),
            JSONMember("checks", runtime.checks.layoutJSON),
        ]
        if chrome { members.append(JSONMember("chrome", runtime.chromeJSON)) }
        return .object(members)
    }

    /// The deck every pane shows: its name, its size and first `layoutDeckImages` images in order, where it came
    /// from when one path or URL says so, and the problems of the last drop or paste that loaded it.
    private static func deckJSON(_ deck: DeckState) -> JSONValue {
        .object([
            JSONMember("name", .string(deck.deck.name)),
            JSONMember("count", .number(Double(deck.deck.items.count))),
            JSONMember("images", .array(deck.deck.items.prefix(layoutDeckImages).map { .string($0.image) })),
            JSONMember("source", deck.source.map { .string($0) } ?? .null),
            JSONMember("problems", .array(deck.problems.map { .string($0) })),
        ])
    }

    private static func paneJSON(_ state: WindowState, _ pane: PaneState, _ runtime: PaneRuntime, index: Int) -> JSONValue {
        let f = runtime.frame
        return .object([
            JSONMember("label", .string(pane.name)),
            JSONMember("differences", .array((state.isComparing && index > 0 ? pane.differences(from: state.panes[0]) : []).map { .string($0) })),
            JSONMember("style", .string(pane.styleName)),
            JSONMember("focused", .bool(index == state.focusedIndex)),
            JSONMember("frame", .array([f.x, f.y, f.width, f.height].map { .number($0) })),
            JSONMember("parameters", pane.currentParameters.json),
            JSONMember("state", .object(runtime.state(timePaused: state.time.isPaused))),
            JSONMember("items", .array(runtime.layoutItems())),
        ])
    }

    /// The sidecar of a screenshot or clip named `name`: the layout (style, time, size, items, state, parameters,
    /// panes), `kind: name`, the input the focused pane received since its style appeared, and `variants`: every
    /// pane's name, style, values and input, so `carousel-lab capture --params SIDECAR` draws the same frame, the
    /// whole comparison included.
    public static func sidecar(_ state: WindowState, _ runtime: WindowRuntime, named name: String, kind: String) -> JSONValue {
        var members = layoutJSON(state, runtime).members ?? []
        members.insert(JSONMember(kind, .string(name)), at: 0)
        members.append(JSONMember("input", inputJSON(state.focused)))
        if let effect = effectJSON(state.focused) { members.append(JSONMember("effect", effect)) }
        if state.focused.recording.isTruncated { members.append(JSONMember("inputTruncated", .bool(true))) }
        members.append(JSONMember("variants", .array(state.panes.map { pane in
            .object([
                JSONMember("name", .string(pane.name)),
                JSONMember("style", .string(pane.styleName)),
                JSONMember("parameters", pane.currentParameters.json),
                JSONMember("input", inputJSON(pane)),
            ] + (effectJSON(pane).map { [JSONMember("effect", $0)] } ?? []))
        })))
        return .object(members)
    }

    /// The effect file a pane's style came from, as it is now (its path and text), so the sidecar draws the same
    /// frame after the file changed; nil for a built-in style or a gallery effect.
    private static func effectJSON(_ pane: PaneState) -> JSONValue? {
        guard case .file(let path, let text) = pane.style.origin else { return nil }
        return .object([JSONMember("path", .string(path)), JSONMember("text", .string(text))])
    }

    /// A pane's input and the values changed while its style ran, as the lines of an `--input` script.
    private static func inputJSON(_ pane: PaneState) -> JSONValue { .array(pane.scriptLines.map { .string($0) }) }
}
