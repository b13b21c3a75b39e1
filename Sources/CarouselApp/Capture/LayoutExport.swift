import CarouselCore
import CarouselSupport
import Foundation

/// What is on screen, in the `capture --layout` format, and the sidecars of screenshots and clips.
extension Preview {
    /// The focused pane's style state plus the window's (auto-advance, pause), for `capture --layout` and sidecars.
    public var state: [JSONMember] { focused.state(timePaused: time.isPaused) }

    /// What is on screen now: the focused pane's style, time, state, values and items (frames in window pixels),
    /// the window's size, `panes`: one entry per pane with its label, style, frame, values, state and items, and
    /// whether the tuning panel is open, the deck, and the timeline (its playhead, null when live; its start and end;
    /// whether live; the loop range).
    public func layoutJSON() -> JSONValue {
        .object([
            JSONMember("style", .string(definition.name)),
            JSONMember("time", .number(styleTime)),
            JSONMember("size", .array([.number(windowSize.width), .number(windowSize.height)])),
            JSONMember("items", .array(focused.layoutItems())),
            JSONMember("state", .object(state)),
            JSONMember("parameters", currentParameters.json),
            JSONMember("panes", .array(panes.map(paneJSON))),
            JSONMember("panelOpen", .bool(panel.isVisible)),
            JSONMember("deck", deckJSON),
            JSONMember("timeline", timeline.json(liveEnd: styleTime)),
            JSONMember("reducedMotion", .bool(reducesMotion)),
            JSONMember("keyboardFocus", carouselHasFocus ? "carousel" : panelHasFocus ? "panel" : .null),
            JSONMember("checks", checks.layoutJSON),
        ])
    }

    /// The deck every pane shows: its name, its size and first `layoutDeckImages` images in order, where it came
    /// from when one path or URL says so, and the problems of the last drop or paste that loaded it.
    private var deckJSON: JSONValue {
        .object([
            JSONMember("name", .string(deck.name)),
            JSONMember("count", .number(Double(deck.items.count))),
            JSONMember("images", .array(deck.items.prefix(Preview.layoutDeckImages).map { .string($0.image) })),
            JSONMember("source", deckSource.map { .string($0) } ?? .null),
            JSONMember("problems", .array(deckProblems.map { .string($0) })),
        ])
    }

    /// The most deck images the layout lists (it is written after every changed frame; a deck may be huge).
    static let layoutDeckImages = 100

    private func paneJSON(_ pane: Pane) -> JSONValue {
        let f = pane.frame
        return .object([
            JSONMember("label", .string(pane.name)),
            JSONMember("differences", .array((panes.count > 1 && pane !== panes[0] ? pane.differences(from: panes[0]) : []).map { .string($0) })),
            JSONMember("style", .string(pane.definition.name)),
            JSONMember("focused", .bool(pane === focused)),
            JSONMember("frame", .array([f.x, f.y, f.width, f.height].map { .number($0) })),
            JSONMember("parameters", pane.currentParameters.json),
            JSONMember("state", .object(pane.state(timePaused: time.isPaused))),
            JSONMember("items", .array(pane.layoutItems())),
        ])
    }

    /// A screenshot's sidecar: see `sidecar(named:kind:)`.
    public func screenshotSidecar(png: String) -> JSONValue { sidecar(named: (png as NSString).lastPathComponent, kind: "screenshot") }

    /// The sidecar of a screenshot or clip named `name`: the layout (style, time, size, items, state, parameters,
    /// panes), `kind: name`, the input the focused pane received since its style appeared, and `variants`: every
    /// pane's name, style, values and input, so `carousel-lab capture --params SIDECAR` draws the same frame, the
    /// whole comparison included.
    public func sidecar(named name: String, kind: String) -> JSONValue {
        var members = layoutJSON().members ?? []
        members.insert(JSONMember(kind, .string(name)), at: 0)
        members.append(JSONMember("input", Preview.inputJSON(focused)))
        if focused.recording.isTruncated { members.append(JSONMember("inputTruncated", .bool(true))) }
        members.append(JSONMember("variants", .array(panes.map { pane in
            .object([
                JSONMember("name", .string(pane.name)),
                JSONMember("style", .string(pane.definition.name)),
                JSONMember("parameters", pane.currentParameters.json),
                JSONMember("input", Preview.inputJSON(pane)),
            ])
        })))
        return .object(members)
    }

    /// A pane's input and the values changed while its style ran, as the lines of an `--input` script.
    private static func inputJSON(_ pane: Pane) -> JSONValue { .array(pane.scriptLines.map { .string($0) }) }
}
