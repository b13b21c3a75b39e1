@testable import CarouselApp
import CarouselCore
import CarouselStyles
import CarouselSupport
import CarouselTesting
import Testing

/// The values slice as state and effects: edits, parameter files, scripts, undo and redo, auto-advance.
@Suite("Values reducer")
@MainActor
struct ValuesReducerTests {
    func values(_ h: ReducerHarness, _ key: String, _ v: ParameterValue, pane: Int = 0) -> Parameters {
        var p = h.state.panes[pane].currentParameters
        try! p.set(key, v)
        return p
    }

    @Test("An edit sets the pane's values, notes the change at its style time, and with a label is one undo step; undo and redo take it back and again")
    func editUndoRedo() {
        var h = ReducerHarness(styles: ["expand", "stitch"])
        h.state.time.seek(toScene: 2)
        let before = h.state.panes[0].currentParameters
        let wide = values(h, "itemWidth", .number(200))
        h.send(.values(.set(wide, undo: UndoLabel("Item width")))) { $0.panes[0].setValues(wide, at: 2, undo: UndoLabel("Item width")) }
        #expect(h.state.panes[0].valueChanges == [ValueChange(time: 2, key: "itemWidth", old: before.values["itemWidth"]!, new: .number(200))])
        #expect(h.state.panes[0].history(for: "expand").undoSteps.count == 1)
        h.send(.values(.undo)) {
            var history = $0.panes[0].history(for: "expand"); _ = history.undo(); $0.panes[0].histories["expand"] = history
            $0.panes[0].setValues(before, at: 2, undo: nil)
            $0.chrome.message = Message("Undo: Item width")
        }
        h.send(.values(.redo)) {
            var history = $0.panes[0].history(for: "expand"); _ = history.redo(); $0.panes[0].histories["expand"] = history
            $0.panes[0].setValues(wide, at: 2, undo: nil)
            $0.chrome.message = Message("Redo: Item width")
        }
        h.send(.values(.redo)) { $0.chrome.message = Message("Nothing to redo") }
        // Another pane, by id; the focused pane keeps its values.
        let seamless = values(h, "normalSpacing", .number(0), pane: 1)
        h.send(.values(.set(seamless, pane: 2))) { $0.panes[1].setValues(seamless, at: 2, undo: nil) }
    }

    @Test("A drag's end records one undo step from its start; while scrubbed an edit replays the moment and notes no change")
    func dragAndScrubbed() {
        var h = ReducerHarness()
        let before = h.state.focused.currentParameters
        let wide = values(h, "itemWidth", .number(190))
        h.send(.values(.set(wide))) { $0.panes[0].setValues(wide, at: 0, undo: nil) }
        h.send(.values(.recordUndo("Item width", before: before.values))) {
            $0.panes[0].histories["expand", default: ParameterHistory()].record("Item width", from: before.values, to: wide.values)
        }
        h.state.time.seek(toScene: 3)
        h.send(.timeline(.scrub(1)), [.replay(toStyleTime: 1)]) { _ = $0.timeline.scrub(to: 1, liveTime: 3, timePaused: false); $0.time.setPaused(true); $0.time.seek(toScene: 1); $0.panes[0].valueChanges = [] }
        let slow = values(h, "expandDuration", .number(0.9))
        h.send(.values(.set(slow)), [.replay(toStyleTime: 1)]) { $0.panes[0].setValues(slow, at: nil, undo: nil) }
        #expect(h.state.focused.valueChanges.isEmpty, "a replay plays the whole input with the values as they are")
    }

    @Test("A parameter file applies its good values and reports each problem; a script's set is one undo step, a bad one a problem")
    func filesAndScripts() throws {
        var h = ReducerHarness()
        let json = try JSONParser.parse(#"{"itemWidth": 170, "nope": 3}"#)
        var p = h.state.focused.currentParameters
        let problems = p.apply(json: json, file: "p.json")
        #expect(problems.count == 1)
        h.send(.values(.applyFile(json, file: "p.json")), problems.map { .report($0) }) { $0.panes[0].setValues(p, at: 0, undo: nil) }
        let spaced = values(h, "spacing", .number(20))
        h.send(.values(.setScripted("spacing", .number(20)))) { $0.panes[0].setValues(spaced, at: 0, undo: UndoLabel("Spacing")) }
        h.send(.values(.setScripted("spacing", .number(-5))), [.report("set: spacing: -5 is out of range 0...200")]) {
            $0.chrome.message = .problem("set: spacing: -5 is out of range 0...200")
        }
    }

    @Test("A turns auto-advance on in every pane and says how often")
    func autoAdvance() {
        var h = ReducerHarness(styles: ["expand", "paging"])
        let on0 = values(h, "autoAdvance", .bool(true)), on1 = values(h, "autoAdvance", .bool(true), pane: 1)
        h.send(.values(.toggleAutoAdvance)) {
            $0.panes[0].setValues(on0, at: 0, undo: nil)
            $0.panes[1].setValues(on1, at: 0, undo: nil)
            $0.chrome.message = Message("Auto-advance on, every 3 s")
        }
    }
}
