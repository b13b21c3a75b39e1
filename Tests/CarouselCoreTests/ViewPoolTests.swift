import CarouselCore
import Testing

/// The view pool binds a view to each key a layout pass asks for, recycles the rest, reuses spare views, and keeps
/// its views in the tree in key order.
@Suite("View pool")
@MainActor
struct ViewPoolTests {
    /// A pool of plain nodes whose name is the key bound, with a log of bind and unbind calls.
    @MainActor final class Fixture {
        let parent = Node(name: "row")
        var log: [String] = []
        lazy var pool = ViewPool<Node>(
            parent: parent, make: { Node(name: "new") }, root: { $0 },
            bind: { [unowned self] node, key in node.name = "\(key)"; log.append("bind \(key)") },
            unbind: { [unowned self] node in log.append("unbind \(node.name)") })

        /// One pass asking for `keys` in the given order.
        func show(_ keys: [Int]) { pool.layout { view in for k in keys { _ = view(k) } } }
        var childNames: [String] { parent.children.map { $0.name } }
    }

    @Test("Only the keys asked for have views, in the tree in key order whatever order they were asked in")
    func bindsWhatIsVisible() {
        let f = Fixture()
        f.show([3, 1, 2])
        #expect(f.childNames == ["1", "2", "3"])
        #expect(f.pool.inKeyOrder.map(\.key) == [1, 2, 3])
        f.show([2, 3, 4])
        #expect(f.childNames == ["2", "3", "4"])
        #expect(f.log == ["bind 3", "bind 1", "bind 2", "bind 4", "unbind 1"], "kept keys are not bound again")
        f.show([0, 2, 3, 4])
        #expect(f.childNames == ["0", "2", "3", "4"], "a smaller key goes below the others")
    }

    @Test("Scrolling a long row makes no more views than the window shows at once")
    func reusesSpareViews() {
        let f = Fixture()
        for first in 0..<10_000 { f.show(Array(first..<(first + 8))) }
        #expect(f.pool.madeCount <= 9)
        #expect(f.parent.children.count == 8)
        #expect(f.childNames == (9_999..<10_007).map { "\($0)" })
    }

    @Test("recycleAll unbinds every view; the next pass binds afresh; key(of:) answers a hit node")
    func recycleAllAndLookup() {
        let f = Fixture()
        f.show([5, 6])
        let six = f.pool[6]!
        #expect(f.pool.key(of: six) == 6)
        #expect(f.pool.key(of: Node()) == nil)
        f.log.removeAll()
        f.pool.recycleAll()
        #expect(f.parent.children.isEmpty && f.pool.bound.isEmpty)
        #expect(Set(f.log) == ["unbind 5", "unbind 6"])
        f.show([6])
        #expect(f.log.last == "bind 6")
        #expect(f.pool.madeCount == 2)
    }

    @Test("A pass that asks for nothing empties the row")
    func emptyPass() {
        let f = Fixture()
        f.show([1, 2, 3])
        f.show([])
        #expect(f.parent.children.isEmpty)
        #expect(f.pool.bound.isEmpty)
    }
}
