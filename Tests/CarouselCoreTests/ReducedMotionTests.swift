import CarouselCore
import Testing

/// What reduced motion does in the core: motions the hand does not direct cut, settles are short, drags still follow.
@MainActor
@Suite("Reduced motion in the core")
struct ReducedMotionTests {
    func make(reduced: Bool) -> (Scene, ScrollController) {
        let scene = Scene(size: Size(800, 300))
        scene.reducesMotion = reduced
        let scroll = ScrollController(scene: scene)
        scroll.maxOffset = 1000
        scroll.snapTargets = [0, 200, 400, 600, 800, 1000]
        return (scene, scroll)
    }

    @Test("motion(_:) cuts and shortMotion(_:) is an ease-out of at most 0.1 s only when the scene reduces motion")
    func animations() {
        let scene = Scene(size: Size(10, 10))
        let slide = Animation.easeInOut(0.5), spring = Animation.spring(response: 0.6, dampingFraction: 0.7)
        #expect(scene.motion(slide) == slide)
        #expect(scene.shortMotion(spring) == spring)
        scene.reducesMotion = true
        #expect(scene.motion(slide) == nil)
        #expect(scene.shortMotion(slide) == Animation(curve: .easeOut, duration: ReducedMotion.shortDuration))
        #expect(scene.shortMotion(.easeIn(0.05)) == Animation(curve: .easeOut, duration: 0.05), "a shorter one keeps its length")
        #expect(scene.shortMotion(spring.delay(0.2)) == Animation(curve: .easeOut, duration: ReducedMotion.shortDuration, delay: 0.2))
    }

    @Test("A wheel step cuts to the next target under reduced motion, and glides without it")
    func wheelStep() {
        for reduced in [false, true] {
            let (scene, scroll) = make(reduced: reduced)
            scroll.step(by: 1)
            scene.advance(to: 1.0 / 60)
            #expect(scroll.offset == 200)
            if reduced {
                #expect(scroll.presentationOffset == 200 && !scroll.isAnimating, "a cut: there at the next frame")
            } else {
                #expect(scroll.presentationOffset > 0 && scroll.presentationOffset < 200, "a glide: on its way")
            }
        }
    }

    @Test("A drag still follows the pointer; its release settles in at most 0.1 s, with no fling glide")
    func dragSettles() {
        let (scene, scroll) = make(reduced: true)
        scroll.beginDrag()
        scroll.drag(by: -130)
        #expect(scroll.presentationOffset == 130, "the content follows the hand")
        scroll.endDrag(velocity: -2000)
        #expect(scroll.offset == 200 || scroll.offset == 400, "the fling still chooses a target")
        let end = try? #require(scroll.animationEnd)
        #expect((end ?? 1) <= scene.now + ReducedMotion.shortDuration + 1e-9)
        scroll.isSnapping = false
        scroll.beginDrag()
        scroll.drag(by: -20)
        let held = scroll.offset
        scroll.endDrag(velocity: -3000)
        #expect(scroll.offset == held && !scroll.isAnimating, "free scrolling: no glide after the release")
    }
}
