import CarouselApp
import CarouselCore
import CarouselStyles
import CarouselTesting
import Foundation
import Testing

/// What a window does to the app that users rarely think about: shrinking to 1x1 (or 0x0 while minimised) and back,
/// being hidden and shown, switching style in the middle of an animation, and changing a parameter in the middle of
/// a gesture. Every style, on the manual clock: no NaN anywhere, nothing stuck animating, and a sane layout after.
@MainActor
@Suite("Window faults: resize, minimise, style switch and parameter change at awkward moments")
struct WindowRobustnessTests {
    nonisolated static let styles = ["expand", "stitch", "loop", "circular", "paging"]
    let size = Size(1280, 720)

    /// A preview on 12 sample items with auto-advance off (so time alone changes nothing), and its simulator.
    func make(_ style: String) throws -> (Preview, InputSimulator) {
        let deck = Deck.sample(count: 12)
        let preview = try Preview(deck: deck, images: deck.fakeImageStore(), size: size, style: style)
        try preview.setParameter("autoAdvance", .bool(false))
        return (preview, InputSimulator(driver: preview, size: size))
    }

    /// Problems with what is laid out and drawn: non-finite numbers, negative sizes, opacities outside 0...1.
    func insanities(_ p: Preview, _ sim: InputSimulator) -> [String] {
        var found: [String] = []
        for item in p.style.layoutItems() {
            let f = item.frame
            let numbers = [f.x, f.y, f.width, f.height, item.scale, item.opacity, item.cornerRadius]
            if !numbers.allSatisfy(\.isFinite) { found.append("item \(item.index): non-finite \(numbers)") }
            if f.width < 0 || f.height < 0 { found.append("item \(item.index): negative size \(f)") }
            if item.opacity < -1e-9 || item.opacity > 1 + 1e-9 { found.append("item \(item.index): opacity \(item.opacity)") }
        }
        for d in sim.renderer.draws {
            let numbers = [d.rect.x, d.rect.y, d.rect.width, d.rect.height, d.cornerRadius, d.opacity]
            if !numbers.allSatisfy(\.isFinite) { found.append("draw \(d.kind): non-finite \(numbers)") }
        }
        return found
    }

    /// Waits until nothing animates (at most `limit` seconds); returns whether it settled.
    func settle(_ p: Preview, _ sim: InputSimulator, limit: Double = 10) -> Bool {
        var waited = 0.0
        while waited < limit {
            sim.wait(0.5)
            waited += 0.5
            if !p.needsFrame && !p.scene.isAnimating && p.nextWakeTime == nil { return true }
        }
        return false
    }

    /// The layout as comparable numbers: each item's index and frame rounded to a hundredth of a point.
    func snapshot(_ p: Preview) -> [[Double]] {
        p.style.layoutItems().filter(\.visible).map { i in
            [Double(i.index)] + [i.frame.x, i.frame.y, i.frame.width, i.frame.height, i.scale, i.opacity].map { ($0 * 100).rounded() / 100 }
        }
    }

    /// Some interaction first, so the state is not the opening one: next item, hover in the middle.
    func interact(_ sim: InputSimulator) {
        sim.key("right")
        sim.wait(0.1)
        sim.move(640, 360)
        sim.wait(0.1)
    }

    func resize(_ sim: InputSimulator, _ w: Double, _ h: Double) {
        sim.renderer.size = Size(max(w, 1), max(h, 1))
        sim.send(.resize(Size(w, h)))
    }

    @Test("Resizing to 1x1 (and 0x0, as some window managers report a minimised window) and back: no NaN, the same layout after",
          arguments: styles)
    func resizeToNothingAndBack(style: String) throws {
        let (p, sim) = try make(style)
        let opening = snapshot(p)
        interact(sim)
        sim.send(.pointerLeave)
        #expect(settle(p, sim), "settles before the resize")
        let before = snapshot(p)
        #expect(!before.isEmpty)
        for (w, h) in [(1.0, 1.0), (0, 0), (1, 720), (1280, 1), (1, 1)] {
            resize(sim, w, h)
            sim.wait(0.3)
            #expect(insanities(p, sim) == [], "at \(w)x\(h)")
        }
        resize(sim, 1280, 720)
        #expect(settle(p, sim), "settles after resizing back")
        #expect(insanities(p, sim) == [])
        // Stitch sizes its strip by the window's height: in a 1-point-high window the whole strip fits, its scroll
        // range is empty and the offset clamps to 0, so it comes back at its opening position (a known limit).
        let expected = style == "stitch" ? opening : before
        #expect(snapshot(p) == expected, "the layout after resizing back is the one before (stitch: the opening one)")
        #expect(!sim.renderer.draws.isEmpty)
    }

    @Test("Minimised (hidden) and restored mid-animation: the animation finishes, auto-advance pauses while hidden",
          arguments: styles)
    func minimiseAndRestore(style: String) throws {
        let (p, sim) = try make(style)
        try p.setParameter("autoAdvance", .bool(true))
        interact(sim)
        sim.send(.pointerLeave)
        sim.send(.visibility(false), .resize(Size(0, 0)))
        let remaining = p.autoAdvance.remaining
        sim.wait(20)
        #expect(p.autoAdvance.isPaused)
        #expect(p.autoAdvance.remaining == remaining, "no advance while hidden")
        #expect(insanities(p, sim) == [])
        sim.renderer.size = size
        sim.send(.resize(size), .visibility(true))
        #expect(!p.autoAdvance.isPaused)
        sim.wait(1)
        #expect(insanities(p, sim) == [])
        try p.setParameter("autoAdvance", .bool(false))
        #expect(settle(p, sim))
    }

    @Test("Switching style in the middle of an animation, through all five and back: each one settles with no NaN",
          arguments: styles)
    func switchMidAnimation(style: String) throws {
        let (p, sim) = try make(style)
        for key in ["2", "3", "4", "5", "1", "3", "5", "2", "4", "1"] {
            // Start something moving, then switch while it moves.
            sim.key("right")
            sim.wheel(dy: -1)
            sim.move(300, 360)
            sim.pinch(to: 0.5)
            sim.wait(0.05)
            // An animation running now (a pending timer or a frame owed would be true from the second switch on).
            #expect(p.scene.isAnimating, "something is in motion before switching to \(key)")
            sim.key(key)
            try p.setParameter("autoAdvance", .bool(false))
            sim.wait(0.05)
            #expect(insanities(p, sim) == [], "after switching to \(key)")
        }
        try p.switchStyle(to: style)
        sim.send(.pointerLeave)
        #expect(settle(p, sim), "nothing stuck animating")
        #expect(insanities(p, sim) == [])
        #expect(!snapshot(p).isEmpty)
    }

    @Test("Changing every number parameter to its extremes in the middle of a drag and of a pinch: no NaN, it settles",
          arguments: styles)
    func parameterChangeMidGesture(style: String) throws {
        let (p, sim) = try make(style)
        let numbers = p.currentParameters.specs.compactMap { spec -> (String, Double, Double)? in
            if case .number(let lo, let hi, _, _) = spec.kind, !spec.key.hasPrefix("autoAdvance") { return (spec.key, lo, hi) }
            return nil
        }
        #expect(!numbers.isEmpty)
        for (key, lo, hi) in numbers {
            for value in [lo, hi] {
                // Mid-drag.
                sim.send(.pointerMove(Point(600, 360)), .pointerDown(Point(600, 360), .left))
                sim.wait(0.05)
                sim.move(500, 360)
                try p.setParameter(key, .number(value))
                sim.wait(0.05)
                sim.move(400, 360)
                sim.send(.pointerUp(Point(400, 360), .left))
                // Mid-pinch.
                sim.send(.magnify(.begin, scale: 1, at: nil), .magnify(.change, scale: 0.7, at: nil))
                try p.setParameter(key, .number((lo + hi) / 2))
                sim.send(.magnify(.change, scale: 0.5, at: nil), .magnify(.end, scale: 0.5, at: nil))
                sim.wait(0.1)
                #expect(insanities(p, sim) == [], "\(key) = \(value)")
                p.setParameters(Parameters(specs: p.currentParameters.specs))
                try p.setParameter("autoAdvance", .bool(false))
            }
        }
        sim.send(.pointerLeave)
        #expect(settle(p, sim), "nothing stuck animating")
        #expect(insanities(p, sim) == [])
    }
}
