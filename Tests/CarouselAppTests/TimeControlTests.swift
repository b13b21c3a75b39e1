import CarouselApp
import CarouselCore
import CarouselStyles
import CarouselTesting
import Testing

/// Pause, frame stepping and slow motion (issue 9) on the manual clock: wall time is what the simulator feeds the
/// preview; scene time is what animations and timers see.
@Suite("Time control")
@MainActor
struct TimeControlTests {
    /// The expand style's default curve (CSS ease-in-out) and timing: 150 -> 250 pt over 0.4 s.
    let easeInOut = CubicBezier(0.42, 0, 0.58, 1)
    func expectedWidth(afterScene seconds: Double) -> Double { 150 + 100 * easeInOut.progress(at: min(max(seconds / 0.4, 0), 1)) }

    /// Hovers item 1 and returns the wall time the expansion started.
    func hoverItem1(_ p: Preview, _ sim: InputSimulator) throws -> Double {
        let f = try #require(p.itemFrame(1))
        sim.move(f.midX, f.midY)
        #expect(p.stateValue("expanded") == .number(1))
        return sim.time
    }

    @Test("Space freezes an expanding item mid-way: its width stays while wall time passes, and resumes from there")
    func pauseFreezes() throws {
        let (p, sim) = try makePreview()
        _ = try hoverItem1(p, sim)
        sim.wait(0.2)
        let halfway = expectedWidth(afterScene: 0.2)
        #expect(abs((p.itemFrame(1)?.width ?? 0) - halfway) < 0.01)
        sim.key("space")
        #expect(p.time.isPaused)
        #expect(p.stateValue("paused") == .bool(true))
        let frozenAt = p.scene.now
        for _ in 0..<5 {
            sim.wait(1)
            #expect(abs((p.itemFrame(1)?.width ?? 0) - halfway) < 0.01)
            #expect(p.scene.now == frozenAt)
        }
        #expect(!p.needsFrame, "a paused scene draws nothing")
        sim.key("space")
        #expect(!p.time.isPaused)
        sim.wait(0.1)
        #expect(abs((p.itemFrame(1)?.width ?? 0) - expectedWidth(afterScene: 0.3)) < 0.01)
        sim.wait(0.1)
        #expect(p.itemFrame(1)?.width == 250)
    }

    @Test("Keys pressed while paused are dropped, never stored: eight Rights while paused, then Space, turn no page (issue 39)")
    func keysWhilePausedAreDropped() throws {
        let (p, sim) = try makePreview(style: "paging")
        sim.move(-1, -1)
        sim.wait(0.2)
        sim.key("space")
        for _ in 0..<8 { sim.key("right"); sim.wait(0.05) }
        #expect(p.currentMessage == "Paused: the carousel takes keys again when Space resumes")
        sim.key("space")
        sim.wait(1)
        #expect(p.stateValue("page") == .number(0), "the keys pressed while paused were stored: page \(p.stateValue("page") ?? .null)")
        sim.key("right")
        sim.wait(1)
        #expect(p.stateValue("page") == .number(1), "playing again, Right turns one page")
    }

    @Test("'.' pauses on the current frame, then each press advances scene time by exactly 1/60 s")
    func stepFrames() throws {
        let (p, sim) = try makePreview()
        let start = p.scene.now
        _ = try hoverItem1(p, sim)
        sim.wait(0.1)
        sim.key("period")
        #expect(p.time.isPaused)
        let paused = p.scene.now
        #expect(abs(paused - start - 0.1) < 1e-9, "the first press only pauses")
        for k in 1...6 {
            sim.key("period")
            sim.wait(0.5)  // wall time passing changes nothing between steps
            #expect(abs(p.scene.now - (paused + Double(k) / 60)) < 1e-12)
            #expect(abs((p.itemFrame(1)?.width ?? 0) - expectedWidth(afterScene: 0.1 + Double(k) / 60)) < 0.01, "step \(k)")
        }
    }

    @Test("At 1/4 speed a 0.4 s expansion takes 1.6 s of wall time")
    func slowMotion() throws {
        let (p, sim) = try makePreview()
        sim.key("comma")
        sim.key("comma")
        #expect(p.time.speed == 0.25)
        let start = try hoverItem1(p, sim)
        for _ in 0..<15 {
            sim.wait(0.1)
            let wall = sim.time - start
            #expect(abs((p.itemFrame(1)?.width ?? 0) - expectedWidth(afterScene: wall / 4)) < 0.01, "after \(wall) s of wall time")
        }
        #expect((p.itemFrame(1)?.width ?? 0) < 249.5, "not finished after 1.5 s")
        sim.wait(0.1)
        #expect(p.itemFrame(1)?.width == 250)
    }

    @Test("',' cycles the speed 1/2, 1/4, 1/10 and back to 1×; the badge shows it and any pause")
    func speedsAndBadge() throws {
        let (p, sim) = try makePreview()
        #expect(p.time.speedBadge == nil)
        var seen: [Double] = []
        var badges: [String?] = []
        for _ in 0..<4 {
            sim.key("comma")
            seen.append(p.time.speed)
            badges.append(p.time.speedBadge)
        }
        #expect(seen == [0.5, 0.25, 0.1, 1])
        #expect(badges == ["1/2×", "1/4×", "1/10×", nil])
        sim.key("space")
        #expect(p.time.speedBadge == "Paused")
        // The badge in the window also reads the moment shown.
        let moment = String(format: "%.2f", p.styleTime)
        #expect(sim.renderer.draws.texts.contains("Paused · \(moment) s"))
        sim.key("comma")
        #expect(p.time.speedBadge == "Paused · 1/2×")
        #expect(sim.renderer.draws.texts.contains("Paused · 1/2× · \(moment) s"))
        sim.key("space")
        #expect(p.time.speedBadge == "1/2×")
        sim.key("comma"); sim.key("comma"); sim.key("comma")
        #expect(p.time.speedBadge == nil)
        #expect(!sim.renderer.draws.texts.contains { ["1/2×", "1/4×", "1/10×", "Paused"].contains($0) }, "no badge at 1×")
    }

    @Test("Pausing also holds the auto-advance timer, which resumes with its remaining time")
    func autoAdvancePauses() throws {
        let (p, sim) = try makePreview(style: "paging", count: 5)
        func page() -> Double? { p.stateValue("page")?.numberValue }
        #expect(p.autoAdvance.isEnabled)
        sim.wait(2)
        sim.key("space")
        sim.wait(10)
        #expect(page() == 0)
        #expect(abs((p.autoAdvance.remaining ?? 0) - 1) < 1e-9)
        #expect(p.nextWakeTime == nil, "nothing to wake for while paused")
        sim.key("space")
        sim.wait(0.99)
        #expect(page() == 0)
        sim.wait(0.02)
        #expect(page() == 1)
    }

    @Test("Slow motion slows the auto-advance timer too: at 1/2 speed the 3 s interval takes 6 s")
    func autoAdvanceSlows() throws {
        let (p, sim) = try makePreview(style: "paging", count: 5)
        sim.key("comma")
        sim.wait(5.99)
        #expect(p.stateValue("page") == .number(0))
        sim.wait(0.02)
        #expect(p.stateValue("page") == .number(1))
    }

    @Test("Messages go away on wall time, also while paused")
    func messagesWhilePaused() throws {
        let (p, sim) = try makePreview()
        sim.key("space")
        #expect(p.currentMessage?.hasPrefix("Paused") == true)
        sim.wait(3.1)
        #expect(p.currentMessage == nil)
    }
}
