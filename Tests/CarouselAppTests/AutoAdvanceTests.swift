import CarouselApp
import CarouselCore
import CarouselStyles
import CarouselTesting
import Testing

/// Auto-advance in the app (issue 8), on the manual clock: the paging style's 3 s cadence, pauses that keep the
/// remaining time, no timer for a single item, and the timer stopping when the style goes away.
@Suite("Auto-advance")
@MainActor
struct AutoAdvanceTests {
    let size = Size(1280, 720)
    /// The shared `autoAdvanceInterval` default, which is the article's `Timer.scheduledTimer(withTimeInterval: 3.0)`.
    let interval = 3.0

    func make(count: Int = 5) throws -> (Preview, InputSimulator) {
        let deck = Deck.sample(count: count)
        let preview = try Preview(deck: deck, images: deck.fakeImageStore(), size: size, style: "paging")
        return (preview, InputSimulator(driver: preview, size: size))
    }

    func page(_ p: Preview) -> Int { Int(p.styleState.first { $0.key == "page" }?.value.numberValue ?? -1) }

    @Test("Paging opens with auto-advance on and pages every 3 s: page 1 at t = 3, page 2 at t = 6")
    func cadence() throws {
        let (p, sim) = try make()
        #expect(p.autoAdvance.isEnabled)
        #expect(p.autoAdvance.interval == interval)
        sim.wait(2.99)
        #expect(page(p) == 0)
        #expect(abs((p.autoAdvance.remaining ?? 0) - 0.01) < 1e-6)
        sim.wait(0.02)
        #expect(page(p) == 1)
        sim.wait(2.96)
        #expect(page(p) == 1)
        sim.wait(0.04)
        #expect(page(p) == 2)
        // Five pages: 3, 4, then back to 0 at t = 15 (rewind, the default wrap).
        sim.wait(9)
        #expect(page(p) == 0)
    }

    @Test("The pointer over the carousel pauses it; leaving resumes with the remaining time, not a full interval")
    func pointerPause() throws {
        let (p, sim) = try make()
        sim.wait(1)
        sim.move(640, 360)
        #expect(p.autoAdvance.pauseReasons == [.pointerOver])
        sim.wait(5)
        #expect(page(p) == 0)
        #expect(abs((p.autoAdvance.remaining ?? 0) - 2) < 1e-6)
        sim.send(.pointerLeave)
        #expect(!p.autoAdvance.isPaused)
        sim.wait(1.99)
        #expect(page(p) == 0)
        sim.wait(0.02)
        #expect(page(p) == 1)
        // A drag also counts as a gesture in progress.
        sim.send(.pointerMove(Point(900, 300)), .pointerDown(Point(900, 300), .left), .pointerMove(Point(850, 300)))
        #expect(p.autoAdvance.pauseReasons == [.pointerOver, .interacting])
        sim.send(.pointerUp(Point(850, 300), .left), .pointerLeave)
        #expect(!p.autoAdvance.isPaused)
    }

    @Test("A hidden window pauses it; shown again, it resumes with the remaining time")
    func hiddenPause() throws {
        let (p, sim) = try make()
        sim.wait(2)
        sim.send(.visibility(false))
        sim.wait(10)
        #expect(page(p) == 0)
        #expect(abs((p.autoAdvance.remaining ?? 0) - 1) < 1e-6)
        sim.send(.visibility(true))
        sim.wait(0.99)
        #expect(page(p) == 0)
        sim.wait(0.02)
        #expect(page(p) == 1)
    }

    @Test("No timer with a single item (and one with two)")
    func singleItem() throws {
        let (one, sim) = try make(count: 1)
        #expect(!one.autoAdvance.isEnabled)
        #expect(one.autoAdvance.remaining == nil)
        sim.wait(10)
        #expect(page(one) == 0)
        #expect(one.scene.timers.nextDue == nil)

        let (two, sim2) = try make(count: 2)
        #expect(two.autoAdvance.remaining == interval)
        sim2.wait(interval + 0.01)
        #expect(page(two) == 1)
    }

    /// With a second style registered this switches to it. Only paging is registered on this branch, so it then
    /// does what `switchStyle` does to the outgoing style (`tearDown`, `autoAdvance.stop()`) and checks it against a
    /// second, untouched Preview that keeps advancing over the same time.
    @Test("The timer stops when the style is switched away")
    func stopsOnSwitch() throws {
        let (p, sim) = try make()
        let (control, controlSim) = try make()
        sim.wait(3.2)
        controlSim.wait(3.2)
        #expect(page(p) == 1 && page(control) == 1)
        if let other = StyleRegistry.names.first(where: { $0 != "paging" }) {
            try p.switchStyle(to: other)
            #expect(p.definition.name == other)
        } else {
            p.style.tearDown()
            p.autoAdvance.stop()
        }
        #expect(!p.autoAdvance.isEnabled)
        #expect(p.autoAdvance.remaining == nil)
        let before = p.styleState.first { $0.key == "page" }?.value
        sim.wait(10)
        controlSim.wait(10)
        #expect(p.styleState.first { $0.key == "page" }?.value == before)
        #expect(p.scene.timers.nextDue == nil)
        #expect(page(control) == 4)
    }
}
