import CarouselCore
import CarouselStyles
import CarouselTesting
import Foundation
import Testing

/// An effect as a style: input moves it, states change its values with their animations, loops never end, reduced
/// motion cuts and cross-fades, live parameter changes keep the selection.
@MainActor
@Suite("Effect style")
struct EffectStyleTests {
    typealias Harness = StyleHarness<EffectStyle>

    func make(_ text: String, count: Int = 12, size: Size = Size(1280, 720)) throws -> (Harness, InputSimulator) {
        let h = try Harness(definition: try EffectFile.definition(path: "t.json", text: text), deck: .sample(count: count), size: size)
        let sim = InputSimulator(driver: h, size: size)
        sim.wait(0.1)
        return (h, sim)
    }

    func gallery(_ name: String) throws -> (Harness, InputSimulator) {
        let h = try Harness(definition: try #require(EffectGallery.definition(named: name)), deck: .sample(count: 12))
        let sim = InputSimulator(driver: h)
        sim.wait(1)
        return (h, sim)
    }

    func current(_ h: Harness) -> Int { Int(h.state("current")?.numberValue ?? -1) }
    func item(_ h: Harness, progress p: Double) -> LayoutItem? { h.items.first { abs($0.progress - p) < 1e-6 } }

    static let row = #"{"layout": {"itemsPerView": 3, "spacing": 10}, "snap": {"align": "start", "curve": "easeOut", "duration": 0.3}}"#

    @Test("Keys, wheel and clicks select; Home and End reach the ends; a drag settles on a snap point")
    func input() throws {
        let (h, sim) = try make(Self.row)
        sim.key("right"); sim.wait(0.5)
        #expect(current(h) == 1)
        sim.wheel(dy: -1); sim.wait(0.5)
        #expect(current(h) == 2)
        sim.key("end"); sim.wait(0.5)
        #expect(current(h) == 9, "the last snap point shows the last three items")
        sim.key("home"); sim.wait(0.5)
        #expect(current(h) == 0)
        // A click on the second item (one pitch in) selects it.
        let second = try #require(item(h, progress: -1))
        sim.click(second.frame.midX, second.frame.midY); sim.wait(0.5)
        #expect(current(h) == 1)
        sim.drag(from: Point(900, 360), to: Point(500, 360), duration: 0.4); sim.wait(1)
        let p = try #require(h.items.first { abs($0.progress) < 1e-6 })
        #expect(p.frame.minX.magnitude < 1e-6, "rests snapped at the leading edge")
    }

    @Test("A loop never ends: left from the first item shows the last, the deck repeats in both directions")
    func loop() throws {
        let (h, sim) = try make(#"{"layout": {"itemsPerView": 3, "loop": true}, "snap": {"curve": "easeOut", "duration": 0.2}}"#, count: 5)
        sim.key("left"); sim.wait(0.5)
        #expect(current(h) == 4)
        for _ in 0..<12 { sim.key("right"); sim.wait(0.3) }
        #expect(current(h) == (4 + 12) % 5)
        // Both neighbours of the snapped item are there, at ±1.
        #expect(item(h, progress: 1) != nil && item(h, progress: -1) != nil)
    }

    @Test("Auto-advance moves one on, and back to the first after the last (no loop)")
    func autoAdvance() throws {
        let (h, sim) = try make(Self.row, count: 5)
        h.style.advance(); sim.wait(0.5)
        #expect(current(h) == 1)
        h.style.advance(); sim.wait(0.5)
        #expect(current(h) == 2, "the last snap point")
        h.style.advance(); sim.wait(0.5)
        #expect(current(h) == 0)
    }

    @Test("Hover and selection widen an item with their spring, pushing the next ones along (widen)")
    func perItemStates() throws {
        let (h, sim) = try gallery("widen")
        let narrow = 0.11 * 1280, wide = 0.28 * 1280
        let first = try #require(item(h, progress: 0)), second = try #require(h.items.first { $0.index == 1 })
        #expect(abs(first.frame.width - wide) < 0.01, "the selected item is open")
        #expect(abs(second.frame.width - narrow) < 0.01)
        // Hovering the second widens it over the spring's time, and the third moves right by as much.
        let thirdBefore = try #require(h.items.first { $0.index == 2 }).frame.minX
        sim.move(second.frame.midX, second.frame.midY)
        sim.wait(0.05)
        let during = try #require(h.items.first { $0.index == 1 }).frame.width
        #expect(during > narrow + 1 && during < wide - 1, "half-way through the spring: \(during)")
        sim.wait(2)
        let opened = try #require(h.items.first { $0.index == 1 }).frame.width
        #expect(abs(opened - wide) < 0.05)
        let thirdAfter = try #require(h.items.first { $0.index == 2 }).frame.minX
        #expect(abs(thirdAfter - thirdBefore - (wide - narrow)) < 0.1)
        // Leaving closes it again (its exit curve).
        sim.send(.pointerLeave); sim.wait(1)
        #expect(abs(try #require(h.items.first { $0.index == 1 }).frame.width - narrow) < 0.05)
    }

    @Test("A pinch in sets the carousel's state: the gaps close, and a pinch out opens them")
    func pinch() throws {
        let (h, sim) = try gallery("widen")
        func gap() throws -> Double {
            let a = try #require(h.items.first { $0.index == 1 }), b = try #require(h.items.first { $0.index == 2 })
            return b.frame.minX - a.frame.maxX
        }
        #expect(abs(try gap() - 16) < 0.01)
        sim.pinch(to: 0.7); sim.wait(1.5)
        #expect(abs(try gap()) < 0.01)
        #expect(h.state("states")?.arrayValue?.contains("pinchIn") == true)
        sim.pinch(to: 1.4); sim.wait(1.5)
        #expect(abs(try gap() - 16) < 0.01)
    }

    @Test("Reduced motion: a key cuts to the next item and it cross-fades in over the old arrangement")
    func reducedMotionCrossFade() throws {
        let (h, sim) = try make(Self.row)
        h.scene.reducesMotion = true
        h.style.apply(h.parameters)
        sim.key("right")
        sim.wait(0.1)
        #expect(current(h) == 1)
        // The new arrangement, translucent, over the old one (drawn beneath, opaque).
        let opacities = sim.renderer.draws.map(\.opacity)
        #expect(opacities.contains { $0 > 0.01 && $0 < 0.99 }, "the new arrangement fades in")
        #expect(h.items.allSatisfy { $0.opacity < 0.99 }, "the laid-out items are the ones fading in")
        #expect(abs(try #require(item(h, progress: 0)).frame.minX) < 1e-6, "no slide: already in place")
        sim.wait(1)
        #expect(h.items.allSatisfy { $0.opacity == 1 })
    }

    @Test("Reduced motion with a declared form: its tracks replace the effect's (scale-and-fade keeps only its fade)")
    func declaredReducedForm() throws {
        let (h, sim) = try gallery("scale-and-fade")
        let neighbour = try #require(item(h, progress: -1))
        #expect(neighbour.scale < 0.81)
        h.scene.reducesMotion = true
        h.style.apply(h.parameters)
        sim.wait(0.1)
        let reduced = try #require(item(h, progress: -1))
        #expect(abs(reduced.scale - 1) < 1e-6 && abs(reduced.opacity - 0.5) < 1e-4)
    }

    @Test("A parameter changed live reshapes the row and keeps the selected item snapped")
    func liveParameters() throws {
        let (h, sim) = try gallery("coverflow")
        sim.key("right"); sim.key("right"); sim.wait(3)
        let before = try #require(item(h, progress: 1))
        try h.set("rotate", .number(80))
        sim.wait(0.1)
        #expect(current(h) == 2)
        let after = try #require(item(h, progress: 1))
        #expect(after.frame.width < before.frame.width - 20, "turned further, drawn narrower")
    }

    @Test("Items turned so their back faces the viewer are not drawn when the back face is hidden")
    func backface() throws {
        let turning = #"{"layout": {"itemsPerView": 3, "loop": true}, "perspective": 800, "backface": "%@", "tracks": [{"property": "rotateY", "keys": [[0, 0], [1, 180]]}]}"#
        let (shown, _) = try make(turning.replacingOccurrences(of: "%@", with: "visible"))
        let (hidden, _) = try make(turning.replacingOccurrences(of: "%@", with: "hidden"))
        #expect(item(shown, progress: 1) != nil)
        #expect(item(hidden, progress: 1) == nil, "turned 180°: its back faces the viewer")
        #expect(item(hidden, progress: 0) != nil && item(hidden, progress: -1) != nil)
    }

    @Test("Extreme values never trap: depth through the viewer, huge scales, zero sizes")
    func extremes() throws {
        for text in [
            #"{"perspective": 300, "tracks": [{"property": "translateZ", "keys": [[-1, 1000000], [1, -1000000]], "outside": "extend"}]}"#,
            #"{"tracks": [{"property": "scale", "keys": [[0, 1000000], [1, 0]]}, {"property": "rotateZ", "keys": [[0, 0], [1, 1000000]]}]}"#,
            #"{"layout": {"itemLength": 0.000001, "spacing": 1000000}, "tracks": [{"property": "opacity", "keys": [[0, "1 / 0"]]}]}"#,
            #"{"perspective": 1, "tracks": [{"property": "rotateX", "keys": [[-1, -90], [1, 90]]}, {"property": "blur", "keys": [[0, 1000000]]}]}"#,
        ] {
            let (h, sim) = try make(text)
            sim.drag(from: Point(800, 10), to: Point(300, 10))
            sim.key("right"); sim.wait(1)
            for item in h.items {
                #expect(item.frame.isFinite && item.opacity.isFinite && item.progress.isFinite)
            }
        }
    }
}
