import CarouselCore
import Testing

@MainActor
@Suite("Hit-testing")
struct HitTestTests {
    func makeScene() -> Scene { Scene(size: Size(800, 600)) }

    func node(_ name: String, _ frame: Rect, in parent: Node) -> Node {
        let n = Node(name: name, frame: frame)
        parent.addChild(n)
        return n
    }

    func hit(_ scene: Scene, _ x: Double, _ y: Double) -> String? { scene.hitTest(Point(x, y))?.name }

    @Test("Overlapping siblings: the later one wins, a higher zIndex wins over order; the root is never hit")
    func paintOrder() {
        let scene = makeScene()
        let a = node("a", Rect(0, 0, 200, 200), in: scene.root)
        _ = node("b", Rect(100, 100, 200, 200), in: scene.root)
        #expect(hit(scene, 150, 150) == "b")
        #expect(hit(scene, 50, 50) == "a")
        #expect(hit(scene, 250, 250) == "b")
        #expect(hit(scene, 700, 500) == nil)
        a.zIndex = 1
        #expect(hit(scene, 150, 150) == "a")
        #expect(hit(scene, 250, 250) == "b")
        // Children are above their parent.
        _ = node("a.child", Rect(40, 40, 20, 20), in: a)
        #expect(hit(scene, 45, 45) == "a.child")
        #expect(hit(scene, 45, 65) == "a")
    }

    @Test("Hit-testing within a container finds its parts even under a node drawn above it; a hidden ancestor hides them")
    func withinContainer() {
        let scene = makeScene()
        let panel = node("panel", Rect(100, 100, 300, 200), in: scene.root)
        panel.offset = Point(0, -40)
        panel.isHitTestable = false
        let part = node("part", Rect(10, 10, 50, 20), in: panel)
        _ = node("cover", Rect(0, 0, 800, 600), in: scene.root)
        #expect(hit(scene, 120, 80) == "cover")
        #expect(scene.hitTest(Point(120, 80), within: panel)?.name == "part", "the offset moves the part up 40 points")
        #expect(scene.hitTest(Point(120, 120), within: panel) == nil, "the container itself is not hit-testable")
        #expect(scene.convert(Point(120, 80), to: part) == Point(10, 10))
        let outer = node("outer", Rect(0, 0, 800, 600), in: scene.root)
        outer.addChild(panel)
        outer.isHidden = true
        #expect(scene.hitTest(Point(120, 80), within: panel) == nil)
        #expect(scene.hitTest(Point(120, 80), within: Node()) == nil, "a node outside the scene")
    }

    @Test("Edges: left and top inclusive, right and bottom exclusive")
    func edges() {
        let scene = makeScene()
        _ = node("n", Rect(10, 20, 30, 40), in: scene.root)
        #expect(hit(scene, 10, 20) == "n")
        #expect(hit(scene, 39.999, 59.999) == "n")
        #expect(hit(scene, 40, 30) == nil)
        #expect(hit(scene, 20, 60) == nil)
        #expect(hit(scene, 9.999, 30) == nil)
    }

    @Test("A clipping parent hides the parts of its children outside its bounds from hits")
    func clipping() {
        let scene = makeScene()
        let parent = node("parent", Rect(300, 0, 100, 100), in: scene.root)
        parent.clipsToBounds = true
        _ = node("child", Rect(50, 50, 200, 200), in: parent)
        #expect(hit(scene, 380, 80) == "child")
        #expect(hit(scene, 450, 80) == nil)
        #expect(hit(scene, 380, 150) == nil)
        #expect(hit(scene, 320, 20) == "parent")
        parent.clipsToBounds = false
        #expect(hit(scene, 450, 80) == "child")
        #expect(hit(scene, 380, 150) == "child")
    }

    @Test("Hidden and fully transparent nodes (and their children) are not hit; what is below is")
    func hiddenAndTransparent() {
        let scene = makeScene()
        _ = node("below", Rect(0, 0, 300, 300), in: scene.root)
        let top = node("top", Rect(50, 50, 100, 100), in: scene.root)
        let child = node("top.child", Rect(10, 10, 20, 20), in: top)
        #expect(hit(scene, 100, 100) == "top")
        #expect(hit(scene, 65, 65) == "top.child")
        top.isHidden = true
        #expect(hit(scene, 100, 100) == "below")
        #expect(hit(scene, 65, 65) == "below")
        top.isHidden = false
        top.opacity = 0
        #expect(hit(scene, 100, 100) == "below")
        #expect(hit(scene, 65, 65) == "below")
        top.opacity = 0.2
        #expect(hit(scene, 100, 100) == "top")
        child.isHidden = true
        #expect(hit(scene, 65, 65) == "top")
    }

    @Test("Scale about the anchor plus offset is respected, also for children")
    func transforms() {
        let scene = makeScene()
        let n = node("n", Rect(100, 100, 100, 100), in: scene.root)
        n.scale = 2            // about the centre (150, 150): covers 50...250
        n.offset = Point(10, 0) // then 60...260 horizontally
        #expect(hit(scene, 55, 150) == nil)
        #expect(hit(scene, 61, 150) == "n")
        #expect(hit(scene, 259, 150) == "n")
        #expect(hit(scene, 261, 150) == nil)
        #expect(hit(scene, 150, 51) == "n")
        #expect(hit(scene, 150, 49) == nil)
        // A child at (0, 0, 10, 10) of the scaled node covers 20x20 on screen from (60, 50).
        _ = node("child", Rect(0, 0, 10, 10), in: n)
        #expect(hit(scene, 61, 51) == "child")
        #expect(hit(scene, 79, 69) == "child")
        #expect(hit(scene, 81, 71) == "n")
        // Anchor at the top-left corner: scale keeps (100, 100) fixed.
        n.anchor = Point(0, 0)
        #expect(hit(scene, 105, 100) == nil)
        #expect(hit(scene, 111, 101) == "child")
        #expect(hit(scene, 309, 299) == "n")
        #expect(hit(scene, 311, 150) == nil)
        // A node scaled to zero is not hit.
        n.scale = 0
        #expect(hit(scene, 110, 100) == nil)
    }

    @Test("Hit-testing uses the presentation at the scene's time")
    func presentationTime() {
        let scene = makeScene()
        let n = node("n", Rect(0, 0, 100, 100), in: scene.root)
        scene.withAnimation(.linear(1)) { n.offset = Point(400, 0) }
        scene.advance(to: 0.5)
        #expect(hit(scene, 50, 50) == nil)
        #expect(hit(scene, 250, 50) == "n")
    }

    @Test("Non-hit-testable nodes let hits through to what is below, but their children are still hit")
    func passThrough() {
        let scene = makeScene()
        let below = node("below", Rect(0, 0, 300, 300), in: scene.root)
        below.tag = 7
        let overlay = node("overlay", Rect(0, 0, 300, 300), in: scene.root)
        overlay.isHitTestable = false
        _ = node("button", Rect(10, 10, 40, 40), in: overlay)
        #expect(hit(scene, 150, 150) == "below")
        #expect(hit(scene, 20, 20) == "button")
        #expect(scene.hitTest(Point(150, 150))?.taggedAncestor?.tag == 7)
    }
}
