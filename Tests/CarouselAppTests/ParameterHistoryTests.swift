import CarouselApp
import CarouselStyles
import Testing

/// The undo history on its own: steps hold only what changed, undo and redo walk them, held keys merge.
@Suite("Parameter history")
struct ParameterHistoryTests {
    let base: [String: ParameterValue] = ["width": .number(150), "spacing": .number(20), "curve": .text("easeInOut")]

    func with(_ changes: [String: ParameterValue]) -> [String: ParameterValue] { base.merging(changes) { $1 } }

    @Test("A step keeps only the keys that changed, with their old and new values")
    func recordsChangedKeysOnly() {
        var h = ParameterHistory()
        let recorded = h.record("Width", from: base, to: with(["width": .number(200)]))
        #expect(recorded)
        #expect(h.undoSteps.count == 1)
        #expect(h.undoSteps[0].changes == [.init(key: "width", old: .number(150), new: .number(200))])
        #expect(h.undoSteps[0].before == ["width": .number(150)])
        #expect(h.undoSteps[0].after == ["width": .number(200)])
    }

    @Test("Nothing changed records nothing")
    func noOp() {
        var h = ParameterHistory()
        let recorded = h.record("Width", from: base, to: base)
        #expect(!recorded)
        #expect(!h.canUndo)
    }

    @Test("Undo and redo walk the steps in order; a new step clears the redo list")
    func undoRedo() {
        var h = ParameterHistory()
        h.record("Width", from: base, to: with(["width": .number(200)]))
        h.record("Spacing", from: with(["width": .number(200)]), to: with(["width": .number(200), "spacing": .number(8)]))
        #expect(h.undo()?.label == "Spacing")
        #expect(h.undo()?.before == ["width": .number(150)])
        #expect(h.undo() == nil)
        #expect(h.redo()?.after == ["width": .number(200)])
        #expect(h.canRedo)
        h.record("Curve", from: base, to: with(["curve": .text("ease")]))
        #expect(!h.canRedo)
        #expect(h.undoSteps.map(\.label) == ["Width", "Curve"])
    }

    @Test("With merging, steps with the same tag become one that keeps the earliest old value")
    func merging() {
        var h = ParameterHistory()
        h.record("Width", from: base, to: with(["width": .number(151)]), tag: "key width")
        h.record("Width", from: with(["width": .number(151)]), to: with(["width": .number(152)]), tag: "key width", merging: true)
        h.record("Width", from: with(["width": .number(152)]), to: with(["width": .number(153)]), tag: "key width", merging: true)
        #expect(h.undoSteps.count == 1)
        #expect(h.undoSteps[0].changes == [.init(key: "width", old: .number(150), new: .number(153))])
        // Without merging (a new press), or with another tag, a new step starts.
        h.record("Width", from: with(["width": .number(153)]), to: with(["width": .number(154)]), tag: "key width")
        h.record("Spacing", from: base, to: with(["spacing": .number(9)]), tag: "key spacing", merging: true)
        #expect(h.undoSteps.count == 3)
        // A merged step that ends where it began disappears.
        h.record("Spacing", from: with(["spacing": .number(9)]), to: base, tag: "key spacing", merging: true)
        #expect(h.undoSteps.count == 2)
    }

    @Test("The oldest steps go beyond the limit")
    func limit() {
        var h = ParameterHistory(limit: 3)
        for w in 1...5 { h.record("W\(w)", from: base, to: with(["width": .number(Double(w))])) }
        #expect(h.undoSteps.map(\.label) == ["W3", "W4", "W5"])
    }
}
