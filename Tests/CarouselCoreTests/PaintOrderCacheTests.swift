import CarouselCore
import Testing

/// `childrenInPaintOrder` is kept between frames (issue 10: no sorting and allocating in every paint pass) and still
/// follows every change that affects it.
@Suite("Paint order, kept between frames")
@MainActor
struct PaintOrderCacheTests {
    func names(_ n: Node) -> [String] { n.childrenInPaintOrder.map(\.name) }

    @Test("The order follows zIndex changes, added and removed children, after it was asked for")
    func followsChanges() {
        let scene = Scene(size: Size(100, 100))
        let a = Node(name: "a"), b = Node(name: "b"), c = Node(name: "c")
        for n in [a, b, c] { scene.root.addChild(n) }
        #expect(names(scene.root) == ["a", "b", "c"])
        a.zIndex = 2
        #expect(names(scene.root) == ["b", "c", "a"])
        c.zIndex = 3
        #expect(names(scene.root) == ["b", "a", "c"])
        let d = Node(name: "d")
        d.zIndex = 1
        scene.root.addChild(d)
        #expect(names(scene.root) == ["b", "d", "a", "c"])
        a.removeFromParent()
        #expect(names(scene.root) == ["b", "d", "c"])
        // A removed child's zIndex no longer matters to its old parent.
        a.zIndex = -5
        #expect(names(scene.root) == ["b", "d", "c"])
        for n in [b, c, d] { n.zIndex = 0 }
        #expect(names(scene.root) == ["b", "c", "d"])
        scene.root.removeAllChildren()
        #expect(names(scene.root).isEmpty)
    }
}
