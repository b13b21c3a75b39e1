@testable import CarouselApp
import CarouselCore
import CarouselStyles
import CarouselTesting
import Testing

/// The panes slice (and the closed pane's rule) as state and effects: compare's variants, styles, the deck, the size
/// and the recorded input.
@Suite("Panes reducer")
@MainActor
struct PanesReducerTests {
    @Test("Ctrl+D copies the focused variant (every style's values) and focuses it; four at most; Ctrl+1-4 focus")
    func duplicateAndFocus() {
        var h = ReducerHarness()
        h.state.time.seek(toScene: 2)
        h.send(.panes(.duplicate)) {
            var copy = PaneState(id: 2, name: "variant 2", style: $0.panes[0].style, start: 2)
            copy.parameters = $0.panes[0].parameters
            $0.panes.append(copy)
            $0.focusedIndex = 1
            $0.nextPaneID = 3
            $0.chrome.message = Message("Variant 2: a copy of variant 1; the panel edits it")
        }
        h.send(.panes(.focus(0))) { $0.focusedIndex = 0 }
        h.send(.panes(.focus(0)))
        h.send(.panes(.focus(7)))
        h.send(.panes(.duplicate)) { $0.panes.append({ var c = PaneState(id: 3, name: "variant 3", style: $0.panes[0].style, start: 2); c.parameters = $0.panes[0].parameters; return c }($0)); $0.focusedIndex = 2; $0.nextPaneID = 4; $0.chrome.message = Message("Variant 3: a copy of variant 1; the panel edits it") }
        h.send(.panes(.duplicate)) { $0.panes.append({ var c = PaneState(id: 4, name: "variant 4", style: $0.panes[2].style, start: 2); c.parameters = $0.panes[2].parameters; return c }($0)); $0.focusedIndex = 3; $0.nextPaneID = 5; $0.chrome.message = Message("Variant 4: a copy of variant 3; the panel edits it") }
        let before = h.state
        _ = AppReducer.reduce(&h.state, .panes(.duplicate))
        #expect(h.state.panes == before.panes && h.state.chrome.message?.isError == true, "a fifth is refused in one line")
    }

    @Test("Ctrl+W closes the focused variant (never the last); Ctrl+Z brings it back with its values and history until the variants change")
    func closeAndReopen() {
        var h = ReducerHarness(styles: ["expand", "loop"])
        h.send(.panes(.focus(1))) { $0.focusedIndex = 1 }
        let loop = h.state.panes[1]
        h.send(.panes(.close)) {
            $0.panes.remove(at: 1); $0.focusedIndex = 0
            $0.closedPane = WindowState.ClosedPane(pane: loop, index: 1)
            $0.chrome.message = Message("Closed variant 2 · Ctrl+Z brings it back")
        }
        h.send(.panes(.close)) { $0.chrome.message = Message("The last variant cannot be closed") }
        h.send(.chrome(.toggleHelp)) { $0.chrome.helpShown = true }
        h.send(.values(.undo)) { $0.panes.insert(loop, at: 1); $0.focusedIndex = 1; $0.closedPane = nil; $0.chrome.message = Message("Brought back variant 2") }
        // Closed again, then a value changes: Ctrl+Z is an undo of values again, the variant stays closed.
        h.send(.panes(.close)) { $0.panes.remove(at: 1); $0.focusedIndex = 0; $0.closedPane = WindowState.ClosedPane(pane: loop, index: 1); $0.chrome.message = Message("Closed variant 2 · Ctrl+Z brings it back") }
        var wide = h.state.focused.currentParameters
        try! wide.set("itemWidth", .number(200))
        h.send(.values(.set(wide))) { $0.panes[0].setValues(wide, at: 0, undo: nil); $0.closedPane = nil }
    }

    @Test("A style switch keeps each style's values, starts a new recording, ends a clip under way and goes live")
    func switchStyle() {
        var h = ReducerHarness()
        h.state.time.seek(toScene: 4)
        h.state.panes[0].recording.record(.pointerMove(Point(1, 1)), at: 1, size: Size(1280, 720))
        h.state.capture.clipStart = 1
        h.state.timeline.setShown(true)
        _ = h.state.timeline.scrub(to: 2, liveTime: 4, timePaused: false)
        let stitch = StyleRegistry.style(named: "stitch")!
        h.send(.panes(.switchStyle(stitch, announce: true)), [.saveClip(from: 1, to: 4, label: "Clip")]) {
            $0.capture.clipStart = nil
            $0.timeline.goLive()
            $0.panes[0].switchStyle(to: stitch, at: 4)
            $0.chrome.message = Message("Style stitch")
        }
        #expect(h.state.focused.recording.count == 0 && h.state.focused.styleStart == 4 && h.state.focused.parameters.keys.sorted() == ["expand", "stitch"])
        h.send(.panes(.switchStyle(stitch)))
    }

    @Test("A new deck restarts every pane's style; an empty one changes nothing; a resize sets the size; input is recorded while live")
    func deckSizeRecord() {
        var h = ReducerHarness(styles: ["expand", "paging"])
        h.state.time.seek(toScene: 3)
        let deck = Deck.sample(count: 3)
        h.send(.panes(.replaceDeck(deck, source: "/photos", problems: ["x.jpg: empty file"]))) {
            $0.deck = DeckState(deck: deck, source: "/photos", replaced: true, problems: ["x.jpg: empty file"], version: 1)
            $0.panes[0].restart(at: 3); $0.panes[1].restart(at: 3)
        }
        h.send(.panes(.replaceDeck(Deck(name: "none", items: []), source: nil, problems: [])))
        h.send(.panes(.resize(Size(0, 500)))) { $0.size = Size(1, 500) }
        h.send(.panes(.resize(Size(1000, 600)))) { $0.size = Size(1000, 600) }
        h.send(.panes(.record(2, .pointerDown(Point(10, 20), .left)))) { $0.panes[1].recording.record(.pointerDown(Point(10, 20), .left), at: 0, size: $0.paneFrames[1].size) }
        h.send(.panes(.imagesChanged), [.imagesChanged])
    }
}
