import CarouselApp
import CarouselCore
import CarouselStyles
import CarouselTesting
import Testing

/// The auto-advance progress bar moves in tenths of the interval on a timer, so a resting carousel with auto-advance
/// draws a frame per step instead of one per display refresh (issue 10).
@Suite("Auto-advance progress bar")
@MainActor
struct ProgressBarTests {
    let size = Size(1280, 720)

    func make() throws -> (Preview, InputSimulator, DrawCounter) {
        let deck = Deck.sample(count: 5)
        let preview = try Preview(deck: deck, images: deck.fakeImageStore(), size: size, style: "paging")
        let counter = DrawCounter(preview)
        return (preview, InputSimulator(driver: counter, size: size), counter)
    }

    /// The width of the bar in the last frame drawn (its fill colour is the overlay's accent).
    func barWidth(_ sim: InputSimulator) -> Double? {
        sim.renderer.draws.first { $0.kind == .fill(Color(hex: 0x8ab4f8)) }?.rect.width
    }

    @Test("Between page changes the bar redraws only at each tenth of the interval")
    func framesOnlyAtSteps() throws {
        let (_, sim, counter) = try make()
        sim.wait(0.65)  // past the first page's settling and the step at 0.6 s
        let before = counter.frames
        sim.wait(2.25)  // to 2.9 s, at 60 Hz
        // Steps at 0.9, 1.2, ... 2.7 s: seven frames, where a growing bar would draw all 138.
        #expect(counter.frames - before == 7)
    }

    @Test("The bar shows the last whole tenth reached, and starts again after the advance")
    func widthFollowsSteps() throws {
        let (_, sim, _) = try make()
        sim.wait(1.0)
        #expect(barWidth(sim) == size.width * 0.3)
        sim.wait(1.65)  // t = 2.65: the eighth step is due at 2.7
        #expect(barWidth(sim) == size.width * 0.8)
        sim.wait(0.1)
        #expect(barWidth(sim) == size.width * 0.9)
        sim.wait(0.5)  // t = 3.25: advanced at 3.0, first step at 3.3
        #expect(barWidth(sim) == 0 || barWidth(sim) == nil)
    }

    @Test("While paused (pointer over the carousel) the bar holds still and draws nothing")
    func pausedBarIsStill() throws {
        let (_, sim, counter) = try make()
        sim.wait(1.0)
        sim.move(640, 360)
        let before = counter.frames
        sim.wait(2.5)
        #expect(counter.frames - before == 0)
        #expect(barWidth(sim) == size.width * 0.3)
    }
}

/// Passes everything to a driver and counts the frames drawn.
@MainActor
final class DrawCounter: FrameDriver {
    let base: FrameDriver
    private(set) var frames = 0
    init(_ base: FrameDriver) { self.base = base }
    func handle(_ event: InputEvent) { base.handle(event) }
    func update(to time: Double) { base.update(to: time) }
    var needsFrame: Bool { base.needsFrame }
    var nextWakeTime: Double? { base.nextWakeTime }
    var wantsQuit: Bool { base.wantsQuit }
    func draw(into renderer: Renderer) { frames += 1; base.draw(into: renderer) }
}
