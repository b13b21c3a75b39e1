@testable import CarouselApp
import CarouselCore
import CarouselStyles
import CarouselSupport
import CarouselTesting
import Testing

/// Keyboard operation of the window (issue 32): focus through the chrome's tree, the ring, each style's keys, the
/// rotation control, and what of it the recorded input keeps.
@Suite("Keyboard focus")
@MainActor
struct KeyboardFocusTests {
    let size = Size(1280, 720)

    func recorded(_ p: Preview) -> [String] { p.focusedPane.recording.script.split(separator: "\n").map { String($0.split(separator: " ", maxSplits: 1)[1]) } }

    /// The ring's bands drawn in the last frame: the fills in the ring's two colours.
    func ringDraws(_ sim: InputSimulator) -> [ResolvedDraw] {
        sim.renderer.draws.filter { $0.kind == .fill(Color(0, 0, 0)) || $0.kind == .fill(Color(hex: 0xd2e3fc)) }
    }

    @Test("Tab brings the focus into the carousel and draws a ring around it (window chrome); Shift+Tab takes it out; both are recorded")
    func tabIntoTheCarousel() throws {
        let (p, sim) = try makePreview()
        #expect(!p.carouselHasFocus && ringDraws(sim).isEmpty)
        sim.key("tab")
        #expect(p.carouselHasFocus)
        let ring = ringDraws(sim)
        #expect(ring.count == 8, "two bands of four sides")
        let row = p.style.carouselFrame
        let outline = ring.reduce(ring[0].rect) { $0.union($1.rect) }
        #expect(outline == row.outset(7).intersection(Rect(origin: .zero, size: size)), "\(outline) around \(row)")
        sim.key("tab", [.shift])
        #expect(!p.carouselHasFocus && ringDraws(sim).isEmpty)
        #expect(recorded(p) == ["focus in", "focus out"])
        // The ring is window chrome: the picture a screenshot takes has none.
        sim.key("tab")
        let picture = DrawListRecorder(size: size)
        p.drawPicture(into: picture)
        #expect(!picture.draws.contains { $0.kind == .fill(Color(hex: 0xd2e3fc)) })
    }

    @Test("Keyboard only: Tab, Right, Enter reach and operate every style", arguments: [
        ("expand", "expanded", JSONValue.number(0), "pinned", JSONValue.number(0)),
        ("stitch", "current", .number(1), "seamless", .bool(true)),
        ("loop", "current", .number(1), "paused", .bool(false)),
        ("circular", "active", .number(1), "mode", .string("scaled")),
        ("paging", "page", .number(1), "paused", .bool(false)),
    ])
    func keyboardOnly(style: String, moved: String, movedTo: JSONValue, acted: String, actedTo: JSONValue) throws {
        let (p, sim) = try makePreview(style: style)
        // Loop's Enter is the rotation control's: give it auto-advance (paging has it by default).
        if style == "loop" { sim.key("a") }
        sim.key("tab")
        sim.wait(0.1)
        if p.autoAdvance.isEnabled { #expect(p.stateValue("paused") == .bool(true), "the focus coming in stops the rotation") }
        sim.key("right")
        sim.wait(1.5)
        #expect(p.stateValue(moved) == movedTo)
        sim.key("return")
        sim.wait(0.5)
        #expect(p.stateValue(acted) == actedTo)
        #expect(recorded(p).prefix(3) == ["focus in", "key right", "key return"])
    }

    @Test("Space on a focused carousel is its rotation control; with no focus it pauses every animation (the app's)")
    func spaceRoutes() throws {
        let (p, sim) = try makePreview(style: "paging")
        sim.key("tab")
        #expect(!p.focused.isRotating)
        sim.key("space")
        #expect(p.focused.isRotating && !p.time.isPaused)
        sim.key("tab")
        #expect(!p.carouselHasFocus)
        sim.key("space")
        #expect(p.time.isPaused)
    }

    @Test("The timeline keeps its keys while the carousel has the focus; the panel keeps its rows' keys while it has it")
    func modesComeFirst() throws {
        let (p, sim) = try makePreview(style: "paging")
        sim.key("tab")
        sim.wait(1)
        sim.key("t")
        sim.key("left")
        #expect(p.state.playhead != nil, "Left stepped the playhead back, not the page")
        sim.key("t")
        sim.key("p")
        #expect(p.panelHasFocus, "the panel takes the focus as it opens")
        sim.key("down")
        #expect(p.panel.selectedKey != nil)
        #expect(p.stateValue("page") == .number(0))
        // Tab goes on from the panel to no focus, then to the carousel.
        sim.key("tab")
        #expect(!p.panelHasFocus && !p.carouselHasFocus)
        sim.key("tab")
        #expect(p.carouselHasFocus)
        sim.key("right")
        sim.wait(1)
        #expect(p.stateValue("page") == .number(1))
        // A press on the panel gives it the focus.
        sim.click(1200, 300)
        #expect(p.panelHasFocus)
    }

    @Test("Compare: Tab visits each pane in turn and focuses it; keys reach every pane; every pane shows a ring, the focused one strong")
    func comparePanes() throws {
        let deck = Deck.sample(count: 12)
        let p = try Preview(deck: deck, images: deck.fakeImageStore(), size: size,
                            variants: [Variant(name: "a", style: "circular"), Variant(name: "b", style: "circular")])
        let sim = InputSimulator(driver: p, size: size)
        sim.key("tab")
        #expect(p.carouselHasFocus && p.state.focusedIndex == 0)
        sim.key("tab")
        #expect(p.carouselHasFocus && p.state.focusedIndex == 1)
        #expect(ringDraws(sim).filter { $0.opacity == 1 }.allSatisfy { p.panes[1].frame.contains($0.rect.center) })
        #expect(ringDraws(sim).count == 16)
        sim.key("right")
        sim.wait(1)
        #expect(p.panes.map { $0.style.state.first { $0.key == "active" }?.value } == [.number(1), .number(1)])
        // Both panes heard the focus come in once: moving between them is not a focus change for the carousels.
        #expect(p.state.panes.map { $0.recording.script.components(separatedBy: "focus in").count - 1 } == [1, 1])
        sim.key("tab")
        #expect(!p.carouselHasFocus)
    }

    @Test("Keys a carousel did not use are not recorded; the ones it used are")
    func recordsUsedKeys() throws {
        let (p, sim) = try makePreview(style: "circular")
        sim.key("tab")
        sim.key("x")
        sim.key("m")
        #expect(recorded(p) == ["focus in", "key m"])
    }

    @Test("Reduced motion: auto-advance waits for its play button; a click on it starts it, another pauses it; L toggles it for every pane")
    func reducedMotionHoldsAutoAdvance() throws {
        let (p, sim) = try makePreview(style: "paging", count: 5)
        sim.key("l")
        #expect(p.reducesMotion && p.focused.reducesMotion)
        #expect(p.autoAdvance.isEnabled && !p.focused.isRotating)
        sim.wait(4)
        #expect(p.stateValue("page") == .number(0), "no advance by itself")
        let button = try #require(p.focused.rotationControlFrame)
        sim.click(button.midX, button.midY)
        sim.send(.pointerLeave)
        #expect(p.focused.isRotating)
        sim.wait(3.1)
        #expect(p.stateValue("page") == .number(1), "asked, it advances (a cross-fade)")
        sim.click(button.midX, button.midY)
        #expect(!p.focused.isRotating)
        sim.key("l")
        #expect(!p.reducesMotion)
        // The desktop's answer, which comes late, does not undo the key's choice.
        p.apply(.chrome(.setReducedMotion(true, source: .desktop("test"))))
        #expect(!p.reducesMotion)
    }

    @Test("A sidecar replays the keyboard: the focus coming in and Space on the carousel give the same state as in the window")
    func sidecarReplaysTheKeyboard() throws {
        let (p, sim) = try makePreview(style: "paging", count: 5)
        sim.wait(1)
        sim.key("tab")
        sim.wait(0.5)
        sim.key("space")
        sim.wait(2.3)
        sim.key("space")
        sim.wait(4)
        let live = (p.stateValue("page"), p.stateValue("paused"), p.styleTime)
        #expect(live.0 == .number(1), "rotation restarted by Space, then stopped by it")
        let sidecar = p.screenshotSidecar(png: "x.png")
        let input = try #require(SidecarDefaults(json: sidecar).input)
        let deck = Deck.sample(count: 5)
        let replay = try Preview(deck: deck, images: deck.fakeImageStore(), size: size, style: "paging")
        let run = CaptureRun(preview: replay, script: try ScriptedInput.parse(input, size: size)) { false }
        run.render(times: [live.2], into: DrawListRecorder(size: size)) { _ in }
        #expect(replay.stateValue("page") == live.0)
        #expect(replay.stateValue("paused") == live.1)
    }
}
