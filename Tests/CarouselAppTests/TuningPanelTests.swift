import CarouselSupport
import CarouselApp
import CarouselCore
import CarouselStyles
import CarouselTesting
import Foundation
import Testing

/// The tuning panel driven like a user would, with the input simulator over a Preview on the manual clock.
@Suite("Tuning panel", .serialized)
@MainActor
struct TuningPanelTests {
    // itemWidth's slider: 80...300 pt, linear (it accepts 40...600 in steps of 1), default 150.
    let lo = 80.0, hi = 300.0

    // MARK: Showing

    @Test("P shows and hides the panel on the right, 320 pt wide, full height")
    func tabToggles() throws {
        let f = try PanelFixture()
        defer { f.cleanUp() }
        #expect(!f.preview.panel.isVisible)
        f.open()
        #expect(f.preview.panel.isVisible)
        #expect(f.preview.panel.frame == Rect(960, 0, 320, 720))
        #expect(f.sim.renderer.draws.texts.contains("Tuning · expand"))
        // An open panel costs no frames while nothing changes, nor does the pointer moving within one row.
        f.sim.wait(1)
        #expect(!f.preview.needsFrame)
        f.sim.move(1100, 104)
        f.preview.handle(.pointerMove(Point(1101, 106)))
        #expect(!f.preview.needsFrame)
        f.sim.key("p")
        #expect(!f.preview.panel.isVisible)
        #expect(!f.sim.renderer.draws.texts.contains("Tuning · expand"))
    }

    @Test("Every style's panel has a row for every parameter of its schema, a plot under each curve, and its presets")
    func rowsForEverySchemaParameter() throws {
        let f = try PanelFixture()
        defer { f.cleanUp() }
        f.open()
        for type in StyleRegistry.all {
            let name = type.descriptor.name
            try f.preview.switchStyle(to: name)
            f.sim.frame()
            for spec in StyleRegistry.schema(of: type) {
                let row = try #require(f.node("panel.row.parameter.\(spec.key)"), "\(name): no row for \(spec.key)")
                let labels = row.children.compactMap { $0.text?.string }
                #expect(labels.contains(spec.label), "\(name).\(spec.key): label \(spec.label) missing")
                if spec.kind == .curve { #expect(f.node("panel.row.plot.\(spec.key)") != nil) }
            }
            #expect(f.node("panel.row.savePreset") != nil)
            #expect(f.preview.panel.presetEntries.filter(\.isShipped).count == 7, "\(name) ships 7 presets")
            #expect(f.node("panel.row.preset.6") != nil)
        }
    }

    @Test("The panel follows window resizes: still on the right, full height, scroll kept inside the content")
    func resize() throws {
        let f = try PanelFixture()
        defer { f.cleanUp() }
        f.open()
        f.sim.move(1100, 300)
        f.sim.wheel(dy: -100)
        let deepest = f.preview.panel.scroll
        #expect(deepest > 0)
        f.sim.send(.resize(Size(800, 1000)))
        #expect(f.preview.panel.frame == Rect(480, 0, 320, 1000))
        #expect(f.preview.panel.scroll == deepest - 280)
        // Narrower than 320 + the 40-pt strip of style: the panel narrows, down to 180 pt, giving up the strip first.
        f.sim.send(.resize(Size(300, 300)))
        #expect(f.preview.panel.frame == Rect(40, 0, 260, 300))
        f.sim.send(.resize(Size(200, 300)))
        #expect(f.preview.panel.frame == Rect(20, 0, 180, 300))
        // Narrower still (Xvfb can force sizes under the window's minimum): the panel covers the window, clipping.
        f.sim.send(.resize(Size(1, 1)))
        #expect(f.preview.panel.frame == Rect(0, 0, 1, 1))
        f.sim.frame()
    }

    @Test("Switching style rebuilds the panel for the new style; each style keeps its own undo history")
    func styleSwitch() throws {
        let f = try PanelFixture()
        defer { f.cleanUp() }
        f.open()
        f.sim.key("right")
        #expect(f.number("itemWidth") == 151)
        f.sim.key("2")
        #expect(f.preview.definition.name == "stitch")
        #expect(f.sim.renderer.draws.texts.contains("Tuning · stitch"))
        #expect(f.node("panel.row.parameter.itemWidth") == nil)
        #expect(f.preview.panel.selectedKey == "normalSpacing")
        f.sim.key("z", [.ctrl])
        #expect(f.preview.currentMessage == "Nothing to undo")
        f.sim.key("1")
        f.sim.key("z", [.ctrl])
        #expect(f.number("itemWidth") == 150)
    }

    @Test("A change mid-animation applies live: the running expansion carries on, nothing restarts")
    func liveMidAnimation() throws {
        let f = try PanelFixture()
        defer { f.cleanUp() }
        f.open()
        f.sim.move(270, 350)
        f.sim.wait(0.2)
        func width() -> Double? {
            f.preview.layoutJSON()["items"]?.arrayValue?.first { $0["index"] == .number(1) }?["frame"]?.arrayValue?[2].numberValue
        }
        let before = try #require(width())
        #expect(before > 150 && before < 250, "mid-expansion")
        for _ in 0..<4 { f.sim.key("down") }
        f.sim.key("right")
        #expect(f.number("spacing") == 21)
        let after = try #require(width())
        #expect(after >= before && after < 250, "the expansion neither restarted nor jumped to its end")
        f.sim.wait(0.5)
        #expect(width() == 250)
        #expect(f.state("expanded") == .number(1))
    }

    // MARK: Dragging

    @Test("Dragging a slider sets the value under the pointer at every move, live, as one undo step")
    func dragFollowsPointer() throws {
        let f = try PanelFixture()
        defer { f.cleanUp() }
        f.open()
        let track = try #require(f.frame("panel.slider.track.itemWidth"))
        let fractions = (1...8).map { 0.2 + 0.5 * Double($0) / 8 }
        let start = Point(track.minX + 0.2 * track.width, track.midY)
        f.drag(from: start, through: fractions.map { Point(track.minX + $0 * track.width, track.midY) }) { i in
            // Step 1 pt from 40: the value is the range at the pointer's fraction of the track, rounded.
            #expect(f.number("itemWidth") == (lo + fractions[i] * (hi - lo)).rounded())
        }
        let final = (lo + 0.7 * (hi - lo)).rounded()
        #expect(f.number("itemWidth") == final)
        #expect(f.preview.panel.history(for: "expand").undoSteps.count == 1)
        #expect(f.preview.panel.history(for: "expand").undoSteps.first?.changes ==
                [.init(key: "itemWidth", old: .number(150), new: .number(final))])
        // Live: the style lays its collapsed items out at the new width.
        f.sim.wait(1)
        let widths = f.preview.layoutJSON()["items"]?.arrayValue?.compactMap { $0["frame"]?.arrayValue?[2].numberValue } ?? []
        #expect(!widths.isEmpty && widths.allSatisfy { $0 == final })
    }

    @Test("Shift-drag moves a tenth as fast in tenth steps, from the current value; releasing Shift carries on at full rate")
    func fineDrag() throws {
        let f = try PanelFixture()
        defer { f.cleanUp() }
        f.open()
        let track = try #require(f.frame("panel.slider.track.itemWidth"))
        let perPoint = (hi - lo) / track.width
        let a = Point(track.minX + 0.5 * track.width, track.midY)
        f.shiftDown()
        f.sim.send(.pointerMove(a), .pointerDown(a, .left))
        #expect(f.number("itemWidth") == 150, "a Shift press does not jump to the pointer")
        for dx in stride(from: 10.0, through: 50, by: 10) { f.sim.send(.pointerMove(Point(a.x + dx, a.y))) }
        let fine = ((150 + 50 * perPoint / 10) * 10).rounded() / 10
        #expect(abs(f.number("itemWidth") - fine) < 1e-9)
        f.shiftUp()
        f.sim.send(.pointerMove(Point(a.x + 60, a.y)))
        #expect(f.number("itemWidth") == lo + (fine + 10 * perPoint - lo).rounded())
        f.sim.send(.pointerUp(Point(a.x + 60, a.y), .left))
        #expect(f.preview.panel.history(for: "expand").undoSteps.count == 1)
    }

    @Test("A 15 pt drag on a duration's thumb moves it a little on its log scale, to a multiple of 0.01 s; grabbing the thumb moves nothing")
    func durationDragIsFine() throws {
        let f = try PanelFixture()
        defer { f.cleanUp() }
        f.open()
        let track = try #require(f.frame("panel.slider.track.expandDuration"))
        /// Presses the thumb, drags it `dx` in 3-pt moves and releases; returns the value before the release.
        func dragThumb(by dx: Double) throws -> Double {
            let thumb = try #require(f.frame("panel.slider.thumb.expandDuration"))
            let a = Point(thumb.midX, track.midY)
            let before = f.number("expandDuration")
            f.sim.send(.pointerMove(a), .pointerDown(a, .left))
            #expect(f.number("expandDuration") == before, "a press on the thumb grabs it where it is")
            for k in 1...5 { f.sim.send(.pointerMove(Point(a.x + dx * Double(k) / 5, a.y))) }
            f.sim.send(.pointerUp(Point(a.x + dx, a.y), .left))
            return f.number("expandDuration")
        }
        // The slider runs 0.1...2 s on a log scale: 15 pt of the 86-pt track multiply by 20^(15/86) = 1.69. (On the
        // old linear 0.01...5 s track, 15 pt was 0.87 s.)
        #expect(track.width == 86)
        let up = try dragThumb(by: 15)
        #expect(up == (0.4 * pow(20, 15 / track.width) * 100).rounded() / 100)
        #expect(up > 0.4 && up - 0.4 < 0.3, "0.4 s became \(up) s")
        #expect(abs(up * 100 - (up * 100).rounded()) < 1e-9, "\(up) is on the 0.01 s grid")
        // Shorter durations move by less: from 0.1 s the same drag adds 0.07 s.
        try f.preview.setParameter("expandDuration", .number(0.1))
        f.sim.frame()
        #expect(try dragThumb(by: 15) == 0.17)
        #expect(try dragThumb(by: -15) == 0.1)
    }

    @Test("A value typed past the slider's end is kept and its thumb pins at the end; a scrub of its value carries on from it")
    func valuePastTheSlider() throws {
        let f = try PanelFixture()
        defer { f.cleanUp() }
        f.open()
        let track = try #require(f.frame("panel.slider.track.expandDuration"))
        let box = try #require(f.frame("panel.value.expandDuration"))
        f.sim.click(box.midX, box.midY)
        f.sim.click(box.midX, box.midY)
        f.sim.send(.text("4"))
        f.sim.key("return")
        #expect(f.number("expandDuration") == 4, "the parameter accepts 0.01...5 s; the slider shows 0.1...2")
        #expect(try #require(f.frame("panel.slider.thumb.expandDuration")).midX == track.maxX)
        // Scrubbing the value 15 pt left goes down the same log scale from 4 s, not from the slider's end.
        f.sim.wait(0.5)  // no double-click with the clicks above
        let a = Point(box.midX, box.midY)
        f.sim.send(.pointerMove(a), .pointerDown(a, .left), .pointerMove(Point(a.x - 15, a.y)), .pointerUp(Point(a.x - 15, a.y), .left))
        #expect(f.number("expandDuration") == (4 / pow(20, 15 / track.width) * 100).rounded() / 100)
        #expect(f.number("expandDuration") > 2)
    }

    // MARK: Typing

    @Test("Double-click a value, type, Enter: the exact value applies; the digit keys do not switch style meanwhile")
    func typedValue() throws {
        let f = try PanelFixture()
        defer { f.cleanUp() }
        f.open()
        let box = try #require(f.frame("panel.value.itemWidth"))
        f.sim.click(box.midX, box.midY)
        #expect(f.preview.panel.entryText == nil)
        f.sim.click(box.midX, box.midY)
        #expect(f.preview.panel.entryText == "150")
        for c in ["2", "7", "5", ".", "5"] {
            f.sim.send(.keyDown(Key(c == "." ? "period" : c), [], isRepeat: false), .text(c))
        }
        #expect(f.preview.panel.entryText == "275.5")
        #expect(f.preview.definition.name == "expand")
        #expect(f.number("itemWidth") == 150)
        f.sim.key("return")
        #expect(f.number("itemWidth") == 275.5)
        #expect(f.preview.panel.entryText == nil)
        #expect(f.preview.panel.history(for: "expand").undoSteps.count == 1)
        // Backspace edits; Escape cancels.
        f.sim.click(box.midX, box.midY); f.sim.click(box.midX, box.midY)
        f.sim.send(.text("300"))
        f.sim.key("backspace")
        #expect(f.preview.panel.entryText == "30")
        f.sim.key("escape")
        #expect(f.number("itemWidth") == 275.5)
        #expect(f.preview.panel.entryText == nil)
    }

    @Test("Double-clicking a value off the grid (0.472) edits it whole, and undo after the edit restores it whole")
    func editKeepsTheFullValue() throws {
        let f = try PanelFixture()
        defer { f.cleanUp() }
        try f.preview.setParameter("expandDuration", .number(0.472))
        f.open()
        let box = try #require(f.frame("panel.value.expandDuration"))
        f.sim.click(box.midX, box.midY)
        // The first click (a scrub that did not move) leaves the value off the step's grid, and records nothing.
        #expect(f.number("expandDuration") == 0.472)
        #expect(f.preview.panel.history(for: "expand").undoSteps.isEmpty)
        f.sim.click(box.midX, box.midY)
        #expect(f.preview.panel.entryText == "0.472")
        // Enter on the unchanged text keeps it; an edit, then undo, brings back 0.472, not 0.47.
        f.sim.key("return")
        #expect(f.number("expandDuration") == 0.472)
        f.sim.wait(0.5)
        f.sim.click(box.midX, box.midY); f.sim.click(box.midX, box.midY)
        f.sim.send(.text("0.475"))
        f.sim.key("return")
        #expect(f.number("expandDuration") == 0.475)
        f.preview.panel.undo()
        #expect(f.number("expandDuration") == 0.472)
        // Digits beyond the box's four decimals are kept too.
        try f.preview.setParameter("expandDuration", .number(0.47251))
        f.sim.wait(0.5)
        f.sim.click(box.midX, box.midY); f.sim.click(box.midX, box.midY)
        #expect(f.preview.panel.entryText == "0.47251")
        f.sim.key("escape")
    }

    @Test("With a spring curve chosen, the duration beside it is greyed (its schema's appliesWhen); a timed curve brings it back")
    func inapplicableRowsGrey() throws {
        let f = try PanelFixture()
        defer { f.cleanUp() }
        f.open()
        func opacity(_ key: String) throws -> Double { try #require(f.node("panel.row.parameter.\(key)")).opacity }
        #expect(try opacity("expandDuration") == 1 && opacity("scrollDuration") == 1)
        try f.preview.setParameter("expandCurve", .text("spring(0.5,0.8)"))
        f.sim.frame()
        #expect(try opacity("expandDuration") < 1, "Expand duration still shows as if it applied")
        #expect(try opacity("expandCurve") == 1 && opacity("scrollDuration") == 1 && opacity("itemWidth") == 1)
        // Greyed, it can still be set (for a timed curve chosen later).
        let box = try #require(f.frame("panel.value.expandDuration"))
        f.sim.click(box.midX, box.midY); f.sim.click(box.midX, box.midY)
        f.sim.send(.text("0.8"))
        f.sim.key("return")
        #expect(f.number("expandDuration") == 0.8)
        try f.preview.setParameter("expandCurve", .text("easeOut"))
        f.sim.frame()
        #expect(try opacity("expandDuration") == 1)
    }

    @Test("An invalid typed value is refused with a one-line message and the value stays")
    func invalidTypedValue() throws {
        let f = try PanelFixture()
        defer { f.cleanUp() }
        f.open()
        let box = try #require(f.frame("panel.value.itemWidth"))
        for (typed, message) in [("9999", "itemWidth: 9999 is out of range 40...600"), ("1.2.3", "itemWidth: \"1.2.3\" is not a number"),
                                 ("abc-", "itemWidth: \"-\" is not a number")] {
            f.sim.click(box.midX, box.midY); f.sim.click(box.midX, box.midY)
            f.sim.send(.text(typed))
            f.sim.key("return")
            #expect(f.number("itemWidth") == 150)
            #expect(f.preview.currentMessage == message)
        }
        #expect(!f.preview.panel.history(for: "expand").canUndo)
    }

    // MARK: Keyboard

    @Test("Up/Down select, Left/Right adjust (Shift a tenth), R resets one, Shift+R resets all")
    func keyboardAndReset() throws {
        let f = try PanelFixture()
        defer { f.cleanUp() }
        f.open()
        #expect(f.preview.panel.selectedKey == "itemWidth")
        for _ in 0..<3 { f.sim.key("right") }
        #expect(f.number("itemWidth") == 153)
        f.sim.key("right", [.shift])
        #expect(abs(f.number("itemWidth") - 153.1) < 1e-9)
        f.sim.key("r")
        #expect(f.number("itemWidth") == 150)
        #expect(f.preview.currentMessage == "Reset Item width to 150")
        f.sim.key("down"); f.sim.key("down"); f.sim.key("down"); f.sim.key("down")
        #expect(f.preview.panel.selectedKey == "spacing")
        f.sim.key("left")
        #expect(f.number("spacing") == 19)
        f.sim.key("up")
        f.sim.key("right")
        #expect(f.number("imageHeight") == 201)
        f.sim.key("r", [.shift])
        let defaults = Parameters(specs: StyleRegistry.schema(of: ExpandStyle.definition))
        #expect(f.parameters.values == defaults.values)
        #expect(f.preview.panel.history(for: "expand").undoSteps.last?.label == "Reset all")
    }

    @Test("While the panel is open its keys and the pointer over it never reach the style; outside it, the style works")
    func keysDoNotLeak() throws {
        let f = try PanelFixture()
        defer { f.cleanUp() }
        f.open()
        f.sim.key("right")
        f.sim.wait(0.5)
        #expect(f.state("expanded") == .null)
        #expect(f.number("itemWidth") == 151)
        f.sim.key("return")
        f.sim.wait(0.5)
        #expect(f.preview.panel.entryText == "151", "Enter types into the selected row")
        #expect(f.state("expanded") == .null)
        #expect(f.state("pinned") == .null)
        f.sim.key("escape")
        #expect(f.preview.panel.entryText == nil)
        // Hovering an item under the panel does not expand it; hovering one beside it does.
        f.sim.move(1100, 350)
        f.sim.wait(0.5)
        #expect(f.state("expanded") == .null)
        f.sim.move(270, 350)
        f.sim.wait(0.5)
        #expect(f.state("expanded") == .number(1))
        // Moving onto the panel is a pointer leave for the style: the expansion collapses.
        f.sim.move(1100, 350)
        f.sim.wait(1)
        #expect(f.state("expanded") == .null)
        // Closed, the same keys go to the style.
        f.sim.key("p")
        f.sim.key("right")
        f.sim.wait(1)
        #expect(f.state("expanded") != .null)
        #expect(f.number("itemWidth") == 151)
    }

    @Test("The wheel over the panel scrolls the panel, not the carousel")
    func wheelScrollsPanel() throws {
        let f = try PanelFixture()
        defer { f.cleanUp() }
        f.open()
        f.sim.move(1100, 300)
        f.sim.wheel(dy: -2)
        f.sim.wait(1)
        #expect(f.preview.panel.scroll == 80)
        #expect(f.state("scrollOffset") == .number(0))
        let track = try #require(f.frame("panel.slider.track.itemWidth"))
        #expect(abs(track.minY - (12 + 58 + 32 - 80)) < 1e-9)
        f.sim.wheel(dy: 100)
        #expect(f.preview.panel.scroll == 0)
    }

    // MARK: Undo

    @Test("Undo and redo: one step per drag, one per held key; undo puts back only what the step changed")
    func undoRedo() throws {
        let f = try PanelFixture()
        defer { f.cleanUp() }
        f.open()
        let track = try #require(f.frame("panel.slider.track.itemWidth"))
        f.sim.drag(from: Point(track.minX + 10, track.midY), to: Point(track.maxX - 10, track.midY))
        let dragged = f.number("itemWidth")
        #expect(dragged > 250)
        #expect(f.preview.panel.history(for: "expand").undoSteps.count == 1)
        try f.preview.setParameter("spacing", .number(30))  // changed elsewhere (a parameter file)
        f.sim.key("z", [.ctrl])
        #expect(f.number("itemWidth") == 150)
        #expect(f.number("spacing") == 30)
        #expect(f.preview.currentMessage == "Undo: Item width")
        f.sim.key("z", [.ctrl, .shift])
        #expect(f.number("itemWidth") == dragged)
        f.sim.key("z", [.ctrl])
        f.sim.key("y", [.ctrl])
        #expect(f.number("itemWidth") == dragged)
        // A held arrow key: the press and its repeats are one step.
        f.sim.send(.keyDown(Key("right"), [], isRepeat: false))
        for _ in 0..<4 { f.sim.send(.keyDown(Key("right"), [], isRepeat: true)) }
        f.sim.send(.keyUp(Key("right"), []))
        #expect(f.number("itemWidth") == dragged + 5)
        #expect(f.preview.panel.history(for: "expand").undoSteps.count == 2)
        f.sim.key("z", [.ctrl])
        #expect(f.number("itemWidth") == dragged)
        f.sim.key("z", [.ctrl]); f.sim.key("z", [.ctrl])
        #expect(f.preview.currentMessage == "Nothing to undo")
    }

    // MARK: Curves

    @Test("Dragging a bezier handle moves that control point under the pointer (Shift: a tenth), as one step")
    func bezierHandles() throws {
        let f = try PanelFixture()
        defer { f.cleanUp() }
        f.open()
        let h1 = try #require(f.frame("panel.plot.handle1.expandCurve"))
        let end = Point(h1.midX + 20, h1.midY - 30)
        f.sim.drag(from: h1.center, to: end, steps: 6)
        let text = f.parameters.text("expandCurve")
        guard case .bezier(let b)? = CurveSyntax.parse(text) else { Issue.record("not a bezier: \(text)"); return }
        #expect(text.hasPrefix("cubic-bezier("))
        #expect(b.x2 == 0.58 && b.y2 == 1, "P2 unchanged")
        #expect(b.x1 > 0.42 && b.y1 > 0)
        let moved = try #require(f.frame("panel.plot.handle1.expandCurve"))
        // Control points are kept to 2 decimals: within about a point of the pointer.
        #expect(abs(moved.midX - end.x) < 1 && abs(moved.midY - end.y) < 1.2)
        #expect(f.preview.panel.history(for: "expand").undoSteps.count == 1)
        // Fine: 50 pt of pointer travel moves the handle 5 pt.
        f.shiftDown()
        f.sim.drag(from: moved.center, to: Point(moved.midX + 50, moved.midY), steps: 5)
        f.shiftUp()
        let fine = try #require(f.frame("panel.plot.handle1.expandCurve"))
        #expect(abs(fine.midX - (moved.midX + 5)) < 0.2)
        #expect(f.preview.panel.history(for: "expand").undoSteps.count == 2)
    }

    @Test("A curve's picker cycles the presets; a spring gets response and damping rows; a curve can be typed")
    func curvePickerAndSpring() throws {
        let f = try PanelFixture()
        defer { f.cleanUp() }
        f.open()
        let picker = try #require(f.frame("panel.picker.expandCurve"))
        #expect(f.node("panel.row.spring.expandCurve.response") == nil)
        f.sim.click(picker.maxX - 8, picker.midY)
        // easeInOut is followed by spring in the preset list.
        #expect(f.parameters.text("expandCurve") == "spring")
        #expect(f.node("panel.row.spring.expandCurve.response") != nil)
        #expect(f.preview.panel.selectedKey == "expandCurve")
        f.sim.key("down")
        f.sim.key("right")
        #expect(f.parameters.curve("expandCurve") == .spring(Spring(response: 0.51, dampingFraction: 0.825)), "a step of 0.01 s")
        f.sim.key("down")
        f.sim.key("return")
        f.sim.send(.text("1"))
        f.sim.key("return")
        #expect(f.parameters.curve("expandCurve") == .spring(Spring(response: 0.51, dampingFraction: 1)))
        // Typing a curve on the curve row.
        f.sim.key("up"); f.sim.key("up")
        #expect(f.preview.panel.selectedKey == "expandCurve")
        f.sim.key("return")
        f.sim.send(.text("cubic-bezier(0.2,0.8,0.2,1)"))
        f.sim.key("return")
        #expect(f.parameters.text("expandCurve") == "cubic-bezier(0.2,0.8,0.2,1)")
        #expect(f.node("panel.row.spring.expandCurve.response") == nil)
        f.sim.key("return")
        f.sim.send(.text("cubic-bezier(2,0,0,1)"))
        f.sim.key("return")
        #expect(f.parameters.text("expandCurve") == "cubic-bezier(0.2,0.8,0.2,1)")
        #expect(f.preview.currentMessage?.hasPrefix("expandCurve: \"cubic-bezier(2,0,0,1)\" is not a curve") == true)
    }

    // MARK: Presets

    @Test("Ctrl+S saves a named preset (temp file renamed into place); clicking it in the list loads it back")
    func presetRoundTrip() throws {
        let f = try PanelFixture()
        defer { f.cleanUp() }
        var parts = DateComponents()
        (parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second) = (2025, 3, 4, 5, 6, 7)
        let date = try #require(Calendar.current.date(from: parts))
        f.preview.panel.date = { date }
        try f.preview.setParameter("itemWidth", .number(333))
        try f.preview.setParameter("expandCurve", .text("glide"))
        let saved = f.parameters.values
        f.sim.key("s", [.ctrl])
        #expect(f.preview.panel.isVisible)
        #expect(f.preview.panel.entryText == "expand-2025-03-04-050607")
        f.sim.send(.text("my look"))
        f.sim.key("return")
        let path = f.userRoot.appendingPathComponent("expand/my look.json").path
        #expect(f.preview.currentMessage == "Saved preset my look to \(path)")
        let folder = try FileManager.default.contentsOfDirectory(atPath: f.userRoot.appendingPathComponent("expand").path)
        #expect(folder == ["my look.json"], "no temporary file left")
        let json = try JSONParser.parse(try #require(FileManager.default.contents(atPath: path)))
        #expect(json["style"] == "expand")
        for (key, value) in saved { #expect(json["parameters"]?[key] == value.json) }

        f.sim.key("r", [.shift])
        #expect(f.number("itemWidth") == 150)
        let index = try #require(f.preview.panel.presetEntries.firstIndex { $0.name == "my look" })
        #expect(!f.preview.panel.presetEntries[index].isShipped)
        #expect(f.preview.panel.presetEntries.prefix(index).allSatisfy { $0.isShipped })
        f.sim.move(1100, 300)
        f.sim.wheel(dy: -100)
        let row = try #require(f.frame("panel.row.preset.\(index)"))
        #expect(row.maxY <= 720)
        f.sim.click(row.midX, row.midY)
        #expect(f.parameters.values == saved)
        #expect(f.preview.currentMessage == "Loaded preset my look")
        f.sim.key("z", [.ctrl])
        #expect(f.number("itemWidth") == 150)
    }

    @Test("A saved preset's row is selected and scrolled wholly into view")
    func savedPresetInView() throws {
        let f = try PanelFixture()
        defer { f.cleanUp() }
        f.sim.key("s", [.ctrl])
        f.sim.send(.text("zz my look"))
        f.sim.key("return")
        let index = try #require(f.preview.panel.presetEntries.firstIndex { $0.name == "zz my look" })
        #expect(index >= 7, "listed after the seven shipped presets, below the save row")
        #expect(f.preview.panel.selectedRowName == "panel.row.preset.\(index)")
        let row = try #require(f.frame("panel.row.preset.\(index)"))
        let panel = f.preview.panel.frame
        #expect(row.minY >= panel.minY && row.maxY <= panel.maxY, "row \(row) in the panel \(panel)")
        // Enter on it now loads it: the selection is the saved preset.
        f.sim.key("return")
        #expect(f.preview.currentMessage == "Loaded preset zz my look")
    }

    @Test("Ctrl+S then Enter saves under the style and time; a bad name or folder is refused in one line")
    func presetNames() throws {
        let f = try PanelFixture()
        defer { f.cleanUp() }
        f.sim.key("s", [.ctrl])
        let name = try #require(f.preview.panel.entryText)
        f.sim.key("return")
        #expect(FileManager.default.fileExists(atPath: f.userRoot.appendingPathComponent("expand/\(name).json").path))
        f.sim.key("s", [.ctrl])
        f.sim.send(.text("../x"))
        #expect(f.preview.panel.entryText == "..x", "a slash cannot be typed")
        f.sim.key("return")
        #expect(f.preview.currentMessage == "preset name \"..x\": cannot start with a dot or start or end with a space")
        f.preview.panel.presets = PresetStore(shippedRoot: nil, userRoot: "/proc/carousel-lab")
        f.sim.key("s", [.ctrl])
        f.sim.key("return")
        #expect(f.preview.currentMessage?.hasPrefix("/proc/carousel-lab/expand: cannot create the presets folder") == true)
    }

    @Test("A broken preset reports each problem by line, applies the rest, and keeps the app running")
    func brokenPreset() throws {
        let f = try PanelFixture()
        defer { f.cleanUp() }
        let folder = f.userRoot.appendingPathComponent("expand")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("broken.json").path
        try "{\n  \"name\": \"broken\",\n  \"parameters\": {\"itemWidth\": 200,\n    \"nope\": 1, \"spacing\": 5000}\n}\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        try "{\n  \"itemWidth\": \n".write(toFile: folder.appendingPathComponent("truncated.json").path, atomically: true, encoding: .utf8)
        try "{\"style\": \"stitch\", \"parameters\": {}}".write(toFile: folder.appendingPathComponent("other.json").path,
                                                                atomically: true, encoding: .utf8)
        var reported: [String] = []
        f.preview.report = { reported.append($0) }
        f.open()
        let user = f.preview.panel.presetEntries.filter { !$0.isShipped }
        #expect(user.map(\.name) == ["broken", "other", "truncated"])
        f.preview.panel.load(user[0])
        #expect(f.number("itemWidth") == 200)
        #expect(f.number("spacing") == 20)
        #expect(reported == ["\(path):4: unknown parameter \"nope\" (ignored)", "\(path):4: spacing: 5000 is out of range 0...200 (ignored)"])
        #expect(f.preview.currentMessage == "Preset broken: \(path):4: unknown parameter \"nope\" (ignored) (and 1 more)")
        f.preview.panel.load(user[1])
        #expect(f.preview.currentMessage?.hasSuffix("other.json: this preset is for the stitch style, not expand") == true)
        f.preview.panel.load(user[2])
        #expect(f.preview.currentMessage?.contains("truncated.json:3: invalid JSON") == true)
        #expect(f.number("itemWidth") == 200)
    }

    @Test("Every style's shipped presets load without problems and set the libraries' curves and durations")
    func shippedPresets() throws {
        let store = PresetStore(shippedRoot: try #require(ResourceLocator.resourcesFolder()) + "/presets", userRoot: "/nonexistent")
        let expected: [String: (TimingCurve, Double?)] = [
            "SwiftUI .spring()": (.spring(Spring(response: 0.5, dampingFraction: 0.825)), nil),
            "SwiftUI default (iOS 17)": (.spring(Spring(response: 0.55, dampingFraction: 1)), nil),
            "SwiftUI .easeInOut": (.bezier(CubicBezier(0.42, 0, 0.58, 1)), 0.35),
            "Glide": (.bezier(CubicBezier(0.165, 0.84, 0.44, 1)), 0.4),
            "Flutter carousel_slider": (.bezier(CubicBezier(0.4, 0, 0.2, 1)), 0.8),
            "Slick": (.bezier(CubicBezier(0.25, 0.1, 0.25, 1)), 0.3),
        ]
        for type in StyleRegistry.all {
            let style = type.descriptor.name
            let presets = store.presets(for: style)
            #expect(presets.count == 7)
            #expect(presets.first?.name.hasPrefix("Article") == true)
            for preset in presets {
                var p = Parameters(specs: StyleRegistry.schema(of: type))
                let problems = try store.load(preset, style: style, into: &p)
                #expect(problems.isEmpty, "\(style) \(preset.name): \(problems)")
                guard let (curve, duration) = expected[preset.name] else { continue }
                let curves = p.specs.filter { $0.kind == .curve }.map { p.curve($0.key) }
                #expect(curves.contains(curve), "\(style) \(preset.name)")
                if let duration {
                    #expect(p.specs.contains { $0.key.hasSuffix("Duration") && p.number($0.key) == duration }, "\(style) \(preset.name)")
                }
            }
        }
    }

    // MARK: Deleting and renaming presets

    /// Saves the user presets `names` for expand (itemWidth 101, 102, ...) and opens the panel.
    private func fixture(withPresets names: [String]) throws -> PanelFixture {
        let f = try PanelFixture()
        var p = f.parameters
        for (i, name) in names.enumerated() {
            try p.set("itemWidth", .number(101 + Double(i)))
            try f.preview.panel.presets.save(p, style: "expand", name: name)
        }
        f.open()
        return f
    }

    /// Selects the preset `name` with Down / Up, as a user would.
    private func select(_ f: PanelFixture, preset name: String) throws {
        let i = try #require(f.preview.panel.presetEntries.firstIndex { $0.name == name })
        let row = "panel.row.preset.\(i)"
        for _ in 0..<60 where f.preview.panel.selectedRowName != row { f.sim.key("down") }
        for _ in 0..<60 where f.preview.panel.selectedRowName != row { f.sim.key("up") }
        try #require(f.preview.panel.selectedRowName == row)
    }

    private func userPresets(_ f: PanelFixture) -> [String] { f.preview.panel.presetEntries.filter { !$0.isShipped }.map(\.name) }
    private func path(_ f: PanelFixture, _ name: String) -> String { f.userRoot.appendingPathComponent("expand/\(name).json").path }
    private func exists(_ f: PanelFixture, _ name: String) -> Bool { FileManager.default.fileExists(atPath: path(f, name)) }
    private func selectedPreset(_ f: PanelFixture) -> String? {
        guard let row = f.preview.panel.selectedRowName, row.hasPrefix("panel.row.preset."), let i = Int(row.dropFirst(17)) else { return nil }
        return f.preview.panel.presetEntries[i].name
    }
    private func prompt(_ name: String) -> String { "Delete preset \(name)? Press Delete again to confirm, Escape to keep it" }

    @Test("Delete asks, a second Delete deletes the file; the list updates and the selection moves to a neighbour")
    func deletePreset() throws {
        let f = try fixture(withPresets: ["a", "b", "c"])
        defer { f.cleanUp() }
        let shipped = f.preview.panel.presetEntries.filter(\.isShipped).map(\.name)
        try select(f, preset: "b")
        let steps = f.preview.panel.history(for: "expand").undoSteps.count
        f.sim.key("delete")
        #expect(f.preview.currentMessage == prompt("b"))
        #expect(exists(f, "b") && userPresets(f) == ["a", "b", "c"])
        f.sim.key("delete")
        #expect(!exists(f, "b"))
        #expect(userPresets(f) == ["a", "c"])
        #expect(f.node("panel.row.preset.\(shipped.count + 2)") == nil, "the list lost a row")
        #expect(f.preview.currentMessage == "Deleted preset b (\(path(f, "b")))")
        #expect(selectedPreset(f) == "c", "the next preset")
        // Backspace too; the last one's neighbour is the one before it, shipped or not.
        f.sim.key("backspace"); f.sim.key("backspace")
        #expect(!exists(f, "c") && userPresets(f) == ["a"])
        #expect(selectedPreset(f) == "a")
        f.sim.key("delete"); f.sim.key("delete")
        #expect(userPresets(f).isEmpty && exists(f, "a") == false)
        #expect(selectedPreset(f) == shipped.last)
        // Values and their undo history are not the presets' business.
        #expect(f.preview.panel.history(for: "expand").undoSteps.count == steps)
        #expect(f.number("itemWidth") == 150)
    }

    @Test("Shipped presets cannot be deleted or renamed: one line says so and nothing changes")
    func shippedPresetsAreReadOnly() throws {
        let f = try fixture(withPresets: ["a"])
        defer { f.cleanUp() }
        let first = try #require(f.preview.panel.presetEntries.first)
        #expect(first.isShipped)
        try select(f, preset: first.name)
        for key in ["delete", "delete", "backspace"] {
            f.sim.key(key)
            #expect(f.preview.currentMessage == "Preset \(first.name) ships with the app and cannot be deleted")
        }
        f.sim.key("f2")
        #expect(f.preview.currentMessage == "Preset \(first.name) ships with the app and cannot be renamed")
        #expect(f.preview.panel.entryText == nil)
        #expect(FileManager.default.fileExists(atPath: first.path))
        #expect(f.preview.panel.presetEntries.first == first && userPresets(f) == ["a"])
        #expect(selectedPreset(f) == first.name)
    }

    @Test("Escape, any other key, a click or a new selection keeps the preset; a held Delete or a modifier does not answer")
    func deleteNeedsItsConfirmation() throws {
        let f = try fixture(withPresets: ["a", "b"])
        defer { f.cleanUp() }
        try select(f, preset: "a")
        f.sim.key("delete")
        f.sim.key("escape")
        #expect(f.preview.currentMessage == "Kept preset a")
        f.sim.key("delete")
        #expect(f.preview.currentMessage == prompt("a"), "asks again")
        // Another key: the question goes; the next Delete asks again.
        f.sim.key("left")
        #expect(f.preview.currentMessage != prompt("a"))
        f.sim.key("delete")
        #expect(f.preview.currentMessage == prompt("a"))
        // Away and back: the same preset selected again, but the question was forgotten on the way.
        f.sim.key("down"); f.sim.key("up")
        #expect(selectedPreset(f) == "a")
        f.sim.key("delete")
        #expect(f.preview.currentMessage == prompt("a"))
        // A click anywhere (here on the carousel) forgets it too.
        f.sim.click(200, 300)
        f.sim.key("delete")
        #expect(f.preview.currentMessage == prompt("a"))
        // A held Delete repeats: it never answers its own question.
        f.sim.send(.keyDown(Key("delete"), [], isRepeat: true))
        #expect(exists(f, "a"))
        f.sim.send(.keyUp(Key("delete"), []))
        #expect(exists(f, "a") && userPresets(f) == ["a", "b"])
        // Shift alone between the two presses is no answer either way.
        f.shiftDown(); f.shiftUp()
        f.sim.key("delete")
        #expect(!exists(f, "a") && userPresets(f) == ["b"])
    }

    @Test("A preset file that cannot be removed gives a one-line error naming it; the list and selection stay")
    func deleteFailure() throws {
        let f = try fixture(withPresets: ["a", "b"])
        defer { f.cleanUp() }
        try select(f, preset: "a")
        let row = f.preview.panel.selectedRowName
        try FileManager.default.removeItem(atPath: path(f, "a"))
        f.sim.key("delete"); f.sim.key("delete")
        #expect(f.preview.currentMessage == "\(path(f, "a")): cannot delete the preset (No such file or directory)")
        #expect(userPresets(f) == ["a", "b"])
        #expect(f.preview.panel.selectedRowName == row)
        #expect(exists(f, "b"))
    }

    @Test("F2 opens a user preset's name; Enter renames the file and the name in it, Escape cancels, a taken name is refused")
    func renamePreset() throws {
        let f = try fixture(withPresets: ["a", "b"])
        defer { f.cleanUp() }
        try select(f, preset: "a")
        let steps = f.preview.panel.history(for: "expand").undoSteps.count
        f.sim.key("f2")
        #expect(f.preview.panel.entryText == "a")
        #expect(f.sim.renderer.draws.texts.contains("a" + "\u{258F}"), "the name field shows the name and the caret")
        f.sim.send(.text("my look"))
        #expect(f.preview.panel.entryText == "my look")
        f.sim.key("backspace")
        f.sim.send(.text("k/2"))
        #expect(f.preview.panel.entryText == "my look2", "Backspace edits the name, a slash cannot be typed")
        #expect(exists(f, "a"), "nothing happens before Enter")
        f.sim.key("return")
        #expect(!exists(f, "a") && exists(f, "my look2"))
        #expect(userPresets(f) == ["b", "my look2"])
        #expect(selectedPreset(f) == "my look2")
        #expect(f.preview.currentMessage == "Renamed preset a to my look2")
        let json = try JSONParser.parse(try #require(FileManager.default.contents(atPath: path(f, "my look2"))))
        #expect(json["name"] == "my look2")
        #expect(json["parameters"]?["itemWidth"] == .number(101))
        #expect(f.preview.panel.history(for: "expand").undoSteps.count == steps, "renaming is no parameter change")

        // Onto another preset's name: refused in one line, both stay.
        f.sim.key("f2")
        f.sim.send(.text("b"))
        f.sim.key("return")
        #expect(f.preview.currentMessage == "\(path(f, "b")): a preset of that name already exists")
        #expect(userPresets(f) == ["b", "my look2"])
        let b = try JSONParser.parse(try #require(FileManager.default.contents(atPath: path(f, "b"))))
        #expect(b["parameters"]?["itemWidth"] == .number(102), "b was not replaced")

        // Escape cancels.
        f.sim.key("f2")
        f.sim.send(.text("other"))
        f.sim.key("escape")
        #expect(f.preview.panel.entryText == nil)
        #expect(userPresets(f) == ["b", "my look2"])
        // A bad name is refused by the naming rules.
        f.sim.key("f2")
        f.sim.send(.text(".x"))
        f.sim.key("return")
        #expect(f.preview.currentMessage == "preset name \".x\": cannot start with a dot or start or end with a space")
        #expect(userPresets(f) == ["b", "my look2"])
    }

    @Test("A double-click on a user preset's name opens it for renaming; a click loads; on a shipped one it only loads")
    func doubleClickRenames() throws {
        let f = try fixture(withPresets: ["a"])
        defer { f.cleanUp() }
        f.sim.move(1100, 300)
        f.sim.wheel(dy: -100)
        let index = try #require(f.preview.panel.presetEntries.firstIndex { $0.name == "a" })
        let row = try #require(f.frame("panel.row.preset.\(index)"))
        let name = Point(row.minX + 30, row.midY)
        f.sim.click(name.x, name.y)
        #expect(f.number("itemWidth") == 101, "a click loads")
        #expect(f.preview.panel.entryText == nil)
        f.sim.click(name.x, name.y)
        #expect(f.preview.panel.entryText == "a")
        f.sim.key("escape")
        #expect(f.preview.panel.entryText == nil && userPresets(f) == ["a"])
        // Over the tag ("yours") it is two clicks, not a rename.
        let tag = Point(row.maxX - 20, row.midY)
        f.sim.click(tag.x, tag.y); f.sim.click(tag.x, tag.y)
        #expect(f.preview.panel.entryText == nil)
        // A shipped preset: a double-click loads it, twice.
        let shipped = try #require(f.frame("panel.row.preset.\(index - 1)"))
        f.sim.click(shipped.minX + 30, shipped.midY); f.sim.click(shipped.minX + 30, shipped.midY)
        #expect(f.preview.panel.entryText == nil)
        #expect(f.preview.currentMessage?.hasPrefix("Loaded preset \(f.preview.panel.presetEntries[index - 1].name)") == true)
    }

    @Test("A long preset name ends with an ellipsis, clipped before its tag; a long name being typed shows its end")
    func longPresetName() throws {
        let long = "My very long preset name for the expand style v2 FINAL final 123"
        #expect(long.count == 64, "the longest name allowed")
        let f = try fixture(withPresets: [long])
        defer { f.cleanUp() }
        func child(_ n: Node, _ name: String) -> Node? { n.children.first { $0.name == name } }
        for (i, preset) in f.preview.panel.presetEntries.enumerated() {
            let row = try #require(f.node("panel.row.preset.\(i)"))
            let label = try #require(child(row, "panel.preset.label")), tag = try #require(child(row, "panel.preset.tag"))
            let shown = try #require(child(label, "panel.preset.name")?.text?.string)
            #expect(label.clipsToBounds && label.frame.maxX <= tag.frame.minX, "\(preset.name): the name stops before the tag")
            if preset.isShipped {
                #expect(shown == preset.name, "shipped names fit whole")
            } else {
                #expect(shown.hasSuffix("…") && shown.count < long.count && long.hasPrefix(shown.dropLast()))
                #expect(preset.name == long, "only the row shortens it")
            }
        }
        try select(f, preset: long)
        f.sim.key("f2")
        #expect(f.preview.panel.entryText == long)
        let i = try #require(f.preview.panel.presetEntries.firstIndex { $0.name == long })
        let field = try #require(f.node("panel.row.preset.\(i)").flatMap { child($0, "panel.preset.field") })
        let typed = try #require(field.children.first?.text?.string)
        #expect(typed.hasPrefix("…") && typed.hasSuffix("final 123\u{258F}") && typed.count < long.count)
        #expect(f.sim.renderer.draws.texts.contains(typed))
    }

    // MARK: Export

    @Test("Ctrl+C copies JSON that parses back to the same values and a Swift snippet with every key")
    func export() throws {
        let f = try PanelFixture()
        defer { f.cleanUp() }
        try f.preview.setParameter("expandCurve", .text("glide"))
        try f.preview.setParameter("itemWidth", .number(172.5))
        f.sim.key("c", [.ctrl])
        #expect(f.preview.currentMessage == "Copied JSON and Swift to the clipboard")
        let text = try #require(f.clipboard.text)
        let lines = text.components(separatedBy: "\n")
        #expect(lines[0] == ParameterExport.header(style: "expand"))
        let close = try #require(lines.firstIndex(of: "*/"))
        let json = try JSONParser.parse(lines[1..<close].joined(separator: "\n"))
        #expect(json.members?.count == f.parameters.specs.count)
        for spec in f.parameters.specs { #expect(json[spec.key] == f.parameters.values[spec.key]!.json, "\(spec.key)") }
        let swift = lines[(close + 1)...]
        #expect(swift.contains("let expand = ("))
        for spec in f.parameters.specs { #expect(swift.contains { $0.hasPrefix("    \(spec.key): ") }, "\(spec.key) in the snippet") }
        #expect(swift.contains("    itemWidth: 172.5, // pt"))
        #expect(swift.contains("    expandCurve: Animation.timingCurve(0.165, 0.84, 0.44, 1.0, duration: 0.4),"))
        #expect(swift.contains("    scrollCurve: Animation.easeInOut(duration: 0.4),"))
        #expect(swift.contains("    posterAnchor: \"topLeading\","))
        #expect(swift.contains("    snapping: true,"))
        #expect(swift.last(where: { !$0.isEmpty }) == ")")

        f.clipboard.failure = "no selection owner"
        f.sim.key("c", [.ctrl])
        #expect(f.preview.currentMessage == "Cannot copy to the clipboard: no selection owner")
        f.preview.clipboard = nil
        f.sim.key("c", [.ctrl])
        #expect(f.preview.currentMessage?.hasPrefix("No clipboard here") == true)
    }

    @Test("The Swift snippet pairs each curve with its duration and writes springs by response and damping")
    func swiftCurves() throws {
        var p = Parameters(specs: StyleRegistry.schema(of: PagingStyle.definition))
        let swift = ParameterExport.swift(p, style: "paging")
        #expect(swift.contains("    pageCurve: Animation.easeInOut(duration: 0.5),"))
        #expect(swift.contains("    settleCurve: Animation.spring(response: 0.4, dampingFraction: 1.0),"))
        try p.set("settleCurve", .text("linear"))
        #expect(ParameterExport.swift(p, style: "paging").contains("    settleCurve: Animation.linear(duration: 0.5),"))
        let loop = ParameterExport.swift(Parameters(specs: StyleRegistry.schema(of: LoopStyle.definition)), style: "loop")
        #expect(loop.contains("    selectionCurve: Animation.spring(response: 0.55, dampingFraction: 1.0),"))
    }
}
