import CarouselCore
import Testing

@MainActor
@Suite("Scroll controller")
struct ScrollControllerTests {
    /// A scene and a controller over 0...1000 with a snap target every 200 points.
    func make() -> (Scene, ScrollController) {
        let scene = Scene(size: Size(800, 300))
        let scroll = ScrollController(scene: scene)
        scroll.maxOffset = 1000
        scroll.snapTargets = [0, 200, 400, 600, 800, 1000]
        return (scene, scroll)
    }

    /// Advances the scene in 1/60 s frames for `seconds`, returning the presentation offset of each frame.
    @discardableResult
    func frames(_ scene: Scene, _ scroll: ScrollController, for seconds: Double) -> [Double] {
        let end = scene.now + seconds
        var out: [Double] = []
        while scene.now < end - 1e-9 {
            scene.advance(to: min(scene.now + 1.0 / 60, end))
            out.append(scroll.presentationOffset)
        }
        return out
    }

    /// A trackpad burst: 20 decaying precise deltas 5 ms apart.
    func burst(_ scene: Scene, _ scroll: ScrollController, sign: Double = 1) {
        var delta = 60.0
        for _ in 0..<20 {
            scroll.wheel(sign * delta, precise: true)
            delta *= 0.85
            scene.advance(to: scene.now + 0.005)
        }
    }

    @Test("After a wheel burst the offset settles exactly on the next snap target")
    func wheelBurstSettles() {
        let (scene, scroll) = make()
        var changes = 0
        scroll.onChange = { changes += 1 }
        burst(scene, scroll)
        #expect(scroll.offset == 200)
        #expect(changes == 1)
        let path = frames(scene, scroll, for: 1)
        #expect(scroll.presentationOffset == 200)
        #expect(!scroll.isAnimating)
        // The snap spring is critically damped: it moves forward only and never overshoots.
        #expect(zip(path, path.dropFirst()).allSatisfy { $0 <= $1 } && path.allSatisfy { $0 <= 200 })
        // The next burst moves one more target; a burst the other way comes back.
        burst(scene, scroll)
        frames(scene, scroll, for: 1)
        #expect(scroll.presentationOffset == 400)
        burst(scene, scroll, sign: -1)
        frames(scene, scroll, for: 1)
        #expect(scroll.presentationOffset == 200)
    }

    @Test("Single mouse-wheel ticks far apart step one target each")
    func mouseTicks() {
        let (scene, scroll) = make()
        for _ in 0..<3 {
            scroll.wheel(1, precise: false)
            frames(scene, scroll, for: 0.5)
        }
        #expect(scroll.offset == 600)
        frames(scene, scroll, for: 1)
        #expect(scroll.presentationOffset == 600)
    }

    @Test("Offsets clamp to 0...maxOffset; wheel at either end stays put; snap targets past the end clamp")
    func clamping() {
        let (scene, scroll) = make()
        scroll.scroll(to: -50, animation: nil)
        #expect(scroll.offset == 0 && scroll.presentationOffset == 0)
        scroll.scroll(to: 5000, animation: .easeInOut(0.3))
        #expect(scroll.offset == 1000)
        frames(scene, scroll, for: 0.5)
        #expect(scroll.presentationOffset == 1000)
        scroll.wheel(1, precise: false)
        #expect(scroll.offset == 1000)
        scroll.jump(to: 0)
        frames(scene, scroll, for: 0.5)
        scroll.wheel(-1, precise: false)
        #expect(scroll.offset == 0)
        // Shrinking the range pulls the offset in at once.
        scroll.jump(to: 800)
        scroll.maxOffset = 500
        #expect(scroll.offset == 500 && scroll.presentationOffset == 500)
        // Targets beyond the end become the end: from 400, one step lands on 500.
        scroll.jump(to: 400)
        frames(scene, scroll, for: 0.5)
        scroll.wheel(1, precise: false)
        #expect(scroll.offset == 500)
        #expect(scroll.nearestTargetIndex(to: 480) == 3)
    }

    @Test("A drag follows the pointer; a slow release settles on the nearest target")
    func dragSlowRelease() {
        let (scene, scroll) = make()
        scroll.beginDrag()
        #expect(scroll.isDragging)
        scroll.drag(by: -60)
        scroll.drag(by: -30)
        #expect(scroll.offset == 90 && scroll.presentationOffset == 90)
        scroll.endDrag(velocity: 0)
        #expect(!scroll.isDragging)
        #expect(scroll.offset == 0)
        frames(scene, scroll, for: 1)
        #expect(scroll.presentationOffset == 0)

        scroll.beginDrag()
        scroll.drag(by: -110)
        scroll.endDrag(velocity: 0)
        #expect(scroll.offset == 200)
        // Drag input outside a drag is ignored.
        scroll.drag(by: -500)
        #expect(scroll.offset == 200)
    }

    @Test("A fling lands on a target in the fling's direction, starting with the fling's velocity",
          arguments: [(start: 0.0, drag: -10.0, velocity: -400.0, expected: 200.0),
                      (start: 400.0, drag: 10.0, velocity: 400.0, expected: 200.0),
                      (start: 0.0, drag: -10.0, velocity: -3000.0, expected: 400.0)])
    func fling(start: Double, drag: Double, velocity: Double, expected: Double) {
        let (scene, scroll) = make()
        scroll.jump(to: start)
        scroll.beginDrag()
        scroll.drag(by: drag)
        let released = scroll.presentationOffset
        scroll.endDrag(velocity: velocity)
        #expect(scroll.offset == expected)
        // Content moves opposite to the pointer: a pointer velocity of -400 moves the offset at +400.
        let h = 1e-4
        scene.advance(to: scene.now + h)
        let v = (scroll.presentationOffset - released) / h
        #expect(abs(v - -velocity) < 0.01 * abs(velocity) + 5, "initial velocity \(v)")
        frames(scene, scroll, for: 1.2)
        #expect(scroll.presentationOffset == expected)
        #expect(!scroll.isAnimating)
    }

    @Test("Grabbing a moving row stops it where it is on screen")
    func grabStops() {
        let (scene, scroll) = make()
        scroll.scroll(to: 1000, animation: .linear(1))
        scene.advance(to: 0.25)
        let seen = scroll.presentationOffset
        #expect(abs(seen - 250) < 1e-9)
        scroll.beginDrag()
        #expect(scroll.offset == seen && scroll.presentationOffset == seen && !scroll.isAnimating)
    }

    @Test("With snapping off, each wheel tick moves tickDistance and precise deltas move by their pixels")
    func freeScrolling() {
        let (scene, scroll) = make()
        scroll.isSnapping = false
        scroll.tickDistance = 80
        for _ in 0..<3 { scroll.wheel(1, precise: false) }
        #expect(scroll.offset == 240)
        frames(scene, scroll, for: 0.3)
        #expect(scroll.presentationOffset == 240)
        scroll.wheel(35, precise: true)
        #expect(scroll.offset == 275)
        scroll.step(by: -2)
        #expect(scroll.offset == 115)
        // Release after a free drag: no snapping, the fling coasts for 0.3 s of its velocity.
        frames(scene, scroll, for: 0.3)
        scroll.beginDrag()
        scroll.drag(by: -5)
        scroll.endDrag(velocity: -100)
        #expect(abs(scroll.offset - (120 + 30)) < 1e-9)
    }
}
