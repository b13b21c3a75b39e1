import CarouselCore
import CarouselTesting
import Foundation
import Testing

@MainActor
@Suite("Animated values and node animation")
struct AnimationTests {
    func makeScene(start: Double = 0) -> (Scene, Node) {
        let scene = Scene(size: Size(800, 600), time: start)
        let node = Node(name: "n", frame: Rect(0, 0, 100, 100))
        scene.root.addChild(node)
        return (scene, node)
    }

    /// Paints one frame so the scene's dirty flag is clear.
    func paint(_ scene: Scene) {
        scene.paint(into: DrawListRecorder(size: scene.size), images: nil)
    }

    @Test("Inside withAnimation the model is the target at once and the presentation follows ease-in-out")
    func presentationFollowsCurve() {
        let (scene, node) = makeScene(start: 1)
        let from = Rect(0, 0, 100, 100), to = Rect(200, 50, 300, 150)
        scene.withAnimation(.easeInOut(0.4)) { node.frame = to }
        #expect(node.frame == to)
        #expect(node.presentation(at: 1).frame == from)
        for k in 0...20 {
            let t = 0.02 * Double(k)
            let expected = lerp(from, to, Reference.easeInOut(t / 0.4))
            #expect(isClose(node.presentation(at: 1 + t).frame, expected, 1e-6), "at +\(t)")
            #expect(node.isAnimating(at: 1 + t) == (t < 0.4 - 1e-12))
        }
        #expect(node.presentation(at: 1.4).frame == to)
        #expect(node.presentation(at: 5).frame == to)
    }

    @Test("A plain AnimatedValue: linear and ease-out presentations, exact ends")
    func animatedValueCurves() {
        var linear = AnimatedValue(10.0)
        linear.set(30, animation: .linear(0.5), at: 2)
        #expect(linear.model == 30)
        #expect(linear.value(at: 2) == 10)
        #expect(abs(linear.value(at: 2.125) - 15) < 1e-12)
        #expect(abs(linear.velocity(at: 2.2) - 40) < 1e-12)
        #expect(linear.value(at: 2.5) == 30)
        #expect(linear.endTime == 2.5)
        var easeOut = AnimatedValue(Point(0, 0))
        easeOut.set(Point(100, -50), animation: .easeOut(0.3), at: 0)
        for k in 1..<10 {
            let t = 0.03 * Double(k)
            let p = Reference.easeOut(t / 0.3)
            #expect(isClose(easeOut.value(at: t), Point(100 * p, -50 * p), 1e-6))
        }
    }

    @Test("A retarget mid-flight starts from the current presentation with no jump (bezier)")
    func retargetBezier() {
        let (scene, node) = makeScene()
        let a = Rect(0, 0, 100, 100), b = Rect(400, 0, 100, 100), c = Rect(100, 300, 50, 50)
        scene.withAnimation(.easeInOut(0.5)) { node.frame = b }
        scene.advance(to: 0.2)
        let before = node.presentation(at: 0.2).frame
        #expect(isClose(before, lerp(a, b, Reference.easeInOut(0.4)), 1e-6))
        scene.withAnimation(.easeInOut(0.5)) { node.frame = c }
        #expect(isClose(node.presentation(at: 0.2).frame, before, 1e-9))
        // Continuous right after the retarget too (ease-in-out starts with zero slope).
        #expect(isClose(node.presentation(at: 0.2 + 1e-6).frame, before, 1e-6))
        for k in 1...10 {
            let t = 0.05 * Double(k)
            #expect(isClose(node.presentation(at: 0.2 + t).frame, lerp(before, c, Reference.easeInOut(t / 0.5)), 1e-6))
        }
        #expect(node.presentation(at: 0.7).frame == c)
    }

    @Test("A retarget mid-flight starts from the current presentation with no jump (spring, 2D)")
    func retargetSpring() {
        let (scene, node) = makeScene()
        let spring = Animation.spring(response: 0.45, dampingFraction: 0.7)
        scene.withAnimation(spring) { node.offset = Point(300, -120) }
        scene.advance(to: 0.15)
        let before = node.presentation(at: 0.15).offset
        let vBefore = Point(
            Reference.backwardDerivative({ node.presentation(at: $0).offset.x }, at: 0.15, h: 1e-5),
            Reference.backwardDerivative({ node.presentation(at: $0).offset.y }, at: 0.15, h: 1e-5))
        scene.withAnimation(spring) { node.offset = Point(-80, 40) }
        #expect(isClose(node.presentation(at: 0.15).offset, before, 1e-9))
        let vAfter = Point(
            Reference.forwardDerivative({ node.presentation(at: $0).offset.x }, at: 0.15, h: 1e-5),
            Reference.forwardDerivative({ node.presentation(at: $0).offset.y }, at: 0.15, h: 1e-5))
        #expect(isClose(vAfter, vBefore, 1e-3 * vBefore.magnitude), "velocity \(vBefore) -> \(vAfter)")
        #expect(node.offset == Point(-80, 40))
    }

    @Test("Setting a property outside a transaction jumps, also cutting a running animation short")
    func setOutsideTransactionJumps() {
        let (scene, node) = makeScene()
        node.opacity = 0.25
        #expect(node.presentation(at: 0).opacity == 0.25)
        #expect(!node.isAnimating(at: 0))
        scene.withAnimation(.linear(1)) { node.opacity = 1 }
        scene.advance(to: 0.5)
        #expect(abs(node.presentation(at: 0.5).opacity - 0.625) < 1e-12)
        node.opacity = 0
        #expect(node.presentation(at: 0.5).opacity == 0)
        #expect(!node.isAnimating(at: 0.5))
        // withoutAnimation inside withAnimation also jumps.
        scene.withAnimation(.linear(1)) { scene.withoutAnimation { node.scale = 2 } }
        #expect(node.presentation(at: 0.5).scale == 2)
    }

    @Test("Setting the value a property already has changes nothing: no restart, no redraw")
    func sameValueChangesNothing() {
        let (scene, node) = makeScene()
        scene.withAnimation(.easeInOut(0.6)) { node.frame = Rect(300, 0, 100, 100) }
        scene.advance(to: 0.2)
        let times = stride(from: 0.2, through: 0.7, by: 0.05).map { $0 }
        let before = times.map { node.presentation(at: $0).frame }
        scene.withAnimation(.linear(2)) { node.frame = Rect(300, 0, 100, 100) }
        node.frame = Rect(300, 0, 100, 100)
        #expect(times.map { node.presentation(at: $0).frame } == before)
        #expect(!node.isAnimating(at: 0.6))
        // After the last frame is drawn, re-setting the same values owes no new frame.
        scene.advance(to: 1)
        paint(scene)
        #expect(!scene.needsFrame)
        scene.withAnimation(.easeInOut(0.3)) { node.frame = Rect(300, 0, 100, 100); node.opacity = 1 }
        node.scale = 1
        #expect(!scene.needsFrame)
        #expect(!node.isAnimating(at: 1))
        // Every other property too: the same value written again changes nothing.
        let same = (anchor: node.anchor, clips: node.clipsToBounds, hidden: node.isHidden, background: node.background,
                    z: node.zIndex, image: node.image, text: node.text, shadow: node.shadow, radius: node.cornerRadius,
                    offset: node.offset, gradient: node.gradient)
        node.anchor = same.anchor
        node.clipsToBounds = same.clips
        node.isHidden = same.hidden
        node.background = same.background
        node.zIndex = same.z
        node.image = same.image
        node.text = same.text
        node.shadow = same.shadow
        node.cornerRadius = same.radius
        node.offset = same.offset
        node.gradient = same.gradient
        #expect(!scene.needsFrame, "rewriting a node's values owes no frame")
        node.isHidden = true
        #expect(scene.needsFrame, "a real change does")
    }

    @Test("A delayed animation holds its start value until start + delay")
    func delay() {
        let (scene, node) = makeScene(start: 3)
        scene.withAnimation(.easeInOut(0.3).delay(0.2)) { node.opacity = 0 }
        #expect(node.opacity == 0)
        for t in [3.0, 3.1, 3.19, 3.2] { #expect(node.presentation(at: t).opacity == 1, "at \(t)") }
        #expect(abs(node.presentation(at: 3.35).opacity - (1 - Reference.easeInOut(0.5))) < 1e-9)
        #expect(abs(node.presentation(at: 3.275).opacity - (1 - Reference.easeInOut(0.25))) < 1e-6)
        #expect(node.presentation(at: 3.5).opacity == 0)
        #expect(node.isAnimating(at: 3.49) && !node.isAnimating(at: 3.5))
    }

    @Test("withAnimation's completion runs exactly once, at the animation's end time, with scene.now there")
    func completionBezier() {
        let (scene, node) = makeScene(start: 1)
        var fired: [Double] = []
        scene.withAnimation(.easeInOut(0.3).delay(0.1), completion: { fired.append(scene.now) }) { node.opacity = 0.5 }
        scene.advance(to: 1.39)
        #expect(fired.isEmpty)
        var t = 1.39
        while t < 3 { t += 1.0 / 60; scene.advance(to: t) }
        #expect(fired == [1 + 0.1 + 0.3])
        #expect(fired.first.map { !node.isAnimating(at: $0) && node.isAnimating(at: $0 - 1e-9) } == true)
    }

    @Test("A spring's completion runs once, exactly when the spring stops")
    func completionSpring() {
        let (scene, node) = makeScene()
        var fired: [Double] = []
        scene.withAnimation(.spring(response: 0.4, dampingFraction: 0.8), completion: { fired.append(scene.now) }) {
            node.offset = Point(200, 0)
        }
        var t = 0.0
        while t < 3 { t += 1.0 / 60; scene.advance(to: t) }
        #expect(fired.count == 1)
        if let end = fired.first {
            #expect(end > 0.3 && end < 2)
            #expect(node.isAnimating(at: end - 1e-9))
            #expect(!node.isAnimating(at: end))
        }
    }

    @Test("A spring's completion is not held back by another, longer animation already running")
    func completionSpringIgnoresOtherAnimations() {
        let (scene, node) = makeScene()
        let other = Node(name: "other", frame: Rect(0, 200, 50, 50))
        scene.root.addChild(other)
        scene.withAnimation(.linear(5)) { other.opacity = 0 }
        var fired: [Double] = []
        scene.withAnimation(.spring(response: 0.4, dampingFraction: 1), completion: { fired.append(scene.now) }) {
            node.offset = Point(200, 0)
        }
        scene.advance(to: 2)
        #expect(fired.count == 1)
        if let end = fired.first { #expect(!node.isAnimating(at: end) && node.isAnimating(at: end - 1e-9)) }
    }

    @Test("A node animated before it is attached still gets its animation frames once attached")
    func animatedBeforeAttach() {
        let (scene, _) = makeScene()
        paint(scene)
        let late = Node(name: "late", frame: Rect(0, 0, 10, 10))
        Transaction.run(.linear(1), at: scene.now) { late.opacity = 0 }
        scene.root.addChild(late)
        #expect(scene.needsFrame)
        paint(scene)
        scene.advance(to: 0.5)
        #expect(late.isAnimating(at: 0.5))
        #expect(scene.needsFrame, "the fade is half-way and no frame of it has been drawn")
    }

    @Test("needsFrame is true while animating and false once the frame at or after the end is painted")
    func needsFrameLifecycle() {
        let (scene, node) = makeScene()
        paint(scene)
        #expect(!scene.needsFrame)
        #expect(scene.nextWakeTime == nil)
        scene.withAnimation(.linear(0.25)) { node.offset = Point(100, 0) }
        #expect(scene.needsFrame)
        #expect(scene.nextWakeTime == scene.now)
        var painted: [Double] = []
        var t = 0.0
        while t < 0.5 {
            t += 0.1
            scene.advance(to: t)
            if scene.needsFrame { paint(scene); painted.append(scene.now) }
        }
        // Frames at 0.1, 0.2 (mid-animation) and the one at 0.3, the first at or after the end (0.25); then none.
        #expect(painted.count == 3)
        #expect(painted.last.map { $0 >= 0.25 } == true)
        #expect(!scene.needsFrame)
        #expect(scene.nextWakeTime == nil)
        // A frame painted exactly at the end is the final one.
        scene.withAnimation(.linear(0.25)) { node.offset = .zero }
        let start = scene.now
        scene.advance(to: start + 0.1); paint(scene)
        #expect(scene.needsFrame)
        scene.advance(to: start + 0.25)
        #expect(scene.needsFrame)
        paint(scene)
        #expect(!scene.needsFrame)
        // A change that does not animate owes exactly one frame.
        node.background = .white
        #expect(scene.needsFrame)
        paint(scene)
        #expect(!scene.needsFrame)
    }
}
