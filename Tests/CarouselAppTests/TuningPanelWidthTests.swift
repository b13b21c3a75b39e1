import CarouselApp
import CarouselCore
import CarouselStyles
import CarouselTesting
import Testing

/// The tuning panel in windows of several widths: it takes its width from the window and lays every row out for it.
@Suite("Tuning panel widths", .serialized)
@MainActor
struct TuningPanelWidthTests {
    /// A wide window, one just wide enough for the full panel and its strip of style, and narrower ones (200 is under
    /// the window's minimum size, which Xvfb and xdotool can still force).
    nonisolated static let windowWidths = [1280.0, 360, 300, 240, 200]

    /// The panel's width in a window `w` wide, by the rule: 320 when 40 pt of style stay beside it, else the window
    /// less 40, but not under 180 (the strip goes first).
    static func expectedPanelWidth(_ w: Double) -> Double {
        w >= 360 ? 320 : w >= 220 ? w - 40 : min(w, 180)
    }

    // MARK: Layout

    @Test("At every width each row, and everything drawn in it, lies inside the panel, and the panel inside the window",
          arguments: windowWidths)
    func rowsInsidePanel(windowWidth: Double) throws {
        let f = try PanelFixture(size: Size(windowWidth, 720))
        defer { f.cleanUp() }
        f.open()
        let panel = f.preview.panel.frame
        #expect(panel == Rect(windowWidth - Self.expectedPanelWidth(windowWidth), 0, Self.expectedPanelWidth(windowWidth), 720))
        #expect(panel.minX >= 0 && panel.maxX <= windowWidth)
        for type in StyleRegistry.all {
            try f.preview.switchStyle(to: type.descriptor.name)
            f.sim.frame()
            let rows = try #require(f.node("panel.content")).children.filter { $0.name.hasPrefix("panel.row.") }
            #expect(rows.count > 10)
            for row in rows {
                for (node, frame) in drawn(row, f) {
                    #expect(frame.minX >= panel.minX - 1e-9 && frame.maxX <= panel.maxX + 1e-9,
                            "\(type.descriptor.name): \(node.name) at \(frame) is outside the panel \(panel)")
                }
            }
        }
    }

    @Test("At every width no label reaches into its row's control: slider track (and its thumb), value, picker, switch",
          arguments: windowWidths)
    func labelsBeforeControls(windowWidth: Double) throws {
        let f = try PanelFixture(size: Size(windowWidth, 720))
        defer { f.cleanUp() }
        f.open()
        var checked = 0
        for type in StyleRegistry.all {
            try f.preview.switchStyle(to: type.descriptor.name)
            f.sim.frame()
            let rows = try #require(f.node("panel.content")).children.filter { $0.name.hasPrefix("panel.row.") }
            for row in rows {
                let t = f.preview.scene.now
                guard let label = row.children.first(where: { $0.name == "panel.label" || $0.name == "panel.preset.label" }) else { continue }
                let labelEnd = label.worldFrame(at: t).maxX
                let shown = label.text?.string ?? label.children.first?.text?.string ?? ""
                #expect(shown.count >= 2, "\(row.name) shows \"\(shown)\" as its label")
                for control in row.children where Self.controlPrefixes.contains(where: control.name.hasPrefix) {
                    // A slider's thumb reaches 6 pt left of the track at the minimum.
                    let start = control.worldFrame(at: t).minX - (control.name.hasPrefix("panel.slider.track") ? 6 : 0)
                    #expect(labelEnd <= start + 1e-9, "\(type.descriptor.name): \(row.name)'s label ends at \(labelEnd), past \(control.name) at \(start)")
                    checked += 1
                }
            }
        }
        #expect(checked > 40)
    }

    /// The names of the nodes a label must stay clear of.
    static let controlPrefixes = ["panel.slider.track", "panel.value.", "panel.picker.", "panel.toggle.", "panel.preset.tag"]

    @Test("In a window wide enough for the full panel, rows are laid out as in the 320-pt panel")
    func fullWidthLayout() throws {
        let f = try PanelFixture(size: Size(1280, 720))
        defer { f.cleanUp() }
        f.open()
        let x = 960.0
        func frame(_ name: String) throws -> Rect { try #require(f.frame(name), "no \(name)") }
        let row = try frame("panel.row.parameter.itemWidth")
        #expect(row.minX == x && row.width == 320)
        #expect(try frame("panel.slider.track.itemWidth") == Rect(x + 148, row.minY + 12, 86, 4))
        #expect(try frame("panel.value.itemWidth") == Rect(x + 242, row.minY + 4, 64, 20))
        let curveRow = try frame("panel.row.parameter.expandCurve")
        #expect(try frame("panel.picker.expandCurve") == Rect(x + 148, curveRow.minY + 4, 158, 20))
        let plotRow = try frame("panel.row.plot.expandCurve")
        #expect(try frame("panel.plot.expandCurve") == Rect(x + 14, plotRow.minY + 4, 144, 98))
        let labels = try #require(f.node("panel.row.parameter.itemWidth")).children.filter { $0.name == "panel.label" }
        #expect(labels.map { $0.worldFrame(at: f.preview.scene.now).width } == [128])
        // A window just wide enough gives the same rows, moved with the panel.
        let g = try PanelFixture(size: Size(360, 720))
        defer { g.cleanUp() }
        g.open()
        for name in ["panel.slider.track.itemWidth", "panel.value.itemWidth", "panel.picker.expandCurve", "panel.plot.expandCurve"] {
            #expect(try frame(name).offsetBy(40 - x, 0) == g.frame(name), "\(name)")
        }
    }

    // MARK: Dragging

    @Test("At every width a drag to a track's left end gives its slider's minimum, to its right end the maximum",
          arguments: windowWidths)
    func dragSpansTrack(windowWidth: Double) throws {
        let f = try PanelFixture(size: Size(windowWidth, 720))
        defer { f.cleanUp() }
        f.open()
        var dragged = 0
        for spec in StyleRegistry.schema(of: f.preview.definition) {
            guard let slider = spec.slider, let track = f.frame("panel.slider.track.\(spec.key)"), let thumb = f.frame("panel.slider.thumb.\(spec.key)"),
                  track.maxY < 700 else { continue }
            #expect(track.width > 20, "\(spec.key): a track \(track.width) pt wide")
            // A press at the left end sets the minimum, unless the thumb is there (a press on it grabs it).
            let start = Point(track.minX, track.midY), end = Point(track.maxX, track.midY)
            f.sim.send(.pointerMove(start), .pointerDown(start, .left))
            if abs(thumb.midX - start.x) > 6 { #expect(f.number(spec.key) == slider.min, "\(spec.key) at the track's left end") }
            f.sim.send(.pointerMove(Point(track.midX, track.midY)), .pointerMove(end), .pointerMove(Point(end.x + 30, end.y)))
            #expect(f.number(spec.key) == slider.max, "\(spec.key) at and past the track's right end")
            f.sim.send(.pointerMove(Point(start.x - 30, start.y)))
            #expect(f.number(spec.key) == slider.min, "\(spec.key) past the track's left end")
            f.sim.send(.pointerUp(start, .left))
            dragged += 1
        }
        #expect(dragged >= 3)
    }

    // MARK: Resizing

    @Test("Resizing an open panel lays it out again for the new width, keeping the selection; a slider drag follows")
    func resizeRebuilds() throws {
        let f = try PanelFixture(size: Size(1280, 720))
        defer { f.cleanUp() }
        f.open()
        f.sim.key("down")
        let selected = f.preview.panel.selectedRowName
        #expect(try #require(f.frame("panel.slider.track.itemWidth")).width == 86)
        f.sim.send(.resize(Size(260, 720)))
        #expect(f.preview.panel.frame == Rect(40, 0, 220, 720))
        #expect(f.preview.panel.selectedRowName == selected)
        let track = try #require(f.frame("panel.slider.track.itemWidth"))
        #expect(track.width < 86 && track.maxX < 260 - 14 - 64)
        f.drag(from: Point(track.minX, track.midY), through: [Point(track.minX + track.width / 2, track.midY)])
        let middle: Double = (80 + 0.5 * (300 - 80) as Double).rounded()
        #expect(f.number("itemWidth") == middle, "the middle of its 80...300 pt slider")
        // Back to a wide window: the 320-pt layout again.
        f.sim.send(.resize(Size(1280, 720)))
        #expect(try #require(f.frame("panel.slider.track.itemWidth")) == Rect(960 + 148, track.minY, 86, 4))
        // A 1-pt window (Xvfb can force it): the panel still lays out, clipped, and keeps working.
        f.sim.send(.resize(Size(1, 1)))
        f.sim.frame()
        f.sim.key("down")
        f.sim.send(.resize(Size(640, 480)))
        #expect(f.preview.panel.frame == Rect(320, 0, 320, 480))
    }

    // MARK: Helpers

    /// Every visible node in `node`'s subtree that draws something, with its window frame; a clipping node's subtree
    /// counts as the clipping node (its children are cut to it).
    private func drawn(_ node: Node, _ f: PanelFixture) -> [(Node, Rect)] {
        guard !node.isHidden else { return [] }
        let frame = node.worldFrame(at: f.preview.scene.now)
        var out = node.background != nil || node.text != nil ? [(node, frame)] : []
        if node.clipsToBounds && !node.name.hasPrefix("panel.row.") { return [(node, frame)] }
        for child in node.children { out += drawn(child, f) }
        return out
    }
}
