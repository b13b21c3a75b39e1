@testable import CarouselApp
import CarouselCore
import CarouselStyles
import CarouselSupport
import CarouselTesting
import Foundation
import Testing

/// The window's pointer goes through one router: a press belongs to what it began on until the release, whatever is
/// under the pointer then; and one edit refreshes the panel once.
@Suite("Pointer routing in the window")
@MainActor
struct PointerRoutingTests {
    /// The input lines a pane's style received.
    func lines(_ pane: PaneState) -> [String] { pane.recording.script.split(separator: "\n").map(String.init) }
    func presses(_ pane: PaneState) -> [String] { lines(pane).filter { $0.contains(" down ") || $0.contains(" up ") } }

    @Test("A press in one pane released over another pane and over the panel stays the first pane's: the panel gets nothing")
    func paneKeepsItsPress() throws {
        let deck = Deck.sample(count: 12)
        let preview = try Preview(deck: deck, images: deck.fakeImageStore(), size: Size(1280, 720),
                                  variants: [Variant(name: "a", style: "paging"), Variant(name: "b", style: "paging")])
        let sim = InputSimulator(driver: preview, size: Size(1280, 720))
        sim.key("p")
        preview.apply(.panes(.focus(1)))
        let panel = preview.panel.frame
        #expect(preview.panes[0].frame.contains(Point(100, 300)) && preview.panes[1].frame.contains(Point(800, 300)))
        sim.move(100, 300)
        sim.send(.pointerDown(Point(100, 300), .left))
        #expect(preview.focused === preview.panes[0], "a left press focuses its pane")
        sim.move(800, 300)
        sim.move(panel.midX, 300)
        sim.send(.pointerUp(Point(panel.midX, 300), .left))
        // Both panes got the press and its release at the same place relative to the first pane (mirrored).
        // The recording keeps positions inside the pane it was made for.
        let x = JSONValue.format(min(panel.midX, preview.panes[0].frame.width - 1))
        for pane in preview.state.panes { #expect(presses(pane).map { $0.split(separator: " ").dropFirst().joined(separator: " ") } == ["down 100 300", "up \(x) 300"]) }
        #expect(preview.panel.model.hovered == nil, "the panel never saw the pointer while the pane had it")
        #expect(preview.panes[0].style.state.first { $0.key == "page" }?.value != nil)
    }

    @Test("A slider press keeps the pointer when it is dragged over the panes; the panes get none of it, then get the pointer back")
    func panelKeepsItsPress() throws {
        let f = try PanelFixture(style: "expand")
        defer { f.cleanUp() }
        f.open()
        let track = try #require(f.frame("panel.slider.track.itemWidth"))
        let before = f.number("itemWidth")
        var pane: PaneState { f.preview.state.panes[0] }
        let start = lines(pane).count
        f.sim.send(.pointerMove(Point(track.minX + 5, track.midY)), .pointerDown(Point(track.minX + 5, track.midY), .left))
        f.sim.move(track.maxX - 5, track.midY)
        f.sim.move(300, 300)
        f.sim.send(.pointerUp(Point(300, 300), .left))
        #expect(f.number("itemWidth") != before, "the drag set the value")
        #expect(lines(pane).dropFirst(start).allSatisfy { !$0.contains(" down ") && !$0.contains(" up ") && !$0.contains(" move ") },
                "the pane got nothing of the panel's press: \(lines(pane).dropFirst(start))")
        #expect(f.preview.panel.history(for: "expand").undoSteps.count == 1, "the drag is one undo step")
        f.sim.move(310, 300)
        #expect(lines(pane).last?.contains("move 310 300") == true, "after the release, the pane under the pointer has it")
    }

    @Test("One edit refreshes the panel once: a key nudge, each move of a slider drag, a typed value")
    func oneRefreshPerEdit() throws {
        let f = try PanelFixture(style: "expand")
        defer { f.cleanUp() }
        f.open()
        let panel = f.preview.panel
        var count = panel.refreshes
        f.sim.key("right")
        #expect(panel.refreshes - count == 1, "a nudge")
        let track = try #require(f.frame("panel.slider.track.itemWidth"))
        f.sim.send(.pointerMove(Point(track.minX + 5, track.midY)), .pointerDown(Point(track.minX + 5, track.midY), .left))
        count = panel.refreshes
        f.sim.move(track.midX, track.midY)
        #expect(panel.refreshes - count == 1, "a move of a drag")
        f.sim.send(.pointerUp(Point(track.midX, track.midY), .left))
        f.sim.key("return")
        f.sim.send(.text("200"))
        count = panel.refreshes
        f.sim.key("return")
        #expect(f.number("itemWidth") == 200)
        #expect(panel.refreshes - count == 1, "a typed value")
    }
}
