import CarouselCore
import Testing

/// The one router: hit-testing through handlers, bubbling, capture from press to release, enter and leave.
@Suite("Pointer router")
@MainActor
struct PointerRouterTests {
    /// A scene with a root handler and two side-by-side targets, A (left) and B (right), each logging what it got;
    /// A takes presses but lets moves bubble; `inner` sits inside A and takes nothing.
    @MainActor
    final class Tree {
        let scene = Scene(size: Size(400, 200))
        let a = Node(name: "a", frame: Rect(0, 0, 200, 200))
        let b = Node(name: "b", frame: Rect(200, 0, 200, 200))
        let inner = Node(name: "inner", frame: Rect(50, 50, 50, 50))
        var log: [String] = []
        let router: PointerRouter

        init() {
            router = PointerRouter(scene: scene)
            scene.root.addChild(a)
            scene.root.addChild(b)
            a.addChild(inner)
            scene.root.onPointer = { [unowned self] e in log.append("root \(Tree.name(e))"); return true }
            a.onPointer = { [unowned self] e in
                log.append("a \(Tree.name(e))")
                if case .pointerMove = e { return false }
                return true
            }
            b.onPointer = { [unowned self] e in log.append("b \(Tree.name(e))"); return true }
            inner.onPointer = { [unowned self] e in log.append("inner \(Tree.name(e))"); return false }
        }

        static func name(_ e: InputEvent) -> String {
            switch e {
            case .pointerMove: "move"
            case .pointerDown: "down"
            case .pointerUp: "up"
            case .pointerLeave: "leave"
            case .wheel: "wheel"
            default: "other"
            }
        }

        func take() -> [String] { defer { log = [] }; return log }
    }

    @Test("An event goes to the innermost target under it and bubbles up while handlers pass")
    func bubbling() {
        let t = Tree()
        t.router.route(.pointerMove(Point(60, 60)))
        #expect(t.take() == ["inner move", "a move", "root move"], "inner and a pass the move on")
        t.router.route(.pointerDown(Point(60, 60), .left))
        #expect(t.take() == ["inner down", "a down"], "a takes the press: root never sees it")
        t.router.route(.pointerUp(Point(60, 60), .left))
        #expect(t.take() == ["a up"], "the press's taker gets its release")
    }

    @Test("A press is its taker's until the release: moves and the release elsewhere go to it, nothing to the target there")
    func capture() {
        let t = Tree()
        t.router.route(.pointerDown(Point(20, 20), .left))
        #expect(t.router.captured === t.a && t.router.pressPoint == Point(20, 20))
        _ = t.take()
        t.router.route(.pointerMove(Point(300, 20)))
        t.router.route(.wheel(dx: 0, dy: 1, precise: false, modifiers: [], at: nil))
        t.router.route(.pointerUp(Point(300, 20), .left))
        #expect(t.take() == ["a move", "a wheel", "a up"], "b, under the pointer, got nothing of a's press")
        #expect(t.router.captured == nil)
        t.router.route(.pointerMove(Point(310, 20)))
        #expect(t.take() == ["a leave", "b move"], "after the release, the pointer is over b: a is left")
    }

    @Test("Moving onto another target tells the ones left; the window's leave cancels a press")
    func leave() {
        let t = Tree()
        t.router.route(.pointerMove(Point(60, 60)))
        _ = t.take()
        t.router.route(.pointerMove(Point(10, 10)))
        #expect(t.take() == ["inner leave", "a move", "root move"], "inner is left, a and root are still under it")
        t.router.route(.pointerDown(Point(10, 10), .left))
        _ = t.take()
        t.router.route(.pointerLeave)
        #expect(t.take() == ["a leave", "root leave"], "the press is cancelled with a leave; the others under it are left")
        #expect(t.router.captured == nil)
        t.router.route(.pointerMove(Point(300, 10)))
        #expect(t.take() == ["b move"])
    }

    @Test("Hidden targets are skipped; a wheel without a position is not routed unless a press holds the pointer")
    func hiddenAndUnpositioned() {
        let t = Tree()
        t.b.isHidden = true
        t.router.route(.pointerDown(Point(300, 20), .left))
        #expect(t.take() == ["root down"], "b is hidden: the root takes it")
        t.router.route(.pointerUp(Point(300, 20), .left))
        t.router.route(.pointerLeave)
        _ = t.take()
        #expect(t.router.route(.wheel(dx: 0, dy: 1, precise: false, modifiers: [], at: nil)) == nil)
        #expect(t.router.route(.keyDown("a", [], isRepeat: false)) == nil)
        #expect(t.take().isEmpty)
    }

    @Test("A wheel reads as scrolling once: forward is dx - dy, Ctrl+wheel is no scrolling, ticks become points")
    func scrollWheel() {
        let w = ScrollWheel(.wheel(dx: 0.5, dy: -1, precise: false, modifiers: [.shift], at: nil))
        #expect(w?.forward == 1.5 && w?.verticalPoints(pointsPerTick: 40) == -40)
        #expect(ScrollWheel(.wheel(dx: 0, dy: 1, precise: false, modifiers: [.ctrl], at: nil)) == nil)
        #expect(ScrollWheel(.wheel(dx: 0, dy: 12, precise: true, modifiers: [], at: nil))?.verticalPoints(pointsPerTick: 40) == 12)
        #expect(ScrollWheel(.pointerLeave) == nil)
    }
}
